import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, MAX_HORIZON_DAYS } from './constants.ts';
import { checkSlot, computeSlots, type SlotRules } from './slots.ts';
import { zonedDateRange } from './time.ts';
import { datesOf, labelsByDate, labelsOn, NO_SETTINGS, query, starts, weekly, EVERY_DAY, WEEKDAYS } from './test-helpers.ts';

// 2026-03-02 is a Monday.
const MONDAY = { from: '2026-03-02T00:00:00Z', to: '2026-03-03T00:00:00Z' };
const at = (hhmm: string, date = '2026-03-02') => `${date}T${hhmm}:00.000Z`;
/** The slots of a Sunday window `hours` (host-local, in `zone`) over the UTC range [from, to), labelled in `visitor`'s zone. */
const sundaySlots = (zone: string, hours: [string, string], [from, to]: [string, string], visitor = zone) =>
  computeSlots(query({ availability: weekly([0], ...hours), hostTimeZone: zone, visitorTimeZone: visitor, range: { from, to } }));

describe('the 30-minute grid (docs/product/validation.md)', () => {
  it('steps every 30 minutes from the window start up to but excluding its end', () => {
    const r = computeSlots(query({ availability: weekly([1], '09:00', '11:00'), range: MONDAY }));
    expect(starts(r)).toEqual([at('09:00'), at('09:30'), at('10:00'), at('10:30')]);
    expect(r.slots[0].end).toBe(at('09:30'));
  });

  it('offers a meeting only where it fits inside the window (no 60-minute meeting at 16:30 in 09:00-17:00)', () => {
    const r = computeSlots(query({ duration: 60, range: MONDAY }));
    expect(labelsOn(r, '2026-03-02').at(-1)).toBe('16:00');
    expect(labelsOn(r, '2026-03-02')).toHaveLength(15);
    expect(computeSlots(query({ duration: 120, availability: weekly([1], '09:00', '10:30'), range: MONDAY })).slots).toEqual([]);
  });

  it('de-duplicates and sorts starts from several windows of the day', () => {
    const availability = [...weekly([1], '13:00', '14:00'), ...weekly([1], '09:00', '10:00'), ...weekly([1], '09:00', '10:00')];
    const r = computeSlots(query({ availability, range: MONDAY }));
    expect(labelsOn(r, '2026-03-02')).toEqual(['09:00', '09:30', '13:00', '13:30']);
  });

  it('keeps each window\'s own grid and lets a meeting run across touching or overlapping windows', () => {
    const offGrid = [...weekly([1], '09:00', '10:00'), ...weekly([1], '09:30', '11:00')];
    expect(labelsOn(computeSlots(query({ availability: offGrid, range: MONDAY })), '2026-03-02')).toEqual([
      '09:00', '09:30', '10:00', '10:30',
    ]);
    const touching = [...weekly([1], '09:00', '10:00'), ...weekly([1], '10:00', '11:00')];
    expect(labelsOn(computeSlots(query({ duration: 60, availability: touching, range: MONDAY })), '2026-03-02')).toEqual([
      '09:00', '09:30', '10:00',
    ]);
    const apart = [...weekly([1], '09:00', '10:00'), ...weekly([1], '10:30', '11:30')];
    expect(labelsOn(computeSlots(query({ duration: 60, availability: apart, range: MONDAY })), '2026-03-02')).toEqual(['09:00', '10:30']);
  });

  it('ignores disabled ranges, days without ranges and broken ranges', () => {
    const availability = [
      ...weekly([1], '09:00', '10:00', false),
      ...weekly([1], '12:00', '11:00'),
      ...weekly([1], 'noon', '13:00'),
      ...weekly([2], '09:00', '10:00'),
    ];
    expect(computeSlots(query({ availability, range: MONDAY })).slots).toEqual([]);
  });

  it('offers nothing for a zero or missing duration', () => {
    expect(computeSlots(query({ duration: 0, range: MONDAY })).slots).toEqual([]);
  });

  it('only lists starts inside the requested range', () => {
    const r = computeSlots(query({ range: { from: at('10:15'), to: at('11:00') } }));
    expect(starts(r)).toEqual([at('10:30')]);
  });
});

