// Benchmark 1a: the _shared slot engine alone, as the slots function calls it, for one host over the
// 60-day horizon with 500 and 5,000 existing bookings; then the same 500 with date overrides, time
// off and booking limits; and a plain linear sweep over the same input as the floor the engine is
// measured against.
import type { Interval } from '../../supabase/functions/_shared/rules/intervals.ts';
import { DEFAULT_SETTINGS } from '../../supabase/functions/_shared/rules/constants.ts';
import {
  computeSlots,
  type DateOverride,
  type DayRange,
  type OfferedSlot,
  type SlotQuery,
} from '../../supabase/functions/_shared/rules/slots.ts';
import {
  dateOfDay,
  DAY_MS,
  formatHHMM,
  type InstantInput,
  localDayNumber,
  MINUTE_MS,
  offsetMs,
  toIsoString,
  weekdayOfDay,
  zonedDayToMs,
} from '../../supabase/functions/_shared/rules/time.ts';
import { busyIntervals, HORIZON_DAYS, WEEKDAY_TWO_RANGES } from './lib/fixtures.ts';
import type { Report } from './lib/report.ts';
import { median, percentile } from './lib/stats.ts';

export const BOOKING_COUNTS = [500, 5000] as const;
export const HOST_ZONE = 'Europe/Berlin';
export const VISITOR_ZONE = 'America/New_York';
const SECTION = '1 slots: engine';

function hostQuery(busy: Interval[], now: number, range: { from: InstantInput; to: InstantInput }): SlotQuery {
  return {
    availability: WEEKDAY_TWO_RANGES,
    hostTimeZone: HOST_ZONE,
    duration: 30,
    settings: DEFAULT_SETTINGS,
    busy,
    now,
    range,
    visitorTimeZone: VISITOR_ZONE,
  };
}

/** The benchmark host (default settings, 30-minute meetings) listed for a visitor over `range`. */
export function benchHostSlots(busy: Interval[], now: number, range: { from: InstantInput; to: InstantInput }) {
  return computeSlots(hostQuery(busy, now, range));
}

/**
 * What a host with a full life adds: every fifth date of the 60 days overridden (other hours on
 * three of four, a day off on the fourth), two weeks of time off, and limits of 3 bookings a day and
 * 15 a week on the event type, a quarter of the bookings being of it (the rest of other types).
 */
function withOverridesAndLimits(query: SlotQuery, now: number): SlotQuery {
  const today = localDayNumber(now, HOST_ZONE);
  const overrides: DateOverride[] = [];
  for (let day = 2, i = 0; day < HORIZON_DAYS; day += 5, i++) {
    const ranges = i % 4 === 3 ? [] : [{ startTime: '08:00', endTime: '11:30' }, { startTime: '14:00', endTime: '19:00' }];
    overrides.push({ date: dateOfDay(today + day), ranges });
  }
  const timeOff: DayRange[] = [
    { startDate: dateOfDay(today + 20), endDate: dateOfDay(today + 26) },
    { startDate: dateOfDay(today + 45), endDate: dateOfDay(today + 51) },
  ];
  const booked = (query.busy ?? []).filter((_, i) => i % 4 === 0).map((b) => b.start);
  return { ...query, overrides, timeOff, limits: { perDay: 3, perWeek: 15, booked } };
}

/**
 * The floor: a plain linear sweep over the same input, written for this one host — fixed weekday
 * windows, one zone offset per day, busy intervals walked with a single pointer, the same default
 * settings — producing the same slots (engine.test.ts holds it to that). With `output`, each slot is
 * written out as the engine writes it (ISO start and end, visitor date and label); without, slots are
 * only counted and `slots` stays empty.
 */
