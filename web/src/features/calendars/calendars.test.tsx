import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/server.ts';
import { api, renderRoute, restGet, rpc, signedInAs } from '../../test/utils.tsx';
import { noCalendars } from '../../test/calendars.ts';

function page() {
  server.use(restGet('availability_rules', []), restGet('user_settings', []), restGet('event_types', []), restGet('date_overrides', []), restGet('time_off', []));
}

describe('calendars section', () => {
  it('shows a connection that stopped working, with its reason, and its calendars', async () => {
    signedInAs();
    page();
    server.use(
      restGet('calendar_connections', [
        {
          id: 4,
          provider: 'caldav',
          label: 'me on dav.example.com',
          server_url: 'https://dav.example.com/',
          username: 'me',
          status: 'error',
          last_error: 'The server refused the user name or app password',
          last_synced_at: '2026-11-20T10:00:00Z',
          calendar_sources: [
            { id: 7, name: 'Work', color: null, checks_conflicts: true, can_write: true, receives_bookings: true },
            { id: 8, name: 'Family', color: null, checks_conflicts: false, can_write: true, receives_bookings: false },
          ],
        },
      ]),
      ...noCalendars,
    );
    renderRoute('/availability');
    const card = await screen.findByRole('listitem', { name: 'me on dav.example.com' });
    expect(within(card).getByText('Not syncing')).toBeInTheDocument();
    expect(within(card).getByRole('alert')).toHaveTextContent('The server refused the user name or app password');
    expect(within(card).getByRole('checkbox', { name: /Work/ })).toBeChecked();
    expect(within(card).getByRole('checkbox', { name: /Family/ })).not.toBeChecked();
    expect(within(card).getByRole('radio', { name: 'Work' })).toBeChecked();
  });

  it('connects a CalDAV account with the fields the function expects', async () => {
    signedInAs();
    page();
    let sent: unknown = null;
    server.use(
      ...noCalendars,
      http.post(api('/functions/v1/calendars/connections'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ id: 1, synced: true, error: null }, { status: 201 });
      }),
    );
    renderRoute('/availability');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Connect CalDAV account' }));
    await user.type(screen.getByLabelText(/Server address/), 'https://caldav.example.com/');
    await user.type(screen.getByLabelText(/User name/), 'me@example.com');
    await user.type(screen.getByLabelText(/App password/), 'abcd-efgh');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Calendar connected')).toBeInTheDocument();
    expect(sent).toEqual({ provider: 'caldav', serverUrl: 'https://caldav.example.com/', username: 'me@example.com', password: 'abcd-efgh' });
  });

  it('shows the server\'s reason when a connection is refused', async () => {
    signedInAs();
    page();
    server.use(
      ...noCalendars,
      http.post(api('/functions/v1/calendars/connections'), () =>
        HttpResponse.json({ code: 'calendar_failed', message: 'Could not connect: 10.0.0.7 is a private address' }, { status: 400 }),
      ),
    );
    renderRoute('/availability');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Subscribe to calendar address' }));
    const address = screen.getByLabelText(/Calendar address/);
    await user.type(address, 'http://10.0.0.7/cal.ics');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    // In the form, at the address, while the dialog stays open to fix it.
    await waitFor(() => expect(address).toHaveAccessibleErrorMessage('Could not connect: 10.0.0.7 is a private address'));
    expect(screen.getByRole('dialog', { name: 'Subscribe to a calendar address' })).toBeInTheDocument();
    await user.type(address, 'x');
    expect(address).not.toHaveAttribute('aria-invalid');
  });

  it('says why in the host\'s language: a sync\'s kept failure and a refused connection, by their rules', async () => {
    signedInAs({ locale: 'de' });
    page();
    server.use(
      restGet('calendar_connections', [
        {
          ...{ id: 4, provider: 'ics', label: 'Ferien', server_url: null, username: null, status: 'error', last_synced_at: null, calendar_sources: [] },
          last_error: 'The calendar address no longer works (404)',
          last_error_rule: { id: 'feedGone', values: { status: 404 } },
        },
      ]),
      ...noCalendars,
      http.post(api('/functions/v1/calendars/connections'), () =>
        HttpResponse.json(
          { code: 'calendar_failed', message: 'Could not connect: 10.0.0.7 is not a public internet address', messageId: 'connectFailed', values: { reason: { id: 'remoteBlocked', values: { host: '10.0.0.7' } } } },
          { status: 400 },
        ),
      ),
    );
    renderRoute('/availability');
    const card = await screen.findByRole('listitem', { name: 'Ferien' });
    expect(within(card).getByRole('alert')).toHaveTextContent('Die Kalenderadresse funktioniert nicht mehr (404)');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Kalenderadresse abonnieren' }));
    const address = screen.getByRole('textbox', { name: /Kalenderadresse/ });
    await user.type(address, 'https://10.0.0.7/cal.ics');
    await user.click(screen.getByRole('button', { name: 'Verbinden' }));
    await waitFor(() => expect(address).toHaveAccessibleErrorMessage('Verbindung nicht möglich: 10.0.0.7 ist keine öffentliche Internetadresse'));
  });

  it('makes a webcal:// feed address and shows it once', async () => {
    signedInAs();
    page();
    server.use(...noCalendars, rpc('regenerate_calendar_feed', 'tok_123'));
    renderRoute('/availability');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create feed address' }));
    const field = await screen.findByRole('textbox', { name: 'Calendar feed address' });
    expect((field as HTMLInputElement).value).toMatch(/^webcal:\/\/.+\/functions\/v1\/calendars\/feed\/tok_123\.ics$/);
  });
});
