// Calling the edge functions and unwrapping supabase-js results into errors the screens decide on
// by status and machine code (`{ code, message }` from the functions), never by the text.
import type { ErrorCode } from './shared.ts';
import { supabase, supabaseAnonKey, supabaseUrl } from './supabase.ts';

/** docs/product/messages.md: a failed response becomes an error "<status>: <body text or status text>". */
export class HttpError extends Error {
  /** The function's machine code (`slot_taken`, `unauthorized`, …) when the body carries one. */
  readonly code: ErrorCode | undefined;
  /** The function's own sentence, when the body carries one. */
  readonly serverMessage: string | undefined;

  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
    code?: ErrorCode,
  ) {
    super(`${status}: ${body || statusText}`);
    const parsed = parseBody(body);
    this.code = code ?? parsed.code;
    this.serverMessage = parsed.message;
  }
}

function parseBody(body: string): { code?: ErrorCode; message?: string } {
  try {
    const parsed = JSON.parse(body) as { code?: ErrorCode; message?: string; error?: string };
    return { code: parsed.code, message: parsed.message ?? parsed.error ?? (body || undefined) };
  } catch {
    return { message: body || undefined };
  }
}

/** The server's own words: the `message` (or `error`) field of a JSON body, else the body itself. */
export function serverMessage(error: unknown): string | undefined {
  if (error instanceof HttpError) return error.serverMessage;
  if (error instanceof Error && error.message) return error.message;
  return undefined;
}

/** A failure with this status and machine code. */
export function isFailure(error: unknown, status: number, code: ErrorCode): boolean {
  return error instanceof HttpError && error.status === status && error.code === code;
}

/** The session is gone (expired or revoked): the screens treat the user as logged out. */
export const isUnauthorized = (error: unknown): boolean => isFailure(error, 401, 'unauthorized');

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
    // An expired or revoked session reads as logged out, with the code `unauthorized` (docs/product/permissions.md).
    if (result.status === 401) throw new HttpError(401, `Unauthorized - ${result.error.message}`, 'Unauthorized', 'unauthorized');
    throw new Error(result.error.message);
  }
  return result.data as T;
}
