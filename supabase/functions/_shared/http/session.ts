// Who is calling: a Supabase JWT from `Authorization: Bearer`, or the session kept in HttpOnly cookies
// (set by /api/auth/login and /register), refreshed transparently once the access token expired.
import type { SupabaseClient } from '@supabase/supabase-js';
import { userClient } from './clients.ts';
import { jwtClaims } from '../db/connection.ts';
import { readCookies, serializeCookie } from './cookies.ts';
import type { FunctionEnv } from './env.ts';
import { getUser, refreshSession, type AuthSession, type AuthUser } from './gotrue.ts';

export const ACCESS_COOKIE = 'kairos-access-token';
export const REFRESH_COOKIE = 'kairos-refresh-token';
const REFRESH_MAX_AGE = 60 * 60 * 24 * 30;
/** Refresh a little before expiry so the token does not lapse between here and PostgREST. */
const EXPIRY_MARGIN_S = 30;

export interface Caller {
  id: string;
  email: string;
  user: AuthUser;
  accessToken: string;
  /** supabase-js acting as the caller: RLS decides what it may read and write. */
  db: SupabaseClient;
}

/** Payload of a JWT without verifying it: only used to skip a call that would fail anyway. */
const claims = (token: string) => jwtClaims(token) as { exp?: number; role?: string } | null;

function isSecure(req: Request): boolean {
  return req.headers.get('x-forwarded-proto') === 'https' || new URL(req.url).protocol === 'https:';
}

export function sessionCookies(req: Request, session: AuthSession): string[] {
  const secure = isSecure(req);
  return [
    serializeCookie(ACCESS_COOKIE, session.access_token, { maxAge: REFRESH_MAX_AGE, secure }),
    serializeCookie(REFRESH_COOKIE, session.refresh_token, { maxAge: REFRESH_MAX_AGE, secure }),
  ];
}

export function clearedCookies(req: Request): string[] {
  const secure = isSecure(req);
  return [ACCESS_COOKIE, REFRESH_COOKIE].map((name) => serializeCookie(name, '', { maxAge: 0, secure }));
}

function caller(env: FunctionEnv, user: AuthUser, accessToken: string): Caller {
  return { id: user.id, email: user.email ?? '', user, accessToken, db: userClient(env, accessToken) };
}

function bearerToken(req: Request): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '')?.[1];
}

/** Does the request carry the session cookies (whether or not they are still good)? */
export function hasSessionCookie(req: Request): boolean {
  const jar = readCookies(req.headers.get('cookie'));
  return jar.has(ACCESS_COOKIE) || jar.has(REFRESH_COOKIE);
}

/**
 * Resolves the caller, or null when anonymous. `setCookie` receives refreshed (or cleared)
 * cookies for the response.
 */
export async function resolveCaller(req: Request, env: FunctionEnv, setCookie: (cookie: string) => void): Promise<Caller | null> {
  // supabase-js sends the anon key as bearer when nobody is signed in: that is no user.
  const bearer = bearerToken(req);
  if (bearer && claims(bearer)?.role === 'authenticated') {
    const user = await getUser(env, bearer);
    return user.ok ? caller(env, user.value, bearer) : null;
  }

  const jar = readCookies(req.headers.get('cookie'));
  const access = jar.get(ACCESS_COOKIE);
  const refresh = jar.get(REFRESH_COOKIE);
  if (!access && !refresh) return null;

  const exp = access ? claims(access)?.exp : undefined;
  if (access && exp !== undefined && exp - EXPIRY_MARGIN_S > Date.now() / 1000) {
    const user = await getUser(env, access);
    if (user.ok) return caller(env, user.value, access);
  }
  if (refresh) {
    const session = await refreshSession(env, refresh);
    if (session.ok) {
      sessionCookies(req, session.value).forEach(setCookie);
      return caller(env, session.value.user, session.value.access_token);
    }
  }
  // Revoked or unusable: drop the cookies so the browser stops sending them.
  clearedCookies(req).forEach(setCookie);
  return null;
}
