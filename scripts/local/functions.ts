// Edge functions: each supabase/functions/<name>/index.ts runs in its own real Deno process, with the
// environment hosted Supabase gives it, and is restarted when files under supabase/functions change.
import { existsSync, watch, type FSWatcher } from 'node:fs';
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

export function denoBinary(): string {
  const candidates = [
    join(ROOT, 'node_modules', '@deno', `${process.platform}-${process.arch === 'x64' ? 'x64' : 'arm64'}-glibc`, 'deno'),
    join(ROOT, 'node_modules', 'deno', 'deno'),
  ];
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new Error('Deno binary not found: run npm install');
  return found;
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
 * gives its functions as the SITE_URL and ADDITIONAL_REDIRECT_URLS secrets.
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
  const env = {
    SUPABASE_URL: config.apiUrl,
    SUPABASE_ANON_KEY: config.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: config.serviceRoleKey,
    SUPABASE_DB_URL: dbUrl(config),
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
    ...extraEnv,
    DENO_NO_UPDATE_CHECK: '1',
    DENO_NO_PROMPT: '1',
  };
  const procs = new Map<string, ServiceProcess>();
  await Promise.all(
    defs.map(async (f) => {
      const port = ports.get(f.name)!;
      procs.set(
        f.name,
        await startProcess({
          name: `fn:${f.name}`,
          command: denoBinary(),
          args: ['run', '--allow-all', '--no-prompt', '--quiet', SERVE_SCRIPT, join(functionsDir, f.name, 'index.ts'), String(port)],
          cwd: ROOT,
          env,
          ready: () => answers(`http://127.0.0.1:${port}/`),
          readyTimeoutMs: 60_000,
          log,
          pidFile: join(config.dataDir, `function-${f.name}.pid`),
          niceness: BACKGROUND[f.name],
        }),
      );
    }),
  );

  let watcher: FSWatcher | undefined;
  if (watchFiles) {
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
