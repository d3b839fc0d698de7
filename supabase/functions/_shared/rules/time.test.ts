import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayOfWeek,
  formatHHMM,
  formatTimeInZone,
  instantToZoned,
  isValidDate,
  isValidTimeZone,
  parseHHMM,
  resolveTimeZone,
  zonedDateRange,
  zonedToInstant,
} from './time.ts';
import { TIME_ZONES } from './timezones.ts';

const iso = (d: Date) => d.toISOString();
const readsEarlier = (a: { date: string; minutes: number }, b: { date: string; minutes: number }) =>
  a.date < b.date || (a.date === b.date && a.minutes < b.minutes);

describe('HH:MM', () => {
  it('parses valid times to minutes since midnight, 24:00 as the end of the day', () => {
    expect(parseHHMM('00:00')).toBe(0);
    expect(parseHHMM('09:30')).toBe(570);
    expect(parseHHMM('23:59')).toBe(1439);
    expect(parseHHMM('24:00')).toBe(1440);
  });
  it('rejects anything else', () => {
    for (const bad of ['9:30', '24:30', '12:60', '', '12-30', '12:30:00', ' 12:30']) expect(parseHHMM(bad)).toBeNull();
  });
  it('formats back', () => {
    expect(formatHHMM(0)).toBe('00:00');
    expect(formatHHMM(570)).toBe('09:30');
    expect(formatHHMM(1440)).toBe('24:00');
  });
});

describe('calendar dates', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
  it('gives the weekday with Sunday = 0', () => {
    expect(dayOfWeek('2026-03-08')).toBe(0);
    expect(dayOfWeek('2026-03-09')).toBe(1);
    expect(dayOfWeek('2026-03-14')).toBe(6);
  });
  it('validates YYYY-MM-DD', () => {
    expect(isValidDate('2026-02-28')).toBe(true);
    expect(isValidDate('2026-02-29')).toBe(false);
    expect(isValidDate('2026-2-28')).toBe(false);
    expect(isValidDate('yesterday')).toBe(false);
  });
});

describe('time zones', () => {
  it.each(['Asia/Kathmandu', 'Etc/GMT+5', 'America/Argentina/Buenos_Aires', 'America/Port-au-Prince'])('knows %j as a zone', (zone) => {
    expect(isValidTimeZone(zone)).toBe(true);
  });

  it.each([
    'Mars/Olympus',
    '',
    // Intl accepts these, the database does not.
    'america/new_york',
    'EST',
    'GMT+5',
  ])('refuses %j as a zone', (zone) => {
    expect(isValidTimeZone(zone)).toBe(false);
  });

  it.each([
    ['Mars/Olympus', 'UTC'],
    [null, 'UTC'],
    [undefined, 'UTC'],
    ['Asia/Kolkata', 'Asia/Kolkata'],
  ])('resolves %j to %s, falling back to UTC', (zone, resolved) => {
    expect(resolveTimeZone(zone)).toBe(resolved);
  });
});

