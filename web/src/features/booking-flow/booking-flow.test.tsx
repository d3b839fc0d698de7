import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { addDays, format, isSameMonth, startOfDay } from 'date-fns';
import { formatInTimeZone } from 'date-fns-tz';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/server.ts';
import { api, renderRoute, rpc, signedInAs, timeButton, USER_ID } from '../../test/utils.tsx';
import { publicEventType } from '../../test/publicEventType.ts';
import { zoneLabel } from '../../lib/zones.ts';
import { dateKey, isDayDisabled } from './hooks.ts';

const TODAY = startOfDay(new Date());
const DAY = addDays(TODAY, 2);
const FREE_DAY = addDays(TODAY, 3);

const eventType = publicEventType({ description: 'Plan the quarter.', auto_confirm: false, host_timezone: 'Europe/Paris', host_title: 'Coach' });

function slot(hour: number) {
  const start = new Date(Date.UTC(DAY.getFullYear(), DAY.getMonth(), DAY.getDate(), hour));
  return { start: start.toISOString(), end: new Date(start.getTime() + 30 * 60_000).toISOString(), date: dateKey(DAY), label: `${hour}:00` };
}

/** The slots function offers two times on DAY only; returns the list of requests it saw. */
function slotsAnswer() {
  const requests: URL[] = [];
  server.use(
    http.get(api('/functions/v1/slots'), ({ request }) => {
      requests.push(new URL(request.url));
      const slots = [slot(10), slot(11)];
      return HttpResponse.json({ timeZone: 'UTC', duration: 30, hostTimeZone: 'Europe/Paris', slots });
    }),
  );
  return requests;
}

/** The bookings function books 10:00 at `location`; `body` is what it was sent (empty until then). */
function bookedAt(location: object) {
  const body: Record<string, unknown> = {};
  server.use(
    http.post(api('/functions/v1/bookings'), async ({ request }) => {
      Object.assign(body, await request.json());
      return HttpResponse.json({ id: 3, uid: 'b3', status: 'confirmed', startTime: slot(10).start, endTime: slot(10).end, location }, { status: 201 });
    }),
  );
  return { body };
}

/** The calendar opens on the month of the first free day (DAY's): it shows `day`'s month once the times are in. */
async function showMonthOf(day: Date) {
  await screen.findByText(format(day, 'MMMM yyyy'));
}

/** With no times to open on, the calendar shows this month: turn to `day`'s (two days on may be next month's). */
async function turnToMonthOf(day: Date) {
  if (!isSameMonth(day, TODAY)) await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
  await showMonthOf(day);
}

const cell = (day: Date) => screen.getByRole('gridcell', { name: format(day, 'EEEE, MMMM d, yyyy') });

/** The booking page's event type is `offered`, its slots answered, and 10:00 booked: what was sent (bookedAt). */
function bookingPageOf(offered: object) {
  server.use(rpc('public_event_type', [offered]));
  slotsAnswer();
  return bookedAt({ kind: 'jitsi', value: 'https://meet.jit.si/x' });
}

/** Shows DAY's month, waits until DAY is offered, and picks `time` on it (in `scope`, a dialog say). */
async function pickSlot(user: UserEvent, time: string, scope: HTMLElement = document.body) {
  await showMonthOf(DAY);
  await waitFor(() => expect(cell(DAY)).toBeEnabled());
  await user.click(cell(DAY));
  await user.click(await within(scope).findByRole('button', { name: timeButton(time) }));
}

/** Ada's public calendar with the event type (`extra` added to it), its Book a Meeting dialog open at 10:00. */
async function dialogAtTen(extra: Record<string, unknown> = {}) {
  server.use(
    rpc('public_profile', [{ id: USER_ID, handle: 'ada', first_name: 'Ada', last_name: 'Host', timezone: 'Europe/Paris', bio: null, title: 'Coach', company: null, location: null, website: null, linkedin: null, twitter: null, instagram: null, profile_image_url: null }]),
    rpc('public_event_types', [{ ...eventType, description: null, ...extra }]),
  );
  slotsAnswer();
  renderRoute(`/calendar/${USER_ID}`);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Select Time' }));
  const dialog = await screen.findByRole('dialog', { name: 'Book a Meeting' });
  await pickSlot(user, '10:00 AM', dialog);
  return { user, dialog };
}

/** Event type 5's booking page at `path`, shown (its heading in): the user to go on with. */
async function openBookingPage(path = '/book/5'): Promise<UserEvent> {
  renderRoute(path);
  await screen.findByRole('heading', { name: 'Strategy Call' });
  return userEvent.setup();
}

