// Date overrides as the database stores them (one row per range, or one row without times for a day
// off) and as the engine, the api and the web read them (one entry per date with its ranges).
import type { DateOverride, TimeRange } from './slots.ts';

export interface OverrideRow {
  date: string;
  start_time: string | null;
  end_time: string | null;
}

/** Rows → one override per date, dates and ranges ascending; a row without times leaves the date's ranges empty. */
export function overridesFromRows(rows: readonly OverrideRow[]): DateOverride[] {
  const byDate = new Map<string, TimeRange[]>();
  for (const r of rows) {
    const ranges = byDate.get(r.date) ?? [];
    if (r.start_time !== null && r.end_time !== null) ranges.push({ startTime: r.start_time, endTime: r.end_time });
    byDate.set(r.date, ranges);
  }
  return [...byDate]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, ranges]) => ({ date, ranges: ranges.sort((a, b) => a.startTime.localeCompare(b.startTime)) }));
}

/** Ranges → the `p_ranges` of replace_date_override ([] is a day off). */
export function overrideRangesParam(ranges: readonly TimeRange[]): { start_time: string; end_time: string }[] {
  return ranges.map((r) => ({ start_time: r.startTime, end_time: r.endTime }));
}