describe('host and visitor time zones', () => {
  /** The host's Monday 09:00-10:00 in `hostTimeZone`, as a visitor in `visitorTimeZone` sees it. */
  const mondayNineToTen = (hostTimeZone: string, visitorTimeZone: string | null, range = MONDAY) =>
    computeSlots(query({ availability: weekly([1], '09:00', '10:00'), hostTimeZone, visitorTimeZone, range }));

  it('reads windows in the host zone and labels them in the visitor zone', () => {
    const r = mondayNineToTen('Asia/Kolkata', 'Asia/Kathmandu');
    expect(starts(r)).toEqual([at('03:30'), at('04:00')]);
    expect(labelsOn(r, '2026-03-02')).toEqual(['09:15', '09:45']);
    expect(r.timeZone).toBe('Asia/Kathmandu');
  });

  it('falls back to UTC for a missing or unknown host or visitor zone', () => {
    const r = mondayNineToTen('Nowhere/Land', null);
    expect(starts(r)).toEqual([at('09:00'), at('09:30')]);
    expect(r.timeZone).toBe('UTC');
  });

  it('dates slots by the visitor\'s local date, which may be the host\'s previous day', () => {
    // Monday 09:00-10:00 in Kolkata is Sunday 20:30-21:30 in Los Angeles (PST, before 8 March).
    const r = mondayNineToTen('Asia/Kolkata', 'America/Los_Angeles', { from: '2026-03-01T00:00:00Z', to: '2026-03-03T00:00:00Z' });
    expect(r.slots).toEqual([
      { start: at('03:30'), end: at('04:00'), date: '2026-03-01', label: '19:30' },
      { start: at('04:00'), end: at('04:30'), date: '2026-03-01', label: '20:00' },
    ]);
  });

  it('splits a host day across two visitor dates', () => {
    // Kathmandu 04:00-06:30 Monday is 22:15-00:45 UTC, Sunday into Monday.
    const r = computeSlots(
      query({
        availability: weekly([1], '04:00', '06:30'),
        hostTimeZone: 'Asia/Kathmandu',
        range: { from: '2026-03-01T00:00:00Z', to: '2026-03-03T00:00:00Z' },
      }),
    );
    expect(labelsOn(r, '2026-03-01')).toEqual(['22:15', '22:45', '23:15', '23:45']);
    expect(labelsOn(r, '2026-03-02')).toEqual(['00:15']);
  });
});

