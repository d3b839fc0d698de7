import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { api, renderRoute, restGet, rpc, signedInAs } from '../test/utils.tsx';
import { preloadPages } from './router.tsx';
import { server } from '../test/server.ts';

describe('routes', () => {
  it('shows the 404 screen for a path no route matches', async () => {
    renderRoute('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });

  it('shows a page loaded before the first render in that render, with no loading spinner first', async () => {
    await preloadPages('/privacy');
    renderRoute('/privacy');
    expect(screen.getByRole('heading', { name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading')).toBeNull();
  });

  it('sends a single segment to the public profile by handle', async () => {
    server.use(rpc('public_profile', []));
    renderRoute('/nobody-here');
    expect(await screen.findByRole('heading', { name: 'User Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The calendar you're looking for doesn't exist.")).toBeInTheDocument();
  });

  it.each([
    ['/privacy', 'Privacy Policy · Kairos'],
    ['/terms', 'Terms of Service · Kairos'],
    ['/login', 'Sign in · Kairos'],
    ['/register', 'Create your account · Kairos'],
    ['/forgot-password', 'Reset your password · Kairos'],
    ['/no/such/page', 'Page Not Found · Kairos'],
  ])('names the page %s in the document title', async (path, title) => {
    document.title = 'Kairos';
    renderRoute(path);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('names a signed-in page and a booking page by what they show', async () => {
    signedInAs();
    server.use(restGet('bookings', []), restGet('event_types', []));
    const view = renderRoute('/bookings');
    await waitFor(() => expect(document.title).toBe('Bookings · Kairos'));
    view.unmount();
    server.use(http.get(api('/functions/v1/slots'), () => HttpResponse.json({ timeZone: 'UTC' })));
    server.use(rpc('public_event_type', [{ id: 5, title: 'Strategy Call', duration: 30, color: '#3b82f6', description: null, host_first_name: 'Ada', host_last_name: 'Host' }]));
    renderRoute('/book/5');
    await waitFor(() => expect(document.title).toBe('Strategy Call · Kairos'));
  });
});
