// What tests of the `stack` project use to reach the shared local stack.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { inject } from 'vitest';
import ws from 'ws';

export interface StackInfo {
  apiUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  /** As `postgres` (hosted-shaped, not a superuser). */
  dbUrl: string;
  /** The mail catcher's web inbox (Mailpit's API under /api/v1) and its SMTP port. */
  inboxUrl: string;
  smtpPort: number;
  /** As the bootstrap superuser `supabase_admin`, for test setup no hosted role may do. */
  adminDbUrl: string;
  /** Auth's site URL (config.toml's, moved to the stack's web port): where mails and redirects lead. */
  siteUrl: string;
  /** The built web app, served by the gateway (only when the run includes end-to-end tests). */
  webUrl?: string;
  /** Radicale, the CalDAV server of the calendar tests, and its htpasswd file. */
  caldav?: { url: string; users: string };
  /** The stand-in for Google's OAuth and Calendar endpoints that the functions use as Google. */
  google?: { url: string; clientId: string; env: Record<string, string> };
  /** The stand-ins for Stripe and Zoom (scripts/local/stripe, scripts/local/zoom) the functions' environment points at. */
  stripe?: { url: string; env: Record<string, string> };
  zoom?: { url: string; env: Record<string, string> };
}

export const stack = (): StackInfo => inject('stack');

/** supabase-js as a Node program uses it: no persisted session, ws as realtime transport. */
export function client(key: string, accessToken?: string): SupabaseClient {
  return createClient(stack().apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
    global: accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : undefined,
  });
}

/**
 * supabase-js for Realtime. With `token` (a user's JWT) it joins channels as that user; the token is
 * handed to Realtime before any join, as Supabase's docs ask for private channels.
 */
export async function realtimeClient(
  opts: { token?: string; vsn?: '1.0.0' | '2.0.0'; apiUrl?: string; anonKey?: string } = {},
): Promise<SupabaseClient> {
  const c = createClient(opts.apiUrl ?? stack().apiUrl, opts.anonKey ?? stack().anonKey, {
    ...(opts.token ? { accessToken: async () => opts.token! } : { auth: { persistSession: false, autoRefreshToken: false } }),
    realtime: { transport: ws as never, vsn: opts.vsn },
  });
  if (opts.token) await c.realtime.setAuth();
  return c;
}

/** Subscribes and resolves with the first outcome of the join: SUBSCRIBED, or the error. */
export function join(channel: RealtimeChannel): Promise<{ status: string; error?: Error }> {
  return new Promise((resolve) => {
    channel.subscribe((status, error) => {
      if (status !== 'CLOSED') resolve({ status, error });
    });
  });
}

export const anonClient = () => client(stack().anonKey);
export const serviceClient = () => client(stack().serviceRoleKey);

export interface TestUser {
  id: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
  /** Signed in as this user. */
  client: SupabaseClient;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

/** Signs up a fresh user through Auth, as the web app does. */
export async function newUser(opts: { firstName?: string; lastName?: string; password?: string; email?: string } = {}): Promise<TestUser> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? 'correct-horse-1';
  const c = anonClient();
  const { data, error } = await c.auth.signUp({
    email,
    password,
    options: { data: { first_name: opts.firstName ?? 'Test', last_name: opts.lastName ?? 'User' } },
  });
  if (error || !data.session || !data.user) throw new Error(`sign-up failed: ${error?.message ?? 'no session'}`);
  return {
    id: data.user.id,
    email,
    password,
    accessToken: data.session.access_token,
    refreshToken: data.session.refresh_token,
    client: client(stack().anonKey, data.session.access_token),
  };
}

let pool: pg.Pool | undefined;

/** Runs SQL as the superuser `supabase_admin` (test setup and inspection). */
export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  pool ??= new pg.Pool({ connectionString: stack().adminDbUrl, max: 4 });
  return (await pool.query<T>(text, params)).rows;
}

/**
 * fetch from another loopback source address (127.0.0.0/8): Auth counts limits per client address,
 * so tests play an attacker and a victim from two addresses of this machine.
 */
export function fetchFrom(localAddress: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const url = new URL(request.url);
    return new Promise<Response>((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method: request.method,
          headers: Object.fromEntries(request.headers),
          localAddress,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const headers = new Headers();
            for (const [k, v] of Object.entries(res.headers)) {
              for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) headers.append(k, one);
            }
            const status = res.statusCode ?? 502;
            resolve(new Response([204, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers }));
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  };
}