describe('DST', () => {
  it('America/New_York spring forward: the window keeps its local hours, the UTC times move', () => {
    const q = { availability: weekly([1], '09:00', '10:00'), hostTimeZone: 'America/New_York' };
    expect(starts(computeSlots(query({ ...q, range: { from: '2026-03-02T00:00:00Z', to: '2026-03-03T00:00:00Z' } })))).toEqual([
      '2026-03-02T14:00:00.000Z', '2026-03-02T14:30:00.000Z',
    ]);
    expect(starts(computeSlots(query({ ...q, range: { from: '2026-03-09T00:00:00Z', to: '2026-03-10T00:00:00Z' } })))).toEqual([
      '2026-03-09T13:00:00.000Z', '2026-03-09T13:30:00.000Z',
    ]);
  });

  it('America/New_York spring forward night: no slot in the missing hour', () => {
    const r = sundaySlots('America/New_York', ['00:00', '04:00'], ['2026-03-08T00:00:00Z', '2026-03-09T12:00:00Z']);
    expect(labelsOn(r, '2026-03-08')).toEqual(['00:00', '00:30', '01:00', '01:30', '03:00', '03:30']);
    expect(starts(r)).toEqual([
      '2026-03-08T05:00:00.000Z', '2026-03-08T05:30:00.000Z', '2026-03-08T06:00:00.000Z',
      '2026-03-08T06:30:00.000Z', '2026-03-08T07:00:00.000Z', '2026-03-08T07:30:00.000Z',
    ]);
  });

  it('America/New_York spring forward: a window starting inside the gap starts when the clocks jump', () => {
    const r = sundaySlots('America/New_York', ['02:30', '04:00'], ['2026-03-08T00:00:00Z', '2026-03-09T00:00:00Z']);
    expect(labelsOn(r, '2026-03-08')).toEqual(['03:00', '03:30']);
  });

  it('America/New_York fall back night: the repeated hour is offered twice, told apart by its zone', () => {
    const r = sundaySlots('America/New_York', ['00:00', '03:00'], ['2026-11-01T00:00:00Z', '2026-11-02T00:00:00Z']);
    expect(labelsOn(r, '2026-11-01')).toEqual([
      '00:00', '00:30', '01:00 EDT', '01:30 EDT', '01:00 EST', '01:30 EST', '02:00', '02:30',
    ]);
    expect(r.slots[2].start).toBe('2026-11-01T05:00:00.000Z');
    expect(r.slots[4].start).toBe('2026-11-01T06:00:00.000Z');
  });

  it('America/New_York fall back: a week later the same window is an hour later in UTC', () => {
    const q = { availability: weekly([1], '09:00', '09:30'), hostTimeZone: 'America/New_York' };
    expect(starts(computeSlots(query({ ...q, range: { from: '2026-10-26T00:00:00Z', to: '2026-10-27T00:00:00Z' } })))).toEqual([
      '2026-10-26T13:00:00.000Z',
    ]);
    expect(starts(computeSlots(query({ ...q, range: { from: '2026-11-02T00:00:00Z', to: '2026-11-03T00:00:00Z' } })))).toEqual([
      '2026-11-02T14:00:00.000Z',
    ]);
  });

  it('Europe/London host, New York visitor, in the weeks when only America has changed clocks', () => {
    const q = {
      availability: weekly([1], '09:00', '10:00'),
      hostTimeZone: 'Europe/London',
      visitorTimeZone: 'America/New_York',
    };
    // 16 March: London GMT (UTC+0), New York EDT (UTC-4) → 05:00.
    const before = computeSlots(query({ ...q, range: { from: '2026-03-16T00:00:00Z', to: '2026-03-17T00:00:00Z' } }));
    expect(labelsOn(before, '2026-03-16')).toEqual(['05:00', '05:30']);
    // 30 March: London BST (UTC+1) → 04:00 in New York.
    const after = computeSlots(query({ ...q, range: { from: '2026-03-30T00:00:00Z', to: '2026-03-31T00:00:00Z' } }));
    expect(labelsOn(after, '2026-03-30')).toEqual(['04:00', '04:30']);
    expect(starts(after)).toEqual(['2026-03-30T08:00:00.000Z', '2026-03-30T08:30:00.000Z']);
  });

  it('Europe/London fall back: 01:00-02:00 happens twice', () => {
    const r = sundaySlots('Europe/London', ['00:30', '02:30'], ['2026-10-24T00:00:00Z', '2026-10-26T00:00:00Z'], 'UTC');
    // 00:30 BST = 23:30Z the day before; the window ends at 02:30 GMT = 02:30Z: three real hours.
    expect(starts(r)).toEqual([
      '2026-10-24T23:30:00.000Z', '2026-10-25T00:00:00.000Z', '2026-10-25T00:30:00.000Z',
      '2026-10-25T01:00:00.000Z', '2026-10-25T01:30:00.000Z', '2026-10-25T02:00:00.000Z',
    ]);
  });

  it('Australia/Lord_Howe: the half-hour spring forward loses one slot', () => {
    const r = sundaySlots('Australia/Lord_Howe', ['01:00', '04:00'], ['2026-10-03T00:00:00Z', '2026-10-04T12:00:00Z']);
    expect(labelsOn(r, '2026-10-04')).toEqual(['01:00', '01:30', '02:30', '03:00', '03:30']);
    expect(r.slots[2].start).toBe('2026-10-03T15:30:00.000Z');
  });

  it('Australia/Lord_Howe: the half-hour fall back repeats 01:30, seen from UTC', () => {
    const r = sundaySlots('Australia/Lord_Howe', ['01:00', '03:00'], ['2026-04-04T00:00:00Z', '2026-04-05T00:00:00Z'], 'UTC');
    expect(starts(r)).toEqual([
      '2026-04-04T14:00:00.000Z', '2026-04-04T14:30:00.000Z', '2026-04-04T15:00:00.000Z',
      '2026-04-04T15:30:00.000Z', '2026-04-04T16:00:00.000Z',
    ]);
    expect(labelsOn(r, '2026-04-04')).toEqual(['14:00', '14:30', '15:00', '15:30', '16:00']);
  });

  it('a New York host seen from Kathmandu and Kolkata across spring forward', () => {
    const q = { availability: weekly([5], '16:00', '17:00'), hostTimeZone: 'America/New_York' };
    // Friday 6 March 16:00 EST = 21:00Z = Sat 02:45 Kathmandu; Friday 13 March 16:00 EDT = 20:00Z = Sat 01:45.
    const range = { from: '2026-03-06T00:00:00Z', to: '2026-03-14T00:00:00Z' };
    const nepal = computeSlots(query({ ...q, visitorTimeZone: 'Asia/Kathmandu', range }));
    expect(labelsByDate(nepal)).toEqual([
      ['2026-03-07', ['02:45', '03:15']],
      ['2026-03-14', ['01:45', '02:15']],
    ]);
    const india = computeSlots(query({ ...q, visitorTimeZone: 'Asia/Kolkata', range }));
    expect(labelsByDate(india).map(([, labels]) => labels)).toEqual([['02:30', '03:00'], ['01:30', '02:00']]);
  });
});

