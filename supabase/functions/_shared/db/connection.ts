// The functions' own connection to Postgres (SUPABASE_DB_URL, as hosted functions get it), for the
// guest's path, which would otherwise take several REST round trips: one SQL call answers a slot
// listing or a booking's re-check, and a booking's throttle and write take one each. Everything else
// goes through supabase-js and RLS.
import net from 'node:net';
import postgres from 'postgres';
import { fromDbError } from './errors.ts';
import type { Worded } from '../rules/errors.ts';

export type Database = postgres.Sql;

const CONNECT_TIMEOUT_S = 5;

/**
 * A connected socket whose `write(null)` is dropped. postgres.js batches small writes and flushes them
 * on an immediate, which a large write clears once it has flushed the batch itself. Deno 2.1 (the
 * Edge Runtime's) still runs an immediate cleared while the event-loop turn that has it due resolves
 * ops (denoland/deno#29262, docs/edge-runtime.md): the flush then writes the emptied buffer, null,
 * and the stream throws from a timer, which ends the function's process. Nothing is left to send by
 * then, so dropping that write is exact.
 */
function connectSocket(options: { host: string[]; port: number[] }): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: options.host[0], port: options.port[0] });
    const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
    socket.write = ((chunk: unknown, ...rest: unknown[]) => (chunk === null ? true : write(chunk, ...rest))) as typeof socket.write;
    // postgres.js starts its own connect timer only once it has the socket.
    socket.setTimeout(CONNECT_TIMEOUT_S * 1_000, () => socket.destroy(Object.assign(new Error('connect timed out'), { code: 'CONNECT_TIMEOUT' })));
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.setTimeout(0);
      socket.off('error', reject);
      resolve(socket);
    });
  });
}

/** One small pool per database URL, size and process: a function serves many requests at once. */
const pools = new Map<string, Database>();

/**
 * The pool of `url` with `connections` connections. A query's timeout (`query`) counts its wait for a
 * free connection too, so a caller that runs more queries side by side than it has connections can
 * time out on a healthy database: such a caller asks for a connection for each.
 */
export function database(url: string, connections = 4): Database {
  const key = `${connections} ${url}`;
  let sql = pools.get(key);
  if (!sql) {
    const options = {
      max: connections,
      // Idle connections go, so a function that is quiet holds none.
      idle_timeout: 30,
      connect_timeout: CONNECT_TIMEOUT_S,
      // postgres.js documents `socket` (its README's "Custom socket") but its types omit it.
      socket: connectSocket,
      // A notice or a changed type never concerns the guest's path.
      onnotice: () => {},
      fetch_types: false,
    };
    sql = postgres(url, options);
    pools.set(key, sql);
  }
  return sql;
}

/**
 * The payload of a JWT, not verified here: only for a token the Auth service has already verified
 * (the caller's), or to skip a call that would fail anyway.
 */
export function jwtClaims(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    return JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/')));
  } catch {
    return null;
  }
}

/** The pool of a function's SUPABASE_DB_URL. */
export function functionsDatabase(env: { dbUrl?: string }): Database {
  if (!env.dbUrl) throw new Error('SUPABASE_DB_URL is not set');
  return database(env.dbUrl);
}

/** Codes of a connection that is down or was lost (Postgres restarting, network): answered 503. */
const UNAVAILABLE = new Set(['QUERY_TIMEOUT', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT']);

/**
 * A call's statements run in milliseconds; on a machine under load one may take seconds. Postgres
 * cancels a call's statement after this (a clean rollback, answered 503), so the client never gives up
 * on a transaction that could still commit behind its back.
 */
const STATEMENT_TIMEOUT = '8s';

/**
 * A query still unanswered after this (its wait for a free connection included) is on a connection
 * that died without closing (a database killed mid-query): answered 503, and the pool is replaced.
 * Longer than the statement timeout, so a slow statement is Postgres's to cancel.
 */
const QUERY_TIMEOUT_MS = 10_000;

/**
 * Runs one query on the pool, turning a database failure into the matching AppError as for REST
 * (`notFoundMessage` for a missing referenced row).
 */
export async function query<T>(db: Database, run: (sql: Database) => Promise<T>, notFoundMessage?: Worded): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('query timed out'), { code: 'QUERY_TIMEOUT' })), QUERY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([run(db), timedOut]);
  } catch (error) {
    const e = error as { code?: string; message?: string; hint?: string; detail?: string };
    if (e?.code === 'QUERY_TIMEOUT') {
      for (const [key, pool] of pools) if (pool === db) pools.delete(key);
      db.end({ timeout: 0 }).catch(() => {});
    }
    if (e && typeof e.code === 'string') {
      throw fromDbError({ code: UNAVAILABLE.has(e.code) ? '57P03' : e.code, message: e.message ?? '', hint: e.hint, details: e.detail }, notFoundMessage);
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Calls `public.<fn>` as the service role, as supabase-js's `rpc` would through REST, in a transaction
 * of its own: `args` are its arguments in order (an object is written as jsonb), the answer is JSON as
 * PostgREST would give it (a row set as an array of objects, one row or a scalar as itself).
 */
export async function serviceRpc<T>(db: Database, fn: string, args: postgres.ParameterOrJSON<never>[], opts: { set?: boolean; notFoundMessage?: Worded } = {}): Promise<T> {
  const params = args.map((_, i) => `$${i + 1}`).join(', ');
  const answer = opts.set ? `coalesce(json_agg(r), '[]'::json)` : `to_json(r)`;
  const rows = await query(
    db,
    (sql) =>
      sql.begin(async (tx) => {
        // Sent together (pipelined): the call waits for no answer to the role's setting.
        const [, rows] = await Promise.all([
          tx`select set_config('role', 'service_role', true), set_config('request.jwt.claims', '{"role":"service_role"}', true),
            set_config('statement_timeout', ${STATEMENT_TIMEOUT}, true)`,
          tx.unsafe(`select ${answer} as answer from public.${fn}(${params}) r`, args, { prepare: true }),
        ]);
        return rows;
      }),
    opts.notFoundMessage,
  );
  return rows[0].answer as T;
}
