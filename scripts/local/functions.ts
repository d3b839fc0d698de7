// Edge functions: each supabase/functions/<name>/index.ts runs in its own process on the Deno release
// the Supabase Edge Runtime is built on (the `deno` package, pinned), with the Edge Runtime's own
// changes imitated (deno/edge-runtime.ts, docs/edge-runtime.md), the environment a hosted project
// gives it and nothing of this machine's, and is restarted when files under supabase/functions change.
import { existsSync, readFileSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { DEMO_CALENDAR_ENCRYPTION_KEY, ROOT, dbUrl, type StackConfig } from './config.ts';
import { answers, startProcess, type ServiceProcess } from './process.ts';

const SERVE_SCRIPT = join(import.meta.dirname, 'deno', 'serve-function.ts');

/**
 * Delivery work (mails, webhooks, calendar writes) runs at a lower CPU priority than the functions
 * guests wait on: on one machine, a burst of bookings is answered first and its mails follow, as
 * on a hosted project, where the outbox runs in instances of its own.
 */
const BACKGROUND: Record<string, number> = { outbox: 10 };

/**
 * The Edge Runtime's limits, as the CLI's `functions serve` sets them: 2 s of CPU per request
 * (cpuTimeHardLimitMs) and 256 MB of memory; the wall clock of the Free plan, 150 s (paid plans 400 s).
 * KAIROS_FUNCTION_CPU_MS and KAIROS_FUNCTION_WALL_CLOCK_MS change the first two (the runner's tests).
 */
export const EDGE_LIMITS = { cpuMs: 2000, wallClockMs: 150_000, memoryMb: 256 };

/** The names the platform itself sets for every function. */
export const PLATFORM_SECRETS = ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_DB_URL'] as const;

export function denoBinary(): string {
  const candidates = [
    join(ROOT, 'node_modules', '@deno', `${process.platform}-${process.arch === 'x64' ? 'x64' : 'arm64'}-glibc`, 'deno'),
    join(ROOT, 'node_modules', 'deno', 'deno'),
  ];
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new Error('Deno binary not found: run npm install');
  return found;
}

/** `NAME=value` lines of a dotenv file (supabase/functions/.env, which `supabase functions serve` reads too). */
export function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m) continue;
    const quoted = /^(['"])(.*)\1$/.exec(m[2]);
    out[m[1]] = quoted ? quoted[2] : m[2].replace(/\s+#.*$/, '');
  }
  return out;
}

/**
 * The project's secrets as `supabase secrets set` stores them: a name that starts with SUPABASE_ is
 * skipped with the CLI's own message, so a function that reads one finds nothing here either.
 */
export function acceptedSecrets(secrets: Record<string, string>, log: (m: string) => void): Record<string, string> {
  return Object.fromEntries(
    Object.entries(secrets).filter(([name]) => {
      if (!name.startsWith('SUPABASE_')) return true;
      log(`functions: Env name cannot start with SUPABASE_, skipping: ${name}`);
      return false;
    }),
  );
}

/** The secrets a hosted project sets with `supabase secrets set` (README, Production), locally. */
function stackSecrets(config: StackConfig, webOrigins: string[]): Record<string, string> {
  return {
    CALENDAR_ENCRYPTION_KEY: process.env.KAIROS_CALENDAR_ENCRYPTION_KEY ?? DEMO_CALENDAR_ENCRYPTION_KEY,
    // User-supplied URLs (calendar feeds, CalDAV servers) may point at this machine's own servers
    // locally; a hosted project leaves this unset and refuses loopback like every private range.
    OUTBOUND_ALLOW_LOOPBACK: 'true',
    // The outbox worker's secrets: mail to the local catcher (or [auth.email.smtp]), links to the web app.
    SMTP_HOST: config.smtp.host,
    SMTP_PORT: String(config.smtp.port),
    ...(config.smtp.user ? { SMTP_USER: config.smtp.user, SMTP_PASS: config.smtp.pass ?? '' } : {}),
    SMTP_FROM: `${config.smtp.senderName} <${config.smtp.adminEmail}>`,
    SITE_URL: config.siteUrl,
    ADDITIONAL_REDIRECT_URLS: [...config.auth.additionalRedirectUrls, ...webOrigins].join(','),
    BOOKING_TOKEN_SECRET: config.bookingTokenSecret,
  };
}

/**
 * The environment of every function: the project's secrets as a hosted project holds them (the stack's
 * own, over them a developer's supabase/functions/.env, over that the caller's extras), the platform's
 * four, and what Deno itself needs to start.
 */
export function functionEnv(config: StackConfig, log: (m: string) => void, extraEnv: Record<string, string> = {}, webOrigins: string[] = []): Record<string, string> {
  const dotenv = join(config.supabaseDir, 'functions', '.env');
  const secrets = acceptedSecrets(
    { ...stackSecrets(config, webOrigins), ...(existsSync(dotenv) ? parseDotenv(readFileSync(dotenv, 'utf8')) : {}), ...extraEnv },
    log,
  );
  return {
    ...secrets,
    SUPABASE_URL: config.apiUrl,
    SUPABASE_ANON_KEY: config.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: config.serviceRoleKey,
    SUPABASE_DB_URL: dbUrl(config),
    // Nothing else of this machine's environment. Deno needs HOME (its cache) and PATH to start; the
    // runner hides them from the function, as the CLI does.
    HOME: process.env.HOME ?? '/root',
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    DENO_NO_UPDATE_CHECK: '1',
    DENO_NO_PROMPT: '1',
    KAIROS_FUNCTION_CPU_MS: process.env.KAIROS_FUNCTION_CPU_MS ?? String(EDGE_LIMITS.cpuMs),
    KAIROS_FUNCTION_WALL_CLOCK_MS: process.env.KAIROS_FUNCTION_WALL_CLOCK_MS ?? String(EDGE_LIMITS.wallClockMs),
  };
}

/** The pinned Deno's arguments that serve function `name` on `port` as the Edge Runtime would. */
export function functionArgs(config: StackConfig, name: string, port: number): string[] {
  const entry = join(config.supabaseDir, 'functions', name, 'index.ts');
  return ['run', '--allow-all', '--no-prompt', '--quiet', `--v8-flags=--max-old-space-size=${EDGE_LIMITS.memoryMb}`, SERVE_SCRIPT, entry, String(port)];
}

export interface FunctionsRuntime {
  /** Port of the function's process, or undefined for an unknown function. */
  port(name: string): number | undefined;
  verifyJwt(name: string): boolean;
  process(name: string): ServiceProcess | undefined;
  stop(): Promise<void>;
}

/**
 * `webOrigins`: where this stack serves the web app (Vite's port, or the gateway when it serves the
 * built app). They join config.toml's site_url and additional_redirect_urls, which a hosted project
 * gives its functions as the SITE_URL and ADDITIONAL_REDIRECT_URLS secrets. `extraEnv`: more secrets
 * (a test's), over supabase/functions/.env's, over the stack's own.
 */
export async function startFunctions(
  config: StackConfig,
  log: (m: string) => void,
  watchFiles: boolean,
  extraEnv: Record<string, string> = {},
  webOrigins: string[] = [],
): Promise<FunctionsRuntime> {
  const functionsDir = join(config.supabaseDir, 'functions');
  const defs = config.functions.filter((f) => existsSync(join(functionsDir, f.name, 'index.ts')));
  const ports = new Map(defs.map((f, i) => [f.name, config.ports.functions + i]));
  const env = functionEnv(config, log, extraEnv, webOrigins);
  const procs = new Map<string, ServiceProcess>();
  await Promise.all(
    defs.map(async (f) => {
      const port = ports.get(f.name)!;
      procs.set(
        f.name,
        await startProcess({
          name: `fn:${f.name}`,
          command: denoBinary(),
          args: functionArgs(config, f.name, port),
          cwd: ROOT,
          env,
          inheritEnv: false,
          ready: () => answers(`http://127.0.0.1:${port}/`),
          readyTimeoutMs: 60_000,
          log,
          pidFile: join(config.dataDir, `function-${f.name}.pid`),
          niceness: BACKGROUND[f.name],
          relaunch: true,
        }),
      );
    }),
  );

  let watcher: FSWatcher | undefined;
  // A project without functions/ serves none, and watches nothing.
  if (watchFiles && existsSync(functionsDir)) {
    let timer: NodeJS.Timeout | undefined;
    // _shared is imported by every function, so any change restarts them all.
    watcher = watch(functionsDir, { recursive: true }, () => {
      clearTimeout(timer);
      timer = setTimeout(async () => {
        log('functions: files changed, restarting');
        for (const p of procs.values()) await p.restart().catch((e) => log(String(e)));
      }, 300);
    });
  }

  return {
    port: (name) => ports.get(name),
    verifyJwt: (name) => defs.find((f) => f.name === name)?.verifyJwt ?? true,
    process: (name) => procs.get(name),
    stop: async () => {
      watcher?.close();
      await Promise.all([...procs.values()].map((p) => p.stop()));
    },
  };
}
