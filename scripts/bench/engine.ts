// Benchmark 1a: the _shared slot engine alone, as the slots function calls it, for one host over the
// 60-day horizon with 500 and 5,000 existing bookings.
import type { Interval } from '../../supabase/functions/_shared/rules/intervals.ts';
import { computeSlots, DEFAULT_SETTINGS } from '../../supabase/functions/_shared/rules/slots.ts';
import type { InstantInput } from '../../supabase/functions/_shared/rules/time.ts';
import { busyIntervals, HORIZON_DAYS, WEEKDAY_TWO_RANGES } from './lib/fixtures.ts';
import type { Report } from './lib/report.ts';
import { median, percentile } from './lib/stats.ts';

export const BOOKING_COUNTS = [500, 5000] as const;
export const HOST_ZONE = 'Europe/Berlin';
export const VISITOR_ZONE = 'America/New_York';

/** The benchmark host (default settings, 30-minute meetings) listed for a visitor over `range`. */
export function benchHostSlots(busy: Interval[], now: number, range: { from: InstantInput; to: InstantInput }) {
  return computeSlots({
    availability: WEEKDAY_TWO_RANGES,
    hostTimeZone: HOST_ZONE,
    duration: 30,
    settings: DEFAULT_SETTINGS,
    busy,
    now,
    range,
    visitorTimeZone: VISITOR_ZONE,
  });
}

export function benchEngine(report: Report, runs = 300) {
  const now = Date.now();
  for (const count of BOOKING_COUNTS) {
    const busy = busyIntervals(now, count);
    const query = () => benchHostSlots(busy, now, { from: now, to: now + (HORIZON_DAYS + 1) * 86_400_000 });
    let slots = 0;
    for (let i = 0; i < 20; i++) slots = query().slots.length; // warm up the JIT and Intl caches
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      query();
      samples.push(performance.now() - started);
    }
    const kase = `${count} bookings`;
    report.add('1 slots: engine', kase, `median of ${runs} runs`, median(samples), 'ms');
    report.add('1 slots: engine', kase, 'p99', percentile(samples, 99), 'ms');
    report.add('1 slots: engine', kase, 'slots offered', slots);
  }
}
