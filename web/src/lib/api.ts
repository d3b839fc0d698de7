// Calling the edge functions and the public RPCs with fetch, and unwrapping supabase-js results, into
// errors the screens decide on by status and machine code (`{ code, message }` from the functions),
// never by the text.
import type { Database } from './database.types.ts';
import { maySignIn, supabaseAnonKey, supabaseUrl } from './env.ts';
import { refusalOf, type ErrorCode, type RuleId, type RuleMessage } from './shared.ts';

/** docs/product/messages.md: a failed response becomes an error "<status>: <body text or status text>". */
export class HttpError extends Error {
  /** The function's machine code (`slot_taken`, `unauthorized`, …) when the body carries one. */
  readonly code: ErrorCode | undefined;
  /** The function's own sentence, when the body carries one. */
  readonly serverMessage: string | undefined;
  /** The sentence by id and values, when a shared rule worded it (docs/product/api.md): said in the page's language. */
  readonly rule: RuleMessage | undefined;

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
    this.rule = parsed.rule;
  }
}

function parseBody(body: string): { code?: ErrorCode; message?: string; rule?: RuleMessage } {
  try {
    const parsed = JSON.parse(body) as {
      code?: ErrorCode;
      message?: string;
      error?: string;
      messageId?: unknown;
      values?: RuleMessage['values'];
      hint?: string | null;
      details?: string | null;
    };
    // Taken as the server sent it (a function's messageId, or the database's HINT through PostgREST): a
    // screen says it only where the page's catalogue holds its words (i18n/ruleWords.ts), so the rules'
    // English stays out of the app's first chunk.
    const rule =
      typeof parsed.messageId === 'string'
        ? { id: parsed.messageId as RuleId, ...(parsed.values && { values: parsed.values }) }
        : (refusalOf(parsed.hint, parsed.details) as RuleMessage | undefined);
    return { code: parsed.code, message: parsed.message ?? parsed.error ?? (body || undefined), rule };
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

/** The signed-in user's access token (refreshed by supabase-js when due), or null for a guest. */
async function accessToken(): Promise<string | null> {
  // A guest's page never loads supabase-js: with no session stored there is none to read.
  if (!maySignIn()) return null;
  const { supabase } = await import('./supabase.ts');
  const { data } = await supabase.auth.getSession();
  return data.session?.access_token ?? null;
}

async function authHeaders(): Promise<Record<string, string>> {
  return {
    apikey: supabaseAnonKey,
    Authorization: `Bearer ${(await accessToken()) ?? supabaseAnonKey}`,
  };
}

/**
 * GET answers that carried an ETag (slot lists), by URL: asked for again with `If-None-Match`, a
 * `304 Not Modified` reuses the stored answer without the server computing it again. A few entries
 * are enough: a booking page asks for the months it shows.
 */
const revalidated = new Map<string, { etag: string; text: string }>();
const REVALIDATED_ENTRIES = 24;

/** Calls an edge function (`/functions/v1/<path>`), JSON in and out, with the caller's session when there is one. */
export async function callFunction<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const url = `${supabaseUrl}/functions/v1/${path}`;
  const method = init.method ?? 'GET';
  const held = method === 'GET' ? revalidated.get(url) : undefined;
  const response = await fetch(url, {
    method,
    credentials: 'include',
    // The stored answer is revalidated here, not by the browser's cache as well.
    cache: method === 'GET' ? 'no-store' : undefined,
    headers: {
      ...(await authHeaders()),
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(held ? { 'If-None-Match': held.etag } : {}),
      // The page's language (I18nProvider sets it), not the browser's: a refusal shown as it came reads in it.
      ...(document.documentElement.lang ? { 'Accept-Language': document.documentElement.lang } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (response.status === 304 && held) return JSON.parse(held.text) as T;
  const text = await response.text();
  if (!response.ok) throw new HttpError(response.status, text, response.statusText);
  const etag = response.headers.get('etag');
  if (method === 'GET' && etag) {
    revalidated.delete(url);
    revalidated.set(url, { etag, text });
    if (revalidated.size > REVALIDATED_ENTRIES) revalidated.delete(revalidated.keys().next().value!);
  }
  return (text ? JSON.parse(text) : null) as T;
}

type Rpc = Database['public']['Functions'];

/**
 * Calls a database function through PostgREST (`POST /rest/v1/rpc/<name>`) as supabase-js would,
 * with the caller's session when there is one: RLS and the function's grants decide what it answers.
 */
export async function callRpc<N extends keyof Rpc>(name: N, args: Rpc[N]['Args']): Promise<Rpc[N]['Returns']> {
  const response = await fetch(`${supabaseUrl}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { ...(await authHeaders()), 'Content-Type': 'application/json' },
    body: JSON.stringify(args),
  });
  const text = await response.text();
  if (response.ok) return (text ? JSON.parse(text) : null) as Rpc[N]['Returns'];
  // An expired or revoked session reads as logged out (docs/product/permissions.md), as in `unwrap`.
  if (response.status === 401) return unwrap({ data: null, error: { message: parseBody(text).message ?? response.statusText }, status: 401 });
  // The status stays with the error, so a page can say the server failed rather than that nothing was found.
  throw new HttpError(response.status, text, response.statusText);
}

/**
 * A refusal of the database (through PostgREST), with its SQLSTATE and, where our SQL wrote it, the rule
 * it names: a screen says it in its language by either.
 */
export class DbError extends Error {
  /** The rule the refusal names (its HINT and DETAIL), taken as sent. */
  readonly rule: RuleMessage | undefined;

  constructor(
    message: string,
    readonly code: string | undefined,
    refusal: { hint?: string | null; details?: string | null } = {},
  ) {
    super(message);
    this.rule = refusalOf(refusal.hint, refusal.details) as RuleMessage | undefined;
  }
}

/** The database's SQLSTATE of a failure (23505: taken, 42501: not allowed, KR…: Kairos' own), if it was one. */
export const dbCode = (error: unknown): string | undefined => (error instanceof DbError ? error.code : undefined);

/** Supabase query results: throw the PostgREST error so React Query sees a failure. */
export function unwrap<T>(result: {
  data: T | null;
  error: { message: string; code?: string; hint?: string | null; details?: string | null } | null;
  status?: number;
}): T {
  if (result.error) {
    // An expired or revoked session reads as logged out, with the code `unauthorized` (docs/product/permissions.md).
    if (result.status === 401) throw new HttpError(401, `Unauthorized - ${result.error.message}`, 'Unauthorized', 'unauthorized');
    throw new DbError(result.error.message, result.error.code, result.error);
  }
  return result.data as T;
}
