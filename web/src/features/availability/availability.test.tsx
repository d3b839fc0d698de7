import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../test/server.ts';
import { addDays, addMonths, format, startOfMonth } from 'date-fns';
import { api, renderRoute, restGet, rpc, signedInAs, USER_ID, recordBody } from '../../test/utils.tsx';
import { noCalendars } from '../../test/calendars.ts';
import { rulesToWeek, weekToRules } from './AvailabilityPage.tsx';
import { zoneLabel } from '../../lib/zones.ts';

// The sections this file is not about answer empty.
beforeEach(() => server.use(...noCalendars, restGet('date_overrides', []), restGet('time_off', [])));

describe('availability page', () => {
  it('lists the week Monday first and saves every range', async () => {
    signedInAs();
    let saved: unknown = null;
    server.use(
      restGet('availability_rules', [{ id: 1, user_id: 'u', day_of_week: 1, start_time: '09:00', end_time: '12:00', is_enabled: true }]),
      restGet('user_settings', []),
      restGet('event_types', []),
      rpc('replace_availability', async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json([]);
      }),
    );
    renderRoute('/availability');
    expect(await screen.findByRole('heading', { name: 'Working Hours' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Buffer Times' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Booking Preferences' })).toBeInTheDocument();
    const days = await screen.findAllByRole('checkbox');
    expect(days.map((box) => box.closest('label')?.textContent)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    const user = userEvent.setup();
    await user.click(screen.getByText('Sunday'));
    await user.click(screen.getAllByRole('button', { name: 'Add time range' })[0]);
    // The new range starts as 09:00-17:00 (docs/product/screens.md), over the morning: moved to the afternoon.
    await user.selectOptions(screen.getByLabelText('Monday range 2 start'), '13:00');
    await user.click(screen.getByRole('button', { name: 'Save Working Hours' }));
    expect(await screen.findByText('Availability updated successfully')).toBeInTheDocument();
    expect(saved).toEqual({
      p_rules: [
        { day_of_week: 1, start_time: '09:00', end_time: '12:00', is_enabled: true },
        { day_of_week: 1, start_time: '13:00', end_time: '17:00', is_enabled: true },
        { day_of_week: 0, start_time: '09:00', end_time: '17:00', is_enabled: true },
      ],
    });
  });

  it('refuses a range that ends before it starts or overlaps another, on the row itself', async () => {
    signedInAs();
    server.use(
      restGet('availability_rules', [{ id: 1, user_id: 'u', day_of_week: 1, start_time: '09:00', end_time: '12:00', is_enabled: true }]),
      restGet('user_settings', []),
      restGet('event_types', []),
    );
    renderRoute('/availability');
    const user = userEvent.setup();
    const end = await screen.findByLabelText('Monday range 1 end');
    await user.selectOptions(end, '08:00');
    expect(end).toHaveAttribute('aria-invalid', 'true');
    expect(end).toHaveAccessibleDescription('Ends before it starts: pick an end after 9:00 AM.');
    expect(screen.getByRole('button', { name: 'Save Working Hours' })).toBeDisabled();
    expect(screen.getByText('Fix the marked ranges to save.')).toBeInTheDocument();
    await user.selectOptions(end, '12:00');
    await user.click(screen.getAllByRole('button', { name: 'Add time range' })[0]);
    expect(screen.getByLabelText('Monday range 2 start')).toHaveAccessibleDescription('Overlaps range 1 (9:00 AM–12:00 PM): pick times that don’t.');
    expect(screen.getByLabelText('Monday range 1 start')).toHaveAccessibleDescription('Overlaps range 2 (9:00 AM–5:00 PM): pick times that don’t.');
    expect(screen.getByRole('button', { name: 'Save Working Hours' })).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Monday range 2 start'), '12:00');
    expect(screen.getByLabelText('Monday range 2 start')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('button', { name: 'Save Working Hours' })).toBeEnabled();
  });

  it('says which time zone the hours are in, with the way to change it', async () => {
    signedInAs({ timezone: 'Europe/Stockholm' });
    server.use(restGet('user_settings', []), restGet('event_types', []));
    renderRoute('/availability');
    const stockholm = zoneLabel('Europe/Stockholm'); // Stockholm (CET, UTC+1), or CEST in summer
    const zone = await screen.findByText(stockholm);
    expect(zone.closest('p')).toHaveTextContent(`One or more time ranges per day. Your hours are in ${stockholm}, your profile's time zone (change it).`);
    expect(screen.getByRole('link', { name: 'change it' })).toHaveAttribute('href', '/profile');
  });

  it('offers the choices of docs/product/constants.md and saves the settings', async () => {
    signedInAs();
    const saved = recordBody('post', '/rest/v1/user_settings', () => new HttpResponse(null, { status: 201 }));
    server.use(restGet('availability_rules', []), restGet('user_settings', []), restGet('event_types', []), saved.handler);
    renderRoute('/availability');
    const before = await screen.findByLabelText('Buffer before');
    expect([...(before as HTMLSelectElement).options].map((option) => option.value)).toEqual(['0', '5', '10', '15', '30']);
    expect(before).toHaveValue('10');
    const notice = screen.getByLabelText('Minimum notice') as HTMLSelectElement;
    expect([...notice.options].map((option) => option.value)).toEqual(['0', '60', '120', '240', '1440', '2880']);
    expect(notice).toHaveValue('1440');
    const future = screen.getByLabelText('Maximum future bookings') as HTMLSelectElement;
    expect([...future.options].map((option) => option.value)).toEqual(['7', '14', '30', '60', '90']);
    await userEvent.selectOptions(future, '90');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(saved.body).toMatchObject({ buffer_before: 10, buffer_after: 10, minimum_notice: 1440, max_future_bookings: 90 }));
  });

  it('reports a failed save', async () => {
    signedInAs();
    server.use(
      restGet('availability_rules', []),
      restGet('user_settings', []),
      restGet('event_types', []),
      rpc('replace_availability', () => HttpResponse.json({ message: 'no' }, { status: 403 })),
    );
    renderRoute('/availability');
    await userEvent.click(await screen.findByRole('button', { name: 'Save Working Hours' }));
    expect(await screen.findByText('Failed to update availability')).toBeInTheDocument();
  });

  it('clears the stale error as soon as the same action succeeds', async () => {
    signedInAs();
    let fail = true;
    server.use(
      restGet('availability_rules', []),
      restGet('user_settings', []),
      restGet('event_types', []),
      rpc('replace_availability', () => (fail ? HttpResponse.json({ message: 'no' }, { status: 503 }) : HttpResponse.json([]))),
    );
    renderRoute('/availability');
    const save = await screen.findByRole('button', { name: 'Save Working Hours' });
    await userEvent.click(save);
    expect(await screen.findByText('Failed to update availability')).toBeInTheDocument();
    fail = false;
    await userEvent.click(save);
    // The success is shown at once, in place of the error (one toast at a time: it would wait behind it).
    expect(await screen.findByText('Availability updated successfully', {}, { timeout: 2_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Failed to update availability')).toBeNull());
  });
});

describe('week conversion', () => {
  it('round-trips several ranges per day', () => {
    const rules = [
      { day_of_week: 2, start_time: '09:00', end_time: '12:00', is_enabled: true },
      { day_of_week: 2, start_time: '13:00', end_time: '17:00', is_enabled: true },
    ];
    expect(weekToRules(rulesToWeek(rules))).toEqual(rules);
  });
});

/** The month calendar's name for a day. */
const cell = (day: Date) => format(day, 'EEEE, MMMM d, yyyy');

describe('date overrides and time off', () => {
  const base = () => [restGet('availability_rules', []), restGet('user_settings', []), restGet('event_types', [])];

  /** The Availability page with one upcoming day-off override, three days ahead; records saves and deletes. */
  function overridesPage() {
    signedInAs();
    const upcoming = format(addDays(new Date(), 3), 'yyyy-MM-dd');
    const reads: string[] = [];
    const saved: unknown[] = [];
    const deleted: string[] = [];
    server.use(
      ...base(),
      http.get(api('/rest/v1/date_overrides'), ({ request }) => {
        reads.push(new URL(request.url).search);
        return HttpResponse.json([{ date: upcoming, start_time: null, end_time: null }]);
      }),
      rpc('replace_date_override', async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json([]);
      }),
      http.delete(api('/rest/v1/date_overrides'), ({ request }) => {
        deleted.push(new URL(request.url).search);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderRoute('/availability');
    return { upcoming, reads, saved, deleted };
  }

  it('picks a date on the month calendar and saves its hours; upcoming overrides are listed, past ones not read', async () => {
    const { reads, saved } = overridesPage();
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Upcoming overrides' });
    expect(within(list).getByText(cell(addDays(new Date(), 3)))).toBeInTheDocument();
    expect(within(list).getByText('Unavailable')).toBeInTheDocument();
    // Past overrides are not read at all.
    expect(decodeURIComponent(reads[0])).toContain(`date=gte.${format(new Date(), 'yyyy-MM-dd')}`);

    const calendar = screen.getByRole('grid', { name: 'Pick a date to override' });
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(within(calendar).getByRole('gridcell', { name: cell(addDays(startOfMonth(new Date()), -10)) })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    const day = addDays(startOfMonth(addMonths(new Date(), 1)), 19);
    await user.click(within(calendar).getByRole('gridcell', { name: cell(day) }));
    await user.selectOptions(screen.getByLabelText('Override range 1 start'), '10:00');
    await user.selectOptions(screen.getByLabelText('Override range 1 end'), '09:00');
    expect(await screen.findByRole('alert')).toHaveTextContent('End time must be after start time');
    expect(screen.getByRole('button', { name: 'Save Override' })).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Override range 1 end'), '12:00');
    await user.click(screen.getByRole('button', { name: 'Add time range' }));
    await user.selectOptions(screen.getByLabelText('Override range 2 start'), '13:00');
    await user.click(screen.getByRole('button', { name: 'Save Override' }));
    expect(await screen.findByText('Date override saved')).toBeInTheDocument();
    const date = format(day, 'yyyy-MM-dd');
    expect(saved).toEqual([{ p_date: date, p_ranges: [{ start_time: '10:00', end_time: '12:00' }, { start_time: '13:00', end_time: '17:00' }] }]);
  });

  it('makes a date unavailable all day, and deletes an upcoming override', async () => {
    const { upcoming, saved, deleted } = overridesPage();
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Upcoming overrides' });
    const calendar = screen.getByRole('grid', { name: 'Pick a date to override' });
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    const day = addDays(startOfMonth(addMonths(new Date(), 1)), 20);
    await user.click(within(calendar).getByRole('gridcell', { name: cell(day) }));
    await user.click(screen.getByText('Unavailable all day'));
    await user.click(screen.getByRole('button', { name: 'Save Override' }));
    await waitFor(() => expect(saved).toEqual([{ p_date: format(day, 'yyyy-MM-dd'), p_ranges: [] }]));

    await user.click(within(list).getByRole('button', { name: `Delete override for ${cell(addDays(new Date(), 3))}` }));
    // One toast at a time (docs/product/constants.md): 'Date override saved' may still be showing.
    await waitFor(() => expect(deleted).toHaveLength(1));
    expect(decodeURIComponent(deleted[0])).toContain(`date=eq.${upcoming}`);
    expect(decodeURIComponent(deleted[0])).toContain(`user_id=eq.${USER_ID}`);
  });

  it('adds time off with a note, checks the order of the days, and deletes it', async () => {
    signedInAs();
    const added = recordBody('post', '/rest/v1/time_off', () => new HttpResponse(null, { status: 201 }));
    const deleted: string[] = [];
    server.use(
      ...base(),
      http.get(api('/rest/v1/time_off'), () =>
        HttpResponse.json([{ id: 5, user_id: USER_ID, start_date: '2099-12-24', end_date: '2099-12-31', note: 'Family holiday', created_at: '' }]),
      ),
      added.handler,
      http.delete(api('/rest/v1/time_off'), ({ request }) => {
        deleted.push(new URL(request.url).searchParams.get('id') ?? '');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderRoute('/availability');
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Upcoming time off' });
    expect(within(list).getByText('Dec 24, 2099 – Dec 31, 2099')).toBeInTheDocument();
    expect(within(list).getByText('Family holiday')).toBeInTheDocument();

    await user.type(screen.getByLabelText('From'), '2099-08-10');
    await user.type(screen.getByLabelText('To'), '2099-08-03');
    await user.click(screen.getByRole('button', { name: 'Add Time Off' }));
    expect(await screen.findByText('End date must not be before start date')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2099-08-16');
    await user.type(screen.getByLabelText('Note (only you see it)'), 'Summer');
    await user.click(screen.getByRole('button', { name: 'Add Time Off' }));
    expect(await screen.findByText('Time off added')).toBeInTheDocument();
    expect(added.body).toEqual({ user_id: USER_ID, start_date: '2099-08-10', end_date: '2099-08-16', note: 'Summer' });

    await user.click(within(list).getByRole('button', { name: 'Delete time off Dec 24, 2099 – Dec 31, 2099' }));
    // One toast at a time: 'Time off added' may still be showing.
    await waitFor(() => expect(deleted).toEqual(['eq.5']));
  });
});

describe('availability page in the host’s language', () => {
  it('speaks French to a host whose profile reads French: the week’s days, a range’s problem, the settings’ choices, time off and its messages', async () => {
    signedInAs({ locale: 'fr' });
    server.use(
      restGet('availability_rules', [
        { id: 1, user_id: 'u', day_of_week: 1, start_time: '09:00', end_time: '12:00', is_enabled: true },
        { id: 2, user_id: 'u', day_of_week: 1, start_time: '11:00', end_time: '10:00', is_enabled: true },
      ]),
      restGet('user_settings', []),
      restGet('event_types', []),
    );
    renderRoute('/availability');
    expect(await screen.findByRole('heading', { name: 'Horaires de travail' })).toBeInTheDocument();
    const days = await screen.findAllByRole('checkbox');
    expect(days.slice(0, 7).map((box) => box.closest('label')?.textContent)).toEqual(['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche']);
    expect(screen.getByLabelText('lundi, plage 2 : fin')).toHaveAccessibleDescription(/^La fin précède le début : choisissez une fin après /);
    expect(screen.getByText('Corrigez les plages signalées pour enregistrer.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Temps tampons' })).toBeInTheDocument();
    const options = (label: string) => within(screen.getByLabelText(label)).getAllByRole('option').map((option) => option.textContent);
    expect(options('Délai de prévenance minimum')).toEqual(['Aucun minimum', '1 heure', '2 heures', '4 heures', '1 jour', '2 jours']);
    expect(options('Les invités peuvent annuler ou déplacer')[0]).toBe('Jusqu’au début');
    expect(options('Tampon avant')).toContain('15 minutes');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Ajouter un congé' }));
    expect(await screen.findAllByText('La date doit être au format AAAA-MM-JJ')).toHaveLength(2);
    expect(screen.getByText('Aucun congé prévu.')).toBeInTheDocument();
    expect(screen.getByText('Aucun calendrier connecté pour l’instant.')).toBeInTheDocument();
  });
});
