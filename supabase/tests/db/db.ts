// Direct Postgres access for the database tests: users made straight in auth.users (the sign-up
// trigger still runs), and statements run as anon or as a signed-in user the way PostgREST runs
// them: `set local role` plus the JWT claims in `request.jwt.claims`, inside a transaction.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { stack } from '../../../scripts/local/test/harness.ts';

export type Actor = { role: 'anon' } | { role: 'authenticated'; id: string };
export const anon: Actor = { role: 'anon' };
export const user = (id: string): Actor => ({ role: 'authenticated', id });

export async function connect(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: stack().dbUrl });
  await c.connect();
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

/** Runs `fn` as the actor in a transaction that is always rolled back; `prepare` runs first as superuser. */
export async function as<T>(c: pg.Client, actor: Actor, fn: () => Promise<T>, prepare?: string): Promise<T> {
  await c.query('begin');
  try {
    if (prepare) await c.query(prepare);
    const claims = actor.role === 'anon' ? { role: 'anon' } : { role: 'authenticated', sub: actor.id };
    await c.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
    await c.query(`set local role ${actor.role}`);
    return await fn();
  } finally {
    await c.query('rollback');
  }
}

/** Postgres error code of a statement, or null when it succeeds. Runs in its own savepoint. */
export async function errorCode(c: pg.Client, text: string, params: unknown[] = []): Promise<string | null> {
  await c.query('savepoint attempt');
  try {
    await c.query(text, params);
    await c.query('release savepoint attempt');
    return null;
  } catch (e) {
    await c.query('rollback to savepoint attempt');
    return (e as { code?: string }).code ?? 'unknown';
  }
}
