// One HTTP/1.1 exchange over a connection the caller opened (to an address it checked): the request
// written, the answer read with a cap on its size. fetch() offers no way to choose the address it
// connects to, and node:http's `lookup` is not implemented on the Edge Runtime, so the outbound
// guard speaks HTTP itself over Deno.connect / Deno.startTls. One request per connection
// (`connection: close`): a deadline that ends a request can never make it be sent again elsewhere.
import { OutboundError } from './addresses.ts';
import type { NetConn } from './runtime.ts';

export interface Http1Request {
  method: string;
  url: URL;
  headers: Headers;
  body?: Uint8Array;
}

export interface Http1Answer {
  status: number;
  statusText: string;
  headers: Headers;
  body: Blob;
}

const CRLF = '\r\n';
const MAX_HEAD = 64 * 1024;
const NO_BODY = new Set([204, 304]);

const tooLarge = (maxBytes: number) =>
  new OutboundError('too_large', `The answer is larger than ${Math.round(maxBytes / 1024 / 1024)} MiB`);

/** Reads from a connection: a head or a line off a small buffer, a body chunk by chunk into a sink. */
class Reader {
  private buf = new Uint8Array(0);

  constructor(private readonly conn: NetConn) {}

  private async next(): Promise<Uint8Array | null> {
    const chunk = new Uint8Array(64 * 1024);
    const n = await this.conn.read(chunk);
    return n === null ? null : chunk.subarray(0, n);
  }

  private take(n: number): Uint8Array {
    const out = this.buf.slice(0, n);
    this.buf = this.buf.slice(n);
    return out;
  }

  /** Up to and without `delimiter`, which is consumed; at most `max` bytes. */
  async until(delimiter: string, max: number): Promise<string> {
    const d = new TextEncoder().encode(delimiter);
    for (let from = 0; ; ) {
      for (let i = from; i + d.length <= this.buf.byteLength; i++) {
        if (d.every((b, k) => this.buf[i + k] === b)) {
          const text = new TextDecoder('latin1').decode(this.take(i));
          this.take(d.length);
          return text;
        }
      }
      from = Math.max(0, this.buf.byteLength - d.length + 1);
      if (this.buf.byteLength > max) throw new OutboundError('network', 'The server sent a malformed answer');
      const chunk = await this.next();
      if (!chunk) throw new OutboundError('network', 'The server closed the connection before answering');
      const joined = new Uint8Array(this.buf.byteLength + chunk.byteLength);
      joined.set(this.buf);
      joined.set(chunk, this.buf.byteLength);
      this.buf = joined;
    }
  }

  /** Exactly `n` bytes, into `sink`. */
  async count(n: number, sink: (chunk: Uint8Array) => void): Promise<void> {
    let left = n;
    if (this.buf.byteLength > 0 && left > 0) {
      const part = this.take(Math.min(left, this.buf.byteLength));
      sink(part);
      left -= part.byteLength;
    }
    while (left > 0) {
      const chunk = await this.next();
      if (!chunk) throw new OutboundError('network', 'The server closed the connection mid-answer');
      if (chunk.byteLength > left) this.buf = chunk.slice(left);
      sink(chunk.subarray(0, Math.min(left, chunk.byteLength)));
      left -= Math.min(left, chunk.byteLength);
    }
  }

  /** Everything up to the end of the connection, into `sink`. */
  async rest(sink: (chunk: Uint8Array) => void): Promise<void> {
    if (this.buf.byteLength > 0) sink(this.take(this.buf.byteLength));
    for (let chunk = await this.next(); chunk; chunk = await this.next()) sink(chunk);
  }
}

/** Collects body bytes, refusing more than `maxBytes`. */
class Body {
  private chunks: Uint8Array[] = [];
  size = 0;

  constructor(private readonly maxBytes: number) {}

  add = (chunk: Uint8Array) => {
    this.size += chunk.byteLength;
    if (this.size > this.maxBytes) throw tooLarge(this.maxBytes);
    this.chunks.push(chunk);
  };

  blob(): Blob {
    return new Blob(this.chunks as BlobPart[]);
  }
}

async function writeAll(conn: NetConn, bytes: Uint8Array): Promise<void> {
  for (let off = 0; off < bytes.byteLength; ) off += await conn.write(bytes.subarray(off));
}

