// How much recurrence expansion one calendar may cost. ical.js's iterator searches inside one call
// until a time satisfies the rule: forever for a rule that never does (the 30th of February), for a
// long time for one that matches too often. A function serves every request on one thread, so one
// calendar must not hold the others up: each step of that search is counted (recurrence.ts counts
// them inside ical.js's RecurIterator), per file and per sync, and a sync's time. A calendar over
// a limit is unreadable, never free: its connection is marked failed with the reason, and the sweep
// goes on with the next.
import { ruleMessage } from '../rules/messages.ts';
import { CalendarDataError } from './errors.ts';

export interface Limit {
  /** Steps of the iterator's search (each candidate time it tries). */
  steps: number;
  /** Milliseconds spent expanding; none: the steps alone. */
  ms?: number;
}

/**
 * One file (a feed, or one CalDAV object). A step takes 5 to 50 µs, so this is at most about a
 * second; a busy real calendar (weekly and daily series over the cached two months) takes a few
 * thousand. No time of its own: a file is read inside a sync, whose time limit holds it too, and a
 * count of steps says the same of a file on a busy machine as on an idle one.
 */
export const FILE_LIMIT: Limit = { steps: 20_000 };
/**
 * One sync of one connection, all its files together. Its time stays under the Edge Runtime's 2 s of
 * CPU a request (docs/edge-runtime.md), with room for the rest of the request: at 5 s, slow steps let
 * the platform stop the function (WORKER_LIMIT) before this budget said why.
 */
export const SYNC_LIMIT: Limit = { steps: 60_000, ms: 1_500 };

export class ExpansionLimitError extends CalendarDataError {}

function overLimit(limit: Limit, steps: number, ms: number, scope: 'file' | 'sync'): ExpansionLimitError | null {
  if (steps > limit.steps) return new ExpansionLimitError(ruleMessage('expansionSteps', { steps: limit.steps, scope }));
  if (limit.ms !== undefined && ms > limit.ms) return new ExpansionLimitError(ruleMessage('expansionTime', { seconds: limit.ms / 1000, scope }));
  return null;
}

/** The budget of one sync: what its files have spent so far, against each file's and the sync's limits. */
export class RecurrenceBudget {
  #steps = 0;
  #ms = 0;

  constructor(
    private readonly limits: { file: Limit; sync: Limit } = { file: FILE_LIMIT, sync: SYNC_LIMIT },
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /**
   * Expands one file: `step` is to be called at every step of the iterator's search, and throws an
   * ExpansionLimitError once the file or the sync as a whole is over a limit.
   */
  file<T>(expand: (step: () => void) => T): T {
    const started = this.clock();
    let steps = 0;
    const step = () => {
      steps++;
      this.#steps++;
      const ms = this.clock() - started;
      const over = overLimit(this.limits.file, steps, ms, 'file') ?? overLimit(this.limits.sync, this.#steps, this.#ms + ms, 'sync');
      if (over) throw over;
    };
    try {
      return expand(step);
    } finally {
      this.#ms += this.clock() - started;
    }
  }
}