describe('bookings and buffers', () => {
  const base = { availability: weekly([1], '09:00', '12:00'), range: MONDAY };

  it('hides slots overlapping a booking; back-to-back is fine', () => {
    const r = computeSlots(query({ ...base, busy: [{ start: at('10:00'), end: at('11:00') }] }));
    expect(labelsOn(r, '2026-03-02')).toEqual(['09:00', '09:30', '11:00', '11:30']);
  });

  it('hides a longer meeting that would run into a booking', () => {
    const r = computeSlots(query({ ...base, duration: 60, busy: [{ start: at('10:00'), end: at('10:30') }] }));
    expect(labelsOn(r, '2026-03-02')).toEqual(['09:00', '10:30', '11:00']);
  });

  it('bufferBefore keeps time free before the meeting, bufferAfter after it', () => {
    const busy = [{ start: at('10:00'), end: at('10:30') }];
    const before = computeSlots(query({ ...base, busy, settings: { ...NO_SETTINGS, bufferBefore: 15 } }));
    expect(labelsOn(before, '2026-03-02')).toEqual(['09:00', '09:30', '11:00', '11:30']);
    const after = computeSlots(query({ ...base, busy, settings: { ...NO_SETTINGS, bufferAfter: 15 } }));
    expect(labelsOn(after, '2026-03-02')).toEqual(['09:00', '10:30', '11:00', '11:30']);
    const both = computeSlots(query({ ...base, busy, settings: { ...NO_SETTINGS, bufferBefore: 30, bufferAfter: 30 } }));
    expect(labelsOn(both, '2026-03-02')).toEqual(['09:00', '11:00', '11:30']);
  });

  it('a buffer reaches a booking on the previous evening', () => {
    const r = computeSlots(
      query({
        availability: weekly([1], '00:00', '01:00'),
        busy: [{ start: '2026-03-01T23:00:00Z', end: '2026-03-01T23:50:00Z' }],
        settings: { ...NO_SETTINGS, bufferBefore: 15 },
        range: MONDAY,
      }),
    );
    expect(labelsOn(r, '2026-03-02')).toEqual(['00:30']);
  });

  it('ignores empty and invalid busy intervals', () => {
    const busy = [{ start: at('10:00'), end: at('10:00') }, { start: 'garbage', end: at('11:00') }];
    expect(labelsOn(computeSlots(query({ ...base, busy })), '2026-03-02')).toHaveLength(6);
  });
});

