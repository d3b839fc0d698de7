import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../test/server.ts';
import { availabilityWithAccount, emptyAvailability, noCalendars } from '../../test/calendars.ts';
import { api, profile, renderRoute, signedInAs } from '../../test/utils.tsx';

const connectedRow = { connected_at: '2026-11-20T10:00:00Z' };

const availability = (...answers: unknown[][]) => availabilityWithAccount('zoom', ...answers);

/** This tab went to Zoom's consent and comes back to `search`. */
function backFromZoom(search: string) {
  sessionStorage.setItem('kairos:consent', 'zoom');
  window.history.replaceState(null, '', `/availability?${search}`);
}

const zoomBlock = () => screen.findByRole('group', { name: 'Zoom' });

describe('Zoom in the calendars section', () => {
  it('is not offered when the project has no Zoom app', async () => {
    signedInAs();
    server.use(...emptyAvailability, ...noCalendars);
    renderRoute('/availability');
    await screen.findByRole('button', { name: 'Connect CalDAV account' });
    expect(screen.queryByRole('button', { name: 'Connect Zoom' })).toBeNull();
  });

  it('comes into view when the event type editor links to it', async () => {
    availability([]);
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    renderRoute('/availability#zoom');
    const block = await zoomBlock();
    await waitFor(() => expect(scrolled.mock.contexts).toContain(block));
    scrolled.mockRestore();
  });

  it('starts the consent with this page as the return address, remembering that it went to Zoom', async () => {
    availability([]);
    let sent: unknown = null;
    server.use(
      http.post(api('/functions/v1/calendars/zoom/start'), async ({ request }) => {
        sent = await request.json();
        await delay(100);
        return HttpResponse.json({ url: 'https://zoom.example/oauth/authorize?state=s' });
      }),
    );
    renderRoute('/availability');
    const user = userEvent.setup();
    await user.click(await within(await zoomBlock()).findByRole('button', { name: 'Connect Zoom' }));
    expect(await screen.findByRole('button', { name: 'Opening Zoom...' })).toBeDisabled();
    await waitFor(() => expect(sessionStorage.getItem('kairos:consent')).toBe('zoom'));
    expect(sent).toEqual({ redirectUri: `${window.location.origin}/availability` });
  });

  it('finishes the connection when Zoom sends the host back, once, and shows the account connected', async () => {
    backFromZoom('code=c0de&state=st4te');
    availability([], [connectedRow]);
    const sent: unknown[] = [];
    server.use(
      http.post(api('/functions/v1/calendars/zoom/connect'), async ({ request }) => {
        sent.push(await request.json());
        await delay(200);
        return HttpResponse.json({ connected: true }, { status: 201 });
      }),
    );
    renderRoute('/availability');
    expect(await within(await zoomBlock()).findByRole('status')).toHaveTextContent('Connecting Zoom...');
    expect(await screen.findByText('Zoom connected')).toBeInTheDocument();
    const block = await zoomBlock();
    expect(await within(block).findByText('Connected')).toBeInTheDocument();
    expect(within(block).getByText(/Connected on .*2026/)).toBeInTheDocument();
    expect(sent).toEqual([{ code: 'c0de', state: 'st4te', redirectUri: `${window.location.origin}/availability` }]);
    // The code is used: it leaves the address and the tab forgets the round trip.
    expect(window.location.search).toBe('');
    expect(sessionStorage.getItem('kairos:consent')).toBeNull();
  });

  it('says so when the host refused at Zoom, and sends no code', async () => {
    backFromZoom('error=access_denied&state=st4te');
    availability([]);
    let called = false;
    server.use(http.post(api('/functions/v1/calendars/zoom/connect'), () => ((called = true), HttpResponse.json({}))));
    renderRoute('/availability');
    const block = await zoomBlock();
    expect(await within(block).findByRole('alert')).toHaveTextContent('Zoom was not connected: the Zoom account did not allow Kairos to create meetings.');
    expect(within(block).getByRole('button', { name: 'Connect Zoom' })).toBeEnabled();
    expect(called).toBe(false);
  });

  it("shows the server's reason when the code cannot be exchanged", async () => {
    backFromZoom('code=c0de&state=st4te');
    availability([]);
    server.use(
      http.post(api('/functions/v1/calendars/zoom/connect'), () =>
        HttpResponse.json({ code: 'calendar_failed', message: 'Could not connect: Zoom 400: Invalid authorization code' }, { status: 400 }),
      ),
    );
    renderRoute('/availability');
    const block = await zoomBlock();
    expect(await within(block).findByRole('alert')).toHaveTextContent('Could not connect: Zoom 400: Invalid authorization code');
    expect(within(block).getByRole('button', { name: 'Connect Zoom' })).toBeInTheDocument();
  });

  it('ignores a return meant for Google', async () => {
    sessionStorage.setItem('kairos:consent', 'google');
    window.history.replaceState(null, '', '/availability?code=g00gle&state=st4te');
    availability([]);
    let zoomCalled = false;
    server.use(
      http.post(api('/functions/v1/calendars/zoom/connect'), () => ((zoomCalled = true), HttpResponse.json({}))),
      http.post(api('/functions/v1/calendars/google/connect'), () => HttpResponse.json({ id: 1 }, { status: 201 })),
    );
    renderRoute('/availability');
    expect(await screen.findByText('Calendar connected')).toBeInTheDocument();
    expect(zoomCalled).toBe(false);
  });

  it('disconnects after a confirm, and keeps the account when the host changes their mind', async () => {
    const zoom = availability([connectedRow]);
    let deleted: string | null = null;
    server.use(
      http.delete(api('/rest/v1/zoom_connections'), ({ request }) => {
        deleted = new URL(request.url).search;
        zoom.rows = () => [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderRoute('/availability');
    const user = userEvent.setup();
    const block = await zoomBlock();
    await user.click(await within(block).findByRole('button', { name: 'Disconnect Zoom' }));
    const confirm = within(block).getByRole('alertdialog', { name: 'Disconnect Zoom?' });
    // The question takes the focus, on its answer.
    expect(within(confirm).getByRole('button', { name: 'Disconnect' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(within(block).queryByRole('alertdialog')).toBeNull();
    expect(deleted).toBeNull();
    await user.click(within(block).getByRole('button', { name: 'Disconnect Zoom' }));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Zoom disconnected')).toBeInTheDocument();
    expect(await within(block).findByRole('button', { name: 'Connect Zoom' })).toBeInTheDocument();
    expect(deleted).toBe(`?user_id=eq.${profile().id}`);
  });
});

