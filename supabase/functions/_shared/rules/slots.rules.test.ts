// Date overrides, time off, per-event rules, slot intervals and booking limits in the slot engine.
import { describe, expect, it } from 'vitest';
import { MAX_HORIZON_DAYS } from './constants.ts';
import { checkSlot, computeSlots, effectiveSettings, type SlotQuery } from './slots.ts';
import { datesOf, EVERY_DAY, labelsOn, NO_SETTINGS, query, starts, weekly } from './test-helpers.ts';

// 2026-03-02 is a Monday.
const MONDAY = { from: '2026-03-02T00:00:00Z', to: '2026-03-03T00:00:00Z' };
const days = (from: string, to: string) => ({ from: `${from}T00:00:00Z`, to: `${to}T00:00:00Z` });
/** The slots of one override (`date`, `hours` host-local in `zone`) and no weekly hours, labelled in `visitor`'s zone when given. */
const overrideSlots = (zone: string, date: string, [startTime, endTime]: [string, string], range: SlotQuery['range'], visitor?: string) =>
  computeSlots(
    query({ availability: [], hostTimeZone: zone, ...(visitor ? { visitorTimeZone: visitor } : {}), overrides: [{ date, ranges: [{ startTime, endTime }] }], range }),
  );
const reason = (q: SlotQuery, start: string) => {
  const c = checkSlot(q, start);
  return c.ok ? 'ok' : c.reason;
};

describe('date overrides', () => {
  it('replace the weekly hours of their date, and only of that date', () => {
    const q = query({ range: days('2026-03-02', '2026-03-04'), overrides: [{ date: '2026-03-02', ranges: [{ startTime: '13:00', endTime: '14:00' }] }] });
    const r = computeSlots(q);
    expect(labelsOn(r, '2026-03-02')).toEqual(['13:00', '13:30']);
    expect(labelsOn(r, '2026-03-03')).toHaveLength(16);
    expect(reason(q, '2026-03-02T09:00:00Z')).toBe('outside_hours');
    expect(reason(q, '2026-03-02T13:30:00Z')).toBe('ok');
  });

  it('open a day the weekly rules leave closed, with several ranges', () => {
    const ranges = [{ startTime: '15:00', endTime: '16:00' }, { startTime: '09:00', endTime: '10:00' }];
    const r = computeSlots(query({ range: days('2026-03-07', '2026-03-08'), overrides: [{ date: '2026-03-07', ranges }] }));
    expect(labelsOn(r, '2026-03-07')).toEqual(['09:00', '09:30', '15:00', '15:30']);
  });

  it('with no ranges, make the date unavailable', () => {
    const r = computeSlots(query({ range: days('2026-03-02', '2026-03-04'), overrides: [{ date: '2026-03-02', ranges: [] }] }));
    expect(datesOf(r)).toEqual(['2026-03-03']);
  });

  it('are read in the host\'s zone: a New York date is a UTC evening too', () => {
    const r = overrideSlots('America/New_York', '2026-03-02', ['19:00', '20:00'], days('2026-03-02', '2026-03-04'));
    expect(starts(r)).toEqual(['2026-03-03T00:00:00.000Z', '2026-03-03T00:30:00.000Z']);
  });
});

