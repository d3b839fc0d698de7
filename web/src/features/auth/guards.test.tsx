import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, signedInAs } from '../../test/utils.tsx';

const hardNavigate = vi.hoisted(() => vi.fn());
vi.mock('../../lib/navigation.ts', () => ({ hardNavigate }));

afterEach(() => hardNavigate.mockReset());

describe('guarded pages', () => {
  it.each(['/dashboard', '/bookings', '/teams', '/teams/7', '/teams/7/settings'])('%s: toast, then /api/login', async (path) => {
    const { pathname } = renderRoute(path);
    expect(await screen.findByText('Unauthorized')).toBeInTheDocument();
    expect(screen.getByText('You are logged out. Logging in again...')).toBeInTheDocument();
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/api/login'));
    expect(pathname()).toBe(path);
  });

  it.each(['/availability', '/profile'])('%s: toast, then the /login screen', async (path) => {
    const { pathname } = renderRoute(path);
    expect(await screen.findByText('You are logged out. Logging in again...')).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Sign in to Kairos' })).toBeInTheDocument();
    expect(hardNavigate).not.toHaveBeenCalled();
  });

  it("says so in the visitor's language", async () => {
    localStorage.setItem('kairos.locale', 'fr');
    renderRoute('/availability');
    expect(await screen.findByText('Vous êtes déconnecté. Reconnexion en cours...')).toBeInTheDocument();
    expect(screen.getByText('Non autorisé')).toBeInTheDocument();
  });

  it('lets a signed-in user through', async () => {
    signedInAs({ first_name: 'Ada' });
    renderRoute('/profile');
    expect(await screen.findByRole('heading', { name: 'Public Profile' })).toBeInTheDocument();
    expect(screen.queryByText('Unauthorized')).not.toBeInTheDocument();
  });
});
