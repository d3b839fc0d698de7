// What is wrong with a day's time ranges, said on the range itself: one that ends before it starts
// (the database refuses it: start_time < end_time), one that overlaps another of the day.
import { clockLabel } from './time.ts';

export interface ClockRange {
  start_time: string; // HH:MM
  end_time: string;
}

/** How a problem is said: the start an end must follow; the other range's number and clock times (HH:MM). */
export interface RangeWords {
  order: (start: string) => string;
  overlap: (range: number, start: string, end: string) => string;
}

const ENGLISH: RangeWords = {
  order: (start) => `Ends before it starts: pick an end after ${clockLabel(start)}.`,
  overlap: (range, start, end) => `Overlaps range ${range} (${clockLabel(start)}–${clockLabel(end)}): pick times that don’t.`,
};

/** For each range of one day, what is wrong with it (in `words`), or null. HH:MM texts compare as times do. */
export function rangeProblems(ranges: readonly ClockRange[], words: RangeWords = ENGLISH): (string | null)[] {
  return ranges.map((range, index) => {
    if (range.end_time <= range.start_time) return words.order(range.start_time);
    const other = ranges.findIndex(
      (candidate, at) => at !== index && candidate.start_time < candidate.end_time && candidate.start_time < range.end_time && range.start_time < candidate.end_time,
    );
    if (other < 0) return null;
    const { start_time, end_time } = ranges[other];
    return words.overlap(other + 1, start_time, end_time);
  });
}

/** Whether any range of the week's days has a problem. */
export function hasRangeProblems(days: readonly (readonly ClockRange[])[]): boolean {
  return days.some((ranges) => rangeProblems(ranges).some(Boolean));
}
