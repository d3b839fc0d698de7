// Starts and stops the whole local Supabase stack: Postgres, migrations, PostgREST, Auth, Storage,
// edge functions, the mail catcher and the gateway. Used by `npm run dev`, the test suite and the benchmarks.
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import pg from 'pg';
import { createAuthServer } from './auth/server.ts';
import { dbUrl, loadConfig, type ConfigOverrides, type StackConfig } from './config.ts';
import { startFunctions, type FunctionsRuntime } from './functions.ts';
import { createGateway } from './gateway.ts';
import { MailCatcher } from './mail/catcher.ts';
import { createInboxServer } from './mail/inbox-http.ts';
import { migrate } from './migrate.ts';
import { freePortRange } from './ports.ts';
import { startPostgres, type PostgresHandle } from './postgres.ts';
import { startPostgrest } from './postgrest.ts';
import { startScheduler, type Scheduler } from './scheduler/index.ts';
import type { ServiceProcess } from './process.ts';
import { createRealtimeService, type RealtimeService } from './realtime/server.ts';
import { createStorageServer } from './storage/server.ts';

export interface StackOptions extends ConfigOverrides {
  log?: (m: string) => void;
  /** Restart functions when their files change (development). */
  watchFunctions?: boolean;
  /** Serve this built web folder from the gateway (end-to-end tests). */
  webDir?: string;
  /** Extra environment of the edge functions (a fault test shortens the outbox lease). */
  functionsEnv?: Record<string, string>;
}

export interface Stack {
  config: StackConfig;
  /** As `postgres`, the role a hosted project's connection string names (not a superuser). */
  dbUrl: string;
  /** The local mail catcher (SMTP on ports.smtp, Mailpit's API on ports.inbox). */
  mail: MailCatcher;
  /** As the bootstrap superuser `supabase_admin` (setup that no hosted role may do). */
  adminDbUrl: string;
  /** Milliseconds from call to ready, and whether initdb ran. */
  startup: { ms: number; fresh: boolean; migrations: string[] };
  postgres: PostgresHandle;
  postgrest: ServiceProcess;
  functions: FunctionsRuntime;
  /** pg_cron + pg_net's part: the outbox sweep on a timer and on the database's kick. */
  scheduler: Scheduler;
  /** Restart the Node-hosted services (auth, storage) in place. */
  restartAuth(): Promise<void>;
  restartStorage(): Promise<void>;
  /** Stop Realtime (every socket drops), run `whileDown`, start it again. */
  restartRealtime(whileDown?: () => Promise<unknown>): Promise<void>;
  /** Restart Postgres (after a crash or a kill) and reconnect the services' pools. */
  restartPostgres(): Promise<void>;
  stop(): Promise<void>;
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const config = loadConfig(options);
  // Served from the gateway, the web app is where mail links and Auth's redirects lead.
  if (options.webDir && !options.siteUrl) config.siteUrl = config.auth.siteUrl = config.apiUrl;
  mkdirSync(config.dataDir, { recursive: true });
  const { ports } = config;
  if (!ports.realtime) ports.realtime = await freePortRange(1);
  if (!ports.rest || !ports.auth || !ports.storage || !ports.functions) {
    const free = await freePortRange(3 + config.functions.length);
    Object.assign(ports, { rest: free, auth: free + 1, storage: free + 2, functions: free + 3 });
  }

