// Which addresses a user-supplied URL may reach, and what a host name resolves to. The answer of
// `resolve` is what the connection then uses, address by address: the name is never looked up twice,
// so it cannot answer "public" to the check and "private" to the connection (DNS rebinding).
import ipaddr from 'ipaddr.js';
import { denoNet } from './runtime.ts';

export type OutboundFailure = 'bad_url' | 'blocked_address' | 'timeout' | 'too_large' | 'too_many_redirects' | 'network';

export class OutboundError extends Error {
  constructor(
    readonly code: OutboundFailure,
    message: string,
  ) {
    super(message);
  }
}

/** Strips the brackets a URL puts around an IPv6 host. */
export const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

export const isIpLiteral = (host: string) => ipaddr.IPv4.isValidFourPartDecimal(host) || ipaddr.IPv6.isValid(host);

/**
 * Why an address may not be contacted, or null when it may: anything but public unicast (loopback,
 * private, link-local, CGNAT, unspecified, multicast, reserved, documentation ranges…), loopback
 * excepted where the policy allows it.
 */
export function blockedReason(address: string, allowLoopback: boolean): string | null {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.process(address); // IPv4-mapped IPv6 (::ffff:10.0.0.1) is judged as the IPv4 it is
  } catch {
    return 'not an IP address';
  }
  const range = ip.range();
  if (range === 'unicast' || (range === 'loopback' && allowLoopback)) return null;
  return `${range} address`;
}

export function isLoopback(address: string): boolean {
  try {
    return ipaddr.process(address).range() === 'loopback';
  } catch {
    return false;
  }
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
    const reason = blockedReason(host, opts.allowLoopback);
    if (reason) throw new OutboundError('blocked_address', `${host} is a ${reason}`);
    return [host];
  }
  const dns = denoNet();
  const answers = await Promise.allSettled(
    (['A', 'AAAA'] as const).map((type) => dns.resolveDns(host, type, { signal: opts.signal, ...(opts.nameServer ? { nameServer: opts.nameServer } : {}) })),
  );
  if (opts.signal.aborted) throw new OutboundError('timeout', 'The server took too long to answer');
  const addresses = answers.flatMap((a) => (a.status === 'fulfilled' ? a.value : []));
  if (addresses.length === 0) throw new OutboundError('network', `${host} has no address`);
  for (const a of addresses) {
    const reason = blockedReason(a, opts.allowLoopback);
    if (reason) throw new OutboundError('blocked_address', `${host} resolves to a ${reason}`);
  }
  return addresses;
}