describe('minimum notice, horizon and the past', () => {
  const now = '2026-03-02T08:10:00Z';

  it('nothing before now, even without notice', () => {
    const r = computeSlots(query({ now: '2026-03-02T10:00:00Z', range: MONDAY }));
    expect(labelsOn(r, '2026-03-02')[0]).toBe('10:00');
  });

  it('nothing earlier than now + minimum notice; exactly at the notice is fine', () => {
    const hour = computeSlots(query({ now, settings: { ...NO_SETTINGS, minimumNotice: 60 }, range: MONDAY }));
    expect(labelsOn(hour, '2026-03-02')[0]).toBe('09:30');
    const exact = computeSlots(query({ now: '2026-03-02T08:00:00Z', settings: { ...NO_SETTINGS, minimumNotice: 60 }, range: MONDAY }));
    expect(labelsOn(exact, '2026-03-02')[0]).toBe('09:00');
    const day = computeSlots(
      query({ now: '2026-03-02T09:10:00Z', settings: { ...NO_SETTINGS, minimumNotice: 1440 }, range: { from: MONDAY.from, to: '2026-03-04T00:00:00Z' } }),
    );
    expect(labelsByDate(day).map(([date, labels]) => [date, labels[0]])).toEqual([['2026-03-03', '09:30']]);
  });

  /** Every day 09:00-17:00, asked at `now` for 1 March to `to` with a horizon of `maxFutureBookings` days. */
  const everyDayUntil = (to: string, now: string, maxFutureBookings: number) =>
    computeSlots(
      query({
        availability: weekly(EVERY_DAY, '09:00', '17:00'),
        now,
        settings: { ...NO_SETTINGS, maxFutureBookings },
        range: { from: '2026-03-01T00:00:00Z', to },
      }),
    );

  it('nothing beyond now + maxFutureBookings days; exactly at the horizon is fine', () => {
    const r = everyDayUntil('2026-04-01T00:00:00Z', '2026-03-02T09:00:00Z', 7);
    expect(r.slots.at(-1)?.start).toBe('2026-03-09T09:00:00.000Z');
    expect(datesOf(r)).toHaveLength(8);
  });

  it('never beyond 60 days, even with maxFutureBookings 90', () => {
    const r = everyDayUntil('2026-07-01T00:00:00Z', '2026-03-02T12:00:00Z', 90);
    expect(MAX_HORIZON_DAYS).toBe(60);
    expect(r.slots.at(-1)?.start).toBe('2026-05-01T12:00:00.000Z');
  });

  it('uses the product defaults (10/10 buffers, a day of notice, 60 days) when no settings are given', () => {
    expect(DEFAULT_SETTINGS).toEqual({ bufferBefore: 10, bufferAfter: 10, minimumNotice: 1440, maxFutureBookings: 60 });
    const r = computeSlots({
      availability: weekly(EVERY_DAY, '09:00', '10:00'),
      duration: 30,
      busy: [{ start: '2026-03-03T09:30:00Z', end: '2026-03-03T09:40:00Z' }],
      now: '2026-03-02T09:00:00Z',
      range: { from: '2026-03-02T00:00:00Z', to: '2026-03-04T00:00:00Z' },
    });
    // 03-02 is within the day of notice; on 03-03 09:00 runs into the booking's 10-minute buffer.
    expect(r.slots).toEqual([]);
  });
});

describe('team members', () => {
  const members = [
    { id: 'a', busy: [{ start: at('09:00'), end: at('10:00') }] },
    { id: 'b', busy: [{ start: at('10:00'), end: at('11:00') }] },
  ];
  const base = { availability: weekly([1], '09:00', '12:00'), range: MONDAY };

  it('offers a slot while any member is free', () => {
    expect(labelsOn(computeSlots(query({ ...base, members })), '2026-03-02')).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30']);
  });

  it('with requireAllMembers, only where every member is free', () => {
    expect(labelsOn(computeSlots(query({ ...base, members, requireAllMembers: true })), '2026-03-02')).toEqual(['11:00', '11:30']);
  });

  it('a team without members offers nothing', () => {
    expect(computeSlots(query({ ...base, members: [] })).slots).toEqual([]);
  });

  it('team-wide busy intervals still apply', () => {
    const busy = [{ start: at('11:00'), end: at('12:00') }];
    expect(labelsOn(computeSlots(query({ ...base, members, busy })), '2026-03-02')).toEqual(['09:00', '09:30', '10:00', '10:30']);
  });
});

