// Every failure leaves a function as `{ message }` with a 4xx status; anything unexpected becomes a
// bare 500 whose details stay in the log, never in the response.
import type { z } from 'zod';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = () => new HttpError(401, 'Unauthorized');
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const unavailable = () => new HttpError(503, 'Service temporarily unavailable. Please try again.');

export const SLOT_TAKEN = 'This time slot is no longer available. Please select a different time.';

export function json(body: unknown, status = 200, headers?: HeadersInit): Response {
  const h = new Headers(headers);
  h.set('content-type', 'application/json; charset=utf-8');
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: h });
}

export function errorResponse(error: unknown): Response {
  if (error instanceof HttpError) {
    // A client told to retry waits a moment instead of hammering a database that is coming back.
    const headers = error.status === 503 ? { 'retry-after': '5' } : undefined;
    return json({ message: error.message }, error.status, headers);
  }
  console.error(error);
  return json({ message: 'Internal server error' }, 500);
}

/** The first issue's message: the schemas carry the exact texts of spec section 5. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw badRequest(result.error.issues[0]?.message ?? 'Invalid request');
}

/** A PostgREST / Postgres error as seen by supabase-js. */
export interface DbError {
  code?: string;
  message: string;
  details?: string | null;
  hint?: string | null;
}

/** Maps database failures that a caller can cause to their 4xx; the rest stays a 500. */
export function fromDbError(error: DbError, notFoundMessage = 'Not found'): HttpError | Error {
  switch (error.code) {
    case '23P01': // exclusion_violation: the busy interval is taken
      return conflict(SLOT_TAKEN);
    case '23505': // unique_violation
      return conflict(uniqueMessage(error));
    case '23503': // foreign_key_violation
      return notFound(notFoundMessage);
    case '22023': // invalid_parameter_value raised by our triggers and RPCs: written for the caller
    case 'P0001': // raise exception from an RPC
      return badRequest(error.message);
    case '23502': // not_null_violation
    case '23514': // check_violation: the schemas mirror the constraints, so this is a rare edge
      return badRequest('The request contains an invalid value');
    case '42501': // insufficient_privilege: RLS refused the write
    case 'PGRST301':
      return forbidden();
    case 'PGRST116': // .single() found no row (RLS hides it or it does not exist)
      return notFound(notFoundMessage);
    case 'P0002': // no_data_found raised by an RPC
      return notFound(error.message || notFoundMessage);
    case 'PGRST000': // PostgREST cannot reach the database (down or restarting)
    case 'PGRST001':
    case 'PGRST002': // schema cache not loaded yet
    case 'PGRST003': // no pooled connection free in time
    case '57P01': // admin_shutdown: the database is restarting
    case '57P03': // cannot_connect_now
      return unavailable();
    default:
      // Any other data exception (class 22, e.g. a NUL character) or request PostgREST could not parse
      // (PGRST1xx) comes from what the client sent.
      if (error.code?.startsWith('22') || error.code?.startsWith('PGRST1')) return badRequest('Invalid request');
      return new Error(`database error ${error.code ?? ''}: ${error.message}`);
  }
}

function uniqueMessage(error: DbError): string {
  const text = `${error.message} ${error.details ?? ''}`;
  if (text.includes('handle')) return 'This handle is already taken';
  if (text.includes('slug')) return 'This team URL is already taken';
  if (text.includes('team_members') || text.includes('team_id, user_id')) return 'This user is already a member of the team';
  return 'This record already exists';
}

/** Unwraps a supabase-js result, turning its error into the matching HttpError. */
export function unwrap<T>(result: { data: T | null; error: DbError | null }, notFoundMessage?: string): T {
  if (result.error) throw fromDbError(result.error, notFoundMessage);
  if (result.data === null) throw notFound(notFoundMessage);
  return result.data;
}