describe('time off', () => {
  it('a day off beats both the weekly rules and an override of that date', () => {
    const q = query({
      range: days('2026-03-02', '2026-03-05'),
      overrides: [{ date: '2026-03-02', ranges: [{ startTime: '13:00', endTime: '14:00' }] }],
      timeOff: [{ startDate: '2026-03-02', endDate: '2026-03-03' }],
    });
    expect(datesOf(computeSlots(q))).toEqual(['2026-03-04']);
    expect(reason(q, '2026-03-02T13:00:00Z')).toBe('outside_hours');
    expect(reason(q, '2026-03-03T09:00:00Z')).toBe('outside_hours');
  });

  it('covers whole days of the host\'s zone', () => {
    const r = computeSlots(
      query({
        hostTimeZone: 'America/New_York',
        range: days('2026-03-02', '2026-03-05'),
        timeOff: [{ startDate: '2026-03-03', endDate: '2026-03-03' }],
      }),
    );
    // New York 09:00-17:00 is 14:00-22:00 UTC: Monday and Wednesday, not Tuesday.
    expect(datesOf(r)).toEqual(['2026-03-02', '2026-03-04']);
    expect(labelsOn(r, '2026-03-02')[0]).toBe('14:00');
  });

  it('a team member on time off in Kathmandu (+5:45) is not free during their own local day', () => {
    const member = { id: 'away', busy: [], timeOff: [{ startDate: '2026-03-10', endDate: '2026-03-10' }], timeZone: 'Asia/Kathmandu' };
    const q = query({ availability: weekly(EVERY_DAY, '00:00', '23:30'), members: [member], range: days('2026-03-09', '2026-03-12') });
    const r = computeSlots(q);
    // Away from 2026-03-09 18:15Z to 2026-03-10 18:15Z: the last meeting ends before, the next starts after.
    expect(labelsOn(r, '2026-03-09').at(-1)).toBe('17:30');
    expect(labelsOn(r, '2026-03-10')[0]).toBe('18:30');
    expect(reason(q, '2026-03-10T12:00:00Z')).toBe('busy');
    // Another member who is in takes those hours.
    const both = computeSlots({ ...q, members: [member, { id: 'in', busy: [] }] });
    expect(labelsOn(both, '2026-03-10')).toHaveLength(47);
    // Requiring all members, the away one closes them again.
    expect(labelsOn(computeSlots({ ...q, members: [member, { id: 'in', busy: [] }], requireAllMembers: true }), '2026-03-10')[0]).toBe('18:30');
  });
});

describe('booking limits', () => {
  it('count per host-local day: a Monday-evening booking in New York is Tuesday in UTC but fills Monday', () => {
    const q = query({
      hostTimeZone: 'America/New_York',
      range: days('2026-03-02', '2026-03-04'),
      limits: { perDay: 1, booked: ['2026-03-03T02:00:00Z'] },
    });
    const r = computeSlots(q);
    expect(r.slots.every((s) => s.start >= '2026-03-03T05:00:00.000Z')).toBe(true);
    expect(r.slots.length).toBeGreaterThan(0);
    expect(reason(q, '2026-03-02T15:00:00Z')).toBe('limit');
    expect(reason(q, '2026-03-03T15:00:00Z')).toBe('ok');
    expect(computeSlots({ ...q, limits: { perDay: 2, booked: ['2026-03-03T02:00:00Z'] } }).slots.some((s) => s.start < '2026-03-03T05:00:00.000Z')).toBe(true);
  });

  it('count per host-local day in Kathmandu (+5:45)', () => {
    const q = query({
      hostTimeZone: 'Asia/Kathmandu',
      range: days('2026-03-08', '2026-03-11'),
      // 00:15 on Tuesday 10 March in Kathmandu.
      limits: { perDay: 1, booked: ['2026-03-09T18:30:00Z'] },
    });
    expect(datesOf(computeSlots(q))).toEqual(['2026-03-09']);
  });

  it('count per week, Monday first', () => {
    const q = query({ availability: weekly(EVERY_DAY, '09:00', '10:00'), range: days('2026-03-01', '2026-03-10') });
    // Sunday 1 March belongs to the week before: the week of 2 March holds one booking, under the limit.
    const apart = computeSlots({ ...q, limits: { perWeek: 2, booked: ['2026-03-01T09:00:00Z', '2026-03-02T09:00:00Z'] } });
    expect(datesOf(apart)).toHaveLength(9);
    // Two bookings in the week of 2 March close all of it; Sunday 1 and Monday 9 stay open.
    const full = computeSlots({ ...q, limits: { perWeek: 2, booked: ['2026-03-02T09:00:00Z', '2026-03-08T09:30:00Z'] } });
    expect(datesOf(full)).toEqual(['2026-03-01', '2026-03-09']);
  });

  it('no limit, or a nonsense one, limits nothing', () => {
    const q = query({ range: MONDAY });
    const all = computeSlots(q).slots.length;
    expect(computeSlots({ ...q, limits: { perDay: null, perWeek: 0, booked: ['2026-03-02T09:00:00Z'] } }).slots).toHaveLength(all);
  });
});