describe('checkSlot (server re-validation)', () => {
  const rules = {
    availability: weekly(WEEKDAYS, '09:00', '17:00'),
    hostTimeZone: 'America/New_York',
    duration: 60,
    settings: { bufferBefore: 10, bufferAfter: 10, minimumNotice: 120, maxFutureBookings: 14 },
    busy: [{ start: '2026-03-04T15:00:00Z', end: '2026-03-04T16:00:00Z' }],
    now: '2026-03-02T13:10:00Z', // 08:10 EST Monday: the notice runs to 10:10 EST
  };

  it('accepts an offered slot, with or without its end', () => {
    expect(checkSlot(rules, '2026-03-03T14:00:00Z')).toEqual({ ok: true });
    expect(checkSlot(rules, '2026-03-03T14:00:00.000Z', '2026-03-03T15:00:00.000Z')).toEqual({ ok: true });
    expect(checkSlot(rules, new Date('2026-03-03T14:00:00Z')).ok).toBe(true);
  });

  it('names why a start is refused', () => {
    const reason = (start: string, end?: string) => {
      const c = checkSlot(rules, start, end);
      return c.ok ? 'ok' : c.reason;
    };
    expect(reason('not a date')).toBe('invalid');
    expect(reason('2026-03-03T14:00:00Z', 'later')).toBe('invalid');
    expect(reason('2026-03-03T14:00:00Z', '2026-03-03T14:30:00Z')).toBe('wrong_duration');
    expect(reason('2026-03-02T11:00:00Z')).toBe('past');
    expect(reason('2026-03-02T14:00:00Z')).toBe('notice'); // 09:00 EST
    expect(reason('2026-03-02T15:00:00Z')).toBe('notice'); // 10:00 EST
    expect(reason('2026-03-02T15:30:00Z')).toBe('ok');
    expect(reason('2026-03-17T14:00:00Z')).toBe('horizon');
    expect(reason('2026-03-03T14:15:00Z')).toBe('outside_hours'); // off the grid
    expect(reason('2026-03-03T13:00:00Z')).toBe('outside_hours'); // 08:00 EST
    expect(reason('2026-03-03T21:30:00Z')).toBe('outside_hours'); // 16:30 EST, would end after 17:00
    expect(reason('2026-03-07T15:00:00Z')).toBe('outside_hours'); // Saturday
    expect(reason('2026-03-04T14:00:00Z')).toBe('busy'); // ends 10:00 EST = the booking's start
    expect(reason('2026-03-04T16:00:00Z')).toBe('busy'); // starts at the booking's end, inside bufferBefore
    expect(reason('2026-03-04T16:30:00Z')).toBe('ok');
  });

  it('agrees with computeSlots on every start of a week', () => {
    const range = { from: '2026-03-02T00:00:00Z', to: '2026-03-09T00:00:00Z' };
    const offered = new Set(starts(computeSlots({ ...rules, range })));
    expect(offered.size).toBeGreaterThan(0);
    for (let t = Date.parse(range.from); t < Date.parse(range.to); t += 15 * 60_000) {
      expect(checkSlot(rules, t).ok).toBe(offered.has(new Date(t).toISOString()));
    }
  });
});

/** The visitor dates in [startDate, endDate] the slots function answers with: the days the date picker enables. */
function availableDays(rules: SlotRules & { visitorTimeZone?: string }, startDate: string, endDate: string): string[] {
  const visitorTimeZone = rules.visitorTimeZone ?? 'UTC';
  return datesOf(computeSlots({ ...rules, visitorTimeZone, range: zonedDateRange(startDate, endDate, visitorTimeZone) }));
}

describe('the days with slots (date picker)', () => {
  const rules = {
    availability: weekly([1, 3], '09:00', '17:00'),
    hostTimeZone: 'UTC',
    duration: 30,
    settings: { ...NO_SETTINGS, maxFutureBookings: 14 },
    now: '2026-03-04T12:00:00Z', // Wednesday
  };

  it('disables past days, weekdays without availability and days beyond the horizon', () => {
    expect(availableDays({ ...rules, visitorTimeZone: 'UTC' }, '2026-03-01', '2026-03-31')).toEqual([
      '2026-03-04', '2026-03-09', '2026-03-11', '2026-03-16', '2026-03-18',
    ]);
  });

  it('counts in the visitor\'s dates', () => {
    // 09:00-17:00 UTC on Monday is 18:00 Monday to 02:00 Tuesday in Tokyo.
    expect(availableDays({ ...rules, availability: weekly([1], '09:00', '17:00'), visitorTimeZone: 'Asia/Tokyo' }, '2026-03-08', '2026-03-11')).toEqual([
      '2026-03-09', '2026-03-10',
    ]);
  });

  it('disables today once the notice has used it up', () => {
    expect(availableDays({ ...rules, settings: { ...rules.settings, minimumNotice: 1440 } }, '2026-03-04', '2026-03-09')).toEqual(['2026-03-09']);
  });
});
