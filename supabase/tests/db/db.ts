// Direct Postgres access for the database tests: users made straight in auth.users (the sign-up
// trigger still runs), and statements run as anon or as a signed-in user the way PostgREST runs
// them: `set local role` plus the JWT claims in `request.jwt.claims`, inside a transaction.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { stack } from '../../../scripts/local/test-stack/harness.ts';

export type Actor = { role: 'anon' } | { role: 'authenticated'; id: string };
export const anon: Actor = { role: 'anon' };
export const user = (id: string): Actor => ({ role: 'authenticated', id });

export async function connect(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: stack().dbUrl });
  await c.connect();
  return c;
}

/** A test file's one connection: opened before its tests, closed after them (and after the file's own afterAll). */
export function fileConnection(): pg.Client {
  const c = new pg.Client({ connectionString: stack().dbUrl });
  beforeAll(() => c.connect());
  afterAll(() => c.end());
  return c;
}

/** A user as sign-up leaves it: auth.users row, profile and settings. Returns the id. */
export async function createUser(
  c: pg.Client,
  meta: Record<string, string> = { first_name: 'Test', last_name: 'User' },
): Promise<string> {
  const id = randomUUID();
  await c.query(
    `insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at)
     values ($1, 'authenticated', 'authenticated', $2, $3, now(), now())`,
    [id, `db-${id.slice(0, 8)}@example.test`, meta],
  );
  return id;
}

/** Acts as the actor for the rest of the current transaction. */
export async function become(c: pg.Client, actor: Actor): Promise<void> {
  const claims = actor.role === 'anon' ? { role: 'anon' } : { role: 'authenticated', sub: actor.id };
  await c.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
  await c.query(`set local role ${actor.role}`);
}

/** Runs `fn` as the actor in a transaction that is always rolled back; `prepare` runs first as superuser. */
export async function as<T>(c: pg.Client, actor: Actor, fn: () => Promise<T>, prepare?: string): Promise<T> {
  await c.query('begin');
  try {
    if (prepare) await c.query(prepare);
    await become(c, actor);
    return await fn();
  } finally {
    await c.query('rollback');
  }
}

/** The error of a statement, or null when it succeeds. Runs in its own savepoint. */
async function failure(c: pg.Client, text: string, params: unknown[]): Promise<{ code?: string; message: string } | null> {
  await c.query('savepoint attempt');
  try {
    await c.query(text, params);
    await c.query('release savepoint attempt');
    return null;
  } catch (e) {
    await c.query('rollback to savepoint attempt');
    return e as { code?: string; message: string };
  }
}

/** Postgres error code of a statement, or null when it succeeds. */
export async function errorCode(c: pg.Client, text: string, params: unknown[] = []): Promise<string | null> {
  const error = await failure(c, text, params);
  return error && (error.code ?? 'unknown');
}

/** The message a refused statement is answered with, or null when it succeeds. */
export async function errorMessage(c: pg.Client, text: string, params: unknown[] = []): Promise<string | null> {
  return (await failure(c, text, params))?.message ?? null;
}

/** Runs `fn` in a transaction that is always rolled back, so a test leaves nothing behind. */
export async function rolledBack<T>(c: pg.Client, fn: () => Promise<T>): Promise<T> {
  await c.query('begin');
  try {
    return await fn();
  } finally {
    await c.query('rollback');
  }
}

/** First row of a query. */
export async function one<T extends pg.QueryResultRow = pg.QueryResultRow>(c: pg.Client, text: string, params: unknown[] = []): Promise<T> {
  return (await c.query<T>(text, params)).rows[0];
}

/** A Stripe account connected for `userId` as the calendars function leaves it (the tokens' seal is not read here). */
export async function connectStripe(c: pg.Client, userId: string, chargesEnabled = true): Promise<string> {
  const account = `acct_1${randomUUID().replace(/-/g, '').slice(0, 15)}`;
  await c.query(`insert into stripe_connections (user_id, account_id, secret, charges_enabled) values ($1, $2, 'v1.sealed', $3)`, [userId, account, chargesEnabled]);
  return account;
}

/** A host with one event type (30 minutes unless given), for booking tests; a priced one's host has a Stripe account that takes charges. */
export async function hostWithEventType(
  c: pg.Client,
  eventType: { duration?: number; price_cents?: number; auto_confirm?: boolean; is_active?: boolean } = {},
): Promise<{ host: string; eventType: number }> {
  const host = await createUser(c);
  if (eventType.price_cents) await connectStripe(c, host);
  const { id } = await one(
    c,
    `insert into event_types (user_id, title, duration, price_cents, auto_confirm, is_active)
     values ($1, 'Session', $2, $3, $4, $5) returning id`,
    [host, eventType.duration ?? 30, eventType.price_cents ?? 0, eventType.auto_confirm ?? true, eventType.is_active ?? true],
  );
  return { host, eventType: id };
}

export const GUEST = { guest_name: 'Guest', guest_email: 'guest@example.test' };

/** create_booking as the caller of the connection (superuser unless inside `as`); returns the booking id. */
export async function book(c: pg.Client, eventType: number, start: string, minutes = 30, guest: object = GUEST): Promise<number> {
  const { id } = await one(
    c,
    `select id from create_booking($1, $2::timestamptz, $2::timestamptz + make_interval(mins => $3), $4)`,
    [eventType, start, minutes, guest],
  );
  return id;
}
