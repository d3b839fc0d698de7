// Request bodies and responses for the storage server.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ERRORS, type StorageError } from './errors.ts';

const JSON_BODY_LIMIT = 1024 * 1024;
/** Room for the multipart boundaries and the small text fields storage-js sends beside the file. */
const MULTIPART_OVERHEAD = 1024 * 1024 + 64 * 1024;

/**
 * Reads the whole body, keeping at most `cap` bytes. A longer body is still drained (not kept),
 * so the client gets the error response instead of a reset connection mid-upload.
 */
export async function readBody(req: IncomingMessage, cap: number): Promise<{ bytes: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    if (truncated) continue;
    size += chunk.length;
    if (size > cap) {
      truncated = true;
      chunks.length = 0;
    } else chunks.push(chunk);
  }
  return { bytes: truncated ? Buffer.alloc(0) : Buffer.concat(chunks), truncated };
}

export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const { bytes, truncated } = await readBody(req, JSON_BODY_LIMIT);
  if (truncated) throw ERRORS.entityTooLarge();
  if (bytes.length === 0) return {};
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw ERRORS.invalidRequest('Body is not valid JSON');
}

export interface Upload {
  bytes: Buffer;
  mimetype: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
  /** The file is larger than the limit (its bytes were not kept). */
  tooLarge: boolean;
}

function parseJsonObject(text: string | null | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * The file of an upload, read as Storage reads it: a multipart form (the first file part, with
 * `cacheControl`, `contentType` and `metadata` fields, as storage-js sends a Blob) or a raw body
 * described by its headers (`content-type`, `cache-control`, base64 JSON `x-metadata`).
 */
export async function readUpload(req: IncomingMessage, limit: number): Promise<Upload> {
  const contentType = header(req, 'content-type') ?? '';
  if (contentType.startsWith('multipart/form-data')) {
    const { bytes, truncated } = await readBody(req, limit + MULTIPART_OVERHEAD);
    const empty = { bytes: Buffer.alloc(0), mimetype: '', cacheControl: '', userMetadata: null };
    if (truncated) return { ...empty, tooLarge: true };
    let form: FormData;
    try {
      form = await new Request('http://storage.local/', {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: new Uint8Array(bytes),
      }).formData();
    } catch {
      throw ERRORS.noContentProvided();
    }
    const file = [...form.values()].find((v): v is File => typeof v !== 'string');
    if (!file) throw ERRORS.noContentProvided();
    const field = (name: string) => {
      const v = form.get(name);
      return typeof v === 'string' && v !== '' ? v : undefined;
    };
    const cacheTime = field('cacheControl');
    const data = Buffer.from(await file.arrayBuffer());
    return {
      bytes: data,
      mimetype: field('contentType') ?? (file.type || 'application/octet-stream'),
      cacheControl: cacheTime ? `max-age=${cacheTime}` : 'no-cache',
      userMetadata: parseJsonObject(field('metadata') ?? field('userMetadata')),
      tooLarge: data.length > limit,
    };
  }
  const declared = Number(header(req, 'content-length'));
  const { bytes, truncated } = await readBody(req, limit);
  const metadataHeader = header(req, 'x-metadata');
  return {
    bytes,
    mimetype: contentType || 'application/octet-stream',
    cacheControl: header(req, 'cache-control') ?? 'no-cache',
    userMetadata: metadataHeader ? parseJsonObject(Buffer.from(metadataHeader, 'base64').toString('utf8')) : null,
    tooLarge: truncated || declared > limit,
  };
}

/**
 * Every user file is served as inert data: the browser keeps the stored type (no sniffing HTML out
 * of an "image") and, should one be opened as a page, it runs nothing and reaches nothing.
 */
export const USER_FILE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
} as const;

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export function sendError(res: ServerResponse, err: StorageError): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(res, err.httpStatus, err.body());
}
