import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/server.ts';
import { api, renderRoute, restGet, rpc, signedInAs, USER_ID } from '../../test/utils.tsx';
import { percentChange } from './hooks.ts';
import { zoneLabel } from '../../lib/zones.ts';

const stats = {
  total_bookings: 12,
  total_hours: 7.5,
  active_clients: 5,
  revenue: 1250,
  previous_total_bookings: 10,
  previous_total_hours: 0,
  previous_active_clients: 5,
  previous_revenue: 2500,
};

const INTRO = { id: 42, user_id: USER_ID, title: 'Intro', description: null, duration: 30, color: '#3b82f6', is_active: true, auto_confirm: true, price_cents: 0, created_at: '', updated_at: '' };
/** A web sign-up's week: Monday to Friday, 09:00-17:00. */
const WEEKDAYS = [1, 2, 3, 4, 5].map((day) => ({ id: day, user_id: USER_ID, day_of_week: day, start_time: '09:00', end_time: '17:00', is_enabled: true }));

describe('dashboard', () => {
  it('shows the four stat cards with real numbers and changes, for the chosen timeframe', async () => {
    signedInAs({ first_name: 'Ada' });
    const timeframes: string[] = [];
    server.use(
      restGet('bookings', []),
      restGet('event_types', []),
      restGet('availability_rules', WEEKDAYS),
      rpc('dashboard_stats', async ({ request }: { request: Request }) => {
        timeframes.push(((await request.json()) as { p_timeframe: string }).p_timeframe);
        return HttpResponse.json(stats);
      }),
    );
    renderRoute('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada!' })).toBeInTheDocument();
    const bookings = await screen.findByRole('region', { name: 'Bookings' });
    await waitFor(() => expect(within(bookings).getByText('12')).toBeInTheDocument());
    expect(within(bookings).getByText('+20% from previous period')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Total Hours' })).getByText('7.5h')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Total Hours' })).getByText('New this period')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Revenue' })).getByText('$1,250')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Revenue' })).getByText('-50% from previous period')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Active Clients' })).getByText('+0% from previous period')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Analytics timeframe'), 'quarter');
    await waitFor(() => expect(timeframes).toEqual(['month', 'quarter']));
  });

  it('shows the revenue Stripe took, net of refunds, one line per currency', async () => {
    signedInAs({ first_name: 'Ada' });
    server.use(
      restGet('bookings', []),
      restGet('event_types', []),
      restGet('availability_rules', WEEKDAYS),
      rpc('dashboard_stats', { ...stats, revenue: 50, revenue_by_currency: [{ currency: 'eur', amount: 1000 }, { currency: 'jpy', amount: 1500 }, { currency: 'usd', amount: 5000 }], previous_revenue: 25 }),
    );
    renderRoute('/dashboard');
    const revenue = await screen.findByRole('region', { name: 'Revenue' });
    await waitFor(() => expect(within(revenue).getByText('€10.00')).toBeInTheDocument());
    expect(within(revenue).getByText('¥1,500')).toBeInTheDocument();
    expect(within(revenue).getByText('$50.00')).toBeInTheDocument();
    // The change compares the dollars, the spec's figure.
    expect(within(revenue).getByText('+100% from previous period')).toBeInTheDocument();
  });

  it('shows skeletons while loading, then the empty states', async () => {
    signedInAs();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(api('/rest/v1/bookings'), async () => {
        await gate;
        return HttpResponse.json([]);
      }),
      restGet('event_types', []),
      restGet('availability_rules', WEEKDAYS),
      rpc('dashboard_stats', async () => {
        await gate;
        return HttpResponse.json(stats);
      }),
    );
    renderRoute('/dashboard');
    expect(await screen.findAllByTestId('calendar-skeleton')).toHaveLength(35);
    expect(screen.getAllByTestId('stat-skeleton')).toHaveLength(4);
    release();
    expect(await screen.findByText('No upcoming bookings')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View All Bookings' })).toHaveAttribute('href', '/bookings');
    expect(await screen.findByText('No event types created yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Your First Event Type' })).toBeInTheDocument();
    expect(await screen.findByRole('grid', { name: 'Your Calendar' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
  });

  it('marks days with bookings and shares links', async () => {
    signedInAs();
    const start = new Date();
    start.setHours(12, 0, 0, 0);
    server.use(
      http.get(api('/rest/v1/bookings'), () => HttpResponse.json([{ id: 1, start_time: start.toISOString(), end_time: start.toISOString(), status: 'confirmed' }])),
      restGet('event_types', [INTRO]),
      restGet('availability_rules', WEEKDAYS),
      rpc('dashboard_stats', stats),
    );
    renderRoute('/dashboard');
    expect(await screen.findByRole('gridcell', { name: /has bookings/ })).toHaveAttribute('aria-current', 'date');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Share' })).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Link Copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/book/42`);
  });
});