export function floorSweep(
  busy: Interval[],
  now: number,
  range: { from: number; to: number },
  output: boolean,
): { count: number; slots: OfferedSlot[] } {
  const starts: number[] = [];
  const ends: number[] = [];
  for (const b of busy) {
    starts.push(Date.parse(b.start as string));
    ends.push(Date.parse(b.end as string));
  }
  const duration = 30 * MINUTE_MS;
  const before = DEFAULT_SETTINGS.bufferBefore * MINUTE_MS;
  const after = DEFAULT_SETTINGS.bufferAfter * MINUTE_MS;
  const from = Math.max(range.from, now + DEFAULT_SETTINGS.minimumNotice * MINUTE_MS);
  const to = Math.min(range.to, now + DEFAULT_SETTINGS.maxFutureBookings * DAY_MS + 1);
  const slots: OfferedSlot[] = [];
  let count = 0;
  let next = 0; // first busy interval that may still reach a later slot
  for (let day = localDayNumber(from, HOST_ZONE); day <= localDayNumber(to - 1, HOST_ZONE); day++) {
    const dow = weekdayOfDay(day);
    if (dow === 0 || dow === 6) continue;
    const midnight = zonedDayToMs(day, 0, HOST_ZONE);
    for (const [open, close] of [[540, 720], [780, 1020]]) {
      for (let t = midnight + open * MINUTE_MS; t + duration <= midnight + close * MINUTE_MS; t += duration) {
        if (t < from || t >= to) continue;
        while (next < ends.length && ends[next] <= t - before) next++;
        if (next < ends.length && starts[next] < t + duration + after) continue;
        count++;
        if (output) {
          const local = t + offsetMs(VISITOR_ZONE, t);
          const localDay = Math.floor(local / DAY_MS);
          slots.push({
            start: toIsoString(t),
            end: toIsoString(t + duration),
            date: dateOfDay(localDay),
            label: formatHHMM((local - localDay * DAY_MS) / MINUTE_MS),
          });
        }
      }
    }
  }
  return { count, slots };
}

/** Median and p99 of `runs` timed calls after 20 warm-up calls (JIT, Intl and offset caches). */
function measure(fn: () => unknown, runs: number): { median: number; p99: number } {
  for (let i = 0; i < 20; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    fn();
    samples.push(performance.now() - started);
  }
  return { median: median(samples), p99: percentile(samples, 99) };
}

export function benchEngine(report: Report, runs = 300) {
  const now = Date.now();
  const range = { from: now, to: now + (HORIZON_DAYS + 1) * DAY_MS };
  const weeklyMedians = new Map<number, number>();
  for (const count of BOOKING_COUNTS) {
    const busy = busyIntervals(now, count);
    const query = hostQuery(busy, now, range);
    const kase = `${count} bookings`;
    const engine = measure(() => computeSlots(query), runs);
    weeklyMedians.set(count, engine.median);
    report.add(SECTION, kase, `median of ${runs} runs`, engine.median, 'ms');
    report.add(SECTION, kase, 'p99', engine.p99, 'ms');
    report.add(SECTION, kase, 'slots offered', computeSlots(query).slots.length);
    if (count !== 500) continue;

    const sweep = measure(() => floorSweep(busy, now, range, false), runs);
    const written = measure(() => floorSweep(busy, now, range, true), runs);
    const floorSlots = floorSweep(busy, now, range, true).count;
    report.add(SECTION, `${kase}, floor`, 'plain linear sweep, slots counted: median', sweep.median, 'ms');
    report.add(SECTION, `${kase}, floor`, 'plain linear sweep, slots written as the engine does: median', written.median, 'ms');
    report.add(SECTION, `${kase}, floor`, 'slots offered (must equal the engine)', floorSlots);
    report.add(SECTION, `${kase}, floor`, 'engine ÷ sweep with output', `${(engine.median / written.median).toFixed(1)}×`);
    report.add(SECTION, `${kase}, floor`, 'engine ÷ sweep counting', `${(engine.median / sweep.median).toFixed(1)}×`);

    const full = withOverridesAndLimits(query, now);
    const rich = measure(() => computeSlots(full), runs);
    const richKase = `${kase}, overrides, time off and limits`;
    report.add(SECTION, richKase, `median of ${runs} runs`, rich.median, 'ms');
    report.add(SECTION, richKase, 'p99', rich.p99, 'ms');
    report.add(SECTION, richKase, 'slots offered', computeSlots(full).slots.length);
    report.add(SECTION, richKase, 'vs weekly rules only (same bookings)', `${(rich.median / weeklyMedians.get(count)!).toFixed(2)}×`);
  }
}
