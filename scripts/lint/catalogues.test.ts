// Every locale has every message, and each one formats with the same arguments as English: checked by
// FormatJS's own verifier on the real catalogues, and seen failing on broken copies of them.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { compileCatalogue } from '../../web/icu-catalogues.ts';
import { LOCALES } from '../../web/src/i18n/locales.ts';

const run = promisify(execFile);
const folder = path.resolve(import.meta.dirname, '../../web/src/i18n/catalogues/public');
const formatjs = path.resolve(import.meta.dirname, '../../node_modules/.bin/formatjs');

async function verify(dir: string): Promise<{ ok: boolean; output: string }> {
  const files = (await readdir(dir)).map((file) => path.join(dir, file));
  try {
    const { stdout, stderr } = await run(formatjs, [
      'verify',
      '--source-locale',
      'en',
      '--missing-keys',
      '--extra-keys',
      '--structural-equality',
      ...files,
    ]);
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string };
    return { ok: false, output: failed.stdout + failed.stderr };
  }
}

const scratch: string[] = [];
afterAll(() => Promise.all(scratch.map((dir) => rm(dir, { recursive: true }))));

/** A copy of the catalogues with one locale's messages changed. */
async function brokenCopy(locale: string, change: (messages: Record<string, string>) => void): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'kairos-catalogues-'));
  scratch.push(dir);
  for (const code of LOCALES) {
    const messages = JSON.parse(await readFile(path.join(folder, `${code}.json`), 'utf8')) as Record<string, string>;
    if (code === locale) change(messages);
    await writeFile(path.join(dir, `${code}.json`), JSON.stringify(messages));
  }
  return dir;
}

describe('message catalogues', () => {
  it('has one catalogue per locale Kairos offers, and nothing else', async () => {
    expect((await readdir(folder)).sort()).toEqual(LOCALES.map((code) => `${code}.json`).sort());
  });

  it('gives every locale every English message, with the same arguments', async () => {
    const { ok, output } = await verify(folder);
    expect(output).toBe('');
    expect(ok).toBe(true);
  });

  it('refuses a locale missing a message, or with one English lacks', async () => {
    const missing = await brokenCopy('ja', (messages) => delete messages['landing.hero.title']);
    expect(await verify(missing)).toMatchObject({ ok: false, output: expect.stringContaining('landing.hero.title') });
    const extra = await brokenCopy('fr', (messages) => (messages['landing.unknown'] = 'Inconnu'));
    expect(await verify(extra)).toMatchObject({ ok: false, output: expect.stringContaining('landing.unknown') });
  });

  it('refuses a translation whose arguments differ from English', async () => {
    const dir = await brokenCopy('de', (messages) => (messages['layout.signIn'] = 'Anmelden als {name}'));
    expect(await verify(dir)).toMatchObject({ ok: false, output: expect.stringContaining('layout.signIn') });
  });

  it('parses every message when the app is built, and names one that is not ICU', async () => {
    for (const code of LOCALES) {
      const file = path.join(folder, `${code}.json`);
      expect(Object.keys(compileCatalogue(await readFile(file, 'utf8'), file))).toContain('landing.hero.title');
    }
    expect(() => compileCatalogue(JSON.stringify({ 'layout.signIn': 'Sign {in' }), 'es.json')).toThrow(
      /es\.json: message "layout\.signIn" is not valid ICU/,
    );
  });
});
