// GoTrue's two error families: HTTP errors ({code, error_code, msg}, or {code, message} for clients
// that send X-Supabase-Api-Version >= 2024-01-01, as auth-js does) and OAuth errors ({error, error_description}).
import type { IncomingMessage } from 'node:http';

export const API_VERSION_HEADER = 'x-supabase-api-version';
export const API_VERSION_2024 = '2024-01-01';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    /** Extra top-level fields (weak_password). */
    readonly extra: Record<string, unknown> = {},
    /** Response headers (Retry-After of a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(`${error}: ${description}`);
  }
}

export const badRequest = (code: string, msg: string) => new HttpError(400, code, msg);
export const unauthorized = (code: string, msg: string) => new HttpError(401, code, msg);
export const forbidden = (code: string, msg: string) => new HttpError(403, code, msg);
export const notFound = (code: string, msg: string) => new HttpError(404, code, msg);
export const unprocessable = (code: string, msg: string) => new HttpError(422, code, msg);
export const tooManyRequests = (code: string, msg: string) => new HttpError(429, code, msg);

export function weakPassword(minLength: number): HttpError {
  return new HttpError(422, 'weak_password', `Password should be at least ${minLength} characters.`, {
    weak_password: { reasons: ['length'] },
  });
}

/** Whether the caller speaks the 2024-01-01 API (auth-js always does). */
export function wantsApi2024(req: IncomingMessage): boolean {
  const v = req.headers[API_VERSION_HEADER];
  return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && v >= API_VERSION_2024;
}