/** The booking page of event type 5, its 10:00 slot picked and a guest's name and email typed in. */
async function fillBookingPage(): Promise<UserEvent> {
  const user = await openBookingPage();
  await pickSlot(user, '10:00 AM');
  await user.type(screen.getByLabelText('Full Name'), 'Grace Guest');
  await user.type(screen.getByLabelText('Email'), 'grace@example.com');
  return user;
}

/** Book Meeting pressed with `field` wrong: it says `message`, and nothing was sent (`body`, as bookedAt gives it). */
async function refusedAt(user: UserEvent, body: object, field: HTMLElement, message: string) {
  await user.click(screen.getByRole('button', { name: 'Book Meeting' }));
  await waitFor(() => expect(field).toHaveAccessibleErrorMessage(message));
  expect(body).toEqual({});
}

describe('date picker rules', () => {
  it('disables past days, days beyond 60 days and days without offered slots', () => {
    const offered = new Set([dateKey(DAY)]);
    expect(isDayDisabled(addDays(TODAY, -1), null, TODAY)).toBe(true);
    expect(isDayDisabled(TODAY, null, TODAY)).toBe(false);
    expect(isDayDisabled(addDays(TODAY, 60), null, TODAY)).toBe(false);
    expect(isDayDisabled(addDays(TODAY, 61), null, TODAY)).toBe(true);
    expect(isDayDisabled(DAY, offered, TODAY)).toBe(false);
    expect(isDayDisabled(FREE_DAY, offered, TODAY)).toBe(true);
  });
});

