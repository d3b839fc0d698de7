// Every failure leaves a function as `{ code, message }` with the status its code maps to; anything
// unexpected becomes a bare 500 whose details stay in the log, never in the response.
import { AppError, ERROR_STATUS, type ErrorCode } from '../rules/errors.ts';

export const statusOf = (code: ErrorCode): number => ERROR_STATUS[code];

export function json(body: unknown, status = 200, headers?: HeadersInit): Response {
  const h = new Headers(headers);
  h.set('content-type', 'application/json; charset=utf-8');
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: h });
}

export function errorResponse(error: unknown): Response {
  if (error instanceof AppError) {
    const status = statusOf(error.code);
    // A client told to retry waits a moment instead of hammering a database that is coming back.
    const headers = status === 503 ? { 'retry-after': '5' } : undefined;
    // A shared rule's message also by id and values (docs/product/api.md): a client says it in its reader's language.
    const rule = error.rule && { messageId: error.rule.id, ...(error.rule.values && { values: error.rule.values }) };
    return json({ code: error.code, message: error.message, ...rule }, status, headers);
  }
  console.error(error);
  return json({ code: 'internal', message: 'Internal server error' }, 500);
}
