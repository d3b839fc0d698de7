// One HTTP/1.1 exchange, spoken by undici, over a connection this module opens to an address the
// guard checked (outbound.ts): undici's Client calls `connect` instead of resolving the name itself,
// so nothing looks the name up again. TLS names the URL's host (SNI and certificate). node:net and
// node:tls are what the Edge Runtime gives user functions for this (docs/edge-runtime.md); fetch()
// cannot be told which address to use, and node:http's `lookup` is not implemented there.
//
// One request per client and per connection (`connection: close`, the client destroyed after it): a
// deadline that ends a request can never make it be sent again.
import net from 'node:net';
import tls from 'node:tls';
import { Client, errors, interceptors } from 'undici';
import { ruleMessage, type RuleMessage } from '../rules/messages.ts';
import { bareHost, OutboundError } from './addresses.ts';

export interface Exchange {
  url: URL;
  /** What the URL's host resolved to, every one checked; tried in order. */
  addresses: string[];
  method: string;
  headers: Headers;
  body?: Uint8Array;
  /** Largest body, both as read and as unpacked. */
  maxBytes: number;
  /** Certificate authorities to trust instead of the platform's (tests only). */
  caCerts?: string[];
  signal: AbortSignal;
}

export interface Answer {
  status: number;
  statusText: string;
  headers: Headers;
  body: ArrayBuffer;
}

/** A socket to `address`, TLS to the URL's host name for https; given up when `signal` aborts. */
function socketTo(address: string, url: URL, caCerts: string[] | undefined, signal: AbortSignal): Promise<net.Socket> {
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  const secure = url.protocol === 'https:';
  const socket = secure
    ? tls.connect({ host: address, port, servername: bareHost(url), ...(caCerts ? { ca: caCerts } : {}) })
    : net.connect({ host: address, port });
  // As undici's own connector does: a request's head and body go out at once, not held for an ACK.
  socket.setNoDelay(true);
  const ready = secure ? 'secureConnect' : 'connect';
  return new Promise((resolve, reject) => {
    const settle = (error?: unknown) => {
      socket.off('error', settle).off(ready, settle);
      signal.removeEventListener('abort', settle);
      if (error === undefined) return resolve(socket);
      socket.destroy();
      reject(signal.aborted ? signal.reason : error);
    };
    socket.once('error', settle).once(ready, settle);
    signal.addEventListener('abort', settle, { once: true });
  });
}

/** The first of the checked addresses that accepts a connection. */
async function connectToChecked(ex: Exchange): Promise<net.Socket> {
  let failure: unknown;
  for (const address of ex.addresses) {
    ex.signal.throwIfAborted();
    try {
      return await socketTo(address, ex.url, ex.caCerts, ex.signal);
    } catch (e) {
      if (ex.signal.aborted) throw e;
      failure = e;
    }
  }
  throw new OutboundError('network', unreachable(failure, ex.url.host));
}

/**
 * Why a connection failed, in words a host can act on (the socket's code, ECONNREFUSED and the
 * like, means nothing to them). `host` is the address's host and port.
 */
export function unreachable(failure: unknown, host: string): RuleMessage {
  const code = String((failure as { code?: unknown } | undefined)?.code ?? '');
  if (code === 'ECONNREFUSED') return ruleMessage('remoteRefused', { host });
  if (code === 'ECONNRESET' || code === 'EPIPE') return ruleMessage('remoteReset', { host });
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/.test(code)) return ruleMessage('remoteCertificate', { host });
  return ruleMessage('remoteUnreachable', { host });
}

/** The caller's headers, less those that belong to the connection (undici and the URL set them). */
function requestHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (name !== 'host' && name !== 'connection' && name !== 'content-length' && name !== 'transfer-encoding') out[name] = value;
  });
  out['accept'] ??= '*/*';
  out['accept-encoding'] ??= 'gzip, deflate';
  out['user-agent'] ??= 'Kairos';
  return out;
}

function answerHeaders(headers: Record<string, string | string[] | undefined>): Headers {
  const out = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) out.append(name, v);
  }
  return out;
}

/** undici's and zlib's failures, in the guard's words where theirs say little to a person. */
function failure(e: unknown, maxBytes: number): unknown {
  if (e instanceof errors.ResponseExceededMaxSizeError) {
    return new OutboundError('too_large', ruleMessage('remoteTooLarge', { mib: Math.round(maxBytes / 1024 / 1024) }));
  }
  if (e instanceof errors.SocketError) return new OutboundError('network', ruleMessage('remoteClosed'));
  if (/^Z_/.test(String((e as { code?: unknown })?.code))) return new OutboundError('network', ruleMessage('remoteUnpack'));
  return e;
}

/**
 * Sends the request and reads the whole answer, within `maxBytes` as read (the client's
 * `maxResponseSize`) and as unpacked: undici's decompress interceptor undoes gzip and deflate (the
 * encodings asked for) and fails past `maxSize`, so a small answer cannot unpack into a huge one.
 */
export async function exchange(ex: Exchange): Promise<Answer> {
  const client = new Client(ex.url.origin, {
    maxResponseSize: ex.maxBytes,
    connect: (_options, done) => {
      connectToChecked(ex).then(
        (socket) => done(null, socket),
        (e: Error) => done(e, null),
      );
    },
  });
  try {
    // A HEAD answer names the encoding of a body it does not carry: nothing to unpack.
    const dispatcher = ex.method === 'HEAD' ? client : client.compose(interceptors.decompress({ maxSize: ex.maxBytes, skipErrorResponses: false }));
    const res = await dispatcher.request({
      path: `${ex.url.pathname}${ex.url.search}`,
      method: ex.method,
      headers: requestHeaders(ex.headers),
      body: ex.body,
      signal: ex.signal,
      reset: true,
    });
    const body = await res.body.arrayBuffer();
    return { status: res.statusCode, statusText: res.statusText, headers: answerHeaders(res.headers), body };
  } catch (e) {
    throw failure(e, ex.maxBytes);
  } finally {
    await client.destroy();
  }
}