describe('per-event rules', () => {
  const host = { bufferBefore: 10, bufferAfter: 10, minimumNotice: 1440, maxFutureBookings: 7 };

  it('an event type\'s notice and horizon beat the host\'s; unset ones fall back', () => {
    expect(effectiveSettings(host, { minimumNotice: 0, maxFutureBookings: 30 })).toEqual({ ...host, minimumNotice: 0, maxFutureBookings: 30 });
    expect(effectiveSettings(host, { minimumNotice: null, bufferBefore: 0 })).toEqual({ ...host, bufferBefore: 0 });
    const now = '2026-03-02T08:00:00Z';
    const range = days('2026-03-02', '2026-04-03');
    // A day's notice from Monday 08:00, and 7 days: the Monday after ends at 08:00, before its hours.
    const hostOnly = computeSlots(query({ now, range, settings: host }));
    expect(datesOf(hostOnly)[0]).toBe('2026-03-03');
    expect(datesOf(hostOnly).at(-1)).toBe('2026-03-06');
    const own = computeSlots(query({ now, range, settings: effectiveSettings(host, { minimumNotice: 0, maxFutureBookings: 30 }) }));
    expect(datesOf(own)[0]).toBe('2026-03-02');
    // 30 days end on Wednesday 1 April at 08:00.
    expect(datesOf(own).at(-1)).toBe('2026-03-31');
  });

  it('a 90-day event horizon still stops at 60 days', () => {
    const now = '2026-03-02T08:00:00Z';
    const r = computeSlots(query({ now, range: days('2026-03-02', '2026-06-01'), settings: effectiveSettings(host, { maxFutureBookings: 90, minimumNotice: 0 }) }));
    expect(Date.parse(r.slots.at(-1)!.start)).toBeLessThanOrEqual(Date.parse(now) + MAX_HORIZON_DAYS * 86_400_000);
  });

  it('team event types start from the team defaults: no buffer, no notice', () => {
    expect(effectiveSettings(NO_SETTINGS, { bufferBefore: 15 })).toEqual({ ...NO_SETTINGS, bufferBefore: 15 });
  });
});

describe('slot intervals', () => {
  it('15 minutes', () => {
    const r = computeSlots(query({ availability: weekly([1], '09:00', '10:00'), slotInterval: 15, range: MONDAY }));
    expect(labelsOn(r, '2026-03-02')).toEqual(['09:00', '09:15', '09:30']);
  });

  it('60 minutes', () => {
    const r = computeSlots(query({ availability: weekly([1], '09:00', '12:00'), slotInterval: 60, range: MONDAY }));
    expect(labelsOn(r, '2026-03-02')).toEqual(['09:00', '10:00', '11:00']);
  });

  it('the event\'s duration: back-to-back meetings', () => {
    const q = query({ availability: weekly([1], '09:00', '12:00'), duration: 45, slotInterval: 'duration', range: MONDAY });
    expect(labelsOn(computeSlots(q), '2026-03-02')).toEqual(['09:00', '09:45', '10:30', '11:15']);
    expect(reason(q, '2026-03-02T09:45:00Z')).toBe('ok');
    expect(reason(q, '2026-03-02T09:30:00Z')).toBe('outside_hours');
  });

  it('30 minutes when not given (docs/product/validation.md)', () => {
    expect(labelsOn(computeSlots(query({ availability: weekly([1], '09:00', '10:00'), range: MONDAY })), '2026-03-02')).toEqual(['09:00', '09:30']);
  });
});

