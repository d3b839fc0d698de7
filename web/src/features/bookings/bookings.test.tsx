import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { RoleBadge, StatusBadge } from '../../components/StatusBadge.tsx';
import { server } from '../../test/server.ts';
import { api, renderRoute, renderUi, restGet, signedInAs, USER_ID, recordBody } from '../../test/utils.tsx';
import { formatDate } from '../../lib/time.ts';
import { availableActions } from './BookingCard.tsx';

const future = new Date(Date.now() + 3 * 86_400_000).toISOString();
const past = new Date(Date.now() - 3 * 86_400_000).toISOString();

function booking(id: number, status: string, start = future, extra: Record<string, unknown> = {}) {
  return {
    id,
    event_type_id: 1,
    user_id: USER_ID,
    team_id: null,
    assigned_user_id: null,
    guest_name: `Guest ${id}`,
    guest_email: `guest${id}@example.com`,
    guest_phone: null,
    guest_company: null,
    notes: null,
    start_time: start,
    end_time: start,
    status,
    seat_slot_id: null as number | null,
    created_at: '',
    updated_at: '',
    event_type: { title: 'Consultation', duration: 45 },
    ...extra,
  };
}

/** The bookings list filtered as PostgREST would, by the query's status and start_time filters. */
function bookingsTable(rows: ReturnType<typeof booking>[]) {
  server.use(
    restGet('event_types', []),
    http.get(api('/rest/v1/bookings'), ({ request }) => {
      const q = new URL(request.url).searchParams;
      const now = Date.now();
      return HttpResponse.json(
        rows.filter((row) => {
          for (const status of q.getAll('status')) {
            if (status.startsWith('eq.') && row.status !== status.slice(3)) return false;
            if (status.startsWith('neq.') && row.status === status.slice(4)) return false;
          }
          const start = q.get('start_time');
          if (start?.startsWith('gte.') && Date.parse(row.start_time) < now - 60_000) return false;
          if (start?.startsWith('lt.') && Date.parse(row.start_time) >= now) return false;
          return true;
        }),
      );
    }),
  );
}

describe('status badges', () => {
  it.each([
    ['pending', 'Awaiting Confirmation', 'yellow'],
    ['confirmed', 'Confirmed', 'green'],
    ['cancelled', 'Cancelled', 'red'],
    ['completed', 'Completed', 'blue'],
    ['no_show', 'no_show', 'gray'],
  ])('%s reads %s in %s', (status, label, palette) => {
    renderUi(<StatusBadge status={status} />, '/', 'app');
    expect(screen.getByText(label)).toHaveAttribute('data-color', palette);
  });
});

describe('role badges', () => {
  it.each([
    ['owner', 'yellow'],
    ['admin', 'blue'],
    ['member', 'gray'],
    ['guest', 'gray'],
  ])('%s is %s', (role, palette) => {
    renderUi(<RoleBadge role={role} />);
    expect(screen.getByText(role)).toHaveAttribute('data-color', palette);
  });
});

describe('actions per status', () => {
  it('offers Confirm/Reject on pending, Cancel on future confirmed, nothing else', () => {
    expect(availableActions({ status: 'pending', start_time: future })).toEqual(['confirm', 'reject']);
    expect(availableActions({ status: 'confirmed', start_time: future })).toEqual(['cancel']);
    expect(availableActions({ status: 'confirmed', start_time: past })).toEqual([]);
    expect(availableActions({ status: 'cancelled', start_time: future })).toEqual([]);
    expect(availableActions({ status: 'completed', start_time: past })).toEqual([]);
  });
});

