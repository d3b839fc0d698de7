// A signed-in person's language is their profile's: the app follows it, whatever the browser says, and
// a pick in the language picker is saved there.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../test/server.ts';
import { recordBody, renderRoute, rpc, signedInAs } from '../test/utils.tsx';

describe("a signed-in person's language", () => {
  it('is their profile’s, over the browser’s', async () => {
    signedInAs({ locale: 'de' });
    server.use(rpc('directory_profiles', []));
    renderRoute('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terminplanung, die den richtigen Moment findet' })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'de'));
  });

  it('is saved in their profile when they pick another', async () => {
    const patched = recordBody('patch', '/rest/v1/profiles', () => new HttpResponse(null, { status: 204 }));
    server.use(patched.handler, rpc('directory_profiles', []));
    signedInAs();
    renderRoute('/');
    await screen.findAllByRole('link', { name: 'Go to Dashboard' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Français');
    expect(await screen.findByRole('heading', { level: 1, name: 'La prise de rendez-vous qui trouve le bon moment' })).toBeInTheDocument();
    await waitFor(() => expect(patched.body).toEqual({ locale: 'fr' }));
  });
});
