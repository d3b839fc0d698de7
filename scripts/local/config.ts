// Settings of one local stack: ports, keys, folders, and the parsed supabase/config.toml.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'smol-toml';

export const ROOT = resolve(import.meta.dirname, '../..');
/**
 * The Supabase folder (config.toml, migrations, seed, functions) the stack serves: Kairos's own, or
 * another project's (KAIROS_SUPABASE_DIR, or the supabaseDir option), as `supabase start` serves
 * the folder it is run in.
 */
export const SUPABASE_DIR = process.env.KAIROS_SUPABASE_DIR ? resolve(process.env.KAIROS_SUPABASE_DIR) : join(ROOT, 'supabase');

// The Supabase CLI's well-known local secret and demo keys (signed with it), so tools and docs
// written for `supabase start` work unchanged. Never use them for a hosted project.
export const DEMO_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const DEMO_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
/** Local-only secret of guests' manage links (set BOOKING_TOKEN_SECRET to a long random value when hosted). */
export const DEMO_BOOKING_TOKEN_SECRET = 'local-booking-token-secret-never-use-when-hosted';
export const DEMO_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

// Local-only key for calendar credentials (32 bytes, base64). A hosted project sets its own random one:
// `supabase secrets set CALENDAR_ENCRYPTION_KEY=$(openssl rand -base64 32)`.
export const DEMO_CALENDAR_ENCRYPTION_KEY = 'a2Fpcm9zLWxvY2FsLWNhbGVuZGFyLWtleS0zMmJ5dGU=';

export interface Ports {
  gateway: number;
  db: number;
  rest: number;
  auth: number;
  storage: number;
  /** The Realtime service, behind the gateway at /realtime/v1. 0: picked at start. */
  realtime: number;
  /** First of the consecutive ports given to function processes (one per function). 0: picked at start. */
  functions: number;
  web: number;
  /** The mail catcher: its web inbox with Mailpit's API, and its SMTP server. */
  inbox: number;
  smtp: number;
}

/**
 * [auth.rate_limit] of config.toml, as the Supabase CLI hands them to GoTrue: each a token bucket
 * per client address that holds 30 requests and refills at the configured rate.
 */
export interface AuthRateLimits {
  /** sign_in_sign_ups (GOTRUE_RATE_LIMIT_OTP): sign-ups, OTP, magic link, recovery, resend and user updates per 5 minutes. */
  signInSignUps: number;
  /** token_refresh: POST /token (password, refresh, PKCE, id_token grants) per 5 minutes. */
  tokenRefresh: number;
  /** token_verifications: GET|POST /verify per 5 minutes. */
  tokenVerifications: number;
  /** anonymous_users: anonymous sign-ins per hour. */
  anonymousUsers: number;
  /** web3: Web3 sign-ins per 5 minutes. */
  web3: number;
}

export interface MfaFactorSettings {
  enrollEnabled: boolean;
  verifyEnabled: boolean;
}

export interface AuthSettings {
  siteUrl: string;
  additionalRedirectUrls: string[];
  jwtExpiry: number;
  refreshTokenRotation: boolean;
  /** Seconds during which a just-rotated refresh token may be used again (GoTrue's reuse interval). */
  refreshTokenReuseInterval: number;
  enableSignup: boolean;
  enableConfirmations: boolean;
  enableAnonymousSignIns: boolean;
  enableManualLinking: boolean;
  /** [auth.email] double_confirm_changes: an email change is confirmed from both addresses. */
  secureEmailChange: boolean;
  /** [auth.email] max_frequency in ms: how soon one account may be sent another auth mail. */
  maxFrequencyMs: number;
  /** [auth.email] otp_expiry in seconds. */
  otpExpiry: number;
  rateLimit: AuthRateLimits;
  /**
   * Whether rateLimit's buckets count per client address. GoTrue counts only when it knows where to
   * read the address (GOTRUE_RATE_LIMIT_HEADER, or the platform's forwarded header on a hosted
   * project); `supabase start` sets neither, so locally they never fill. KAIROS_AUTH_PER_ADDRESS_LIMITS=true
   * counts them by the address the gateway forwards, as a hosted project does.
   */
  perAddressRateLimits: boolean;
  mfa: { maxEnrolledFactors: number; totp: MfaFactorSettings; phone: MfaFactorSettings; webAuthn: MfaFactorSettings };
  /** [auth.web3.solana] / [auth.web3.ethereum] enabled. */
  web3: { solana: boolean; ethereum: boolean };
  minimumPasswordLength: number;
  /** Wrong passwords for one email from one address within 5 minutes before that pair is throttled. */
  maxFailedSignIns: number;
  /** [auth.hook.*] that are enabled: the Postgres function each calls, as GoTrue names it (`"schema"."name"`). */
  hooks: { mfaVerificationAttempt?: string };
  externalProviders: string[];
}

