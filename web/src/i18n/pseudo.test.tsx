// No untranslated text: each screen rendered in FormatJS's pseudo-locale (en-XA, every message's letters
// accented and bracketed) shows no plain English, in its text or in what a screen reader reads
// (aria-label, placeholder, title). A text typed into a screen, not taken from a catalogue, stays plain.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { Providers } from '../app/providers.tsx';
import { AppRoutes } from '../app/router.tsx';
import { createQueryClient } from '../lib/queryClient.ts';
import { rpc } from '../test/utils.tsx';
import { server } from '../test/server.ts';
import type { Messages } from './catalogue.ts';

const catalogue = path.resolve(import.meta.dirname, 'catalogues/public/en.json');
const formatjs = path.resolve(import.meta.dirname, '../../../node_modules/.bin/formatjs');

let pseudo: Messages;
beforeAll(async () => {
  const { stdout } = await promisify(execFile)(formatjs, ['compile', catalogue, '--format', 'simple', '--ast', '--pseudo-locale', 'en-XA']);
  pseudo = JSON.parse(stdout) as Messages;
});

/** What is not a message: the brand, and punctuation between messages. */
const NOT_MESSAGES = /Kairos|©|·/g;

/** Every text a visitor sees or hears on the page that has two plain Latin letters in a row. */
function plainTexts(): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement?.closest('script, style, option')) continue;
    texts.push(node.textContent ?? '');
  }
  for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title]')) {
    for (const name of ['aria-label', 'placeholder', 'title']) texts.push(element.getAttribute(name) ?? '');
  }
  return texts.map((text) => text.replace(NOT_MESSAGES, '').trim()).filter((text) => /[A-Za-z]{2}/.test(text));
}

describe('the pseudo-locale finds no untranslated text', () => {
  it.each([
    ['/', 1],
    ['/terms', 1],
    ['/privacy', 1],
    ['/no-such/page', 1],
  ])('on %s', async (route, level) => {
    server.use(rpc('directory_profiles', []));
    render(
      <Providers queryClient={createQueryClient()}>
        <IntlProvider locale="en" messages={pseudo}>
          <MemoryRouter initialEntries={[route]}>
            <AppRoutes />
          </MemoryRouter>
        </IntlProvider>
      </Providers>,
    );
    expect(await screen.findByRole('heading', { level, name: /^\[/ })).toBeInTheDocument();
    // Loaded lists (the community's empty state) say so in a message too.
    await screen.findAllByText(/^\[/);
    expect(plainTexts()).toEqual([]);
  });
});
