// Small request/response helpers shared by the auth handlers.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_VERSION_2024, API_VERSION_HEADER, HttpError, OAuthError, wantsApi2024 } from './errors.ts';

const MAX_BODY = 1024 * 1024;

/**
 * The client's address: the one X-Forwarded-For entry the gateway writes (the socket address it
 * saw; it replaces whatever the client sent), or this socket's peer for a direct caller.
 */
export function clientAddress(req: IncomingMessage): string {
  const forwarded = String(req.headers['x-forwarded-for'] ?? '').split(',')[0].trim();
  const ip = forwarded || req.socket.remoteAddress || '';
  return ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
}

export function sendJSON(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export function sendHTML(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

export function redirect(res: ServerResponse, status: 302 | 303, location: string) {
  res.writeHead(status, { location, 'content-length': '0' });
  res.end();
}

export function noContent(res: ServerResponse) {
  res.writeHead(204);
  res.end();
}

async function readRaw(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    // Past the limit the rest is read and dropped: answering mid-upload would reset the
    // connection, and the gateway would report a 502 instead of this 413.
    if (size <= MAX_BODY) chunks.push(chunk as Buffer);
  }
  if (size > MAX_BODY) throw new HttpError(413, 'validation_failed', 'Request body too large');
  return Buffer.concat(chunks).toString('utf8');
}

/** A JSON object body; GoTrue answers 400 "Could not parse request body as JSON" otherwise. */
export async function readJSON(req: IncomingMessage): Promise<Record<string, unknown>> {
  const raw = await readRaw(req);
  if (!raw.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new HttpError(400, 'bad_json', 'Could not parse request body as JSON');
}

export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams(await readRaw(req));
}

/** Optional string field of a parsed body. */
export function str(body: Record<string, unknown>, key: string): string {
  const v = body[key];
  return typeof v === 'string' ? v : '';
}

/** Optional object field of a parsed body. */
export function obj(body: Record<string, unknown>, key: string): Record<string, unknown> | undefined {
  const v = body[key];
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function sendError(req: IncomingMessage, res: ServerResponse, err: unknown): void {
  if (err instanceof OAuthError) {
    sendJSON(res, 400, { error: err.error, error_description: err.description });
    return;
  }
  if (!(err instanceof HttpError)) {
    console.error('[auth] unexpected error:', err);
    sendJSON(res, 500, { code: 500, msg: 'Internal Server Error' });
    return;
  }
  for (const [k, v] of Object.entries(err.headers)) res.setHeader(k, v);
  if (wantsApi2024(req)) {
    res.setHeader(API_VERSION_HEADER, API_VERSION_2024);
    sendJSON(res, err.status, { code: err.errorCode, message: err.message, ...err.extra });
  } else {
    sendJSON(res, err.status, { code: err.status, error_code: err.errorCode, msg: err.message, ...err.extra });
  }
}