/** Where mail goes: the local catcher, or the SMTP server of `[auth.email.smtp]` when enabled. */
export interface SmtpSettings {
  host: string;
  port: number;
  user?: string;
  pass?: string;
  /** Implicit TLS (port 465). */
  secure: boolean;
  adminEmail: string;
  senderName: string;
}

export interface BucketConfig {
  id: string;
  public: boolean;
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
}

/** [api] of config.toml: what PostgREST exposes, as the CLI passes it on. */
export interface ApiSettings {
  schemas: string[];
  extraSearchPath: string[];
  maxRows: number;
}

/** [storage] of config.toml. */
export interface StorageSettings {
  /** The global upload limit (file_size_limit); a bucket's own limit may only lower it. */
  fileSizeLimit: number | null;
  /** [storage.image_transformation] enabled: the /render/image routes (on by default, as in the CLI). */
  imageTransformation: boolean;
}

export interface FunctionConfig {
  name: string;
  verifyJwt: boolean;
}

export interface StackConfig {
  /** The folder of config.toml, migrations, seed.sql and functions. */
  supabaseDir: string;
  ports: Ports;
  dataDir: string;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  dbPassword: string;
  /** Public URL of the gateway (what clients use as SUPABASE_URL). */
  apiUrl: string;
  /** Where the web app is served: the links in booking mails lead there (functions' SITE_URL). */
  siteUrl: string;
  /** Secret the functions derive guests' manage tokens with (BOOKING_TOKEN_SECRET). */
  bookingTokenSecret: string;
  /** Milliseconds between the local stack's outbox sweeps (pg_cron's job on a hosted project). */
  outboxSweepMs: number;
  /** Milliseconds between the local stack's calendar sync sweeps (pg_cron's job on a hosted project). */
  calendarSyncMs: number;
  auth: AuthSettings;
  smtp: SmtpSettings;
  api: ApiSettings;
  buckets: BucketConfig[];
  storage: StorageSettings;
  functions: FunctionConfig[];
  /** Apply supabase/seed.sql on a fresh database. */
  seed: boolean;
  /** Serve web/ with Vite. */
  web: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- config.toml as parsed: every table optional, read with ?. and defaults
type Toml = Record<string, any>;

export function readSupabaseToml(supabaseDir = SUPABASE_DIR): Toml {
  return parse(readFileSync(join(supabaseDir, 'config.toml'), 'utf8')) as Toml;
}

/** A Go duration ("1s", "1m30s", "500ms") in milliseconds, as the CLI reads max_frequency. */
export function parseDuration(value: string | number): number {
  if (typeof value === 'number') return value * 1000;
  const units: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s)/g)];
  if (!parts.length || parts.map((p) => p[0]).join('') !== value.trim()) {
    throw new Error(`Unreadable duration in config.toml: ${value}`);
  }
  return parts.reduce((ms, p) => ms + Number(p[1]) * units[p[2]], 0);
}

type Env = Record<string, string | undefined>;

/**
 * A config.toml value, overridden by SUPABASE_<PATH> as the Supabase CLI's viper does
 * (SUPABASE_AUTH_RATE_LIMIT_TOKEN_REFRESH for auth.rate_limit.token_refresh).
 */
function setting<T extends string | number | boolean>(toml: Toml, env: Env, path: string, fallback: T): T {
  const fromEnv = env[`SUPABASE_${path.toUpperCase().replace(/\./g, '_')}`];
  if (fromEnv !== undefined && fromEnv !== '') {
    if (typeof fallback === 'number') return Number(fromEnv) as T;
    if (typeof fallback === 'boolean') return (fromEnv === 'true') as T;
    return fromEnv as T;
  }
  const value = path.split('.').reduce<unknown>((node, key) => (node as Toml | undefined)?.[key], toml);
  return (value ?? fallback) as T;
}

/**
 * An enabled `[auth.hook.<name>]`'s function: GoTrue reads `pg-functions://<db>/<schema>/<function>`
 * and calls `"schema"."function"`. The local Auth serves Postgres hooks only.
 */
function hookFunction(get: <T extends string | number | boolean>(path: string, fallback: T) => T, name: string): string | undefined {
  if (!get(`auth.hook.${name}.enabled`, false)) return undefined;
  const uri = get(`auth.hook.${name}.uri`, '');
  const m = /^pg-functions:\/\/[^/]+\/([^/]+)\/([^/]+)$/.exec(uri);
  if (!m) throw new Error(`[auth.hook.${name}] uri must be pg-functions://postgres/<schema>/<function> on the local stack, not "${uri}"`);
  return `${JSON.stringify(m[1])}.${JSON.stringify(m[2])}`;
}

