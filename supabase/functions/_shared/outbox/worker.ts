// The outbox worker: claims due rows under a lease, hands each to the handler of its kind, and records
// the outcome (sent, or retried with backoff, or failed). One sweep is bounded in rows and time, as a
// hosted edge function must be; what is left waits for the next kick or scheduled sweep. Claims and
// outcomes go over the functions' own database connection, two REST round trips fewer per row.
import { type Database, serviceRpc } from '../db/connection.ts';

export interface OutboxRow {
  id: number;
  kind: string;
  topic: string;
  booking_id: number | null;
  message_id: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
  created_at: string;
}

/** A failure retrying cannot fix (a malformed payload, a recipient the server refuses for good). */
export class PermanentError extends Error {}

/** A failure worth another attempt after a wait of the handler's own (webhooks' 24-hour schedule). */
export class RetryError extends Error {
  constructor(
    message: string,
    readonly retryInSeconds: number,
  ) {
    super(message);
  }
}

/** Delivers one row, or throws. A new kind of delivery is a new handler. */
export type OutboxHandler = (row: OutboxRow) => Promise<void>;

export interface SweepOptions {
  worker: string;
  /** Rows claimed at a time. */
  batch: number;
  leaseSeconds: number;
  /** Stop claiming after this long. */
  budgetMs: number;
  /** Producers of due rows run first (reminders); each returns how many rows it wrote. */
  producers?: (() => Promise<number>)[];
}

export interface SweepResult {
  produced: number;
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
}

/** Runs the row's handler and records the outcome; returns the row's new status (null: lease lost). */
async function deliver(db: Database, handlers: Partial<Record<string, OutboxHandler>>, row: OutboxRow, worker: string) {
  const handler = handlers[row.kind];
  let error: unknown = handler ? undefined : new PermanentError(`No handler for outbox kind "${row.kind}"`);
  if (handler) {
    try {
      await handler(row);
    } catch (e) {
      error = e;
    }
  }
  // outbox_settle(p_id, p_worker, p_error, p_permanent, p_retry_in_seconds)
  return serviceRpc<string | null>(db, 'outbox_settle', [
    row.id,
    worker,
    error === undefined ? null : error instanceof Error ? error.message : String(error),
    error instanceof PermanentError,
    error instanceof RetryError ? Math.max(1, Math.round(error.retryInSeconds)) : null,
  ]);
}

export async function sweep(db: Database, handlers: Partial<Record<string, OutboxHandler>>, opts: SweepOptions): Promise<SweepResult> {
  const started = Date.now();
  const result: SweepResult = { produced: 0, claimed: 0, sent: 0, retrying: 0, failed: 0 };
  for (const produce of opts.producers ?? []) result.produced += await produce();
  while (Date.now() - started < opts.budgetMs) {
    const rows = await serviceRpc<OutboxRow[]>(db, 'outbox_claim', [opts.worker, opts.batch, opts.leaseSeconds], { set: true });
    if (rows.length === 0) break;
    result.claimed += rows.length;
    // The rows of a batch are delivered side by side: each waits on its own server, not on the others.
    const outcomes = await Promise.all(rows.map((row) => deliver(db, handlers, row, opts.worker)));
    for (const status of outcomes) {
      if (status === 'sent') result.sent++;
      else if (status === 'pending') result.retrying++;
      else if (status === 'failed') result.failed++;
    }
  }
  return result;
}
