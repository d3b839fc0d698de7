// The series' invite for each frequency (no I/O): the RRULE a calendar reads, the series' zone with
// its VTIMEZONE, and an expansion by ical.js that gives back exactly the series' booked starts, at the
// same wall-clock time across the zone's clock change.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { seriesStarts } from '../booking/series.ts';
import { rfc5545Problems } from '../calendars/test-helpers.ts';
import type { SeriesFrequency } from '../rules/constants.ts';
import type { BookingMailPayload } from './messages.ts';
import { seriesInvite } from './series-ics.ts';
import type { SeriesSnapshot } from './series.ts';

const iso = (t: number) => new Date(t).toISOString();

function payload(frequency: SeriesFrequency, first: string, count: number, timeZone: string, change: (starts: number[]) => Partial<SeriesSnapshot> = () => ({})) {
  const starts = seriesStarts(Date.parse(first), frequency, count, timeZone);
  const series: SeriesSnapshot = {
    id: 1,
    icalUid: 'series-1@kairos',
    sequence: 4,
    frequency,
    count,
    firstStart: first,
    timeZone,
    skipped: [],
    endedFrom: null,
    occurrences: starts.map((s, i) => ({ uid: `u${i}`, recurrenceId: iso(s), start: iso(s), end: iso(s + 1_800_000), status: 'confirmed' })),
    ...change(starts),
  };
  const p: BookingMailPayload & { series: SeriesSnapshot } = {
    message: 'confirmed',
    recipient: { role: 'guest', name: 'Gail Guest', email: 'gail@example.test', timezone: 'Asia/Kolkata' },
    booking: {
      id: 7,
      uid: 'u0',
      status: 'confirmed',
      start: first,
      end: iso(Date.parse(first) + 1_800_000),
      title: 'Coaching',
      duration: 30,
      team: null,
      icalUid: 'occurrence@kairos',
      sequence: 0,
      cancelledBy: null,
      cancellationReason: null,
      previous: null,
    },
    guest: { name: 'Gail Guest', email: 'gail@example.test', timezone: 'Asia/Kolkata' },
    hosts: [{ name: 'Hana Host', email: 'hana@example.test', timezone: timeZone }],
    series,
  };
  return { p, starts };
}

/** The invite's master VEVENT and the starts ical.js expands it to (its VTIMEZONE registered). */
function expand(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const [master, ...overrides] = calendar.getAllSubcomponents('vevent');
  const event = new ICAL.Event(master);
  for (const o of overrides) event.relateException(o);
  const starts: string[] = [];
  const it = event.iterator();
  for (let next = it.next(); next; next = it.next()) starts.push(event.getOccurrenceDetails(next).startDate.toJSDate().toISOString());
  return { master: master!, calendar, starts: starts.sort() };
}

describe("a series' invite", () => {
  it.each([
    ['weekly', '2027-03-15T09:00:00Z', 'Europe/Berlin', 'FREQ=WEEKLY;COUNT=4'],
    ['biweekly', '2026-10-26T13:30:00Z', 'America/New_York', 'FREQ=WEEKLY;COUNT=4;INTERVAL=2'],
    ['monthly', '2027-01-12T15:00:00Z', 'America/New_York', 'FREQ=MONTHLY;COUNT=4;BYDAY=2TU'],
  ] as const)('%s: its RRULE in its zone expands to exactly its starts', (frequency, first, zone, rrule) => {
    const { p, starts } = payload(frequency, first, 4, zone);
    const text = seriesInvite(p, { stamp: new Date('2026-01-01T00:00:00Z') });
    expect(rfc5545Problems(text)).toEqual([]);
    const { master, calendar, starts: expanded } = expand(text);
    expect(String(master.getFirstPropertyValue('rrule'))).toBe(rrule);
    expect(master.getFirstPropertyValue('uid')).toBe('series-1@kairos');
    expect(master.getFirstPropertyValue('sequence')).toBe(4);
    expect(master.getFirstProperty('dtstart')!.getParameter('tzid')).toBe(zone);
    expect(calendar.getFirstSubcomponent('vtimezone')!.getFirstPropertyValue('tzid')).toBe(zone);
    expect(expanded).toEqual(starts.map(iso));
  });

  it('leaves out a cancelled date (EXDATE), moves a moved one (RECURRENCE-ID), ends before a cut, and cancels the whole once nothing is booked', () => {
    const cut = payload('weekly', '2027-03-15T09:00:00Z', 6, 'Europe/Berlin', (starts) => ({
      endedFrom: iso(starts[4]!),
      occurrences: starts.map((s, i) => ({
        uid: `u${i}`,
        recurrenceId: iso(s),
        start: iso(i === 2 ? s + 3_600_000 : s),
        end: iso((i === 2 ? s + 3_600_000 : s) + 1_800_000),
        status: i === 1 || i >= 4 ? 'cancelled' : 'confirmed',
      })),
    }));
    const { master, starts } = expand(seriesInvite(cut.p, { stamp: new Date() }));
    expect(String(master.getFirstPropertyValue('rrule'))).toBe('FREQ=WEEKLY;COUNT=4');
    expect(master.getAllProperties('exdate').map((e) => (e.getFirstValue() as ICAL.Time).toJSDate().toISOString())).toEqual([iso(cut.starts[1]!)]);
    expect(starts).toEqual([cut.starts[0]!, cut.starts[2]! + 3_600_000, cut.starts[3]!].map(iso));

    const none = payload('weekly', '2027-03-15T09:00:00Z', 3, 'Europe/Berlin', (starts) => ({
      occurrences: starts.map((s, i) => ({ uid: `u${i}`, recurrenceId: iso(s), start: iso(s), end: iso(s + 1_800_000), status: 'cancelled' })),
    }));
    const text = seriesInvite(none.p, { stamp: new Date() });
    expect(text).toMatch(/^METHOD:CANCEL\r$/m);
    expect(text).toMatch(/^STATUS:CANCELLED\r$/m);
  });
});