function requestHead(req: Http1Request): string {
  const lines = [`${req.method} ${req.url.pathname}${req.url.search} HTTP/1.1`, `host: ${req.url.host}`];
  req.headers.forEach((value, name) => {
    if (name !== 'host' && name !== 'connection' && name !== 'content-length' && name !== 'transfer-encoding') lines.push(`${name}: ${value}`);
  });
  if (!req.headers.has('accept')) lines.push('accept: */*');
  if (!req.headers.has('accept-encoding')) lines.push('accept-encoding: gzip, deflate');
  if (!req.headers.has('user-agent')) lines.push('user-agent: Kairos');
  if (req.body || !['GET', 'HEAD', 'OPTIONS', 'DELETE'].includes(req.method)) lines.push(`content-length: ${req.body?.byteLength ?? 0}`);
  lines.push('connection: close');
  return lines.join(CRLF) + CRLF + CRLF;
}

async function readHead(reader: Reader): Promise<{ status: number; statusText: string; headers: Headers }> {
  // Interim answers (100 Continue, 103 Early Hints) come before the real one.
  for (;;) {
    const [statusLine, ...fields] = (await reader.until(CRLF + CRLF, MAX_HEAD)).split(CRLF);
    const m = /^HTTP\/1\.[01] (\d{3})(?: (.*))?$/.exec(statusLine);
    if (!m) throw new OutboundError('network', 'The server did not answer HTTP/1.1');
    const status = Number(m[1]);
    if (status >= 100 && status < 200 && status !== 101) continue;
    const headers = new Headers();
    for (const f of fields) {
      const colon = f.indexOf(':');
      if (colon > 0) headers.append(f.slice(0, colon).trim(), f.slice(colon + 1).trim());
    }
    return { status, statusText: m[2] ?? '', headers };
  }
}

async function readChunked(reader: Reader, body: Body): Promise<void> {
  for (;;) {
    const size = parseInt((await reader.until(CRLF, 1024)).split(';')[0].trim(), 16);
    if (!Number.isFinite(size) || size < 0) throw new OutboundError('network', 'The server sent a malformed answer');
    if (size === 0) break;
    await reader.count(size, body.add);
    await reader.count(2, () => {});
  }
  // Trailers, up to the empty line.
  while ((await reader.until(CRLF, MAX_HEAD)) !== '');
}

/** Undoes gzip or deflate, still within the cap: a small answer must not unpack into a huge one. */
async function decoded(body: Blob, encoding: string | null, maxBytes: number): Promise<Blob> {
  const format = encoding?.trim().toLowerCase();
  if (format !== 'gzip' && format !== 'x-gzip' && format !== 'deflate') return body;
  const out = new Body(maxBytes);
  const reader = body.stream().pipeThrough(new DecompressionStream(format === 'deflate' ? 'deflate' : 'gzip')).getReader();
  try {
    for (let r = await reader.read(); !r.done; r = await reader.read()) out.add(r.value);
  } catch (e) {
    await reader.cancel().catch(() => {});
    if (e instanceof OutboundError) throw e;
    throw new OutboundError('network', `The server sent a body that does not unpack (${format})`);
  }
  return out.blob();
}

/** Sends the request and reads the whole answer; the connection is the caller's to close. */
export async function exchange(conn: NetConn, req: Http1Request, maxBytes: number): Promise<Http1Answer> {
  await writeAll(conn, new TextEncoder().encode(requestHead(req)));
  if (req.body?.byteLength) await writeAll(conn, req.body);
  const reader = new Reader(conn);
  const head = await readHead(reader);
  const body = new Body(maxBytes);
  if (req.method !== 'HEAD' && !NO_BODY.has(head.status)) {
    const length = head.headers.get('content-length');
    if (/chunked/i.test(head.headers.get('transfer-encoding') ?? '')) await readChunked(reader, body);
    else if (length !== null) {
      const n = Number(length);
      if (!Number.isSafeInteger(n) || n < 0) throw new OutboundError('network', 'The server sent a malformed answer');
      if (n > maxBytes) throw tooLarge(maxBytes);
      await reader.count(n, body.add);
    } else await reader.rest(body.add);
  }
  const raw = body.blob();
  const unpacked = await decoded(raw, head.headers.get('content-encoding'), maxBytes);
  if (unpacked !== raw) {
    head.headers.delete('content-encoding');
    head.headers.delete('content-length');
  }
  return { ...head, body: unpacked };
}
