// The few Supabase Auth (GoTrue) endpoints the cookie session needs, called over HTTP so the
// function controls exactly which tokens it keeps.
import type { FunctionEnv } from './env.ts';

export interface AuthUser {
  id: string;
  email?: string;
  email_confirmed_at?: string | null;
  user_metadata?: Record<string, unknown>;
}

export interface AuthSession {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  user: AuthUser;
}

export interface AuthFailure {
  status: number;
  message: string;
  code?: string;
}

type Result<T> = { ok: true; value: T } | { ok: false; error: AuthFailure };

async function call<T>(env: FunctionEnv, path: string, init: { method: string; body?: unknown; token?: string }): Promise<Result<T>> {
  const headers: Record<string, string> = { apikey: env.anonKey, 'content-type': 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(`${env.supabaseUrl}/auth/v1${path}`, {
    method: init.method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    // GoTrue answers JSON; anything else is reported by status alone.
  }
  if (res.ok) return { ok: true, value: body as T };
  const message = String(body.msg ?? body.message ?? body.error_description ?? body.error ?? res.statusText);
  return { ok: false, error: { status: res.status, message, code: body.error_code as string | undefined } };
}

export const signInWithPassword = (env: FunctionEnv, email: string, password: string) =>
  call<AuthSession>(env, '/token?grant_type=password', { method: 'POST', body: { email, password } });

/** A session when email confirmation is off (as configured), otherwise just the user. */
export const signUp = (env: FunctionEnv, email: string, password: string, data: Record<string, unknown>) =>
  call<AuthSession | AuthUser>(env, '/signup', { method: 'POST', body: { email, password, data } });

export const refreshSession = (env: FunctionEnv, refreshToken: string) =>
  call<AuthSession>(env, '/token?grant_type=refresh_token', { method: 'POST', body: { refresh_token: refreshToken } });

export const getUser = (env: FunctionEnv, accessToken: string) => call<AuthUser>(env, '/user', { method: 'GET', token: accessToken });

export const signOut = (env: FunctionEnv, accessToken: string) => call<unknown>(env, '/logout?scope=local', { method: 'POST', token: accessToken });