describe('wall clock → instant', () => {
  it('handles fixed offsets, half-hour and 45-minute zones', () => {
    expect(iso(zonedToInstant('2026-06-01', 540, 'UTC'))).toBe('2026-06-01T09:00:00.000Z');
    expect(iso(zonedToInstant('2026-06-01', 540, 'Asia/Kolkata'))).toBe('2026-06-01T03:30:00.000Z');
    expect(iso(zonedToInstant('2026-06-01', 540, 'Asia/Kathmandu'))).toBe('2026-06-01T03:15:00.000Z');
    expect(iso(zonedToInstant('2026-06-01', 0, 'Asia/Kathmandu'))).toBe('2026-05-31T18:15:00.000Z');
  });

  it('America/New_York: before and after spring forward', () => {
    expect(iso(zonedToInstant('2026-03-07', 540, 'America/New_York'))).toBe('2026-03-07T14:00:00.000Z');
    expect(iso(zonedToInstant('2026-03-09', 540, 'America/New_York'))).toBe('2026-03-09T13:00:00.000Z');
  });

  it('a time inside the spring-forward gap is the moment the clocks jump', () => {
    // 02:00-03:00 does not exist on 2026-03-08 in New York; the jump is 07:00Z (03:00 EDT).
    expect(iso(zonedToInstant('2026-03-08', 120, 'America/New_York'))).toBe('2026-03-08T07:00:00.000Z');
    expect(iso(zonedToInstant('2026-03-08', 150, 'America/New_York'))).toBe('2026-03-08T07:00:00.000Z');
    expect(iso(zonedToInstant('2026-03-08', 180, 'America/New_York'))).toBe('2026-03-08T07:00:00.000Z');
    expect(iso(zonedToInstant('2026-03-08', 90, 'America/New_York'))).toBe('2026-03-08T06:30:00.000Z');
    // London jumps 01:00 → 02:00 GMT→BST.
    expect(iso(zonedToInstant('2026-03-29', 90, 'Europe/London'))).toBe('2026-03-29T01:00:00.000Z');
    // Lord Howe jumps only half an hour: 02:00 → 02:30 (+10:30 → +11).
    expect(iso(zonedToInstant('2026-10-04', 135, 'Australia/Lord_Howe'))).toBe('2026-10-03T15:30:00.000Z');
    expect(iso(zonedToInstant('2026-10-04', 150, 'Australia/Lord_Howe'))).toBe('2026-10-03T15:30:00.000Z');
  });

  it('a time that happens twice at fall back is the earlier instant, in every zone', () => {
    expect(iso(zonedToInstant('2026-11-01', 90, 'America/New_York'))).toBe('2026-11-01T05:30:00.000Z'); // 01:30 EDT
    expect(iso(zonedToInstant('2026-10-25', 90, 'Europe/London'))).toBe('2026-10-25T00:30:00.000Z'); // 01:30 BST
    expect(iso(zonedToInstant('2026-04-05', 105, 'Australia/Lord_Howe'))).toBe('2026-04-04T14:45:00.000Z'); // 01:45 +11
  });

  it('a local day is 23 or 25 hours across DST changes', () => {
    const spring = zonedDateRange('2026-03-08', '2026-03-08', 'America/New_York');
    expect(spring.to.getTime() - spring.from.getTime()).toBe(23 * 3_600_000);
    const fall = zonedDateRange('2026-11-01', '2026-11-01', 'America/New_York');
    expect(fall.to.getTime() - fall.from.getTime()).toBe(25 * 3_600_000);
    const howe = zonedDateRange('2026-10-04', '2026-10-04', 'Australia/Lord_Howe');
    expect(howe.to.getTime() - howe.from.getTime()).toBe(23.5 * 3_600_000);
  });

  it('round-trips with instantToZoned for every picker zone, or lands on the jump inside a gap', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TIME_ZONES),
        fc.integer({ min: 0, max: 3 * 365 }),
        fc.integer({ min: 0, max: 1439 }),
        (zone, dayOffset, minutes) => {
          const date = addDays('2025-01-01', dayOffset);
          const t = zonedToInstant(date, minutes, zone);
          const wall = instantToZoned(t, zone);
          if (wall.date === date && wall.minutes === minutes) {
            // Existing time: the earliest instant that reads so (an hour earlier, if any, reads differently).
            for (const back of [30, 60]) {
              const earlier = instantToZoned(t.getTime() - back * 60_000, zone);
              expect(earlier.date === date && earlier.minutes === minutes).toBe(false);
            }
          } else {
            // Gap: a minute before the result the clock still read earlier than the requested time.
            const asked = { date, minutes };
            expect(readsEarlier(instantToZoned(t.getTime() - 60_000, zone), asked)).toBe(true);
            expect(readsEarlier(asked, wall)).toBe(true);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('instant → wall clock', () => {
  it('reads the date, minutes and weekday in the zone', () => {
    expect(instantToZoned('2026-03-09T03:30:00Z', 'Asia/Kolkata')).toEqual({ date: '2026-03-09', minutes: 540, dayOfWeek: 1 });
    expect(instantToZoned('2026-03-09T03:30:00Z', 'America/Los_Angeles')).toEqual({ date: '2026-03-08', minutes: 20 * 60 + 30, dayOfWeek: 0 });
  });
  it('labels times with the zone abbreviation on request', () => {
    expect(formatTimeInZone('2026-11-01T05:30:00Z', 'America/New_York')).toBe('01:30');
    expect(formatTimeInZone('2026-11-01T05:30:00Z', 'America/New_York', true)).toBe('01:30 EDT');
    expect(formatTimeInZone('2026-11-01T06:30:00Z', 'America/New_York', true)).toBe('01:30 EST');
  });
});
