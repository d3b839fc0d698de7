import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { toaster } from '../../components/AppToaster.tsx';
import { server } from '../../test/server.ts';
import { api, profile, renderRoute, restGet, signedInAs, recordBody } from '../../test/utils.tsx';
import { imageProblem } from './schemas.ts';

function handleChecks(answer: (handle: string) => Response) {
  const asked: string[] = [];
  server.use(
    http.post(api('/rest/v1/rpc/check_handle'), async ({ request }) => {
      const { p_handle } = (await request.json()) as { p_handle: string };
      asked.push(p_handle);
      return answer(p_handle);
    }),
  );
  return asked;
}

async function openProfile() {
  signedInAs({ handle: 'ada' });
  renderRoute('/profile');
  return screen.findByPlaceholderText('your-handle');
}

/** Opens the profile and types `handle` over the saved one. */
async function typeHandle(handle: string) {
  const input = await openProfile();
  const user = userEvent.setup();
  await user.clear(input);
  await user.type(input, handle);
  return { input, user };
}

describe('handle field', () => {
  it('lowercases and drops characters other than a-z, 0-9, _ and -', async () => {
    handleChecks(() => HttpResponse.json({ available: true, reason: 'free', message: 'Handle is available' }));
    const { input } = await typeHandle('Ada Love!ace_9-X');
    expect(input).toHaveValue('adaloveace_9-x');
  });

  it('checks once, after the pause, and shows available', async () => {
    const asked = handleChecks(() => HttpResponse.json({ available: true, reason: 'free', message: 'Handle is available' }));
    await typeHandle('grace');
    expect(screen.getByRole('status')).toHaveAttribute('data-status', 'checking');
    expect(await screen.findByText('Handle is available')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveAttribute('data-status', 'available');
    // Typing five characters quickly makes one request, for the last value.
    expect(asked).toEqual(['grace']);
  });

  // A refused handle and a failed check both block saving until the handle changes.
  it.each([
    ['shows unavailable and blocks saving', () => HttpResponse.json({ available: false, reason: 'taken', message: 'The server’s own words' }), 'taken', 'Handle is already taken', 'unavailable'],
    ['marks the handle unavailable when the check fails', () => HttpResponse.json({ message: 'boom' }, { status: 500 }), 'broken', 'Error checking handle availability', 'error'],
  ])('%s', async (_name, answer, handle, message, status) => {
    handleChecks(answer);
    await typeHandle(handle);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveAttribute('data-status', status);
    expect(screen.getByRole('button', { name: 'Save Profile' })).toBeDisabled();
  });

  it('does not check under 3 characters or the current handle', async () => {
    const asked = handleChecks(() => HttpResponse.json({ available: true, reason: 'free', message: 'Handle is available' }));
    const { input, user } = await typeHandle('ab');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'ada');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await user.type(input, 'x');
    await screen.findByText('Handle is available');
    expect(asked).toEqual(['adax']);
  });
});

describe('profile page', () => {
  it('shows the profile URL by handle, copies it, and saves the form', async () => {
    const patched = recordBody('patch', '/rest/v1/profiles', () => HttpResponse.json({ id: 'x' }));
    server.use(patched.handler);
    signedInAs({ handle: 'ada', is_calendar_public: true });
    renderRoute('/profile');
    const url = await screen.findByLabelText('Profile URL');
    expect(url).toHaveValue(`${window.location.origin}/ada`);
    expect(screen.getByText('Calendar Visible')).toBeInTheDocument();
    expect(screen.getByText('Social Features Active')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copied!')).toBeInTheDocument();
    expect(screen.getByText('Profile URL copied to clipboard')).toBeInTheDocument();
    // One toast at a time (docs/product/constants.md): the next waits until this one is gone.
    act(() => toaster.remove());
    await user.type(screen.getByLabelText('Company'), 'Analytical Engines');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    await waitFor(() => expect(patched.body).toMatchObject({ company: 'Analytical Engines', first_name: 'Ada', handle: 'ada' }));
  });

  it('saves the language picked, and the app speaks it', async () => {
    const patched = recordBody('patch', '/rest/v1/profiles', () => HttpResponse.json({ id: 'x' }));
    server.use(patched.handler);
    await openProfile();
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), '日本語');
    // The saved profile, as the refetch after the save reads it.
    server.use(restGet('profiles', [profile({ handle: 'ada', locale: 'ja' })]));
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(patched.body).toMatchObject({ locale: 'ja', handle: 'ada' }));
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'ja'));
  });

  it('falls back to /calendar/{id} without a handle', async () => {
    signedInAs({ handle: null });
    renderRoute('/profile');
    expect(((await screen.findByLabelText('Profile URL')) as HTMLInputElement).value).toBe(
      `${window.location.origin}/calendar/00000000-0000-4000-8000-000000000001`,
    );
    expect(screen.getByText('Calendar Hidden')).toBeInTheDocument();
  });

  it('refuses a non-image file and a file over 5 MB', async () => {
    signedInAs();
    renderRoute('/profile');
    const input = await screen.findByLabelText('Profile picture');
    await userEvent.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false });
    expect(await screen.findByText('Invalid file type')).toBeInTheDocument();
    expect(screen.getByText('Please select an image file')).toBeInTheDocument();
    act(() => toaster.remove());
    await userEvent.upload(input, new File(['x'], 'notes.png', { type: 'image/png' }));
    expect(await screen.findByText('notes.png is not an image, whatever its name says. Please select an image file')).toBeInTheDocument();
  });
});

