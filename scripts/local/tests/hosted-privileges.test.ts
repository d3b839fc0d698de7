// Migrations run as a `postgres` role shaped like a hosted project's: what hosted Supabase lets
// postgres do on the auth, storage and realtime schemas works here, and what it refuses fails here
// with the same "must be owner" error, so a migration that would break `supabase db push` breaks
// `npm run dev` first.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, stack } from '../test-stack/harness.ts';

let c: pg.Client;

beforeAll(async () => {
  c = new pg.Client({ connectionString: stack().dbUrl });
  await c.connect();
});
afterAll(() => c?.end());

/** Runs the statements as postgres in a transaction that is rolled back; the error message, or 'ok'. */
async function asPostgres(...statements: string[]): Promise<string> {
  await c.query('begin');
  try {
    for (const s of statements) await c.query(s);
    return 'ok';
  } catch (e) {
    return (e as Error).message;
  } finally {
    await c.query('rollback');
  }
}

describe('the postgres role migrations run as', () => {
  it('is not a superuser, and has CREATEROLE, CREATEDB, REPLICATION and BYPASSRLS', async () => {
    const { rows } = await c.query(
      `select current_user, rolsuper, rolcreaterole, rolcreatedb, rolreplication, rolbypassrls from pg_roles where rolname = current_user`,
    );
    expect(rows[0]).toEqual({
      current_user: 'postgres', rolsuper: false, rolcreaterole: true, rolcreatedb: true, rolreplication: true, rolbypassrls: true,
    });
  });

  it('applied every migration (the migrations table belongs to it)', async () => {
    const [{ owner, n }] = await sql(
      `select (select tableowner from pg_tables where schemaname = 'supabase_migrations' and tablename = 'schema_migrations') as owner,
              (select count(*)::int from supabase_migrations.schema_migrations) as n`,
    );
    expect(owner).toBe('postgres');
    expect(n).toBeGreaterThan(0);
  });

  it('finds auth, storage and realtime tables owned by their services, with RLS on', async () => {
    const rows = await sql<{ name: string; owner: string; rls: boolean }>(
      `select schemaname || '.' || tablename as name, tableowner as owner, rowsecurity as rls from pg_tables
        where (schemaname, tablename) in (('auth', 'users'), ('auth', 'identities'), ('auth', 'sessions'), ('auth', 'refresh_tokens'),
              ('storage', 'buckets'), ('storage', 'objects'), ('realtime', 'messages'))
        order by 1`,
    );
    expect(rows).toEqual([
      { name: 'auth.identities', owner: 'supabase_auth_admin', rls: true },
      { name: 'auth.refresh_tokens', owner: 'supabase_auth_admin', rls: true },
      { name: 'auth.sessions', owner: 'supabase_auth_admin', rls: true },
      { name: 'auth.users', owner: 'supabase_auth_admin', rls: true },
      { name: 'realtime.messages', owner: 'supabase_realtime_admin', rls: true },
      { name: 'storage.buckets', owner: 'supabase_storage_admin', rls: true },
      { name: 'storage.objects', owner: 'supabase_storage_admin', rls: true },
    ]);
  });

  it('may do what hosted supautils grants it: policies on storage.objects and realtime.messages, triggers on auth.users', async () => {
    // One table per transaction: a policy or trigger locks its table until rollback, and holding
    // realtime.messages while waiting for auth.users can deadlock with other tests that take them the
    // other way round (a deleted user cascades to bookings, whose busy rows broadcast).
    expect(
      await asPostgres(
        `create policy "read own" on storage.objects for select to authenticated using (owner = (select auth.uid()))`,
        `alter policy "read own" on storage.objects using (owner_id = (select auth.uid())::text)`,
        `drop policy "read own" on storage.objects`,
      ),
    ).toBe('ok');
    expect(await asPostgres(`create policy "topic" on realtime.messages for select to authenticated using (realtime.topic() = 'x')`)).toBe('ok');
    expect(
      await asPostgres(
        `create function public.noop() returns trigger language plpgsql as 'begin return new; end'`,
        `create trigger noop after insert on auth.users for each row execute function public.noop()`,
        `drop trigger noop on auth.users`,
      ),
    ).toBe('ok');
  });

  it('sets PostgREST\'s settings on authenticator, as Supabase\'s docs for aggregates do, without becoming it', async () => {
    expect(await asPostgres(`alter role authenticator set pgrst.db_aggregates_enabled = 'true'`, `alter role authenticator reset pgrst.db_aggregates_enabled`)).toBe('ok');
    expect(await asPostgres('set role authenticator')).toMatch(/permission denied to set role "authenticator"/);
  });

  it('reads and writes auth and storage rows, as seeds and admin scripts do', async () => {
    expect(
      await asPostgres(
        `insert into auth.users (id, email) values (gen_random_uuid(), 'privileges@example.test')`,
        `insert into storage.buckets (id, name) values ('privileges-test', 'privileges-test')`,
        `update storage.buckets set public = true where id = 'privileges-test'`,
      ),
    ).toBe('ok');
  });

  it.each([
    ['alter table storage.objects enable row level security', 'must be owner of storage.objects'],
    ['alter table auth.users add column nickname text', 'must be owner of auth.users'],
    ['create index on storage.objects (owner)', 'must be owner of storage.objects_owner_idx'],
    ['create table auth.extra (id int)', 'must be owner of auth.extra'],
    [`create function storage.helper() returns int language sql as 'select 1'`, 'must be owner of storage.helper()'],
    ['comment on table auth.users is $$users$$', 'must be owner of auth.users'],
    ['drop table realtime.messages', 'must be owner of realtime.messages'],
    ['set role supabase_storage_admin', 'permission denied to set role "supabase_storage_admin"'],
    ['create policy "no" on auth.flow_state for select using (true)', 'must be owner of'],
  ])('refuses what hosted refuses: %s', async (statement, message) => {
    expect(await asPostgres(statement)).toContain(message);
  });

  it('cannot become a superuser or create one', async () => {
    expect(await asPostgres('alter role postgres superuser')).toMatch(/permission denied/);
    expect(await asPostgres('create role sneaky superuser')).toMatch(/permission denied/);
  });
});

describe('the storage schema of current Storage', () => {
  it('has typed buckets and refuses direct deletes unless the Storage API asks', async () => {
    const [{ type }] = await sql(`select type::text from storage.buckets where id = 'avatars'`);
    expect(type).toBe('STANDARD');
    expect(await asPostgres(`delete from storage.objects where bucket_id = 'avatars'`)).toBe(
      'Direct deletion from storage tables is not allowed. Use the Storage API instead.',
    );
    expect(await asPostgres(`delete from storage.buckets where id = 'none'`)).toContain('Direct deletion');
    expect(
      await asPostgres(`select set_config('storage.allow_delete_query', 'true', true)`, `delete from storage.buckets where id = 'none'`),
    ).toBe('ok');
  });
});
