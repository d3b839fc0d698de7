// What is wrong with a day's time ranges, said on the range itself: one that ends before it starts
// (the database refuses it: start_time < end_time), one that overlaps another of the day.
import { clockLabel } from './time.ts';

export interface ClockRange {
  start_time: string; // HH:MM
  end_time: string;
}

/** For each range of one day, what is wrong with it, or null. HH:MM texts compare as times do. */
export function rangeProblems(ranges: readonly ClockRange[]): (string | null)[] {
  return ranges.map((range, index) => {
    if (range.end_time <= range.start_time) return `Ends before it starts: pick an end after ${clockLabel(range.start_time)}.`;
    const other = ranges.findIndex(
      (candidate, at) => at !== index && candidate.start_time < candidate.end_time && candidate.start_time < range.end_time && range.start_time < candidate.end_time,
    );
    if (other < 0) return null;
    const { start_time, end_time } = ranges[other];
    return `Overlaps range ${other + 1} (${clockLabel(start_time)}–${clockLabel(end_time)}): pick times that don’t.`;
  });
}

/** Whether any range of the week's days has a problem. */
export function hasRangeProblems(days: readonly (readonly ClockRange[])[]): boolean {
  return days.some((ranges) => rangeProblems(ranges).some(Boolean));
}
