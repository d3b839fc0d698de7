import { describe, expect, it } from 'vitest';
import { addMinutes, format } from 'date-fns';
import { formatInTimeZone } from 'date-fns-tz';
import { formatDate, HALF_HOUR_CHOICES, type DatePattern } from './time.ts';

const PATTERNS: DatePattern[] = [
  'EEEE, MMMM d',
  'EEEE, MMMM d, yyyy',
  "EEEE, MMMM d 'at' h:mm a",
  "EEEE, MMMM d, yyyy 'at' h:mm a",
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

describe('formatDate', () => {
  it('words every pattern as date-fns-tz does, in zones with DST and +5:30/+5:45/+12:45 offsets', () => {
    for (const timeZone of ZONES)
      for (const pattern of PATTERNS)
        expect(INSTANTS.map((date) => formatDate(date, pattern, timeZone))).toEqual(INSTANTS.map((date) => formatInTimeZone(date, timeZone, pattern)));
  });

  it("words every pattern as date-fns does in the browser's zone", () => {
    for (const pattern of PATTERNS) expect(INSTANTS.map((date) => formatDate(date, pattern))).toEqual(INSTANTS.map((date) => format(date, pattern)));
  });

  it('labels the half hours 12:00 AM .. 11:30 PM with values 00:00 .. 23:30', () => {
    expect(HALF_HOUR_CHOICES[0]).toEqual({ value: '00:00', label: '12:00 AM' });
    expect(HALF_HOUR_CHOICES[1]).toEqual({ value: '00:30', label: '12:30 AM' });
    expect(HALF_HOUR_CHOICES[24]).toEqual({ value: '12:00', label: '12:00 PM' });
    expect(HALF_HOUR_CHOICES[47]).toEqual({ value: '23:30', label: '11:30 PM' });
    const halfHours = Array.from({ length: 48 }, (_, index) => new Date(2000, 0, 1, Math.floor(index / 2), (index % 2) * 30));
    expect(HALF_HOUR_CHOICES).toEqual(halfHours.map((date) => ({ value: formatDate(date, 'HH:mm'), label: formatDate(date, 'h:mm a') })));
  });
});
