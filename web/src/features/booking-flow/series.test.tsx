// The guest's series picker on the booking page (docs/series.md): every occurrence checked by the slots
// function and said free or taken in words, a taken one booked at its week's free time or skipped
// before the series can be booked, and a date someone else took in between said without losing the form.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, format, startOfDay } from 'date-fns';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/server.ts';
import { api, renderRoute, rpc, timeButton } from '../../test/utils.tsx';
import { publicEventType } from '../../test/publicEventType.ts';
import { dateKey } from './hooks.ts';

const DAY = addDays(startOfDay(new Date()), 2);
const WEEK = 7 * 24 * 3600_000;
const HOUR = 3600_000;
const FIRST = new Date(Date.UTC(DAY.getFullYear(), DAY.getMonth(), DAY.getDate(), 10));
const iso = (ms: number) => new Date(ms).toISOString();
/** The rule's start of occurrence `i` (0 is the first) of a weekly series from 10:00 on DAY. */
const nth = (i: number) => iso(FIRST.getTime() + i * WEEK);
const span = (start: string) => ({ start, end: iso(new Date(start).getTime() + 30 * 60_000) });

const coaching = publicEventType({ title: 'Coaching', recurrence_frequencies: ['weekly', 'biweekly'], recurrence_max_count: 12 });

/** Occurrences by index: taken ones, with their alternative (an hour later the next day) unless listed in `stuck`. */
type Taken = { taken: number[]; stuck?: number[] };

/** The page's answers: one time at 10:00 on DAY, the series preview as `taken()` says at each request, and the bookings function. */
function serve(taken: () => Taken | 'fail', book: (body: Record<string, unknown>) => Response) {
  const asked: URL[] = [];
  const sent: Record<string, unknown>[] = [];
  server.use(
    rpc('public_event_type', [coaching]),
    http.get(api('/functions/v1/slots'), () => {
      const slots = [{ ...span(iso(FIRST.getTime())), date: dateKey(DAY), label: '10:00' }];
      return HttpResponse.json({ timeZone: 'UTC', duration: 30, hostTimeZone: 'UTC', slots });
    }),
    http.get(api('/functions/v1/slots/series'), ({ request }) => {
      const url = new URL(request.url);
      asked.push(url);
      const now = taken();
      if (now === 'fail') return HttpResponse.json({ code: 'internal', message: 'boom' }, { status: 500 });
      const occurrences = Array.from({ length: Number(url.searchParams.get('count')) }, (_, i) => {
        const free = !now.taken.includes(i);
        const alternative = free || now.stuck?.includes(i) ? null : span(iso(new Date(nth(i)).getTime() + 25 * HOUR));
        return { ...span(nth(i)), free, alternative };
      });
      return HttpResponse.json({ eventTypeId: 5, frequency: url.searchParams.get('frequency'), duration: 30, hostTimeZone: 'UTC', occurrences });
    }),
    http.post(api('/functions/v1/bookings'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return book(body);
    }),
  );
  return { asked, sent };
}

/** The first occurrences of the answer as booked: the kept ones, a moved one at its alternative. */
const booked = (starts: string[]) =>
  HttpResponse.json(
    { id: 1, uid: 'b-1', status: 'confirmed', startTime: starts[0], endTime: span(starts[0]).end, location: null, series: { id: 9, occurrences: starts.map(span) } },
    { status: 201 },
  );

async function pickTenAndRepeat(user: ReturnType<typeof userEvent.setup>, count: string) {
  renderRoute('/book/5');
  await screen.findByRole('heading', { name: 'Coaching' });
  const cell = () => screen.getByRole('gridcell', { name: format(DAY, 'EEEE, MMMM d, yyyy') });
  await waitFor(() => expect(cell()).toBeEnabled());
  await user.click(cell());
  await user.click(await screen.findByRole('button', { name: timeButton('10:00 AM') }));
  const repeat = screen.getByRole('group', { name: 'Repeat this meeting' });
  expect(within(repeat).queryByRole('list')).not.toBeInTheDocument();
  await user.click(within(repeat).getByRole('checkbox', { name: 'Repeat this meeting' }));
  const countField = within(repeat).getByRole('spinbutton', { name: 'Number of meetings' });
  await user.clear(countField);
  await user.type(countField, count);
  return repeat;
}

const items = async (repeat: HTMLElement, count: number) => {
  const list = await within(repeat).findByRole('list', { name: `${count} meetings in this series` });
  await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(count));
  return within(list).getAllByRole('listitem');
};