  // What has started so far, stopped in reverse order if a later step fails.
  const running: (() => Promise<unknown>)[] = [];
  const unwind = async () => {
    for (const stop of running.reverse()) await stop().catch(() => {});
  };
  try {
    let postgres = await startPostgres({ dataDir: config.dataDir, port: config.ports.db, password: config.dbPassword, log });
    running.push(() => postgres.stop());
    const fresh = postgres.fresh;
    const url = dbUrl(config);
    const { applied } = await migrate({ port: config.ports.db, password: config.dbPassword }, { seed: config.seed, buckets: config.buckets, log, supabaseDir: config.supabaseDir });
    // Auth and Storage connect as their own admin roles, as GoTrue and Storage do hosted. Errors of
    // idle pooled connections (Postgres restarted under them) must not crash the stack.
    const servicePool = (role: 'supabase_auth_admin' | 'supabase_storage_admin', options?: string) => {
      const pool = new pg.Pool({ connectionString: dbUrl(config, role), max: 10, options });
      pool.on('error', (e) => log(`${role} pool: ${e.message}`));
      running.push(() => pool.end());
      return pool;
    };
    const authPool = servicePool('supabase_auth_admin');
    // The Storage API is the one sanctioned deleter of storage rows (storage.protect_delete).
    const storagePool = servicePool('supabase_storage_admin', '-c storage.allow_delete_query=true');
    const mail = new MailCatcher(join(config.dataDir, 'mail'), { ignoreDuplicateIds: true, log });
    await mail.load();
    await mail.listen(config.ports.smtp);
    running.push(() => mail.close());

    const postgrest = await startPostgrest(config, log);
    running.push(() => postgrest.stop());
    const webOrigins = [`http://localhost:${config.ports.web}`, `http://127.0.0.1:${config.ports.web}`, ...(options.webDir ? [config.apiUrl] : [])];
    const functions = await startFunctions(config, log, options.watchFunctions ?? false, options.functionsEnv, webOrigins);
    running.push(() => functions.stop());
    let auth = createAuthServer({ config, pool: authPool });
    let storage = createStorageServer({ config, pool: storagePool });
    const inbox = createInboxServer(mail);
    let realtime: RealtimeService = createRealtimeService(config, log);
    running.push(() => realtime.stop());
    const gateway = createGateway({ config, functions, webDir: options.webDir });
    for (const [server, port] of [[auth, config.ports.auth], [storage, config.ports.storage], [inbox, config.ports.inbox], [realtime.server, config.ports.realtime], [gateway, config.ports.gateway]] as const) {
      await listen(server, port);
      running.push(() => close(server));
    }
    // A scheduled job calls its function through the gateway with the service role key, as pg_net
    // calls the hosted function.
    const sweep = (path: string) => async () => {
      const res = await fetch(`${config.apiUrl}/functions/v1/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${config.serviceRoleKey}`, 'content-type': 'application/json' },
        body: '{}',
        signal: AbortSignal.timeout(120_000),
      });
      const body = await res.text();
      if (!res.ok) throw new Error(`${path} sweep answered ${res.status}: ${body}`);
    };
    const scheduler = startScheduler({
      dbUrl: url,
      log,
      jobs: [
        { name: 'outbox', everyMs: config.outboxSweepMs, channel: 'kairos_outbox', run: sweep('outbox') },
        // Refreshes the busy cache of connected calendars whose last sync is a few minutes old.
        { name: 'calendar-sync', everyMs: config.calendarSyncMs, run: sweep('calendars/sync') },
      ],
    });
    running.push(() => scheduler.stop());
    return {
      config,
      dbUrl: url,
      mail,
      adminDbUrl: dbUrl(config, 'supabase_admin'),
      startup: { ms: Date.now() - started, fresh, migrations: applied },
      get postgres() {
        return postgres;
      },
      postgrest,
      functions,
      scheduler,
      restartAuth: async () => {
        await close(auth);
        auth = createAuthServer({ config, pool: authPool });
        await listen(auth, config.ports.auth);
      },
      restartRealtime: async (whileDown) => {
        await realtime.stop();
        try {
          await whileDown?.();
        } finally {
          realtime = createRealtimeService(config, log);
          await listen(realtime.server, config.ports.realtime);
        }
      },
      restartStorage: async () => {
        await close(storage);
        storage = createStorageServer({ config, pool: storagePool });
        await listen(storage, config.ports.storage);
      },
      restartPostgres: async () => {
        postgres = await startPostgres({ dataDir: config.dataDir, port: config.ports.db, password: config.dbPassword, log });
      },
      stop: async () => {
        await scheduler.stop();
        await Promise.all([close(gateway), realtime.stop(), close(auth), close(storage), close(inbox)]);
        await Promise.all([postgrest.stop(), functions.stop(), mail.close()]);
        await Promise.all([authPool.end(), storagePool.end()]);
        await postgres.stop();
      },
    };
  } catch (e) {
    await unwind();
    throw e;
  }
}
