// Which addresses a user-supplied URL may reach, and what a host name resolves to. The answer of
// `resolve` is what the connection then uses, address by address: the name is never looked up twice,
// so it cannot answer "public" to the check and "private" to the connection (DNS rebinding).
import ipaddr from 'ipaddr.js';
import { ruleMessage, WordedError, type RuleMessage } from '../rules/messages.ts';

export type OutboundFailure = 'bad_url' | 'blocked_address' | 'timeout' | 'too_large' | 'too_many_redirects' | 'network';

/** A request the guard refused or that failed, by its kind, in a rule's words (its message the English). */
export class OutboundError extends WordedError {
  constructor(
    readonly code: OutboundFailure,
    rule: RuleMessage,
  ) {
    super(rule);
  }
}

/** Strips the brackets a URL puts around an IPv6 host. */
export const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

export const isIpLiteral = (host: string) => ipaddr.IPv4.isValidFourPartDecimal(host) || ipaddr.IPv6.isValid(host);

/**
 * Whether an address may not be contacted: anything but public unicast (loopback, private, link-local,
 * CGNAT, unspecified, multicast, reserved, documentation ranges…), loopback excepted where the policy
 * allows it. Not an IP address at all is refused too.
 */
export function isBlocked(address: string, allowLoopback: boolean): boolean {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.process(address); // IPv4-mapped IPv6 (::ffff:10.0.0.1) is judged as the IPv4 it is
  } catch {
    return true;
  }
  const range = ip.range();
  return !(range === 'unicast' || (range === 'loopback' && allowLoopback));
}

/** An address the guard refuses, said as not public whichever range it is in (a person acts the same on each). */
const blocked = (host: string) => new OutboundError('blocked_address', ruleMessage('remoteBlocked', { host }));

export function isLoopback(address: string): boolean {
  try {
    return ipaddr.process(address).range() === 'loopback';
  } catch {
    return false;
  }
}

/**
 * Deno.resolveDns, which the Edge Runtime gives user functions as it is (node:dns `lookup` is built on
 * it there); typed here because the rest of _shared is also type-checked without Deno's types.
 */
type ResolveDns = (
  query: string,
  type: 'A' | 'AAAA',
  options?: { signal?: AbortSignal; nameServer?: { ipAddr: string; port?: number } },
) => Promise<string[]>;

function resolveDns(): ResolveDns {
  const deno = (globalThis as { Deno?: { resolveDns: ResolveDns } }).Deno;
  if (!deno) throw new Error('Outbound requests need the Deno runtime (the edge functions run on it)');
  return deno.resolveDns;
}

export interface Resolution {
  /** A test's DNS server; hosted, the system's resolver answers. */
  nameServer?: { ipAddr: string; port: number };
  allowLoopback: boolean;
  signal: AbortSignal;
}

/**
 * Every address `host` resolves to (A and AAAA), each checked; fails unless all are allowed. An IP
 * literal is its own answer. Deno.resolveDns asks DNS itself (as node:dns does on the Edge Runtime):
 * /etc/hosts is not read.
 */
export async function resolve(host: string, opts: Resolution): Promise<string[]> {
  if (isIpLiteral(host)) {
    if (isBlocked(host, opts.allowLoopback)) throw blocked(host);
    return [host];
  }
  const dns = resolveDns();
  const answers = await Promise.allSettled(
    (['A', 'AAAA'] as const).map((type) => dns(host, type, { signal: opts.signal, ...(opts.nameServer ? { nameServer: opts.nameServer } : {}) })),
  );
  if (opts.signal.aborted) throw new OutboundError('timeout', ruleMessage('remoteTimeout'));
  const addresses = answers.flatMap((a) => (a.status === 'fulfilled' ? a.value : []));
  if (addresses.length === 0) throw new OutboundError('network', ruleMessage('remoteNoAddress', { host }));
  for (const a of addresses) {
    if (isBlocked(a, opts.allowLoopback)) throw blocked(host);
  }
  return addresses;
}
