import { supabase, supabaseAnonKey, supabaseUrl } from './supabase.ts';

/** Spec section 8: a failed response becomes an error "<status>: <body text or status text>". */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
  }
}

/** The server's own words: the `message` (or `error`) field of a JSON body, else the body itself. */
export function serverMessage(error: unknown): string | undefined {
  if (error instanceof HttpError) {
    try {
      const parsed = JSON.parse(error.body) as { message?: string; error?: string };
      return parsed.message ?? parsed.error ?? (error.body || undefined);
    } catch {
      return error.body || undefined;
    }
  }
  if (error instanceof Error && error.message) return error.message;
  return undefined;
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof Error && /^401\b/.test(error.message) && error.message.includes('Unauthorized');
}

async function authHeaders(): Promise<Record<string, string>> {
  const { data } = await supabase.auth.getSession();
  return {
    apikey: supabaseAnonKey,
    Authorization: `Bearer ${data.session?.access_token ?? supabaseAnonKey}`,
  };
}

/** Calls an edge function (`/functions/v1/<path>`), JSON in and out, with the caller's session when there is one. */
export async function callFunction<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${supabaseUrl}/functions/v1/${path}`, {
    method: init.method ?? 'GET',
    credentials: 'include',
    headers: {
      ...(await authHeaders()),
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new HttpError(response.status, text, response.statusText);
  return (text ? JSON.parse(text) : null) as T;
}

/** Supabase query results: throw the PostgREST error so React Query sees a failure. */
export function unwrap<T>(result: { data: T | null; error: { message: string } | null; status?: number }): T {
  if (result.error) {
    // An expired or revoked session reads as logged out, like the spec's "401: ...Unauthorized".
    throw new Error(result.status === 401 ? `401: Unauthorized - ${result.error.message}` : result.error.message);
  }
  return result.data as T;
}
