// A recurring series as its mails and its one invite see it (docs/series.md): the snapshot
// private.series_snapshot writes into each series mail, and which of its occurrences are still booked.
import { isOpen } from '../rules/bookings.ts';
import type { BookingStatus, SeriesFrequency } from '../rules/constants.ts';
import { toMs } from '../rules/time.ts';

export interface SeriesOccurrence {
  uid: string;
  /** The rule's start it stands for (RECURRENCE-ID). */
  recurrenceId: string;
  start: string;
  end: string;
  status: BookingStatus;
}

export interface SeriesSnapshot {
  id: number;
  icalUid: string;
  sequence: number;
  frequency: SeriesFrequency;
  count: number;
  firstStart: string;
  /** The zone the rule was expanded in: the series' wall-clock time is this zone's. */
  timeZone: string;
  skipped: string[];
  /** The rule's start from which "this and all later" was cancelled. */
  endedFrom: string | null;
  /** Every occurrence that stands for a rule's start (a moved one's replaced booking is not among them), in rule order. */
  occurrences: SeriesOccurrence[];
}

/** Before the cut of "this and all later", if any. */
export const beforeCut = (series: SeriesSnapshot, ruleStart: number) => series.endedFrom === null || ruleStart < toMs(series.endedFrom);

/** The occurrences still booked (awaiting approval or confirmed), by start. */
export function bookedOccurrences(series: SeriesSnapshot): SeriesOccurrence[] {
  return series.occurrences
    .filter((o) => isOpen(o.status) && beforeCut(series, toMs(o.recurrenceId)))
    .sort((a, b) => toMs(a.start) - toMs(b.start));
}