describe('overrides and time off across DST and odd offsets', () => {
  it('America/New_York spring forward: an override of the night has no 02:xx', () => {
    const r = overrideSlots('America/New_York', '2026-03-08', ['01:00', '04:00'], days('2026-03-07', '2026-03-10'), 'America/New_York');
    expect(labelsOn(r, '2026-03-08')).toEqual(['01:00', '01:30', '03:00', '03:30']);
    expect(starts(r)).toEqual(['2026-03-08T06:00:00.000Z', '2026-03-08T06:30:00.000Z', '2026-03-08T07:00:00.000Z', '2026-03-08T07:30:00.000Z']);
  });

  it('Australia/Lord_Howe: an override of the half-hour spring forward, and a day off the next Sunday', () => {
    const q = query({
      availability: weekly([0], '09:00', '10:00'),
      hostTimeZone: 'Australia/Lord_Howe',
      visitorTimeZone: 'Australia/Lord_Howe',
      overrides: [{ date: '2026-10-04', ranges: [{ startTime: '01:00', endTime: '04:00' }] }],
      timeOff: [{ startDate: '2026-10-11', endDate: '2026-10-11' }],
      range: days('2026-10-03', '2026-10-19'),
    });
    const r = computeSlots(q);
    expect(labelsOn(r, '2026-10-04')).toEqual(['01:00', '01:30', '02:30', '03:00', '03:30']);
    expect(datesOf(r)).toEqual(['2026-10-04', '2026-10-18']);
    expect(labelsOn(r, '2026-10-18')).toEqual(['09:00', '09:30']);
  });

  it('Asia/Kathmandu (+5:45): an override lands on the quarter hour in UTC', () => {
    const r = overrideSlots('Asia/Kathmandu', '2026-03-09', ['10:00', '11:00'], days('2026-03-08', '2026-03-11'));
    expect(labelsOn(r, '2026-03-09')).toEqual(['04:15', '04:45']);
  });

  it('America/New_York fall back: an override of the repeated hour offers it twice, told apart by its zone', () => {
    const r = overrideSlots('America/New_York', '2026-11-01', ['01:00', '03:00'], days('2026-10-31', '2026-11-03'), 'America/New_York');
    // 01:00 EDT to 03:00 EST is three hours.
    expect(labelsOn(r, '2026-11-01')).toEqual(['01:00 EDT', '01:30 EDT', '01:00 EST', '01:30 EST', '02:00', '02:30']);
    expect(starts(r)[0]).toBe('2026-11-01T05:00:00.000Z');
    expect(starts(r).at(-1)).toBe('2026-11-01T07:30:00.000Z');
  });

  it('America/New_York: time off over the spring-forward weekend ends at the 23-hour day\'s midnight', () => {
    const q = query({
      availability: weekly(EVERY_DAY, '00:00', '23:30'),
      hostTimeZone: 'America/New_York',
      timeOff: [{ startDate: '2026-03-07', endDate: '2026-03-09' }],
      range: days('2026-03-06', '2026-03-11'),
    });
    const all = starts(computeSlots(q));
    // Away from midnight EST (05:00Z) on the 7th to midnight EDT (04:00Z) on the 10th.
    const at = all.indexOf('2026-03-07T04:00:00.000Z');
    expect(all.slice(at, at + 2)).toEqual(['2026-03-07T04:00:00.000Z', '2026-03-10T04:00:00.000Z']);
    expect(reason(q, '2026-03-08T15:00:00Z')).toBe('outside_hours');
    expect(reason(q, '2026-03-10T03:30:00Z')).toBe('outside_hours');
    expect(reason(q, '2026-03-10T04:00:00Z')).toBe('ok');
  });

  it('Asia/Kolkata (+5:30): a day off and an override the day after, on the half hour in UTC', () => {
    const q = query({
      availability: weekly(EVERY_DAY, '00:00', '23:30'),
      hostTimeZone: 'Asia/Kolkata',
      overrides: [{ date: '2026-03-11', ranges: [{ startTime: '09:00', endTime: '10:00' }] }],
      timeOff: [{ startDate: '2026-03-10', endDate: '2026-03-10' }],
      range: days('2026-03-09', '2026-03-12'),
    });
    const r = computeSlots(q);
    // 9 March in Kolkata ends at 18:30Z; 10 March (off) runs to 18:30Z on the 10th; 11 March holds only 09:00-10:00 IST.
    expect(labelsOn(r, '2026-03-09').at(-1)).toBe('17:30');
    expect(labelsOn(r, '2026-03-10')).toEqual([]);
    expect(labelsOn(r, '2026-03-11').slice(0, 3)).toEqual(['03:30', '04:00', '18:30']);
    expect(reason(q, '2026-03-10T06:00:00Z')).toBe('outside_hours');
    expect(reason(q, '2026-03-11T03:30:00Z')).toBe('ok');
  });
});

describe('checkSlot agrees with computeSlots under every new rule', () => {
  it('on every quarter hour of a week', () => {
    const q = query({
      hostTimeZone: 'America/New_York',
      duration: 45,
      slotInterval: 15,
      settings: { ...NO_SETTINGS, bufferBefore: 10 },
      overrides: [{ date: '2026-03-04', ranges: [{ startTime: '07:00', endTime: '09:00' }] }, { date: '2026-03-06', ranges: [] }],
      timeOff: [{ startDate: '2026-03-05', endDate: '2026-03-05' }],
      limits: { perDay: 1, booked: ['2026-03-03T15:00:00Z'] },
      busy: [{ start: '2026-03-02T15:00:00Z', end: '2026-03-02T16:00:00Z' }],
      range: days('2026-03-02', '2026-03-09'),
    });
    const offered = new Set(starts(computeSlots(q)));
    expect(offered.size).toBeGreaterThan(0);
    for (let t = Date.parse(q.range.from as string); t < Date.parse(q.range.to as string); t += 15 * 60_000) {
      expect(checkSlot(q, t).ok).toBe(offered.has(new Date(t).toISOString()));
    }
  });
});