/** "5MiB" → bytes, as the CLI reads sizes. */
export function parseSize(value: string | number | undefined): number | null {
  if (value === undefined) return null;
  if (typeof value === 'number') return value;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(B|KB|KiB|MB|MiB|GB|GiB)?\s*$/i.exec(value);
  if (!m) throw new Error(`Unreadable size in config.toml: ${value}`);
  const units: Record<string, number> = { b: 1, kb: 1e3, kib: 1024, mb: 1e6, mib: 1024 ** 2, gb: 1e9, gib: 1024 ** 3 };
  return Math.round(Number(m[1]) * units[(m[2] ?? 'b').toLowerCase()]);
}

export interface ConfigOverrides {
  supabaseDir?: string;
  ports?: Partial<Ports>;
  dataDir?: string;
  seed?: boolean;
  web?: boolean;
  auth?: Partial<AuthSettings>;
  siteUrl?: string;
  /** Environment read for SUPABASE_* overrides of config.toml (default: process.env). */
  env?: Env;
}

/** The web app's standard port (Vite's), the one config.toml's site_url names. */
const WEB_PORT = 5173;

/**
 * A site_url on this machine at the web app's standard port means the web app: when the stack moves
 * its port (KAIROS_PORT_BASE, a given port), the links in mails follow it to where it really runs.
 */
function followWebPort(siteUrl: string, webPort: number): string {
  return siteUrl.replace(new RegExp(`^(https?://(?:localhost|127\\.0\\.0\\.1)):${WEB_PORT}(?=/|$)`), `$1:${webPort}`);
}