describe('the profile form', () => {
  it('shows the bio limit as the bio grows, and a bio over it says so at the field and keeps the text', async () => {
    const patched = recordBody('patch', '/rest/v1/profiles', () => HttpResponse.json({ id: 'x' }));
    server.use(patched.handler);
    signedInAs({ handle: 'ada' });
    renderRoute('/profile');
    const bio = await screen.findByLabelText('Bio');
    expect(screen.getByText('0 / 1,000 characters')).toBeInTheDocument();
    const long = 'An analytical engine enthusiast. '.repeat(31); // 1,022 characters as saved (trimmed)
    await userEvent.click(bio);
    await userEvent.paste(long);
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(bio).toHaveAttribute('aria-invalid', 'true'));
    expect(bio).toHaveAccessibleErrorMessage('Bio can be at most 1,000 characters: this one has 1,022. Shorten it to save.');
    expect(bio).toHaveValue(long);
    // Not silently: the form says why nothing was saved.
    expect(await screen.findByText('Profile not saved')).toBeInTheDocument();
    expect(patched.body).toEqual({});
    await userEvent.clear(bio);
    await userEvent.type(bio, 'Short and sweet.');
    await waitFor(() => expect(bio).not.toHaveAttribute('aria-invalid'));
    expect(screen.getByText('16 / 1,000 characters')).toBeInTheDocument();
  });
});

/** A file's bytes: what it is, whatever its name says. */
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe('imageProblem', () => {
  it('accepts an image up to 5 MB and refuses others', async () => {
    const big = new Uint8Array(5 * 1024 * 1024);
    big.set(PNG);
    expect(await imageProblem(new File([big], 'a.png', { type: 'image/png' }))).toBeNull();
    expect(await imageProblem(new File([big, new Uint8Array(1)], 'a.png', { type: 'image/png' }))).toEqual({
      title: 'File too large',
      description: 'Please select an image smaller than 5MB',
    });
    expect(await imageProblem(new File(['x'], 'a.pdf', { type: 'application/pdf' }))).toEqual({ title: 'Invalid file type', description: 'Please select an image file' });
  });

  it('reads the bytes: a text file renamed .png is not an image', async () => {
    expect(await imageProblem(new File(['just some notes'], 'notes.png', { type: 'image/png' }))).toEqual({
      title: 'Invalid file type',
      description: 'notes.png is not an image, whatever its name says. Please select an image file',
    });
    for (const bytes of [PNG, [0xff, 0xd8, 0xff, 0xe0], [...'GIF89a'].map((c) => c.charCodeAt(0)), [...'RIFF\0\0\0\0WEBP'].map((c) => c.charCodeAt(0))])
      expect(await imageProblem(new File([new Uint8Array(bytes)], 'photo', { type: 'image/png' }))).toBeNull();
  });
});

describe('profile page in the host’s language', () => {
  it('speaks German to a host whose profile reads German: its sections, labels, counts and field messages', async () => {
    signedInAs({ locale: 'de' });
    server.use(http.get(api('/auth/v1/factors'), () => HttpResponse.json([])), restGet('webhook_endpoints', []));
    renderRoute('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Öffentliches Profil' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sichtbarkeit' })).toBeInTheDocument();
    expect(screen.getByText('Privates Profil')).toBeInTheDocument();
    expect(screen.getByText('0 / 1.000 Zeichen')).toBeInTheDocument();
    expect(screen.getByText('Buchstaben, Ziffern, Unterstriche und Bindestriche')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zwei-Faktor aktivieren' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Vorname'));
    await user.click(screen.getByRole('button', { name: 'Profil speichern' }));
    expect(await screen.findByText('Der Vorname ist erforderlich')).toBeInTheDocument();
    expect(await screen.findByText('Profil nicht gespeichert')).toBeInTheDocument();
  });
});
