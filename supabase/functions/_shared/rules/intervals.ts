// Half-open time intervals [start, end) in epoch ms, and a sorted index for fast overlap tests.
import { type InstantInput, toMs } from './time.ts';

/** An interval between two instants, as received from the database or a client. */
export interface Interval {
  start: InstantInput;
  end: InstantInput;
}

/** [start, end) in epoch ms. */
export interface Span {
  start: number;
  end: number;
}

/**
 * Sorted, disjoint spans: overlapping and touching inputs are merged; empty or invalid ones dropped.
 * Touching spans merge because for a half-open test the result is the same and the index is smaller.
 */
export function mergeSpans(spans: Span[]): Span[] {
  const sorted = spans
    .filter((s) => Number.isFinite(s.start) && Number.isFinite(s.end) && s.start < s.end)
    .sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}

/** Intervals → merged spans. */
export function toSpans(intervals: readonly Interval[]): Span[] {
  return mergeSpans(intervals.map((i) => ({ start: toMs(i.start), end: toMs(i.end) })));
}

/** Index of the first merged span ending after `t`, by binary search. */
function firstEndingAfter(merged: Span[], t: number): number {
  let lo = 0;
  let hi = merged.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (merged[mid].end > t) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Does [start, end) overlap any of the merged spans? Back-to-back (end === start) is not an overlap. */
export function overlapsAny(merged: Span[], start: number, end: number): boolean {
  const i = firstEndingAfter(merged, start);
  return i < merged.length && merged[i].start < end;
}

/** Does one of the merged spans contain the whole of [start, end)? */
export function containedIn(merged: Span[], start: number, end: number): boolean {
  const i = firstEndingAfter(merged, start);
  return i < merged.length && merged[i].start <= start && end <= merged[i].end;
}