describe('the guest\'s series picker', () => {
  it('says every occurrence free or taken; a taken one is booked at its week\'s free time or skipped before the series books', async () => {
    const { asked, sent } = serve(() => ({ taken: [2, 3], stuck: [3] }), () => booked([nth(0), nth(1), iso(new Date(nth(2)).getTime() + 25 * HOUR)]));
    const user = userEvent.setup();
    const repeat = await pickTenAndRepeat(user, '4');
    const [first, , third, fourth] = await items(repeat, 4);
    expect(asked.at(-1)!.searchParams.get('start')).toBe(nth(0));
    expect(asked.at(-1)!.searchParams.get('frequency')).toBe('weekly');
    expect(first).toHaveTextContent(/1\..*10:00 AM.*Free/);
    expect(third).toHaveTextContent(/Taken/);
    expect(fourth).toHaveTextContent('No other free time that week.');
    expect(within(repeat).getByText('2 dates are taken: book another time that week or skip each.')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Book Meeting' });
    expect(submit).toBeDisabled();

    await user.click(within(third).getByRole('button', { name: /^Book .* 11:00 AM instead$/ }));
    expect(third).toHaveTextContent(/Moved to .*11:00 AM/);
    await user.click(within(fourth).getByRole('button', { name: 'Skip this date' }));
    expect(fourth).toHaveTextContent('Skipped');
    expect(within(repeat).getByText('Every date can be booked.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Full Name'), 'Grace Guest');
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.click(submit);
    const confirmed = await screen.findByRole('region', { name: 'Booking Confirmed!' });
    expect(sent[0].recurrence).toEqual({ frequency: 'weekly', count: 4, skip: [nth(3)], moved: [{ from: nth(2), to: iso(new Date(nth(2)).getTime() + 25 * HOUR) }] });
    expect(sent[0].startTime).toBe(nth(0));
    expect(within(confirmed).getByText('All 3 dates')).toBeInTheDocument();
    expect(within(confirmed).getAllByRole('listitem')).toHaveLength(3);
  });

  it('says the dates someone else booked in between, checks again and keeps the form', async () => {
    let taken: Taken = { taken: [] };
    const { sent } = serve(
      () => taken,
      (body) => {
        if (sent.length === 1) {
          // Someone booked the second date meanwhile: the preview says so from now on.
          taken = { taken: [1] };
          return HttpResponse.json({ code: 'slot_taken', message: 'Some occurrences of this series are not available', taken: [nth(1)] }, { status: 409 });
        }
        expect(body.recurrence).toEqual({ frequency: 'weekly', count: 3, skip: [nth(1)] });
        return booked([nth(0), nth(2)]);
      },
    );
    const user = userEvent.setup();
    const repeat = await pickTenAndRepeat(user, '3');
    await items(repeat, 3);
    expect(within(repeat).getByText('Every date can be booked.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Full Name'), 'Grace Guest');
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Book Meeting' }));

    const alert = await within(repeat).findByRole('alert');
    expect(alert).toHaveTextContent(/^Someone else just booked this date: .*10:00 AM\. Please choose again\.$/);
    const second = (await items(repeat, 3))[1];
    await waitFor(() => expect(second).toHaveTextContent('Taken'));
    expect(screen.getByLabelText('Full Name')).toHaveValue('Grace Guest');
    expect(screen.getByRole('button', { name: timeButton('10:00 AM') })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Book Meeting' })).toBeDisabled();
    await user.click(within(second).getByRole('button', { name: 'Skip this date' }));
    await user.click(screen.getByRole('button', { name: 'Book Meeting' }));
    expect(await screen.findByText('All 2 dates')).toBeInTheDocument();
  });

  it('says while it checks, and offers to check again when the dates could not be checked', async () => {
    let fail = true;
    serve(() => (fail ? 'fail' : { taken: [] }), () => booked([nth(0)]));
    const user = userEvent.setup();
    const repeat = await pickTenAndRepeat(user, '2');
    expect(await within(repeat).findByRole('alert')).toHaveTextContent('The dates could not be checked.');
    expect(screen.getByRole('button', { name: 'Book Meeting' })).toBeDisabled();
    fail = false;
    await user.click(within(repeat).getByRole('button', { name: 'Try again' }));
    await items(repeat, 2);
    await user.clear(within(repeat).getByRole('spinbutton', { name: 'Number of meetings' }));
    await user.type(within(repeat).getByRole('spinbutton', { name: 'Number of meetings' }), '13');
    expect(within(repeat).getByText('Please enter a number from 2 to 12.')).toBeInTheDocument();
  });

  it('offers no series where the event type allows none', async () => {
    serve(() => ({ taken: [] }), () => booked([nth(0)]));
    server.use(rpc('public_event_type', [publicEventType({ title: 'Coaching', recurrence_frequencies: [], recurrence_max_count: null })]));
    renderRoute('/book/5');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Coaching' });
    const cell = () => screen.getByRole('gridcell', { name: format(DAY, 'EEEE, MMMM d, yyyy') });
    await waitFor(() => expect(cell()).toBeEnabled());
    await user.click(cell());
    await user.click(await screen.findByRole('button', { name: timeButton('10:00 AM') }));
    expect(screen.queryByRole('checkbox', { name: 'Repeat this meeting' })).not.toBeInTheDocument();
  });
});
