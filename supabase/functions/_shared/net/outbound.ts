// fetch() for URLs a user typed (calendar feeds, CalDAV servers, webhook endpoints) and for Google:
// the server must not become a way into its own network (SSRF). The host name is resolved once,
// every address it answers is checked (addresses.ts), and the connection is opened to a checked
// address itself, TLS naming the original host (SNI and certificate); nothing resolves the name
// again, so there is no window for DNS rebinding. Redirects are followed by hand and checked the same
// way; the whole exchange has a deadline and the answer a size cap. HTTP itself is undici's
// (exchange.ts).
import { bareHost, isLoopback, OutboundError, resolve } from './addresses.ts';
import { ruleMessage } from '../rules/messages.ts';
import { exchange, type Answer } from './exchange.ts';

export { OutboundError, type OutboundFailure } from './addresses.ts';

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
  /** The DNS server to ask instead of the system's: tests only (a server that rebinds). */
  nameServer?: { ipAddr: string; port: number };
  /** Certificate authorities to trust instead of the platform's: tests only (a server of their own). */
  caCerts?: string[];
}

export const DEFAULT_POLICY: OutboundPolicy = { allowLoopback: false, timeoutMs: 15_000, maxBytes: 10 * 1024 * 1024, maxRedirects: 5 };

/** The policy of a function's environment: hosted defaults, loopback only where the stack allows it. */
export function outboundPolicy(get: (name: string) => string | undefined): OutboundPolicy {
  return { ...DEFAULT_POLICY, allowLoopback: get('OUTBOUND_ALLOW_LOOPBACK') === 'true' };
}

const httpsOnlyError = () => new OutboundError('bad_url', ruleMessage('remoteHttps'));

function checkUrl(url: URL, policy: OutboundPolicy) {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw httpsOnlyError();
  if (url.username || url.password) throw new OutboundError('bad_url', ruleMessage('remoteCredentials'));
  // Plain http, where https is required, only for the local stack's loopback servers (`once` checks
  // what localhost resolved to).
  const host = bareHost(url);
  if (policy.httpsOnly && url.protocol === 'http:' && !(policy.allowLoopback && (host === 'localhost' || isLoopback(host)))) throw httpsOnlyError();
}

/** One request to one URL: resolve, check, exchange over a connection to a checked address, within `signal`. */
async function once(url: URL, method: string, headers: Headers, body: Uint8Array | undefined, policy: OutboundPolicy, signal: AbortSignal): Promise<Answer> {
  checkUrl(url, policy);
  const addresses = await resolve(bareHost(url), { allowLoopback: policy.allowLoopback, nameServer: policy.nameServer, signal });
  if (policy.httpsOnly && url.protocol === 'http:' && !addresses.every(isLoopback)) throw httpsOnlyError();
  try {
    return await exchange({ url, addresses, method, headers, body, maxBytes: policy.maxBytes, caCerts: policy.caCerts, signal });
  } catch (e) {
    if (signal.aborted) throw new OutboundError('timeout', ruleMessage('remoteTimeout'));
    throw e instanceof OutboundError ? e : new OutboundError('network', ruleMessage('remoteUnreachable', { host: url.host }));
  }
}

/** The bytes and content type fetch() would send for a body. */
async function requestBody(body: BodyInit | null | undefined): Promise<{ bytes?: Uint8Array; type: string | null }> {
  if (body == null) return { type: null };
  const asResponse = new Response(body);
  return { bytes: new Uint8Array(await asResponse.arrayBuffer()), type: asResponse.headers.get('content-type') };
}

const NULL_BODY = new Set([101, 204, 205, 304]);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * A fetch() with the policy's checks, for libraries that take one (tsdav, Google's gaxios) and for
 * direct use. Fails with an OutboundError for refused addresses, time-outs, oversized answers and
 * redirect loops.
 */
export function outboundFetch(policy: OutboundPolicy): typeof fetch {
  return async (input: string | URL | Request, init: RequestInit = {}) => {
    const request = input instanceof Request ? input : undefined;
    let url = new URL(request ? request.url : String(input));
    let method = (init.method ?? request?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers ?? request?.headers);
    const sent = init.body !== undefined ? await requestBody(init.body) : request?.body ? await requestBody(await request.arrayBuffer()) : { type: null };
    let body = sent.bytes;
    if (sent.type && !headers.has('content-type')) headers.set('content-type', sent.type);
    const redirect = init.redirect ?? request?.redirect ?? 'follow';
    const deadline = AbortSignal.timeout(policy.timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, deadline]) : deadline;

    for (let hop = 0; ; hop++) {
      const res = await once(url, method, headers, body, policy, signal);
      const location = res.headers.get('location');
      if (redirect === 'follow' && REDIRECTS.has(res.status) && location) {
        if (hop >= policy.maxRedirects) throw new OutboundError('too_many_redirects', ruleMessage('remoteRedirects'));
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
      if (redirect === 'error' && REDIRECTS.has(res.status)) throw new OutboundError('too_many_redirects', ruleMessage('remoteRedirects'));
      return new Response(NULL_BODY.has(res.status) || method === 'HEAD' ? null : res.body, {
        status: res.status,
        statusText: res.statusText,
        headers: res.headers,
      });
    }
  };
}
