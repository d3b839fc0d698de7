// The outbox worker: claims due rows under a lease, hands each to the handler of its kind, and records
// the outcome (sent, or retried with backoff, or failed). One sweep is bounded in rows and time, as a
// hosted edge function must be; what is left waits for the next kick or scheduled sweep.
import type { SupabaseClient } from '@supabase/supabase-js';

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

async function rpc<T>(db: SupabaseClient, fn: string, args: Record<string, unknown> = {}): Promise<T> {
  const { data, error } = await db.rpc(fn, args);
  if (error) throw new Error(`${fn}: ${error.message}`);
  return data as T;
}

/** Runs the row's handler and records the outcome; returns the row's new status (null: lease lost). */
async function deliver(db: SupabaseClient, handlers: Partial<Record<string, OutboxHandler>>, row: OutboxRow, worker: string) {
  const handler = handlers[row.kind];
  let error: unknown = handler ? undefined : new PermanentError(`No handler for outbox kind "${row.kind}"`);
  if (handler) {
    try {
      await handler(row);
    } catch (e) {
      error = e;
    }
  }
  return rpc<string | null>(db, 'outbox_settle', {
    p_id: row.id,
    p_worker: worker,
    p_error: error === undefined ? null : error instanceof Error ? error.message : String(error),
    p_permanent: error instanceof PermanentError,
    p_retry_in_seconds: error instanceof RetryError ? Math.max(1, Math.round(error.retryInSeconds)) : null,
  });
}

export async function sweep(db: SupabaseClient, handlers: Partial<Record<string, OutboxHandler>>, opts: SweepOptions): Promise<SweepResult> {
  const started = Date.now();
  const result: SweepResult = { produced: 0, claimed: 0, sent: 0, retrying: 0, failed: 0 };
  for (const produce of opts.producers ?? []) result.produced += await produce();
  while (Date.now() - started < opts.budgetMs) {
    const rows = await rpc<OutboxRow[]>(db, 'outbox_claim', { p_worker: opts.worker, p_limit: opts.batch, p_lease_seconds: opts.leaseSeconds });
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
