import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/server.ts';
import { api, renderRoute, restGet, rpc, signedInAs, USER_ID, recordBody } from '../../test/utils.tsx';
import { retypedAfterRefusal } from '../../test/eventTypeDialog.ts';

const NO_RULES = { buffer_before: null, buffer_after: null, minimum_notice: null, max_future_bookings: null, slot_interval: '30', max_bookings_per_day: null, max_bookings_per_week: null };
const existing = { id: 3, user_id: USER_ID, title: 'Deep Dive', description: 'Long one', duration: 90, color: '#ef4444', is_active: true, auto_confirm: false, price_cents: 0, created_at: '', updated_at: '', locations: [], ...NO_RULES };

function dashboard(eventTypes: unknown[]) {
  signedInAs();
  server.use(restGet('bookings', []), restGet('event_types', eventTypes), restGet('zoom_connections', []), rpc('dashboard_stats', { total_bookings: 0, total_hours: 0, active_clients: 0, revenue: 0 }));
  renderRoute('/dashboard');
}

describe('event type dialog', () => {
  it('requires a title and creates with the product defaults', async () => {
    const posted = recordBody('post', '/rest/v1/event_types', (sent) => HttpResponse.json({ ...existing, ...sent }));
    server.use(posted.handler);
    dashboard([]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create Your First Event Type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Event Type' });
    expect(within(dialog).getByLabelText('Duration')).toHaveValue('30');
    expect(within(dialog).getByRole('radio', { name: 'Blue' })).toHaveAttribute('aria-checked', 'true');
    await user.type(within(dialog).getByLabelText('Title'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Event Type' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Title'), ' Quick Chat ');
    await user.selectOptions(within(dialog).getByLabelText('Duration'), '45');
    await user.click(within(dialog).getByRole('radio', { name: 'Purple' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Event Type' }));
    expect(await screen.findByText('Event type created successfully')).toBeInTheDocument();
    expect(posted.body).toEqual({ title: 'Quick Chat', description: null, duration: 45, color: '#8b5cf6', is_active: true, auto_confirm: true, locations: [], questions: [], guest_fields: { phone: 'optional', company: 'optional', notes: 'optional' }, max_extra_attendees: 0, seats_per_slot: null, recurrence_frequencies: [], recurrence_max_count: null, user_id: USER_ID, ...NO_RULES });
  });

  it('takes a price in the currency\'s minor units once a Stripe account that takes charges is connected', async () => {
    const posted = recordBody('post', '/rest/v1/event_types', (sent) => HttpResponse.json({ ...existing, ...sent }));
    server.use(posted.handler, restGet('stripe_connections', [{ account_id: 'acct_1Host', charges_enabled: true, default_currency: 'jpy', requirements: [] }]));
    dashboard([]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create Your First Event Type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Event Type' });
    await user.type(within(dialog).getByLabelText('Title'), 'Paid Session');
    // The account's own currency first.
    expect(await within(dialog).findByLabelText('Currency')).toHaveValue('jpy');
    await retypedAfterRefusal(user, dialog, within(dialog).getByLabelText('Price'), { refused: '15.5', message: 'JPY prices are in whole units', value: '1,500' }, 'Create Event Type');
    expect(within(dialog).getByText('Guests pay ¥1,500 when they book.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create Event Type' }));
    expect(await screen.findByText('Event type created successfully')).toBeInTheDocument();
    expect(posted.body).toMatchObject({ title: 'Paid Session', price_cents: 1500, currency: 'jpy' });
  });

  it('shows a paid event type\'s price again when editing, and keeps it', async () => {
    const posted = recordBody('patch', '/rest/v1/event_types', (sent) => HttpResponse.json({ ...existing, ...sent }));
    server.use(posted.handler, restGet('stripe_connections', [{ account_id: 'acct_1Host', charges_enabled: true, default_currency: 'jpy', requirements: [] }]));
    dashboard([{ ...existing, price_cents: 1999, currency: 'usd' }]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Event Type' });
    await waitFor(() => expect(within(dialog).getByLabelText('Price')).toHaveValue('19.99'));
    expect(within(dialog).getByLabelText('Currency')).toHaveValue('usd');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Event type updated successfully')).toBeInTheDocument();
    expect(posted.body).toMatchObject({ price_cents: 1999, currency: 'usd' });
  });

  it('sets what a guest\'s late cancellation refunds, next to a price only', async () => {
    const posted = recordBody('patch', '/rest/v1/event_types', (sent) => HttpResponse.json({ ...existing, ...sent }));
    server.use(posted.handler, restGet('stripe_connections', [{ account_id: 'acct_1Host', charges_enabled: true, default_currency: 'usd', requirements: [] }]));
    dashboard([{ ...existing, price_cents: 0, currency: 'usd', late_cancel_refund_percent: 100 }]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Event Type' });
    await within(dialog).findByLabelText('Price');
    // Free: nothing to refund.
    expect(within(dialog).queryByLabelText('Late cancellation refund')).toBeNull();
    await user.type(within(dialog).getByLabelText('Price'), '40');
    const policy = await within(dialog).findByLabelText('Late cancellation refund');
    expect(policy).toHaveValue('full');
    await user.selectOptions(policy, 'percentage');
    const share = within(dialog).getByLabelText('Percent refunded');
    await retypedAfterRefusal(user, dialog, share, { refused: '150', message: 'Please enter a percentage from 1 to 99', value: '25' });
    expect(within(dialog).getByText(/A guest who cancels inside your notice for guest changes gets \$10\.00 back/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Event type updated successfully')).toBeInTheDocument();
    expect(posted.body).toMatchObject({ price_cents: 4000, currency: 'usd', late_cancel_refund_percent: 25 });
  });

  it('takes seats per slot: empty is one guest a slot, 2 to 100 a group event, anything else refused with the shared rule\'s message', async () => {
    const posted = recordBody('patch', '/rest/v1/event_types', (sent) => HttpResponse.json({ ...existing, ...sent }));
    server.use(posted.handler);
    dashboard([{ ...existing, seats_per_slot: 5 }]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Event Type' });
    const seats = within(dialog).getByRole('spinbutton', { name: 'Seats per slot' });
    await waitFor(() => expect(seats).toHaveValue(5));
    await user.clear(seats);
    await user.type(seats, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    const message = 'Please enter from 2 to 100 seats, or leave it empty for one guest per slot';
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(seats).toHaveAccessibleErrorMessage(message);
    expect(posted.body).toEqual({});
    await user.clear(seats);
    await user.type(seats, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Event type updated successfully')).toBeInTheDocument();
    expect(posted.body).toMatchObject({ seats_per_slot: 12 });

    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const again = await screen.findByRole('dialog', { name: 'Edit Event Type' });
    await user.clear(within(again).getByRole('spinbutton', { name: 'Seats per slot' }));
    await user.click(within(again).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(posted.body).toMatchObject({ seats_per_slot: null }));
  });

  it('lets guests book a series: the frequencies offered and the most occurrences, checked by the shared rule', async () => {
    const posted = recordBody('patch', '/rest/v1/event_types', (sent) => HttpResponse.json({ ...existing, ...sent }));
    server.use(posted.handler);
    dashboard([{ ...existing, recurrence_frequencies: [], recurrence_max_count: null }]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Event Type' });
    const series = within(dialog).getByRole('group', { name: 'Recurring bookings' });
    expect(within(series).queryByRole('spinbutton')).not.toBeInTheDocument();
    await user.click(within(series).getByRole('checkbox', { name: 'Weekly' }));
    await user.click(within(series).getByRole('checkbox', { name: 'Every 2 weeks' }));
    const count = within(series).getByRole('spinbutton', { name: 'Most occurrences a guest may book' });
    expect(count).toHaveValue(12);
    await user.clear(count);
    await user.type(count, '60');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(series).findByText('Please enter a number from 2 to 52')).toBeInTheDocument();
    expect(posted.body).toEqual({});
    await user.clear(count);
    await user.type(count, '8');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Event type updated successfully')).toBeInTheDocument();
    expect(posted.body).toMatchObject({ recurrence_frequencies: ['weekly', 'biweekly'], recurrence_max_count: 8 });
  });

  it('shows a saved series when editing, and no frequency ticked saves no series', async () => {
    const posted = recordBody('patch', '/rest/v1/event_types', (sent) => HttpResponse.json({ ...existing, ...sent }));
    server.use(posted.handler);
    dashboard([{ ...existing, recurrence_frequencies: ['monthly'], recurrence_max_count: 6 }]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const series = within(await screen.findByRole('dialog', { name: 'Edit Event Type' })).getByRole('group', { name: 'Recurring bookings' });
    await waitFor(() => expect(within(series).getByRole('checkbox', { name: 'Monthly (same weekday)' })).toBeChecked());
    expect(within(series).getByRole('checkbox', { name: 'Weekly' })).not.toBeChecked();
    expect(within(series).getByRole('spinbutton', { name: 'Most occurrences a guest may book' })).toHaveValue(6);
    await user.click(within(series).getByRole('checkbox', { name: 'Monthly (same weekday)' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Event type updated successfully')).toBeInTheDocument();
    expect(posted.body).toMatchObject({ recurrence_frequencies: [], recurrence_max_count: null });
  });

  it('says a group event type cannot be booked as a series, and does not save one', async () => {
    const posted = recordBody('patch', '/rest/v1/event_types', (sent) => HttpResponse.json({ ...existing, ...sent }));
    server.use(posted.handler);
    dashboard([{ ...existing, seats_per_slot: 5, recurrence_frequencies: [], recurrence_max_count: null }]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Event Type' });
    await waitFor(() => expect(within(dialog).getByRole('spinbutton', { name: 'Seats per slot' })).toHaveValue(5));
    const series = within(dialog).getByRole('group', { name: 'Recurring bookings' });
    expect(within(series).getByText('Paid and group event types cannot be booked as a series.')).toBeInTheDocument();
    await user.click(within(series).getByRole('checkbox', { name: 'Weekly' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(series).findByRole('alert')).toHaveTextContent('Paid and group event types cannot be booked as a series.');
    expect(posted.body).toEqual({});
  });

  it('offers no price without a Stripe account that takes charges, and says where to connect one', async () => {
    server.use(restGet('stripe_connections', [{ account_id: 'acct_1Host', charges_enabled: false, default_currency: 'usd', requirements: ['external_account'] }]));
    dashboard([]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create Your First Event Type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Event Type' });
    expect(await within(dialog).findByRole('link', { name: 'Connect Stripe in Availability' })).toHaveAttribute('href', '/availability#payments');
    expect(within(dialog).queryByLabelText('Price')).toBeNull();
  });

  it('edits, and deletes only after the confirmation', async () => {
    const deleted: string[] = [];
    server.use(
      http.delete(api('/rest/v1/event_types'), ({ request }) => {
        deleted.push(new URL(request.url).searchParams.get('id') ?? '');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    dashboard([existing]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Event Type' });
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Deep Dive');
    expect(within(dialog).getByText('Manual approval required')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = within(dialog).getByRole('alertdialog', { name: 'Delete event type' });
    expect(within(confirm).getByText('Are you sure you want to delete this event type? This action cannot be undone.')).toBeInTheDocument();
    expect(deleted).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('Event type deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(deleted).toEqual(['eq.3']));
  });

  it('offers an Advanced section with the choice lists of docs/product/constants.md, and saves the event type\'s own rules', async () => {
    const posted = recordBody('patch', '/rest/v1/event_types', (sent) => HttpResponse.json({ ...existing, ...sent }));
    server.use(posted.handler);
    dashboard([{ ...existing, minimum_notice: 2880, slot_interval: 'duration' }]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Event Type' });
    await user.click(within(dialog).getByRole('button', { name: 'Advanced' }));
    const values = (label: string) => [...(within(dialog).getByLabelText(label) as HTMLSelectElement).options].map((option) => option.value);
    expect(values('Buffer before')).toEqual(['', '0', '5', '10', '15', '30']);
    expect(values('Buffer after')).toEqual(['', '0', '5', '10', '15', '30']);
    expect(values('Minimum notice')).toEqual(['', '0', '60', '120', '240', '1440', '2880']);
    expect(values('Maximum future bookings')).toEqual(['', '7', '14', '30', '60', '90']);
    expect(values('Start times')).toEqual(['15', '30', '60', 'duration']);
    expect(within(dialog).getByLabelText('Minimum notice')).toHaveValue('2880');
    expect(within(dialog).getByLabelText('Start times')).toHaveValue('duration');
    expect(within(dialog).getByLabelText('Buffer before')).toHaveValue('');
    await user.selectOptions(within(dialog).getByLabelText('Buffer before'), '15');
    await user.selectOptions(within(dialog).getByLabelText('Minimum notice'), '');
    await user.selectOptions(within(dialog).getByLabelText('Start times'), '60');
    await user.type(within(dialog).getByLabelText('Bookings per day'), '3');
    await retypedAfterRefusal(user, dialog, within(dialog).getByLabelText('Bookings per week'), { refused: '2', message: 'Bookings per week must not be fewer than bookings per day', value: '10' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Event type updated successfully')).toBeInTheDocument();
    expect(posted.body).toMatchObject({
      buffer_before: 15, buffer_after: null, minimum_notice: null, max_future_bookings: null, slot_interval: '60', max_bookings_per_day: 3, max_bookings_per_week: 10,
    });
  });

  it('says on a Zoom place when Zoom is not connected, with a link to where to connect it', async () => {
    dashboard([{ ...existing, locations: [{ kind: 'zoom' }] }]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const zoom = within(await screen.findByRole('dialog', { name: 'Edit Event Type' })).getByRole('listitem', { name: 'Zoom' });
    expect(await within(zoom).findByText(/Zoom is not connected yet/)).toBeInTheDocument();
    expect(within(zoom).getByRole('link', { name: 'Connect Zoom in Availability' })).toHaveAttribute('href', '/availability#zoom');
  });

  it('says nothing more on a Zoom place once Zoom is connected', async () => {
    dashboard([{ ...existing, locations: [{ kind: 'zoom' }] }]);
    let asked = false;
    server.use(http.get(api('/rest/v1/zoom_connections'), () => ((asked = true), HttpResponse.json([{ connected_at: '2026-11-20T10:00:00Z' }]))));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const zoom = within(await screen.findByRole('dialog', { name: 'Edit Event Type' })).getByRole('listitem', { name: 'Zoom' });
    expect(within(zoom).getByText(/A Zoom meeting is created for each booking/)).toBeInTheDocument();
    await waitFor(() => expect(asked).toBe(true));
    await expect(within(zoom).findByText(/Zoom is not connected yet/, {}, { timeout: 500 })).rejects.toThrow();
    expect(within(zoom).queryByRole('link')).toBeNull();
  });

  it('edits where meetings take place: adds and removes kinds, checks each with the shared rule, and saves them in order', async () => {
    const posted = recordBody('patch', '/rest/v1/event_types', (sent) => HttpResponse.json({ ...existing, ...sent }));
    server.use(posted.handler);
    dashboard([{ ...existing, locations: [{ kind: 'zoom' }] }]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Event Type' });
    const places = within(dialog).getByRole('group', { name: 'Locations' });
    expect(within(places).getByRole('listitem', { name: 'Zoom' })).toBeInTheDocument();
    const add = async (kind: string) => {
      await user.selectOptions(within(places).getByLabelText('Add a location'), kind);
      await user.click(within(places).getByRole('button', { name: 'Add' }));
    };
    // A kind already on the list is not offered again.
    expect(within(within(places).getByLabelText('Add a location')).queryByRole('option', { name: 'Zoom' })).toBeNull();
    await add('In person');
    await add('Phone call (the guest calls the host)');
    await add('Jitsi Meet');
    await add('Online meeting');
    expect(within(places).getByLabelText('Jitsi server')).toHaveValue('meet.jit.si');
    // Pasted, not typed key by key: the form re-checks every change once submitted.
    const fill = async (label: string, text: string) => {
      await user.clear(within(places).getByLabelText(label));
      await user.click(within(places).getByLabelText(label));
      await user.paste(text);
    };
    await fill('Host phone number', '12345');
    await fill('Link', 'http://example.com/room');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(places).findByText('Address is required')).toBeInTheDocument();
    expect(within(places).getByText('Please enter a valid phone number with its country code.')).toBeInTheDocument();
    expect(within(places).getByText('The link must start with https://')).toBeInTheDocument();
    expect(within(places).getByLabelText('Address')).toHaveAttribute('aria-invalid', 'true');
    await fill('Address', '1 Rue de Rivoli, Paris');
    await fill('Host phone number', '+33142685300');
    await user.click(within(places).getByRole('button', { name: 'Remove Online meeting' }));
    await user.click(within(places).getByRole('button', { name: 'Remove Zoom' }));
    // The focus does not fall off the dialog with the button removed: it goes to adding one.
    expect(within(places).getByLabelText('Add a location')).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Event type updated successfully')).toBeInTheDocument();
    expect(posted.body.locations).toEqual([
      { kind: 'in_person', address: '1 Rue de Rivoli, Paris' },
      { kind: 'phone_guest_calls', number: '+33142685300' },
      { kind: 'jitsi', server: 'meet.jit.si' },
    ]);
  });

  it('reports a failed update', async () => {
    server.use(http.patch(api('/rest/v1/event_types'), () => HttpResponse.json({ message: 'nope' }, { status: 400 })));
    dashboard([existing]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Event Type' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update event type')).toBeInTheDocument();
  });
});

describe('share', () => {
  it('offers the booking link and the embed code, inline or as a pop-up, copying only when asked', async () => {
    dashboard([existing]);
    const user = userEvent.setup();
    await navigator.clipboard.writeText('before');
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share' });
    // Opening Share copies nothing: the host chooses what to copy.
    expect(await navigator.clipboard.readText()).toBe('before');
    expect(screen.queryByText('Link Copied')).toBeNull();
    expect(within(dialog).getByRole('textbox', { name: 'Booking link' })).toHaveValue(`${window.location.origin}/book/3`);
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Link Copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/book/3`);
    await user.click(within(dialog).getByRole('tab', { name: 'Embed' }));
    const code = await within(dialog).findByRole('textbox', { name: 'Embed code' });
    expect(code).toHaveValue(`<script async src="${window.location.origin}/embed.js" data-kairos="3"></script>`);
    await user.selectOptions(within(dialog).getByLabelText('Show it'), 'popup');
    expect(code).toHaveValue(
      `<script async src="${window.location.origin}/embed.js" data-kairos="3" data-kairos-mode="popup" data-kairos-button="Book a meeting"></script>`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Copy code' }));
    await waitFor(async () => expect(await navigator.clipboard.readText()).toContain('data-kairos-mode="popup"'));
  });
});