describe('setup checklist', () => {
  it("shows a new host what is done and what is left, ticks Share when the link is copied, and goes once all is done", async () => {
    // As a web sign-up starts: hours and an event type, no handle yet, nothing shared.
    signedInAs({ first_name: 'Sven', handle: null, timezone: 'Europe/Stockholm' });
    server.use(restGet('bookings', []), restGet('event_types', [INTRO]), restGet('availability_rules', WEEKDAYS), rpc('dashboard_stats', stats));
    renderRoute('/dashboard');
    const checklist = await screen.findByRole('region', { name: 'Get set up' });
    expect(within(checklist).getByText('2 of 4 done. Guests can book you once your hours and an event type are set.')).toBeInTheDocument();
    const steps = within(checklist).getAllByRole('listitem').map((item) => item.textContent);
    expect(steps[0]).toContain('Set your working hours (done)');
    expect(steps[0]).toContain(`in your time zone: ${zoneLabel('Europe/Stockholm')}.`);
    expect(steps[1]).toContain('Create an event type (done)');
    expect(steps[2]).toContain('Complete your profile (to do)');
    expect(steps[3]).toContain('Share your booking link (to do)');
    expect(within(checklist).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');

    const user = userEvent.setup();
    await user.click(within(checklist).getByRole('button', { name: 'Copy your link' }));
    // The profile is not public yet, so the link that works is the event type's booking page.
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/book/42`);
    await waitFor(() => expect(within(checklist).getByText(/3 of 4 done/)).toBeInTheDocument());
    expect(within(checklist).getAllByRole('listitem')[3]).toHaveTextContent('Share your booking link (done)');
  });

  it('asks for hours and an event type when there are none, and is not shown to a host who is set up', async () => {
    signedInAs({ first_name: 'Oli', handle: null });
    server.use(restGet('bookings', []), restGet('event_types', []), restGet('availability_rules', [{ ...WEEKDAYS[0], is_enabled: false }]), rpc('dashboard_stats', stats));
    const { unmount } = renderRoute('/dashboard');
    const checklist = await screen.findByRole('region', { name: 'Get set up' });
    expect(within(checklist).getByText(/0 of 4 done/)).toBeInTheDocument();
    expect(within(checklist).getByRole('link', { name: 'Availability' })).toHaveAttribute('href', '/availability');
    unmount();

    signedInAs({ first_name: 'Ada', handle: 'ada' });
    localStorage.setItem(`kairos:link-shared:${USER_ID}`, '2026-01-01T00:00:00Z');
    let hoursRead = false;
    server.use(
      restGet('bookings', []),
      restGet('event_types', [INTRO]),
      http.get(api('/rest/v1/availability_rules'), () => {
        hoursRead = true;
        return HttpResponse.json(WEEKDAYS);
      }),
      rpc('dashboard_stats', stats),
    );
    renderRoute('/dashboard');
    await screen.findByText('Intro');
    await waitFor(() => expect(hoursRead).toBe(true));
    await act(async () => {});
    expect(screen.queryByRole('region', { name: 'Get set up' })).toBeNull();
  });
});

describe('no bookable time', () => {
  it('tells a host without working hours that guests can book none of their event types, with the way to the hours', async () => {
    signedInAs({ first_name: 'Ada' });
    server.use(restGet('bookings', []), restGet('event_types', [INTRO]), restGet('availability_rules', []), rpc('dashboard_stats', stats));
    renderRoute('/dashboard');
    expect(await screen.findByText('Guests can’t book this yet')).toBeInTheDocument();
    expect(screen.getByText('You have no working hours, so guests see no time to book for any of your event types.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Set your working hours' })[0]).toHaveAttribute('href', '/availability');
    expect(screen.getByText('No bookable time')).toBeInTheDocument();
  });
});

describe('a Google or Apple sign-up', () => {
  /**
   * A provider sign-up's first visit: no zone named at sign-up, no hours, no event type until
   * start_first_week has answered; its first `failures` calls answer 503. With `slowReads`, the
   * hours and event types read before the week started answer only after it has (what a busy
   * server does): they say what they saw, no week. Returns the bodies sent.
   */
  function firstVisit({ failures = 0, slowReads = false } = {}): unknown[] {
    const sent: unknown[] = [];
    let started = false;
    let answered = () => {};
    const startAnswered = new Promise<void>((resolve) => (answered = resolve));
    /** What the table held when the read arrived, sent after the week started if reads are slow. */
    const read = (rows: unknown[]) => async () => {
      const seen = started ? rows : [];
      if (slowReads && !started) await startAnswered.then(() => new Promise((resolve) => setTimeout(resolve, 50)));
      return HttpResponse.json(seen);
    };
    signedInAs({ first_name: 'Gita', timezone: 'UTC', awaits_time_zone: true });
    server.use(
      restGet('bookings', []),
      rpc('dashboard_stats', stats),
      rpc('start_first_week', async ({ request }: { request: Request }) => {
        sent.push(await request.json());
        if (sent.length <= failures) return HttpResponse.json({ message: 'Service temporarily unavailable' }, { status: 503 });
        started = true;
        setTimeout(answered, 0);
        return HttpResponse.json(true);
      }),
      http.get(api('/rest/v1/availability_rules'), read(WEEKDAYS)),
      http.get(api('/rest/v1/event_types'), read([INTRO])),
    );
    renderRoute('/dashboard');
    return sent;
  }

  it("sends the browser's zone on its first visit, once, and reads its new week", async () => {
    const sent = firstVisit();
    const checklist = await screen.findByRole('region', { name: 'Get set up' });
    await waitFor(() => expect(within(checklist).getAllByRole('listitem')[0].textContent).toContain('Set your working hours (done)'));
    expect(sent).toEqual([{ p_timezone: Intl.DateTimeFormat().resolvedOptions().timeZone }]);
    expect(within(checklist).getAllByRole('listitem')[1].textContent).toContain('Create an event type (done)');
  });

  it('sends the first visit\'s zone again after a failed try, and the week still starts', async () => {
    const sent = firstVisit({ failures: 1 });
    const checklist = await screen.findByRole('region', { name: 'Get set up' });
    await waitFor(() => expect(within(checklist).getAllByRole('listitem')[0].textContent).toContain('Set your working hours (done)'), { timeout: 5000 });
    expect(sent).toHaveLength(2);
  });
  it('reads the week again when the first reads were still under way as it started', async () => {
    firstVisit({ slowReads: true });
    const checklist = await screen.findByRole('region', { name: 'Get set up' });
    await waitFor(() => expect(within(checklist).getAllByRole('listitem')[0].textContent).toContain('Set your working hours (done)'));
    expect(within(checklist).getAllByRole('listitem')[1].textContent).toContain('Create an event type (done)');
  });
});

describe('percentChange', () => {
  it('compares with the previous period', () => {
    expect(percentChange(15, 10)).toBe(50);
    expect(percentChange(5, 10)).toBe(-50);
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(3, 0)).toBeNull();
  });
});
