// fetch() for URLs a user typed (calendar feeds, CalDAV servers, webhook endpoints): the server must
// not become a way into its own network (SSRF). Every address a host name resolves to is checked at
// connect time, inside the socket's own DNS lookup, so a name cannot answer "public" to a check and
// "private" to the connection (DNS rebinding); redirects are followed by hand and checked the same
// way; the whole exchange has a deadline and the answer a size cap.
//
// Built on node:http(s) because WHATWG fetch offers no hook between resolving and connecting; it runs
// the same under Deno (edge functions) and Node (tests).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface OutboundPolicy {
  /**
   * Loopback addresses (127.0.0.0/8, ::1), reached over plain http too. Only the local stack sets
   * this (OUTBOUND_ALLOW_LOOPBACK), so its own test servers can be used; private, link-local and
   * other non-public ranges are refused everywhere.
   */
  allowLoopback: boolean;
  /**
   * Plain http is refused, redirects included: for requests that carry a password or are a secret
   * address themselves (calendars). Loopback servers, where allowed, are the one exception.
   */
  httpsOnly?: boolean;
  /** Deadline for the whole exchange, redirects and body included. */
  timeoutMs: number;
  /** Largest answer body read; a bigger one fails. */
  maxBytes: number;
  maxRedirects: number;
}

export const DEFAULT_POLICY: OutboundPolicy = { allowLoopback: false, timeoutMs: 15_000, maxBytes: 10 * 1024 * 1024, maxRedirects: 5 };

/** The policy of a function's environment: hosted defaults, loopback only where the stack allows it. */
export function outboundPolicy(get: (name: string) => string | undefined): OutboundPolicy {
  return { ...DEFAULT_POLICY, allowLoopback: get('OUTBOUND_ALLOW_LOOPBACK') === 'true' };
}

export type OutboundFailure = 'bad_url' | 'blocked_address' | 'timeout' | 'too_large' | 'too_many_redirects' | 'network';

export class OutboundError extends Error {
  constructor(
    readonly code: OutboundFailure,
    message: string,
  ) {
    super(message);
  }
}

/** Why an address may not be contacted, or null when it may. */
function blockedReason(address: string, policy: OutboundPolicy): string | null {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.process(address); // IPv4-mapped IPv6 (::ffff:10.0.0.1) is judged as the IPv4 it is
  } catch {
    return 'not an IP address';
  }
  const range = ip.range();
  if (range === 'unicast' || (range === 'loopback' && policy.allowLoopback)) return null;
  return `${range} address`;
}

