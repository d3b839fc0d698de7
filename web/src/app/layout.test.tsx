import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../test/server.ts';
import { api, renderRoute, restGet, rpc, signedInAs } from '../test/utils.tsx';

const hardNavigate = vi.hoisted(() => vi.fn());
vi.mock('../lib/navigation.ts', () => ({ hardNavigate }));
afterEach(() => hardNavigate.mockReset());

function signedInProfile() {
  signedInAs();
  server.use(restGet('availability_rules', []), restGet('user_settings', []), restGet('bookings', []), restGet('event_types', []));
}

describe('signed-in navigation', () => {
  it('highlights the current route', async () => {
    signedInProfile();
    renderRoute('/availability');
    // jsdom matches no media query, so this is the phone layout: the links live in the drawer.
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const nav = within(await screen.findByRole('dialog')).getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Availability' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Community' })).toHaveAttribute('href', '/#social-section');
  });

  it('closes the drawer when a link is chosen', async () => {
    signedInProfile();
    const { pathname } = renderRoute('/availability');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog');
    await user.click(within(within(drawer).getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'Bookings' }));
    await waitFor(() => expect(pathname()).toBe('/bookings'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('signs out: toast, cache cleared, back to the landing page', async () => {
    signedInProfile();
    server.use(
      http.post(api('/auth/v1/logout'), () => new HttpResponse(null, { status: 204 })),
      rpc('directory_profiles', []),
    );
    const { pathname } = renderRoute('/availability');
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    expect(screen.getByText("You've been successfully signed out.")).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/'));
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(await screen.findByText('Growing Community')).toBeInTheDocument();
  });

  it('treats a 401 on a mutation as logged out', async () => {
    signedInProfile();
    server.use(rpc('replace_availability', () => HttpResponse.json({ message: 'JWT expired' }, { status: 401 })));
    renderRoute('/availability');
    await userEvent.click(await screen.findByRole('button', { name: 'Save Working Hours' }));
    expect(await screen.findByText('You are logged out. Logging in again...')).toBeInTheDocument();
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/login'));
  });
});
