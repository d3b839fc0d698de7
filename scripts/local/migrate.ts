// Brings a database to the state `supabase db reset` would: base schema (as the bootstrap superuser,
// like the platform), then migrations in order (recorded like the CLI records them), seed on a fresh
// database and buckets from config.toml, all as `postgres`, which is not a superuser: a migration
// that needs more than hosted postgres has fails here as it would on `supabase db push`.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { SUPABASE_DIR, roleUrl, type BucketConfig } from './config.ts';
import { ensureMessagePartitions } from './realtime/partitions.ts';

const BASE_SCHEMA = join(import.meta.dirname, 'base-schema.sql');
export function migrationFiles(supabaseDir = SUPABASE_DIR): { version: string; name: string; file: string }[] {
  const dir = join(supabaseDir, 'migrations');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => /^\d+_.*\.sql$/.test(f))
    .sort()
    .map((f) => {
      const [, version, name] = /^(\d+)_(.*)\.sql$/.exec(f)!;
      return { version, name, file: join(dir, f) };
    });
}

/** Roles the platform logs in as; each gets the stack's password. */
const LOGIN_ROLES = ['postgres', 'authenticator', 'supabase_auth_admin', 'supabase_storage_admin'];

/**
 * The base schema, applied by the bootstrap superuser `supabase_admin`. `defaultPrivileges`: a project
 * created before 2026-05-30, whose public schema grants every new object to the API roles.
 */
async function applyBaseSchema(port: number, password: string, database: string, defaultPrivileges: boolean): Promise<void> {
  const admin = new pg.Client({ connectionString: roleUrl(port, password, 'supabase_admin', database) });
  await admin.connect();
  try {
    await admin.query(`select set_config('kairos.default_privileges', $1, false)`, [defaultPrivileges ? 'on' : 'off']);
    await admin.query(readFileSync(BASE_SCHEMA, 'utf8'));
    for (const role of LOGIN_ROLES) {
      await admin.query(`select format('alter role %I password %L', $1::text, $2::text) as sql`, [role, password]).then(({ rows }) =>
        admin.query(rows[0].sql),
      );
    }
    // Today's partitions of realtime.messages, so triggers that broadcast work from the first migration.
    await ensureMessagePartitions(admin);
  } finally {
    await admin.end();
  }
}

export async function migrate(
  db: { port: number; password: string; database?: string },
  opts: { seed: boolean; buckets: BucketConfig[]; log?: (m: string) => void; supabaseDir?: string; defaultPrivileges?: boolean },
): Promise<{ applied: string[]; seeded: boolean }> {
  const log = opts.log ?? (() => {});
  const database = db.database ?? 'postgres';
  await applyBaseSchema(db.port, db.password, database, opts.defaultPrivileges ?? false);
  const client = new pg.Client({ connectionString: roleUrl(db.port, db.password, 'postgres', database) });
  await client.connect();
  try {
    const recorded = (
      await client.query<{ version: string; name: string | null; statements: string[] | null }>(
        'select version, name, statements from supabase_migrations.schema_migrations',
      )
    ).rows;
    const files = migrationFiles(opts.supabaseDir);
    // A database built from migrations that are gone (renamed, squashed) would skip the new files that
    // reuse their versions, as `supabase db push` refuses a history it does not have. Until launch the
    // migrations are still edited in place, so an applied one whose recorded text is not the file's
    // any more is refused too: the database would silently keep the old definitions.
    const texts = new Map(files.map((m) => [m.version, { name: m.name, sql: readFileSync(m.file, 'utf8') }]));
    const stale = (kind: string, rows: typeof recorded) =>
      `The local database holds migrations ${kind} (${rows
        .slice(0, 3)
        .map((r) => `${r.version}_${r.name}`)
        .join(', ')}${rows.length > 3 ? ', …' : ''}): run \`npm run db:reset\` to rebuild it.`;
    const unknown = recorded.filter((r) => texts.get(r.version)?.name !== r.name);
    if (unknown.length > 0) throw new Error(stale('that supabase/migrations does not', unknown));
    const changed = recorded.filter((r) => (r.statements ?? []).join('') !== texts.get(r.version)!.sql);
    if (changed.length > 0) throw new Error(stale('whose file has changed since they were applied', changed));
    const done = new Set(recorded.map((r) => r.version));
    const fresh = done.size === 0;
    const applied: string[] = [];
    for (const m of files) {
      if (done.has(m.version)) continue;
      const { sql } = texts.get(m.version)!;
      try {
        await client.query('begin');
        await client.query(sql);
        await client.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [m.version, m.name, [sql]],
        );
        await client.query('commit');
      } catch (e) {
        await client.query('rollback');
        throw new Error(`Migration ${m.version}_${m.name}.sql failed: ${(e as Error).message}`, { cause: e });
      }
      applied.push(`${m.version}_${m.name}`);
      log(`migrated ${m.version}_${m.name}`);
    }
    for (const b of opts.buckets) {
      await client.query(
        `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
         values ($1, $1, $2, $3, $4)
         on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
           allowed_mime_types = excluded.allowed_mime_types, updated_at = now()`,
        [b.id, b.public, b.fileSizeLimit, b.allowedMimeTypes],
      );
    }
    const seedFile = join(opts.supabaseDir ?? SUPABASE_DIR, 'seed.sql');
    const seeded = fresh && opts.seed && existsSync(seedFile);
    if (seeded) {
      await client.query(readFileSync(seedFile, 'utf8'));
      log('seeded supabase/seed.sql');
    }
    // PostgREST reloads its schema cache on this notification (no-op when it is not running yet).
    await client.query(`notify pgrst, 'reload schema'`);
    return { applied, seeded };
  } finally {
    await client.end();
  }
}