function isLoopback(address: string): boolean {
  try {
    return ipaddr.process(address).range() === 'loopback';
  } catch {
    return false;
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A socket lookup that resolves as usual and refuses the connection if any answer is not allowed. */
function guardedLookup(policy: OutboundPolicy, onAddress: (a: string) => void) {
  return (hostname: string, options: { all?: boolean } | number, callback: LookupCallback) => {
    dnsLookup(hostname, { all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      for (const a of addresses) {
        const reason = blockedReason(a.address, policy);
        if (reason) return callback(new OutboundError('blocked_address', `${hostname} resolves to a ${reason}`) as NodeJS.ErrnoException, []);
      }
      if (addresses.length === 0) return callback(new OutboundError('network', `${hostname} has no address`) as NodeJS.ErrnoException, []);
      onAddress(addresses[0].address);
      if (typeof options === 'object' && options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

function checkUrl(url: URL, policy: OutboundPolicy) {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OutboundError('bad_url', 'Only https addresses can be used');
  if (url.username || url.password) throw new OutboundError('bad_url', 'Put the user name and password in their own fields, not in the address');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (policy.httpsOnly && url.protocol === 'http:' && !(policy.allowLoopback && (host === 'localhost' || isLoopback(host)))) {
    throw new OutboundError('bad_url', 'Only https addresses can be used');
  }
  if (isIP(host)) {
    const reason = blockedReason(host, policy);
    if (reason) throw new OutboundError('blocked_address', `${host} is a ${reason}`);
  }
}

interface Exchange {
  status: number;
  statusText: string;
  headers: Headers;
  body: Uint8Array<ArrayBuffer>;
}

function bodyBytes(body: BodyInit | null | undefined): Uint8Array | undefined {
  if (body == null) return undefined;
  if (typeof body === 'string') return new TextEncoder().encode(body);
  if (body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (body instanceof URLSearchParams) return new TextEncoder().encode(body.toString());
  throw new OutboundError('bad_url', 'Unsupported request body');
}

function once(url: URL, method: string, headers: Headers, body: Uint8Array | undefined, policy: OutboundPolicy, signal: AbortSignal): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    let address = url.hostname.replace(/^\[|\]$/g, '');
    const outgoing: Record<string, string> = {};
    headers.forEach((value, key) => (outgoing[key] = value));
    if (body) outgoing['content-length'] = String(body.byteLength);
    // One connection per exchange. Deno's node:http pools connections, and when the deadline aborts a
    // request on a reused one it sends the request again on a fresh connection instead of failing: a
    // webhook POST would arrive twice and a time-out would never be seen.
    outgoing.connection = 'close';
    const req = (url.protocol === 'https:' ? https : http).request(url, {
      method,
      headers: outgoing,
      lookup: guardedLookup(policy, (a) => (address = a)) as never,
      signal,
    });
    // Plain http is for the local stack's own loopback servers only.
    if (url.protocol === 'http:') {
      req.on('socket', (socket) => {
        const check = () => {
          if (!isLoopback(socket.remoteAddress ?? address)) req.destroy(new OutboundError('bad_url', 'Only https addresses can be used'));
        };
        if (socket.connecting) socket.once('connect', check);
        else check();
      });
    }
    req.on('error', (e) => reject(e instanceof OutboundError ? e : signal.aborted ? new OutboundError('timeout', 'The server took too long to answer') : new OutboundError('network', e.message)));
    req.on('response', (res) => {
      const chunks: Uint8Array[] = [];
      let size = 0;
      res.on('data', (chunk: Uint8Array) => {
        size += chunk.byteLength;
        if (size > policy.maxBytes) {
          req.destroy(new OutboundError('too_large', `The answer is larger than ${Math.round(policy.maxBytes / 1024 / 1024)} MiB`));
          return;
        }
        chunks.push(chunk);
      });
      res.on('error', (e) => reject(e instanceof OutboundError ? e : new OutboundError('network', e.message)));
      res.on('end', () => {
        const responseHeaders = new Headers();
        for (const [key, value] of Object.entries(res.headers)) {
          for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) responseHeaders.append(key, v);
        }
        const all = new Uint8Array(size);
        let offset = 0;
        for (const c of chunks) {
          all.set(c, offset);
          offset += c.byteLength;
        }
        resolve({ status: res.statusCode ?? 502, statusText: res.statusMessage ?? '', headers: responseHeaders, body: all });
      });
    });
    req.end(body);
  });
}

const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * A fetch() with the policy's checks, for libraries that take one (tsdav) and for direct use.
 * Fails with an OutboundError for refused addresses, time-outs, oversized answers and redirect loops.
 */
export function outboundFetch(policy: OutboundPolicy): typeof fetch {
  return async (input: string | URL | Request, init: RequestInit = {}) => {
    const request = input instanceof Request ? input : undefined;
    let url = new URL(request ? request.url : String(input));
    let method = (init.method ?? request?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers ?? request?.headers);
    let body = init.body !== undefined ? bodyBytes(init.body) : request?.body ? new Uint8Array(await request.arrayBuffer()) : undefined;
    const redirect = init.redirect ?? 'follow';
    const deadline = AbortSignal.timeout(policy.timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, deadline]) : deadline;

    for (let hop = 0; ; hop++) {
      checkUrl(url, policy);
      const res = await once(url, method, headers, body, policy, signal);
      const location = res.headers.get('location');
      if (redirect === 'follow' && [301, 302, 303, 307, 308].includes(res.status) && location) {
        if (hop >= policy.maxRedirects) throw new OutboundError('too_many_redirects', 'Too many redirects');
        const next = new URL(location, url);
        if (next.origin !== url.origin) headers.delete('authorization');
        if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
          headers.delete('content-type');
        }
        url = next;
        continue;
      }
      if (redirect === 'error' && res.status >= 300 && res.status < 400) throw new OutboundError('too_many_redirects', 'Redirected');
      return new Response(NULL_BODY.has(res.status) || method === 'HEAD' ? null : res.body, {
        status: res.status,
        statusText: res.statusText,
        headers: res.headers,
      });
    }
  };
}
