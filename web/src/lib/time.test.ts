import { afterEach, describe, expect, it, vi } from 'vitest';
import { addMinutes, format } from 'date-fns';
import { formatInTimeZone } from 'date-fns-tz';
import { resetHourCycle, setHourCycle } from './clock.ts';
import { browserTimeZone, clockLabel, formatDate, halfHourChoices, type DatePattern } from './time.ts';

const PATTERNS: DatePattern[] = [
  'EEEE, MMMM d',
  'EEEE, MMMM d, yyyy',
  "EEEE, MMMM d 'at' h:mm a",
  "EEEE, MMMM d, yyyy 'at' h:mm a",
  'EEE, MMM d · h:mm a',
  'EEE, MMM d, yyyy · h:mm a',
  'MMM d, yyyy',
  'MMMM yyyy',
  'h:mm a',
  'yyyy-MM-dd',
  'HH:mm',
];
// Both DST changes of New York and Berlin, a southern zone, the half- and quarter-hour offsets.
const ZONES = ['UTC', 'America/New_York', 'Europe/Berlin', 'Australia/Sydney', 'Asia/Kolkata', 'Asia/Kathmandu', 'Pacific/Chatham'];
// Every 131 minutes over 2026 (every hour of day and many minutes, midnight and noon), the DST edges, New Year.
const INSTANTS = Array.from({ length: (366 * 24 * 60) / 131 }, (_, i) => addMinutes(new Date('2026-01-01T00:00:00Z'), i * 131));
INSTANTS.push(
  ...['2026-03-08T06:59Z', '2026-03-08T07:00Z', '2026-11-01T05:59Z', '2026-11-01T06:00Z', '2026-03-29T01:00Z', '2026-10-25T00:59Z'].map((iso) => new Date(iso)),
  ...['2026-04-05T02:45Z', '2026-12-31T23:59Z', '2027-01-01T00:00Z'].map((iso) => new Date(iso)),
);

// The date-fns pattern of the same text in the 24-hour cycle.
const h23 = (pattern: string) => pattern.replace('h:mm a', 'HH:mm');

afterEach(resetHourCycle);

describe('browserTimeZone', () => {
  afterEach(() => vi.restoreAllMocks());
  const browserSays = (timeZone: string) =>
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ ...new Intl.DateTimeFormat('en-US', { timeZone: 'UTC' }).resolvedOptions(), timeZone });

  it("names a zone Chromium calls by a city's old name by today's (Asia/Calcutta is Asia/Kolkata)", () => {
    browserSays('Asia/Calcutta');
    expect(browserTimeZone()).toBe('Asia/Kolkata');
    browserSays('Asia/Katmandu');
    expect(browserTimeZone()).toBe('Asia/Kathmandu');
    browserSays('America/New_York');
    expect(browserTimeZone()).toBe('America/New_York');
  });
});

describe('formatDate', () => {
  it('words every pattern as date-fns-tz does, in zones with DST and +5:30/+5:45/+12:45 offsets, in both hour cycles', () => {
    for (const cycle of ['h12', 'h23'] as const) {
      setHourCycle(cycle);
      // The 24-hour cycle changes only the clock: every fifth instant (and the edges) says enough.
      const instants = cycle === 'h12' ? INSTANTS : INSTANTS.filter((_, i) => i % 5 === 0 || i >= INSTANTS.length - 9);
      for (const timeZone of ZONES)
        for (const pattern of PATTERNS)
          expect(instants.map((date) => formatDate(date, pattern, timeZone))).toEqual(
            instants.map((date) => formatInTimeZone(date, timeZone, cycle === 'h12' ? pattern : h23(pattern))),
          );
    }
  });

  it("words every pattern as date-fns does in the browser's zone", () => {
    setHourCycle('h12');
    for (const pattern of PATTERNS) expect(INSTANTS.map((date) => formatDate(date, pattern))).toEqual(INSTANTS.map((date) => format(date, pattern)));
  });

  it("starts in the locale's hour cycle (en-US: 12-hour) and follows the visitor's pick", () => {
    const nine = new Date(2026, 0, 5, 9, 5);
    expect(formatDate(nine, 'h:mm a')).toBe('9:05 AM');
    setHourCycle('h23');
    expect(formatDate(nine, "EEEE, MMMM d 'at' h:mm a")).toBe('Monday, January 5 at 09:05');
    expect(formatDate(new Date(2026, 0, 5, 0, 30), 'h:mm a')).toBe('00:30');
    expect(clockLabel('17:30')).toBe('17:30');
    setHourCycle('h12');
    expect(clockLabel('17:30')).toBe('5:30 PM');
  });

  it('labels the half hours 12:00 AM .. 11:30 PM (00:00 .. 23:30 in the 24-hour cycle) with values 00:00 .. 23:30', () => {
    const choices = halfHourChoices('h12');
    expect(choices[0]).toEqual({ value: '00:00', label: '12:00 AM' });
    expect(choices[1]).toEqual({ value: '00:30', label: '12:30 AM' });
    expect(choices[24]).toEqual({ value: '12:00', label: '12:00 PM' });
    expect(choices[47]).toEqual({ value: '23:30', label: '11:30 PM' });
    const halfHours = Array.from({ length: 48 }, (_, index) => new Date(2000, 0, 1, Math.floor(index / 2), (index % 2) * 30));
    for (const cycle of ['h12', 'h23'] as const) {
      setHourCycle(cycle);
      expect(halfHourChoices(cycle)).toEqual(halfHours.map((date) => ({ value: formatDate(date, 'HH:mm'), label: formatDate(date, 'h:mm a') })));
    }
  });
});
