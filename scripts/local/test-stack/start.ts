// Starts a throwaway stack (temporary folder, free ports) for tests and benchmarks.
import { rmSync } from 'node:fs';
import { startStack, type Stack, type StackOptions } from '../stack.ts';
import { freePortRange } from '../ports.ts';
import { tempDataDir } from '../postgres.ts';
import { startGoogleStandIn, type GoogleStandIn } from '../google/server.ts';
import { startRadicale, type Radicale } from '../radicale/radicale.ts';

export interface TestStack {
  stack: Stack;
  dataDir: string;
  /** The CalDAV server of the calendar tests, when asked for. */
  radicale?: Radicale;
  /** The stand-in for Google's OAuth and Calendar endpoints, when asked for; the functions use it as the project's Google client. */
  google?: GoogleStandIn;
  dispose(): Promise<void>;
}

/** Service lines worth showing after a run: a test that failed on a 5xx is explained here. */
const TROUBLE = /error|exception|panic|fatal|uncaught/i;

/**
 * The suite signs up and signs in hundreds of users from 127.0.0.1 on one stack, and mails one
 * account several times in a row, so it raises config.toml's Auth limits the way a CLI user
 * would, with SUPABASE_* overrides (the per-address ones count only where KAIROS_AUTH_PER_ADDRESS_LIMITS
 * is set, as on a hosted project). The limits themselves are tested on Auth servers of their own with
 * the config's real values.
 */
const RAISED_AUTH_LIMITS = {
  SUPABASE_AUTH_EMAIL_MAX_FREQUENCY: '0s',
  SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000000',
  SUPABASE_AUTH_RATE_LIMIT_TOKEN_REFRESH: '1000000',
  SUPABASE_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '1000000',
  SUPABASE_AUTH_RATE_LIMIT_ANONYMOUS_USERS: '1000000',
};

export async function startTestStack(options: StackOptions & { radicale?: boolean; google?: boolean } = {}): Promise<TestStack> {
  const dataDir = tempDataDir('kairos-stack-');
  const base = await freePortRange(16);
  const trouble: string[] = [];
  const log = (m: string) => {
    if (process.env.KAIROS_STACK_LOG) console.log(m);
    else if (TROUBLE.test(m) && trouble.length < 200) trouble.push(m);
  };
  const { radicale: withRadicale, google: withGoogle, ...stackOptions } = options;
  // First, so the functions start with its address in their environment.
  const google = withGoogle ? await startGoogleStandIn() : undefined;
  const started = await Promise.allSettled([
    startStack({
      seed: false,
      web: false,
      env: { ...process.env, ...RAISED_AUTH_LIMITS },
      ...stackOptions,
      functionsEnv: { ...google?.env, ...stackOptions.functionsEnv },
      dataDir,
      ports: { gateway: base, db: base + 1, rest: base + 2, auth: base + 3, storage: base + 4, web: base + 5, inbox: base + 6, smtp: base + 7, functions: base + 8 },
      log: options.log ?? log,
    }),
    withRadicale ? startRadicale({ log: options.log ?? log }) : undefined,
  ] as const);
  if (started.some((s) => s.status === 'rejected')) {
    for (const s of started) if (s.status === 'fulfilled') await s.value?.stop();
    await google?.stop();
    throw (started.find((s) => s.status === 'rejected') as PromiseRejectedResult).reason;
  }
  const [stack, radicale] = started.map((s) => (s as PromiseFulfilledResult<unknown>).value) as [Stack, Radicale | undefined];
  return {
    stack,
    dataDir,
    radicale,
    google,
    dispose: async () => {
      if (trouble.length) console.log(`Errors the stack's services logged during the run:\n${trouble.join('\n')}`);
      await Promise.all([stack.stop(), radicale?.stop(), google?.stop()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