describe('bookings page', () => {
  it('shows 5 placeholders while loading', async () => {
    signedInAs();
    server.use(restGet('event_types', []), http.get(api('/rest/v1/bookings'), () => new Promise<Response>(() => {})));
    renderRoute('/bookings');
    expect(await screen.findByRole('heading', { name: 'All Bookings' })).toBeInTheDocument();
    expect(screen.getByText('View and manage your scheduled appointments')).toBeInTheDocument();
    expect(await screen.findAllByTestId('booking-skeleton')).toHaveLength(5);
  });

  it.each([
    ['Upcoming', 'No upcoming bookings'],
    ['Past', 'No past bookings'],
    ['Cancelled', 'No cancelled bookings'],
    ['All', 'No bookings found'],
  ])('%s tab empty state', async (tab, text) => {
    signedInAs();
    bookingsTable([]);
    renderRoute('/bookings');
    await userEvent.click(await screen.findByRole('tab', { name: tab }));
    // The tab left may still be fading out with its own empty state: look in the one opened.
    const panel = (await screen.findByText(text)).closest<HTMLElement>('[role="tabpanel"]')!;
    expect(within(panel).getByText('Your bookings will appear here')).toBeInTheDocument();
  });

  it("shows each booking's place to its host: the link to join, the guest's number to call, a pending link, none set", async () => {
    signedInAs();
    bookingsTable([
      booking(1, 'confirmed', future, { location: { kind: 'jitsi', value: 'https://meet.jit.si/kairos-0123456789abcdef0123456789abcdef' } }),
      booking(2, 'confirmed', future, { location: { kind: 'phone_host_calls', value: '+14155552671' } }),
      booking(3, 'confirmed', future, { location: { kind: 'zoom', value: null } }),
      booking(4, 'confirmed', future, { location: null }),
    ]);
    renderRoute('/bookings');
    const card = async (guest: string) => screen.findByRole('article', { name: `Consultation with ${guest}` });
    expect(within(await card('Guest 1')).getByRole('link', { name: 'https://meet.jit.si/kairos-0123456789abcdef0123456789abcdef' })).toHaveAttribute(
      'href',
      'https://meet.jit.si/kairos-0123456789abcdef0123456789abcdef',
    );
    expect(within(await card('Guest 2')).getByText('Call the guest at')).toBeInTheDocument();
    expect(within(await card('Guest 2')).getByRole('link', { name: '+14155552671' })).toHaveAttribute('href', 'tel:+14155552671');
    expect(within(await card('Guest 3')).getByText('Zoom: link pending')).toBeInTheDocument();
    expect(within(await card('Guest 4')).getByText('Video Conference')).toBeInTheDocument();
  });

  it("shows the guest's answers on the host's card, under the labels they were asked with, and the people they invited, and asks for both with the card", async () => {
    signedInAs();
    const selects: string[] = [];
    bookingsTable([
      booking(1, 'confirmed', future, {
        answers: {
          answers: [
            { slug: 'plan', label: 'Which plan?', type: 'single_choice', value: 'Pro' },
            { slug: 'topics', label: 'What should we cover?', type: 'multiple_choice', value: ['Billing', 'Set-up'] },
            { slug: 'ok', label: 'Already a customer?', type: 'yes_no', value: false },
          ],
        },
      }),
      booking(2, 'confirmed', future, { answers: null, attendees: [{ email: 'ann@example.com' }, { email: 'bob@example.org' }] }),
    ]);
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname.endsWith('/rest/v1/bookings')) selects.push(new URL(request.url).searchParams.get('select') ?? '');
    });
    renderRoute('/bookings');
    const card = await screen.findByRole('article', { name: 'Consultation with Guest 1' });
    const answers = within(card).getByRole('list', { name: 'Answers' });
    expect(within(answers).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Which plan?: Pro',
      'What should we cover?: Billing, Set-up',
      'Already a customer?: No',
    ]);
    const second = await screen.findByRole('article', { name: 'Consultation with Guest 2' });
    expect(within(second).queryByRole('list', { name: 'Answers' })).toBeNull();
    // The people the guest invited, beside the answers.
    const invited = within(second).getByRole('list', { name: 'Also invited:' });
    expect(within(invited).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['ann@example.com', 'bob@example.org']);
    expect(within(card).queryByRole('list', { name: 'Also invited:' })).toBeNull();
    expect(selects[0]).toContain('answers:booking_answers(answers)');
    expect(selects[0]).toContain('attendees:booking_attendees(email)');
    server.events.removeAllListeners();
  });

  it('shows the seats of one group slot together, as one meeting with its guests and seats taken; a one-guest booking alone', async () => {
    signedInAs();
    const selects: string[] = [];
    const workshop = { title: 'Workshop', duration: 60, seats_per_slot: 10 };
    const later = new Date(Date.parse(future) + 86_400_000).toISOString();
    bookingsTable([
      booking(1, 'confirmed', future, { seat_slot_id: 7, event_type: workshop }),
      booking(2, 'confirmed', future),
      booking(3, 'pending', future, { seat_slot_id: 7, event_type: workshop }),
      booking(4, 'confirmed', future, { seat_slot_id: 7, event_type: workshop }),
      booking(5, 'confirmed', later, { seat_slot_id: 8, event_type: workshop }),
      booking(6, 'cancelled', future, { seat_slot_id: 7, event_type: workshop }),
    ]);
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname.endsWith('/rest/v1/bookings')) selects.push(new URL(request.url).searchParams.get('select') ?? '');
    });
    renderRoute('/bookings');
    const group = await screen.findByRole('region', { name: /^Workshop, .*: 3 of 10 seats taken$/ });
    expect(within(group).getAllByRole('article')).toHaveLength(3);
    for (const guest of ['Guest 1', 'Guest 3', 'Guest 4']) expect(within(group).getByRole('article', { name: `Workshop with ${guest}` })).toBeInTheDocument();
    expect(within(group).getByText('Group: 3 of 10 seats taken')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /^Workshop, .*: 1 of 10 seats taken$/ })).toBeInTheDocument();
    // The one-guest booking is no group.
    const groups = screen.getAllByRole('region', { name: /seats taken$/ });
    expect(groups).toHaveLength(2);
    expect(screen.getByRole('article', { name: 'Consultation with Guest 2' })).toBeInTheDocument();
    for (const g of groups) expect(within(g).queryByRole('article', { name: 'Consultation with Guest 2' })).toBeNull();
    expect(selects[0]).toContain('seats_per_slot');
    server.events.removeAllListeners();
  });

  it('exports the shown list as a CSV file, times in the host’s zone, answers in their own columns', async () => {
    signedInAs({ timezone: 'Asia/Kathmandu' });
    bookingsTable([
      booking(1, 'confirmed', '2030-01-15T09:00:00.000Z', { answers: { answers: [{ slug: 'plan', label: 'Which plan?', type: 'single_choice', value: 'Pro' }] } }),
      booking(2, 'cancelled', '2030-01-16T09:00:00.000Z'),
    ]);
    const files: Blob[] = [];
    const names: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (files.push(blob), 'blob:csv'), revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderRoute('/bookings');
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'Consultation with Guest 1' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(names).toEqual(['bookings-upcoming.csv']);
    expect(files[0]!.type).toBe('text/csv;charset=utf-8');
    // jsdom's Blob has no text(): its bytes, read as a browser's FileReader would, the BOM kept.
    const bytes = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(files[0]!);
    });
    expect([...new Uint8Array(bytes).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    // The upcoming list: the cancelled booking is not in it. Kathmandu is UTC+5:45.
    expect(text.split('\r\n')).toEqual([
      '\uFEFFStart (Asia/Kathmandu),End (Asia/Kathmandu),Status,Guest name,Guest email,Phone,Company,Notes,Event type,Attendees,Which plan?',
      '2030-01-15 14:45,2030-01-15 14:45,Confirmed,Guest 1,guest1@example.com,,,,Consultation,,Pro',
    ]);
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('tells the host where a provider link stands: pending, or failed with the reason and a retry', async () => {
    signedInAs();
    const selects: string[] = [];
    const retried: unknown[] = [];
    server.use(
      restGet('event_types', []),
      http.get(api('/rest/v1/bookings'), ({ request }) => {
        selects.push(new URL(request.url).searchParams.get('select') ?? '');
        return HttpResponse.json([
          booking(5, 'confirmed', future, { location: { kind: 'google_meet', value: null }, link_state: { status: 'failed', error: 'Google Calendar answered 503' } }),
          booking(6, 'confirmed', future, { location: { kind: 'google_meet', value: null }, link_state: { status: 'pending', error: null } }),
        ]);
      }),
      http.post(api('/rest/v1/rpc/retry_meeting_link'), async ({ request }) => {
        retried.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderRoute('/bookings');
    const failed = await screen.findByRole('article', { name: 'Consultation with Guest 5' });
    expect(within(failed).getByText('Google Meet: link failed')).toBeInTheDocument();
    expect(within(failed).getByText('Google Calendar answered 503')).toBeInTheDocument();
    const pending = screen.getByRole('article', { name: 'Consultation with Guest 6' });
    expect(within(pending).getByText('Google Meet: link pending')).toBeInTheDocument();
    expect(within(pending).queryByRole('button', { name: 'Retry the link' })).toBeNull();
    expect(selects[0]).toContain('link_state');
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry the link' }));
    expect(await screen.findByText('Asked for the meeting link again')).toBeInTheDocument();
    expect(retried).toEqual([{ p_booking_id: 5 }]);
  });

  it('shows a paid booking\'s price and payment on its card, and never an expired hold', async () => {
    signedInAs();
    const paid = (extra: Record<string, unknown> = {}) => ({ amount: 1999, currency: 'usd', status: 'paid', refundedAmount: 0, refundStatus: null, refundFailure: null, ...extra });
    bookingsTable([
      booking(7, 'confirmed', future, { payment: paid() }),
      booking(8, 'awaiting_payment', future, { payment: paid({ status: 'open' }) }),
      booking(9, 'expired', future, { payment: paid({ status: 'expired' }) }),
      booking(10, 'cancelled', future, { payment: paid({ refundedAmount: 1999, refundStatus: 'succeeded' }) }),
      booking(11, 'cancelled', future, { payment: paid({ amount: 1500, currency: 'jpy', refundedAmount: 750, refundStatus: 'succeeded' }) }),
      booking(12, 'cancelled', future, { payment: paid({ refundStatus: 'failed', refundFailure: 'An unknown error occurred' }) }),
      booking(13, 'confirmed', future, { payment: null }),
    ]);
    renderRoute('/bookings');
    const card = await screen.findByRole('article', { name: 'Consultation with Guest 7' });
    expect(within(card).getByText('$19.99 · Paid')).toBeInTheDocument();
    const held = screen.getByRole('article', { name: 'Consultation with Guest 8' });
    expect(within(held).getByText('$19.99 · Awaiting payment')).toBeInTheDocument();
    expect(within(held).getByText('Awaiting Payment')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Consultation with Guest 9' })).toBeNull();
    expect(within(screen.getByRole('article', { name: 'Consultation with Guest 13' })).queryByText(/\$/)).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: /Cancelled/ }));
    const refunded = await screen.findByRole('article', { name: 'Consultation with Guest 10' });
    expect(within(refunded).getByText('$19.99 · Refunded')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Consultation with Guest 11' })).getByText('¥1,500 · Partially refunded (¥750)')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Consultation with Guest 12' })).getByText('$19.99 · Refund failed: An unknown error occurred')).toBeInTheDocument();
  });

  it('shows an error state when the list fails', async () => {
    signedInAs();
    server.use(restGet('event_types', []), http.get(api('/rest/v1/bookings'), () => HttpResponse.json({ message: 'nope' }, { status: 500 })));
    renderRoute('/bookings');
    expect(await screen.findByText('Could not load bookings')).toBeInTheDocument();
  });

  it('lists cards with guest details and confirms a pending booking', async () => {
    signedInAs();
    bookingsTable([booking(1, 'pending', future, { guest_phone: '+1 555', notes: 'Bring slides' }), booking(2, 'confirmed'), booking(3, 'cancelled')]);
    let patch: { id?: string | null; body?: unknown } = {};
    server.use(
      http.patch(api('/rest/v1/bookings'), async ({ request }) => {
        patch = { id: new URL(request.url).searchParams.get('id'), body: await request.json() };
        return HttpResponse.json({ id: 1 });
      }),
    );
    renderRoute('/bookings');
    const pending = await screen.findByRole('article', { name: 'Consultation with Guest 1' });
    expect(within(pending).getByText('Awaiting Confirmation')).toBeInTheDocument();
    expect(within(pending).getByText('45 minutes')).toBeInTheDocument();
    expect(within(pending).getByText('Guest Information')).toBeInTheDocument();
    expect(within(pending).getByText('+1 555')).toBeInTheDocument();
    expect(within(pending).getByText('Bring slides')).toBeInTheDocument();
    expect(within(pending).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    const confirmed = screen.getByRole('article', { name: 'Consultation with Guest 2' });
    expect(within(confirmed).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(confirmed).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Consultation with Guest 3' })).not.toBeInTheDocument();

    await userEvent.click(within(pending).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Booking Confirmed')).toBeInTheDocument();
    expect(patch).toEqual({ id: 'eq.1', body: { status: 'confirmed' } });
  });

  it('asks before rejecting: nothing is sent until the host says yes, and Keep it leaves the booking', async () => {
    signedInAs();
    bookingsTable([booking(1, 'pending')]);
    const patches: unknown[] = [];
    server.use(
      http.patch(api('/rest/v1/bookings'), async ({ request }) => {
        patches.push(await request.json());
        return HttpResponse.json({ id: 1 });
      }),
    );
    renderRoute('/bookings');
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Consultation with Guest 1' });
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    const ask = within(card).getByRole('alertdialog', { name: 'Reject this booking?' });
    expect(ask).toHaveTextContent('Guest 1 will be told the request was declined.');
    expect(within(ask).getByRole('button', { name: 'Yes, reject' })).toHaveFocus();
    await user.click(within(ask).getByRole('button', { name: 'Keep it' }));
    expect(within(card).queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Reject' })).toHaveFocus());
    expect(patches).toEqual([]);
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    await user.click(within(card).getByRole('button', { name: 'Yes, reject' }));
    expect(await screen.findByText('Booking Rejected')).toBeInTheDocument();
    expect(patches).toEqual([{ status: 'cancelled' }]);
  });

  it("says in the Cancelled tab who cancelled, why, and where a moved booking went", async () => {
    signedInAs();
    const moved = new Date(Date.UTC(2030, 4, 6, 14, 0)).toISOString();
    let select = '';
    server.use(
      restGet('event_types', []),
      http.get(api('/rest/v1/bookings'), ({ request }) => {
        select = new URL(request.url).searchParams.get('select') ?? '';
        return HttpResponse.json([
          booking(1, 'cancelled', future, { cancelled_by: 'guest', cancellation_reason: 'Ill today' }),
          booking(2, 'cancelled', future, { cancelled_by: 'host', cancellation_reason: null }),
          booking(3, 'cancelled', future, { cancelled_by: 'guest', rescheduled_to: 30, moved_to: { start_time: moved } }),
        ]);
      }),
    );
    renderRoute('/bookings');
    await userEvent.click(await screen.findByRole('tab', { name: 'Cancelled' }));
    const byGuest = await screen.findByRole('article', { name: 'Consultation with Guest 1' });
    expect(byGuest).toHaveTextContent('Cancelled by the guest');
    expect(byGuest).toHaveTextContent('Reason: Ill today');
    const byHost = screen.getByRole('article', { name: 'Consultation with Guest 2' });
    expect(byHost).toHaveTextContent('Cancelled by the host');
    expect(byHost).not.toHaveTextContent('Reason');
    const movedCard = screen.getByRole('article', { name: 'Consultation with Guest 3' });
    expect(movedCard).toHaveTextContent(`Rescheduled by the guest to ${formatDate(new Date(moved), 'EEE, MMM d, yyyy · h:mm a')}`);
    expect(movedCard).not.toHaveTextContent('Cancelled by');
    expect(select).toContain('moved_to:rescheduled_to(start_time)');
  });

  it('reports a failed reject', async () => {
    signedInAs();
    bookingsTable([booking(1, 'pending')]);
    server.use(http.patch(api('/rest/v1/bookings'), () => HttpResponse.json({ message: 'denied' }, { status: 403 })));
    renderRoute('/bookings');
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, reject' }));
    expect(await screen.findByText('Failed to reject booking. Please try again.')).toBeInTheDocument();
  });
});

describe('create booking dialog', () => {
  async function openDialog(locations: unknown[] = []) {
    signedInAs();
    bookingsTable([]);
    server.use(restGet('event_types', [{ id: 9, user_id: USER_ID, title: 'Intro', description: null, duration: 30, color: '#3b82f6', is_active: true, auto_confirm: true, price_cents: 0, created_at: '', updated_at: '', locations }]));
    renderRoute('/bookings');
    await userEvent.click(await screen.findByRole('button', { name: 'Create Booking' }));
    return screen.findByRole('dialog', { name: 'Create Booking' });
  }

  /** Intro picked and Lin (lin@example.com) typed in as the guest. */
  async function introForLin(user: UserEvent, dialog: HTMLElement) {
    await user.selectOptions(within(dialog).getByLabelText('Event Type'), '9');
    await user.type(within(dialog).getByLabelText('Guest Name'), 'Lin');
    await user.type(within(dialog).getByLabelText('Guest Email'), 'lin@example.com');
  }

  /** May 6, 2030 at 14:30. */
  async function pickTime(user: UserEvent, dialog: HTMLElement) {
    await user.type(within(dialog).getByLabelText('Date'), '2030-05-06');
    await user.selectOptions(within(dialog).getByLabelText('Time'), '14:30');
  }

  it('shows the validation messages of docs/product/validation.md', async () => {
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Booking' }));
    expect(await within(dialog).findByText('Please select an event type')).toBeInTheDocument();
    expect(within(dialog).getByText('Guest name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Valid email is required')).toBeInTheDocument();
  });

  it('asks for a date and time, then posts the booking and reports its status', async () => {
    const posted = recordBody('post', '/functions/v1/api/bookings', () => HttpResponse.json({ id: 1, status: 'confirmed' }, { status: 201 }));
    server.use(posted.handler);
    const dialog = await openDialog();
    const user = userEvent.setup();
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Intro (30 min)' })).toBeInTheDocument());
    await introForLin(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create Booking' }));
    expect(await screen.findByText('Missing Information')).toBeInTheDocument();
    expect(screen.getByText('Please select a date and time.')).toBeInTheDocument();

    await pickTime(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create Booking' }));
    await waitFor(() => expect(posted.body.eventTypeId).toBe(9));
    expect(posted.body).toMatchObject({ guestName: 'Lin', guestEmail: 'lin@example.com', guestPhone: null, guestCompany: null, notes: null });
    expect(Date.parse(String(posted.body.endTime)) - Date.parse(String(posted.body.startTime))).toBe(30 * 60_000);
  });

  it("asks where to meet when the event type offers several places, and sends the host's choice", async () => {
    const posted = recordBody('post', '/functions/v1/api/bookings', () => HttpResponse.json({ id: 1, status: 'confirmed' }, { status: 201 }));
    server.use(posted.handler);
    const dialog = await openDialog([{ kind: 'in_person', address: '1 Main St' }, { kind: 'phone_host_calls' }]);
    const user = userEvent.setup();
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Intro (30 min)' })).toBeInTheDocument());
    expect(within(dialog).queryByLabelText('Where')).toBeNull();
    await introForLin(user, dialog);
    await pickTime(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create Booking' }));
    expect(await screen.findByText('Please choose where to meet.')).toBeInTheDocument();
    expect(posted.body).toEqual({});
    await user.selectOptions(within(dialog).getByLabelText('Where'), 'Phone call (the host calls the guest)');
    expect(within(dialog).getByRole('textbox', { name: /^Phone/ })).toBeRequired();
    await user.type(within(dialog).getByRole('textbox', { name: /^Phone/ }), '+44 20 7946 0958');
    await user.click(within(dialog).getByRole('button', { name: 'Create Booking' }));
    await waitFor(() => expect(posted.body).toMatchObject({ eventTypeId: 9, locationKind: 'phone_host_calls', guestPhone: '+44 20 7946 0958' }));
  });
});

describe('bookings page in the host’s language', () => {
  it('speaks German to a host whose profile reads German: headings, tabs, a seats group, a card’s length, date, payment and actions', async () => {
    signedInAs({ locale: 'de' });
    const workshop = { title: 'Workshop', duration: 60, seats_per_slot: 10 };
    const paid = { amount: 1999, currency: 'eur', status: 'paid', refundedAmount: 0, refundStatus: null, refundFailure: null };
    bookingsTable([
      booking(1, 'confirmed', future, { seat_slot_id: 7, event_type: workshop }),
      booking(2, 'confirmed', future, { seat_slot_id: 7, event_type: workshop }),
      booking(3, 'pending', future, { payment: paid }),
    ]);
    renderRoute('/bookings');
    expect(await screen.findByRole('heading', { name: 'Alle Buchungen' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Anstehend' })).toBeInTheDocument();
    expect(await screen.findByText('Gruppe: 2 von 10 Plätzen belegt')).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Consultation mit Guest 3' });
    expect(within(card).getByText('45 Minuten')).toBeInTheDocument();
    expect(within(card).getByText(formatDate(new Date(future), 'EEE, MMM d, yyyy · h:mm a', undefined, 'de'))).toBeInTheDocument();
    expect(within(card).getByText('19,99 € · Bezahlt')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Bestätigen' })).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Ablehnen' }));
    expect(await within(card).findByRole('alertdialog', { name: 'Diese Buchung ablehnen?' })).toHaveTextContent('Guest 3 erfährt, dass die Anfrage abgelehnt wurde.');
    expect(within(card).getByRole('button', { name: 'Behalten' })).toBeInTheDocument();
  });

  it('asks in French in the Create Booking dialog, its validation messages too', async () => {
    signedInAs({ locale: 'fr' });
    bookingsTable([]);
    renderRoute('/bookings');
    await userEvent.click(await screen.findByRole('button', { name: 'Créer une réservation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Créer une réservation' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer une réservation' }));
    expect(await within(dialog).findByText('Veuillez choisir un type d’événement')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Téléphone (facultatif)')).toBeInTheDocument();
    expect(within(dialog).getByText('Le nom de l’invité est obligatoire')).toBeInTheDocument();
    expect(within(dialog).getByText('Une adresse e-mail valide est requise')).toBeInTheDocument();
  });
});
