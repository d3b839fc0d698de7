// Every failure leaves a function as `{ code, message }` with the status its code maps to; anything
// unexpected becomes a bare 500 whose details stay in the log, never in the response.
import { AppError, ERROR_STATUS, type ErrorCode, refused } from '../rules/errors.ts';
import { DEFAULT_LOCALE, type Locale } from '../rules/locales.ts';
import { sayRule } from '../i18n/ruleSay.ts';

export const statusOf = (code: ErrorCode): number => ERROR_STATUS[code];

export function json(body: unknown, status = 200, headers?: HeadersInit): Response {
  return jsonText(status === 204 ? null : JSON.stringify(body), status, headers);
}

/** A JSON answer already serialised (a kept slot list, or its gzip with its content-encoding in `headers`). */
export function jsonText(body: string | ArrayBuffer | null, status = 200, headers?: HeadersInit): Response {
  const h = new Headers(headers);
  h.set('content-type', 'application/json; charset=utf-8');
  return new Response(body, { status, headers: h });
}

/** An error in the caller's language (http/router.ts reads it from Accept-Language): a shared rule's message is said in it. */
export function errorResponse(error: unknown, locale: Locale = DEFAULT_LOCALE): Response {
  if (error instanceof AppError) {
    const status = statusOf(error.code);
    // A client told to retry waits a moment instead of hammering a database that is coming back.
    const headers: Record<string, string> = status === 503 ? { 'retry-after': '5' } : {};
    // A shared rule's message also by id and values (docs/product/api.md): a client may say it its own way.
    const rule = error.rule && { messageId: error.rule.id, ...(error.rule.values && { values: error.rule.values }) };
    const said = error.rule ? locale : DEFAULT_LOCALE; // a message no rule words yet: English
    headers['content-language'] = said;
    return json({ code: error.code, message: error.rule && said !== DEFAULT_LOCALE ? sayRule(said, error.rule) : error.message, ...rule }, status, headers);
  }
  console.error(error);
  return errorResponse(refused('internal', 'internal'), locale);
}
