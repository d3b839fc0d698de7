import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoute, rpc, signedInAs } from '../../test/utils.tsx';
import { server } from '../../test/server.ts';

const person = (n: number, handle: string | null = `p${n}`) => ({
  id: `00000000-0000-4000-8000-00000000010${n}`,
  handle,
  first_name: `First${n}`,
  last_name: 'Last',
  profile_image_url: null,
  title: 'Coach',
  bio: 'Bio',
  company: 'Co',
  location: 'Town',
});

describe('landing page', () => {
  it('offers Get Started Free and the four feature cards when signed out', async () => {
    server.use(rpc('directory_profiles', []));
    renderRoute('/');
    expect(await screen.findByRole('link', { name: 'Get Started Free' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    // Under the section's own heading: the outline skips no level (h1, h2, h3).
    expect(screen.getByRole('region', { name: 'Features' })).toContainElement(screen.getByRole('heading', { level: 2, name: 'Features' }));
    for (const title of ['Smart Scheduling', 'Social Discovery', 'Team Collaboration', 'Time Zone Support']) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Explore Community' })).toBeInTheDocument();
    expect(await screen.findByText('Growing Community')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join' })).toHaveAttribute('href', '/login');
  });

  it('offers Go to Dashboard when signed in', async () => {
    signedInAs();
    server.use(rpc('directory_profiles', []));
    renderRoute('/');
    expect(await screen.findAllByRole('link', { name: 'Go to Dashboard' })).toHaveLength(2);
  });

  it('shows at most 6 community cards, View All Profiles, and links by handle or id', async () => {
    server.use(rpc('directory_profiles', [person(1, null), person(2), person(3), person(4), person(5), person(6), person(7)]));
    const { pathname } = renderRoute('/');
    expect(await screen.findAllByRole('button', { name: 'View Calendar' })).toHaveLength(6);
    expect(screen.getAllByText('Available for booking')).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'View All Profiles' })).toBeInTheDocument();
    expect(screen.queryByText('First7 Last')).not.toBeInTheDocument();
    server.use(rpc('public_profile', []));
    await userEvent.click(screen.getAllByRole('button', { name: 'View Calendar' })[0]);
    await waitFor(() => expect(pathname()).toBe('/00000000-0000-4000-8000-000000000101'));
    expect(await screen.findByText('User Not Found')).toBeInTheDocument();
  });
});

describe("landing page in the visitor's language", () => {
  const browserLanguages = (languages: string[]) => Object.defineProperty(navigator, 'languages', { configurable: true, value: languages });
  afterEach(() => browserLanguages(['en-US', 'en']));

  it("speaks the first of the browser's languages Kairos has", async () => {
    browserLanguages(['es-MX', 'en']);
    server.use(rpc('directory_profiles', []));
    renderRoute('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'La agenda que encuentra el momento justo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Empieza gratis' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'es'));
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'ltr'));
  });

  it('switches to the language picked, right to left for Arabic, and remembers it', async () => {
    server.use(rpc('directory_profiles', []));
    const { unmount } = renderRoute('/');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'العربية');
    expect(await screen.findByRole('heading', { level: 1, name: 'جدولة تجد اللحظة المناسبة' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'اللغة' })).toHaveValue('ar');
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    unmount();
    renderRoute('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'جدولة تجد اللحظة المناسبة' })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'ar'));
  });

  it.each([
    ['/terms', 'de', 'Nutzungsbedingungen'],
    ['/privacy', 'fr', 'Politique de confidentialité'],
    ['/no-such/page', 'ja', '404 ページが見つかりません'],
  ])('shows %s in the language chosen (%s), its tab title too', async (path, locale, heading) => {
    localStorage.setItem('kairos.locale', locale);
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/· Kairos$/));
    expect(document.title).not.toMatch(/Terms|Privacy|Not Found/);
  });
});