describe('event booking page', () => {
  it('shows a paid event type\'s price on its page, formatted in its currency', async () => {
    server.use(rpc('public_event_type', [{ ...eventType, price_cents: 1500, currency: 'jpy' }]));
    slotsAnswer();
    renderRoute('/book/5');
    const aside = (await screen.findByRole('heading', { name: 'Strategy Call' })).closest('aside')!;
    expect(within(aside).getByText('¥1,500')).toBeInTheDocument();
  });

  it('lists a host\'s paid event types with their price on the public calendar', async () => {
    const { dialog } = await dialogAtTen({ price_cents: 1999, currency: 'usd' });
    expect(within(dialog).getByText('Strategy Call · 30 minutes · $19.99')).toBeInTheDocument();
    // And on its card behind the dialog.
    expect(screen.getByText('$19.99')).toBeInTheDocument();
  });

  it('shows Event Not Found for an unknown id', async () => {
    server.use(rpc('public_event_type', []));
    renderRoute('/book/404');
    expect(await screen.findByText('Event Not Found')).toBeInTheDocument();
    expect(screen.getByText("The event type you're looking for doesn't exist.")).toBeInTheDocument();
  });

  it('books a slot: disabled until date and time, then the confirmation screen until the guest books another time', async () => {
    server.use(rpc('public_event_type', [eventType]));
    const requests = slotsAnswer();
    let body: Record<string, unknown> = {};
    server.use(
      http.post(api('/functions/v1/bookings'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(
          { id: 1, uid: 'b1-uid', status: 'pending', startTime: slot(10).start, endTime: slot(10).end, icalUid: 'ical-1@kairos', manageToken: 'tok_1' },
          { status: 201 },
        );
      }),
    );
    renderRoute('/book/5');
    expect(await screen.findByRole('heading', { name: 'Strategy Call' })).toBeInTheDocument();
    expect(screen.getByText('Book with Ada Host')).toBeInTheDocument();
    expect(screen.getByText('Times shown in UTC')).toBeInTheDocument();
    expect(screen.getByText('About this meeting')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Book Meeting' });
    expect(submit).toBeDisabled();

    await showMonthOf(DAY);
    await waitFor(() => expect(cell(FREE_DAY)).toBeDisabled());
    expect(requests[0].searchParams.get('eventTypeId')).toBe('5');
    expect(requests[0].searchParams.get('timeZone')).toBe('UTC');
    const user = userEvent.setup();
    await user.click(cell(DAY));
    // A screen reader hears how many times the day has, from a live region that was there before.
    const announced = await screen.findByText(`2 times available on ${format(DAY, 'EEEE, MMMM d')}`);
    expect(announced.closest('[aria-live="polite"]')).not.toBeNull();
    await user.click(await screen.findByRole('button', { name: timeButton('10:00 AM') }));
    expect(screen.getByRole('button', { name: timeButton('10:00 AM') })).toHaveAttribute('aria-pressed', 'true');
    expect(submit).toBeEnabled();

    await user.type(screen.getByLabelText('Full Name'), 'Grace Guest');
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.click(submit);
    const confirmation = await screen.findByRole('region', { name: 'Booking Pending Approval' });
    expect(within(confirmation).getByText("Booking request sent! You'll receive confirmation once the host approves it.")).toBeInTheDocument();
    expect(within(confirmation).getByText('Not confirmed yet: the host may still decline.')).toBeInTheDocument();
    expect(body).toEqual({
      eventTypeId: 5,
      guestName: 'Grace Guest',
      guestEmail: 'grace@example.com',
      guestPhone: null,
      guestCompany: null,
      notes: null,
      guestTimeZone: 'UTC',
      guestLocale: 'en',
      startTime: slot(10).start,
      endTime: slot(10).end,
    });
    // A screen, not a toast: it stays until the guest moves on, and then the form starts over.
    expect(screen.queryByRole('button', { name: 'Book Meeting' })).toBeNull();
    await user.click(within(confirmation).getByRole('button', { name: 'Book another time' }));
    expect(screen.getByLabelText('Full Name')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Book Meeting' })).toBeDisabled();
  });

  it("confirms what, when in the guest's and the host's zone, with whom, where, the calendar links and the manage link", async () => {
    server.use(rpc('public_event_type', [{ ...eventType, auto_confirm: true }]));
    slotsAnswer();
    server.use(
      http.post(api('/functions/v1/bookings'), () =>
        HttpResponse.json(
          { id: 2, uid: 'b2-uid', status: 'confirmed', startTime: slot(10).start, endTime: slot(10).end, icalUid: 'ical-2@kairos', manageToken: 'tok_2' },
          { status: 201 },
        ),
      ),
    );
    const user = await fillBookingPage();
    await user.click(screen.getByRole('button', { name: 'Book Meeting' }));
    const confirmation = await screen.findByRole('region', { name: 'Booking Confirmed!' });
    const start = new Date(slot(10).start);
    const words = (zone: string) =>
      new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true, timeZone: zone })
        .format(start)
        .replace(/, (\d+:)/, ' at $1');
    const details = Object.fromEntries(
      within(confirmation)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(details).toEqual({
      What: 'Strategy Call · 30 minutes',
      When: `${words('UTC')} · UTC${words('Europe/Paris')} for the host · ${zoneLabel('Europe/Paris', start)}`,
      With: 'Ada Host',
      Where: 'Video Conference',
    });
    expect(within(confirmation).getByText('Your meeting has been booked. A confirmation is on its way to grace@example.com.')).toBeInTheDocument();
    const google = new URL(within(confirmation).getByRole('link', { name: 'Google Calendar' }).getAttribute('href')!);
    expect(google.searchParams.get('text')).toBe('Strategy Call with Ada Host');
    expect(new URL(within(confirmation).getByRole('link', { name: 'Outlook' }).getAttribute('href')!).searchParams.get('startdt')).toBe(start.toISOString());
    const ics = within(confirmation).getByRole('link', { name: 'Download .ics' });
    expect(ics).toHaveAttribute('download', 'Strategy Call.ics');
    const file = decodeURIComponent(ics.getAttribute('href')!.replace('data:text/calendar;charset=utf-8,', ''));
    expect(file).toContain('UID:ical-2@kairos');
    const manage = within(confirmation).getByRole('link', { name: 'Reschedule or cancel' });
    expect(manage).toHaveAttribute('href', `${window.location.origin}/booking/b2-uid?token=tok_2`);
    // No toast to miss: the screen is the confirmation.
    expect(document.querySelector('[data-scope="toast"]')).toBeNull();
  });

  it('shows the one place an event type has and books it; the confirmation shows it to this guest', async () => {
    server.use(rpc('public_event_type', [{ ...eventType, auto_confirm: true, locations: [{ kind: 'in_person', address: '1 Rue de Rivoli, Paris' }] }]));
    slotsAnswer();
    const { body } = bookedAt({ kind: 'in_person', value: '1 Rue de Rivoli, Paris' });
    const user = await fillBookingPage();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.queryByText('Video Conference')).toBeNull();
    expect(screen.getAllByText(/1 Rue de Rivoli, Paris/)).not.toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Book Meeting' }));
    const confirmation = await screen.findByRole('region', { name: 'Booking Confirmed!' });
    expect(body.locationKind).toBe('in_person');
    const where = within(confirmation).getByText('Where').nextElementSibling as HTMLElement;
    expect(where).toHaveTextContent('In person: 1 Rue de Rivoli, Paris');
    expect(within(where).getByRole('link', { name: 'Open in a map' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=1%20Rue%20de%20Rivoli%2C%20Paris',
    );
    // The calendar entries the guest adds carry the place itself.
    expect(new URL(within(confirmation).getByRole('link', { name: 'Google Calendar' }).getAttribute('href')!).searchParams.get('location')).toBe('1 Rue de Rivoli, Paris');
  });

  it('lets the guest choose among several places; when the host calls, the phone is required and checked', async () => {
    server.use(rpc('public_event_type', [{ ...eventType, auto_confirm: true, locations: [{ kind: 'jitsi' }, { kind: 'phone_host_calls' }] }]));
    slotsAnswer();
    const { body } = bookedAt({ kind: 'phone_host_calls', value: '+14155552671' });
    const user = await fillBookingPage();
    const choice = screen.getByRole('radiogroup', { name: 'Where would you like to meet?' });
    expect(within(choice).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Jitsi Meet video call',
      'Phone call: the host calls you',
    ]);
    await user.click(screen.getByRole('button', { name: 'Book Meeting' }));
    expect(await within(choice).findByText('Please choose where to meet.')).toBeInTheDocument();
    // The choice takes the focus and names what is missing.
    await waitFor(() => expect(within(choice).getByRole('radio', { name: 'Jitsi Meet video call' })).toHaveFocus());
    expect(choice).toHaveAccessibleDescription('Please choose where to meet.');
    expect(body).toEqual({});
    await user.click(within(choice).getByRole('radio', { name: 'Phone call: the host calls you' }));
    const phone = screen.getByRole('textbox', { name: /^Phone/ });
    expect(phone).toBeRequired();
    await user.type(phone, '555 0100');
    await refusedAt(user, body, phone, 'Please enter a valid phone number with its country code.');
    expect(phone).toHaveFocus();
    await user.clear(phone);
    await user.type(phone, '+1 (415) 555-2671');
    await user.click(screen.getByRole('button', { name: 'Book Meeting' }));
    const confirmation = await screen.findByRole('region', { name: 'Booking Confirmed!' });
    expect(body).toMatchObject({ locationKind: 'phone_host_calls', guestPhone: '+14155552671' });
    expect(within(confirmation).getByText('Where').nextElementSibling).toHaveTextContent('The host calls you at +14155552671');
  });

  it('asks for name and email in the page wording', async () => {
    server.use(rpc('public_event_type', [eventType]));
    slotsAnswer();
    const user = await openBookingPage();
    await pickSlot(user, '11:00 AM');
    await user.click(screen.getByRole('button', { name: 'Book Meeting' }));
    expect(await screen.findAllByText('Please provide your name and email address.')).not.toHaveLength(0);
    // The first invalid field takes the focus; from now on each field is re-checked as it changes.
    const name = screen.getByLabelText('Full Name');
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(name).toHaveFocus());
    // Each field says what is wrong with it, at the field.
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleErrorMessage('Please enter your name.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleErrorMessage('Please enter your email address.');
    await user.type(name, 'Grace Guest');
    await waitFor(() => expect(name).not.toHaveAttribute('aria-invalid'));
    await user.type(email, 'grace@');
    await waitFor(() => expect(email).toHaveAccessibleErrorMessage('Enter a complete email address, like name@example.com.'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await user.type(email, 'example.com');
    await waitFor(() => expect(email).not.toHaveAttribute('aria-invalid'));
  });

  it('says the times could not be loaded, offers no day meanwhile, and loads them on Try again', async () => {
    server.use(rpc('public_event_type', [eventType]));
    let down = true;
    server.use(
      http.get(api('/functions/v1/slots'), () => {
        if (down) return HttpResponse.error();
        const slots = [slot(10)];
        return HttpResponse.json({ timeZone: 'UTC', duration: 30, hostTimeZone: 'Europe/Paris', slots });
      }),
    );
    renderRoute('/book/5');
    await screen.findByRole('heading', { name: 'Strategy Call' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Available times could not be loaded');
    await turnToMonthOf(DAY);
    // Never every day as bookable: without an answer no day is offered.
    expect(cell(DAY)).toBeDisabled();
    expect(cell(FREE_DAY)).toBeDisabled();
    down = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cell(DAY)).toBeEnabled());
    expect(cell(FREE_DAY)).toBeDisabled();
  });

  it('refetches the slots when the time was taken meanwhile', async () => {
    server.use(rpc('public_event_type', [eventType]));
    const requests = slotsAnswer();
    server.use(http.post(api('/functions/v1/bookings'), () => HttpResponse.json({ code: 'slot_taken', message: 'This time slot is no longer available' }, { status: 409 })));
    const user = await fillBookingPage();
    const before = requests.length;
    await user.click(screen.getByRole('button', { name: 'Book Meeting' }));
    expect(await screen.findByText('Booking Failed')).toBeInTheDocument();
    expect(screen.getByText('This time slot is no longer available. Please select a different time.')).toBeInTheDocument();
    await waitFor(() => expect(requests.length).toBeGreaterThan(before));
    // The taken time is let go (the address's too): another must be picked.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Book Meeting' })).toBeDisabled());
    expect(screen.getByRole('button', { name: timeButton('10:00 AM') })).toHaveAttribute('aria-pressed', 'false');
  });
});

describe("the event type's questions on the booking page", () => {
  const questions = [
    { type: 'single_choice', slug: 'plan', label: 'Plan', help: 'The one you use today', required: true, options: ['Free', 'Pro'], display: 'radio' },
    { type: 'number', slug: 'seats', label: 'Seats', required: true, min: 1, showIf: { question: 'plan', equals: 'Pro' } },
    { type: 'multiple_choice', slug: 'topics', label: 'Topics', required: false, options: ['Billing', 'Setup'] },
    { type: 'yes_no', slug: 'customer', label: 'Already a customer?', required: false },
  ];
  const withQuestions = { ...eventType, auto_confirm: true, questions, guest_fields: { phone: 'hidden', company: 'required', notes: 'optional' } };

  it('asks them with the built-in fields as the host set them, shows a conditional one when its answer is given, and sends the answers', async () => {
    const { body } = bookingPageOf(withQuestions);
    const user = await fillBookingPage();
    expect(screen.queryByRole('textbox', { name: /^Phone/ })).toBeNull();
    const company = screen.getByRole('textbox', { name: 'Company' });
    expect(company).toBeRequired();
    const plan = await screen.findByRole('radiogroup', { name: 'Plan' });
    expect(plan).toHaveAccessibleDescription('The one you use today');
    expect(screen.queryByRole('spinbutton', { name: 'Seats' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Topics (optional)' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Already a customer? (optional)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Book Meeting' }));
    await waitFor(() => expect(plan).toHaveAccessibleDescription('Please answer this question.'));
    expect(company).toHaveAccessibleErrorMessage('Please enter your company.');
    expect(body).toEqual({});

    await user.click(within(plan).getByRole('radio', { name: 'Pro' }));
    const seats = await screen.findByRole('spinbutton', { name: 'Seats' });
    expect(seats).toBeRequired();
    await user.type(seats, '0');
    await user.type(company, 'Acme');
    await user.click(within(screen.getByRole('group', { name: 'Topics (optional)' })).getByRole('checkbox', { name: 'Setup' }));
    await refusedAt(user, body, seats, 'Must be at least 1');
    expect(seats).toHaveFocus();

    await user.clear(seats);
    await user.type(seats, '12');
    await user.click(screen.getByRole('button', { name: 'Book Meeting' }));
    await screen.findByRole('region', { name: 'Booking Confirmed!' });
    expect(body).toMatchObject({ guestCompany: 'Acme', guestPhone: null, answers: { plan: 'Pro', seats: 12, topics: ['Setup'] } });
  });

  it('a hidden follow-up is not asked and its answer is not sent', async () => {
    const { body } = bookingPageOf(withQuestions);
    const user = await fillBookingPage();
    await user.type(screen.getByRole('textbox', { name: 'Company' }), 'Acme');
    const plan = await screen.findByRole('radiogroup', { name: 'Plan' });
    await user.click(within(plan).getByRole('radio', { name: 'Pro' }));
    await user.type(await screen.findByRole('spinbutton', { name: 'Seats' }), '5');
    await user.click(within(plan).getByRole('radio', { name: 'Free' }));
    expect(screen.queryByRole('spinbutton', { name: 'Seats' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Book Meeting' }));
    await screen.findByRole('region', { name: 'Booking Confirmed!' });
    expect(body.answers).toEqual({ plan: 'Free' });
  });

  it('takes name, email, notes and answers from the address, and still checks them', async () => {
    const { body } = bookingPageOf(withQuestions);
    const user = await openBookingPage('/book/5?name=Grace%20Guest&email=grace%40example.com&notes=Hello&q.plan=Pro&q.seats=-4&q.topics=Billing&q.topics=Setup&q.customer=yes&q.nope=1');
    expect(screen.getByLabelText('Full Name')).toHaveValue('Grace Guest');
    expect(screen.getByLabelText('Email')).toHaveValue('grace@example.com');
    expect(screen.getByLabelText('Notes (optional)')).toHaveValue('Hello');
    expect(await screen.findByRole('radio', { name: 'Pro' })).toBeChecked();
    const seats = screen.getByRole('spinbutton', { name: 'Seats' });
    expect(seats).toHaveValue(-4);
    expect(screen.getByRole('checkbox', { name: 'Billing' })).toBeChecked();
    expect(within(screen.getByRole('radiogroup', { name: 'Already a customer? (optional)' })).getByRole('radio', { name: 'Yes' })).toBeChecked();
    await pickSlot(user, '10:00 AM');
    await user.type(screen.getByRole('textbox', { name: 'Company' }), 'Acme');
    await refusedAt(user, body, seats, 'Must be at least 1');
    await user.clear(seats);
    await user.type(seats, '4');
    await user.click(screen.getByRole('button', { name: 'Book Meeting' }));
    await screen.findByRole('region', { name: 'Booking Confirmed!' });
    expect(body).toMatchObject({ notes: 'Hello', answers: { plan: 'Pro', seats: 4, topics: ['Billing', 'Setup'], customer: true } });
  });
});

describe('the guest adds other people to the booking', () => {
  const inviting = { ...eventType, auto_confirm: true, max_extra_attendees: 2 };

  it('offers nothing when the event type takes no one else', async () => {
    const { body } = bookingPageOf({ ...eventType, max_extra_attendees: 0 });
    const user = await fillBookingPage();
    expect(screen.queryByRole('button', { name: 'Add a guest' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Book Meeting' }));
    await screen.findByRole('region', { name: 'Booking Confirmed!' });
    expect(body).not.toHaveProperty('attendees');
  });

  it('adds email fields one by one up to the cap, each labelled and removable by keyboard, checked by the shared rule, and sends them', async () => {
    const { body } = bookingPageOf(inviting);
    const user = await fillBookingPage();
    const group = screen.getByRole('group', { name: 'Add guests' });
    expect(group).toHaveAccessibleDescription('You can invite up to 2 other people by email.');
    const add = within(group).getByRole('button', { name: 'Add a guest' });
    await user.click(add);
    const first = within(group).getByRole('textbox', { name: 'Guest 1 email' });
    expect(first).toHaveFocus();
    await user.keyboard('GRACE@example.com');
    await user.click(add);
    await user.keyboard('nope');
    // The cap reached: no third field.
    expect(add).toBeDisabled();
    await refusedAt(user, body, first, 'GRACE@example.com is your own email. Add other people only.');
    const second = within(group).getByRole('textbox', { name: 'Guest 2 email' });
    expect(second).toHaveAccessibleErrorMessage('“nope” is not a valid email address.');
    expect(first).toHaveFocus();

    // Removed by keyboard: the remaining field becomes Guest 1, and the focus stays in the group.
    within(group).getByRole('button', { name: 'Remove guest 1' }).focus();
    await user.keyboard('{Enter}');
    const left = within(group).getByRole('textbox', { name: 'Guest 1 email' });
    expect(left).toHaveValue('nope');
    expect(within(group).queryByRole('textbox', { name: 'Guest 2 email' })).toBeNull();
    await user.clear(left);
    await user.type(left, 'Ann@Example.com');
    await user.click(add);
    await user.keyboard('bob@example.org');
    await user.click(screen.getByRole('button', { name: 'Book Meeting' }));
    await screen.findByRole('region', { name: 'Booking Confirmed!' });
    expect(body.attendees).toEqual(['ann@example.com', 'bob@example.org']);
  });

  it('takes them from the address (?guests=a,b), and still checks them', async () => {
    const { body } = bookingPageOf(inviting);
    const user = await openBookingPage('/book/5?name=Grace%20Guest&email=grace%40example.com&guests=ann%40example.com,ann%40example.com');
    const group = screen.getByRole('group', { name: 'Add guests' });
    expect(within(group).getByRole('textbox', { name: 'Guest 1 email' })).toHaveValue('ann@example.com');
    const repeated = within(group).getByRole('textbox', { name: 'Guest 2 email' });
    await pickSlot(user, '10:00 AM');
    await refusedAt(user, body, repeated, 'ann@example.com is added twice.');
    await user.click(within(group).getByRole('button', { name: 'Remove guest 2' }));
    await user.click(screen.getByRole('button', { name: 'Book Meeting' }));
    await screen.findByRole('region', { name: 'Booking Confirmed!' });
    expect(body.attendees).toEqual(['ann@example.com']);
  });
});

describe('the calendar and its times', () => {
  /** The slots function offers `days` (each at 10:00 and 11:00 UTC); returns the requests it saw. */
  function offerDays(days: Date[]) {
    const requests: URL[] = [];
    server.use(
      http.get(api('/functions/v1/slots'), ({ request }) => {
        requests.push(new URL(request.url));
        const on = (day: Date) =>
          [10, 11].map((hour) => {
            const start = new Date(Date.UTC(day.getFullYear(), day.getMonth(), day.getDate(), hour));
            return { start: start.toISOString(), end: new Date(start.getTime() + 30 * 60_000).toISOString(), date: dateKey(day), label: `${hour}:00` };
          });
        return HttpResponse.json({ timeZone: 'UTC', duration: 30, hostTimeZone: 'Europe/Paris', slots: days.flatMap(on) });
      }),
    );
    return requests;
  }

  it('asks once for the whole horizon, opens on the first month with a free day and offers the next available one', async () => {
    const later = addDays(TODAY, 40);
    server.use(rpc('public_event_type', [eventType]));
    const requests = offerDays([later, addDays(later, 3)]);
    const view = renderRoute('/book/5');
    expect(await screen.findByText(format(later, 'MMMM yyyy'))).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(requests[0].searchParams.get('startDate')).toBe(dateKey(TODAY));
    expect(requests[0].searchParams.get('endDate')).toBe(dateKey(addDays(TODAY, 60)));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Next available: ${format(later, 'EEEE, MMMM d')}` }));
    expect(cell(later)).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('button', { name: timeButton('10:00 AM') })).toBeInTheDocument();
    expect(view.search().get('date')).toBe(dateKey(later));
    // The free day is there to be seen: offered days are buttons to press, the rest disabled.
    expect(cell(addDays(later, 1))).toBeDisabled();
    expect(cell(addDays(later, 3))).toBeEnabled();
  });

  it("keeps the chosen day, time and zone in the address: a reload opens where the guest was", async () => {
    server.use(rpc('public_event_type', [eventType]));
    const requests = offerDays([DAY]);
    const view = renderRoute(`/book/5?date=${dateKey(DAY)}&time=${encodeURIComponent(slot(10).start)}&tz=Europe/Stockholm`);
    await screen.findByRole('heading', { name: 'Strategy Call' });
    expect(await screen.findByText(`Times shown in ${zoneLabel('Europe/Stockholm')}`)).toBeInTheDocument();
    await waitFor(() => expect(requests[0]?.searchParams.get('timeZone')).toBe('Europe/Stockholm'));
    expect(cell(DAY)).toHaveAttribute('aria-selected', 'true');
    const eleven = await screen.findByRole('button', { name: timeButton(formatInTimeZone(slot(10).start, 'Europe/Stockholm', 'h:mm a')) });
    expect(eleven).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Timezone')).toHaveValue('Europe/Stockholm');

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Timezone'), 'America/New_York');
    await waitFor(() => expect(view.search().get('tz')).toBe('America/New_York'));
    expect(view.search().get('time')).toBeNull();
    expect(view.search().get('date')).toBe(dateKey(DAY));
  });

  it('shows every time in the 12- or 24-hour clock the guest picks', async () => {
    server.use(rpc('public_event_type', [eventType]));
    offerDays([DAY]);
    const user = await openBookingPage();
    await pickSlot(user, '10:00 AM');
    expect(screen.getByRole('button', { name: '12h, 12-hour clock' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: '24h, 24-hour clock' }));
    expect(screen.getByRole('button', { name: timeButton('10:00') })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: timeButton('11:00') })).toBeInTheDocument();
    expect(screen.getByText(`${format(DAY, 'EEEE, MMMM d, yyyy')} at 10:00`)).toBeInTheDocument();
  });

  it('names each time button in full: the day, its date, the time and that it is free, in the page’s language', async () => {
    server.use(rpc('public_event_type', [eventType]));
    offerDays([DAY]);
    const user = await openBookingPage();
    await showMonthOf(DAY);
    await waitFor(() => expect(cell(DAY)).toBeEnabled());
    await user.click(cell(DAY));
    // Not "10:00 AM" alone (Cal.com #28772: a screen reader heard only "4"); the visible time stays in the name (WCAG 2.5.3).
    expect(await screen.findByRole('button', { name: `${format(DAY, 'EEEE, MMMM d')}, 10:00 AM, available` })).toHaveTextContent(/^10:00 AM$/);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Français');
    const day = new Intl.DateTimeFormat('fr', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(slot(10).start));
    expect(await screen.findByRole('button', { name: new RegExp(`^${day}, 10:00\\sAM, disponible$`) })).toBeInTheDocument();
    // The time zone picker's regions in French too.
    expect(screen.getByRole('group', { name: 'Amériques' })).toBeInTheDocument();
  });

  it('says there is nothing to book instead of an all-grey calendar; to its owner, why and where to open times', async () => {
    server.use(rpc('public_event_type', [eventType]));
    offerDays([]);
    renderRoute('/book/5');
    expect(await screen.findByText('No times to book right now')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Next available/ })).toBeNull();
  });

  it('tells the owner on their own page why guests see no day, with the way to their hours', async () => {
    signedInAs({ id: USER_ID });
    server.use(rpc('public_event_type', [eventType]));
    offerDays([]);
    renderRoute('/book/5');
    expect(await screen.findByText('Guests can’t book this yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set your working hours' })).toHaveAttribute('href', '/availability');
  });
});

describe('Book a Meeting dialog', () => {
  it('opens from the public calendar and needs the terms ticked', async () => {
    server.use(
      rpc('public_profile', [{ id: USER_ID, handle: 'ada', first_name: 'Ada', last_name: 'Host', timezone: 'Europe/Paris', bio: null, title: 'Coach', company: null, location: null, website: null, linkedin: null, twitter: null, instagram: null, profile_image_url: null }]),
      rpc('public_event_types', [{ ...eventType, description: null }]),
    );
    slotsAnswer();
    renderRoute(`/calendar/${USER_ID}`);
    expect(await screen.findByRole('heading', { name: 'Ada Host' })).toBeInTheDocument();
    expect(screen.getByText('Schedule a meeting with me')).toBeInTheDocument();
    expect(screen.getByText('Europe/Paris')).toBeInTheDocument();
    expect(await screen.findByText('A focused discussion session.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Select Time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book a Meeting' });
    await pickSlot(user, '10:00 AM', dialog);
    const submit = within(dialog).getByRole('button', { name: 'Book Meeting' });
    expect(submit).toBeDisabled();
    await user.click(within(dialog).getByText(/I agree to the/));
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(await screen.findAllByText('Please fill in your name and email.')).not.toHaveLength(0);
  });

  it('offers the places in the dialog too and sends the guest\'s choice', async () => {
    const { body } = bookedAt({ kind: 'phone_guest_calls', value: '+33142685300' });
    const { user, dialog } = await dialogAtTen({ locations: [{ kind: 'zoom' }, { kind: 'phone_guest_calls' }] });
    await user.click(within(dialog).getByRole('radio', { name: 'Phone call: you call the host' }));
    // The guest calls: their own number stays optional.
    expect(within(dialog).getByRole('textbox', { name: 'Phone (optional)' })).not.toBeRequired();
    await user.type(within(dialog).getByLabelText('Full Name'), 'Grace Guest');
    await user.type(within(dialog).getByLabelText('Email'), 'grace@example.com');
    await user.click(within(dialog).getByText(/I agree to the/));
    await user.click(within(dialog).getByRole('button', { name: 'Book Meeting' }));
    const confirmation = await within(dialog).findByRole('region', { name: 'Booking Confirmed!' });
    expect(body.locationKind).toBe('phone_guest_calls');
    expect(within(confirmation).getByRole('link', { name: '+33142685300' })).toHaveAttribute('href', 'tel:+33142685300');
  });

  it('shows the confirmation in the dialog after booking, until Done closes it', async () => {
    server.use(
      http.post(api('/functions/v1/bookings'), () => HttpResponse.json({ id: 3, uid: 'b3-uid', status: 'confirmed', startTime: slot(10).start, endTime: slot(10).end, manageToken: 'tok_3' }, { status: 201 })),
    );
    const { user, dialog } = await dialogAtTen();
    await user.type(within(dialog).getByLabelText('Full Name'), 'Grace Guest');
    await user.type(within(dialog).getByLabelText('Email'), 'grace@example.com');
    await user.click(within(dialog).getByText(/I agree to the/));
    await user.click(within(dialog).getByRole('button', { name: 'Book Meeting' }));
    const confirmed = await screen.findByRole('dialog', { name: 'Book a Meeting' });
    const confirmation = await within(confirmed).findByRole('region', { name: 'Booking Confirmed!' });
    expect(within(confirmation).getByText('Ada Host')).toBeInTheDocument();
    expect(within(confirmation).getByRole('link', { name: 'Reschedule or cancel' })).toHaveAttribute('href', `${window.location.origin}/booking/b3-uid?token=tok_3`);
    await user.click(within(confirmed).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the empty list and the unknown user texts', async () => {
    server.use(rpc('public_profile', []));
    renderRoute(`/calendar/${USER_ID}`);
    expect(await screen.findByText('User Not Found')).toBeInTheDocument();
  });

  it('shows No Available Meeting Types', async () => {
    server.use(
      rpc('public_profile', [{ id: USER_ID, handle: 'ada', first_name: 'Ada', last_name: 'Host', timezone: 'UTC', bio: 'Hi', title: null, company: null, location: null, website: null, linkedin: null, twitter: null, instagram: null, profile_image_url: null }]),
      rpc('public_event_types', []),
    );
    renderRoute('/ada');
    expect(await screen.findByText('No Available Meeting Types')).toBeInTheDocument();
    expect(screen.getByText("This user hasn't set up any meeting types yet.")).toBeInTheDocument();
    expect(screen.getByText('@ada')).toBeInTheDocument();
  });
});