export function loadConfig(overrides: ConfigOverrides = {}): StackConfig {
  const supabaseDir = overrides.supabaseDir ?? SUPABASE_DIR;
  const toml = readSupabaseToml(supabaseDir);
  const env = process.env;
  // KAIROS_PORT_BASE moves every port at once (a second stack beside `npm run dev`). Ports left 0
  // are internal (behind the gateway) and are picked free at start.
  const base = env.KAIROS_PORT_BASE ? Number(env.KAIROS_PORT_BASE) : undefined;
  const ports: Ports = {
    gateway: base ?? Number(toml.api?.port ?? 54321),
    db: base ? base + 1 : Number(toml.db?.port ?? 54322),
    rest: base ? base + 2 : 0,
    auth: base ? base + 3 : 0,
    storage: base ? base + 4 : 0,
    web: base ? base + 5 : WEB_PORT,
    inbox: base ? base + 6 : Number(toml.inbucket?.port ?? 54324),
    smtp: base ? base + 7 : Number(toml.inbucket?.smtp_port ?? 54325),
    functions: base ? base + 8 : 0,
    realtime: 0,
    ...overrides.ports,
  };
  const a = toml.auth ?? {};
  const cfg = overrides.env ?? env;
  const get = <T extends string | number | boolean>(path: string, fallback: T) => setting(toml, cfg, path, fallback);
  const factor = (kind: string): MfaFactorSettings => ({
    enrollEnabled: get(`auth.mfa.${kind}.enroll_enabled`, false),
    verifyEnabled: get(`auth.mfa.${kind}.verify_enabled`, false),
  });
  const auth: AuthSettings = {
    siteUrl: overrides.siteUrl ?? followWebPort(get('auth.site_url', `http://localhost:${ports.web}`), ports.web),
    additionalRedirectUrls: a.additional_redirect_urls ?? [],
    jwtExpiry: get('auth.jwt_expiry', 3600),
    refreshTokenRotation: get('auth.enable_refresh_token_rotation', true),
    refreshTokenReuseInterval: get('auth.refresh_token_reuse_interval', 10),
    enableSignup: get('auth.enable_signup', true) && get('auth.email.enable_signup', true),
    enableConfirmations: get('auth.email.enable_confirmations', false),
    enableAnonymousSignIns: get('auth.enable_anonymous_sign_ins', false),
    enableManualLinking: get('auth.enable_manual_linking', false),
    secureEmailChange: get('auth.email.double_confirm_changes', true),
    maxFrequencyMs: parseDuration(get('auth.email.max_frequency', '1s')),
    otpExpiry: get('auth.email.otp_expiry', 3600),
    minimumPasswordLength: get('auth.minimum_password_length', 6),
    maxFailedSignIns: 10,
    // The CLI's defaults for keys config.toml leaves out.
    rateLimit: {
      signInSignUps: get('auth.rate_limit.sign_in_sign_ups', 30),
      tokenRefresh: get('auth.rate_limit.token_refresh', 150),
      tokenVerifications: get('auth.rate_limit.token_verifications', 30),
      anonymousUsers: get('auth.rate_limit.anonymous_users', 30),
      web3: get('auth.rate_limit.web3', 30),
    },
    perAddressRateLimits: env.KAIROS_AUTH_PER_ADDRESS_LIMITS === 'true',
    mfa: {
      maxEnrolledFactors: get('auth.mfa.max_enrolled_factors', 10),
      totp: factor('totp'),
      phone: factor('phone'),
      webAuthn: factor('web_authn'),
    },
    web3: { solana: get('auth.web3.solana.enabled', false), ethereum: get('auth.web3.ethereum.enabled', false) },
    hooks: { mfaVerificationAttempt: hookFunction(get, 'mfa_verification_attempt') },
    externalProviders: Object.entries<Toml>(a.external ?? {})
      .filter(([name, p]) => setting(toml, cfg, `auth.external.${name}.enabled`, Boolean(p.enabled)))
      .map(([name]) => name),
    ...overrides.auth,
  };
  const mail = a.email?.smtp?.enabled ? a.email.smtp : undefined;
  const smtp: SmtpSettings = {
    host: mail?.host ?? '127.0.0.1',
    port: Number(mail?.port ?? ports.smtp),
    user: mail?.user,
    pass: mail?.pass,
    secure: Number(mail?.port) === 465,
    adminEmail: mail?.admin_email ?? toml.inbucket?.admin_email ?? 'admin@email.com',
    senderName: mail?.sender_name ?? toml.inbucket?.sender_name ?? 'Admin',
  };
  const api: ApiSettings = {
    schemas: toml.api?.schemas ?? ['public', 'graphql_public'],
    extraSearchPath: toml.api?.extra_search_path ?? ['public', 'extensions'],
    maxRows: toml.api?.max_rows ?? 1000,
  };
  const buckets: BucketConfig[] = Object.entries<Toml>(toml.storage?.buckets ?? {}).map(([id, b]) => ({
    id,
    public: Boolean(b.public),
    fileSizeLimit: parseSize(b.file_size_limit),
    allowedMimeTypes: b.allowed_mime_types ?? null,
  }));
  const functions: FunctionConfig[] = Object.entries<Toml>(toml.functions ?? {}).map(([name, f]) => ({
    name,
    verifyJwt: f.verify_jwt ?? true,
  }));
  if (env.KAIROS_JWT_SECRET && !(env.KAIROS_ANON_KEY && env.KAIROS_SERVICE_ROLE_KEY)) {
    throw new Error('KAIROS_JWT_SECRET needs KAIROS_ANON_KEY and KAIROS_SERVICE_ROLE_KEY signed with it');
  }
  return {
    supabaseDir,
    ports,
    dataDir: overrides.dataDir ?? env.KAIROS_DATA_DIR ?? join(ROOT, '.kairos', 'data'),
    jwtSecret: env.KAIROS_JWT_SECRET ?? DEMO_JWT_SECRET,
    anonKey: env.KAIROS_ANON_KEY ?? DEMO_ANON_KEY,
    serviceRoleKey: env.KAIROS_SERVICE_ROLE_KEY ?? DEMO_SERVICE_ROLE_KEY,
    dbPassword: env.KAIROS_DB_PASSWORD ?? 'postgres',
    apiUrl: `http://127.0.0.1:${ports.gateway}`,
    siteUrl: auth.siteUrl,
    bookingTokenSecret: env.KAIROS_BOOKING_TOKEN_SECRET ?? DEMO_BOOKING_TOKEN_SECRET,
    outboxSweepMs: Number(env.KAIROS_OUTBOX_SWEEP_MS) || 5000,
    calendarSyncMs: Number(env.KAIROS_CALENDAR_SYNC_MS) || 60_000,
    auth,
    smtp,
    api,
    buckets,
    storage: {
      fileSizeLimit: parseSize(toml.storage?.file_size_limit),
      imageTransformation: toml.storage?.image_transformation?.enabled ?? true,
    },
    functions,
    seed: overrides.seed ?? true,
    web: overrides.web ?? true,
  };
}

/**
 * Roles the local Postgres is reached as, as on a hosted project: `postgres` (migrations, seed,
 * SUPABASE_DB_URL of functions; not a superuser), the services' own admin roles, and the
 * bootstrap superuser `supabase_admin` (base schema, Realtime's replication, tests' setup).
 */
export type DbRole = 'postgres' | 'supabase_admin' | 'supabase_auth_admin' | 'supabase_storage_admin' | 'authenticator';

/** Connection string for one role of the local Postgres (every role has the stack's password). */
export function roleUrl(port: number, password: string, role: DbRole = 'postgres', database = 'postgres'): string {
  return `postgres://${role}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

export function dbUrl(config: StackConfig, role: DbRole = 'postgres'): string {
  return roleUrl(config.ports.db, config.dbPassword, role);
}
