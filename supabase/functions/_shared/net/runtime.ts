// The part of the Deno namespace outbound requests use, typed here because the rest of _shared is
// also type-checked without Deno's types. Each member is one the Edge Runtime gives user functions
// (its `denoOverrides`: connect, startTls, resolveDns; docs/edge-runtime.md), unlike node:http's
// `lookup`, which it does not implement.

export interface NetConn {
  read(p: Uint8Array): Promise<number | null>;
  write(p: Uint8Array): Promise<number>;
  close(): void;
}

export interface TlsConn extends NetConn {
  handshake(): Promise<unknown>;
}

export interface DenoNet {
  /** TCP to an address; given an IP literal, nothing is resolved again. */
  connect(options: { hostname: string; port: number; transport?: 'tcp' }): Promise<NetConn>;
  /** TLS over a connection: `hostname` is the SNI and the name the certificate must carry. */
  startTls(conn: NetConn, options: { hostname: string; caCerts?: string[] }): Promise<TlsConn>;
  resolveDns(
    query: string,
    type: 'A' | 'AAAA',
    options?: { signal?: AbortSignal; nameServer?: { ipAddr: string; port?: number } },
  ): Promise<string[]>;
}

export function denoNet(): DenoNet {
  const deno = (globalThis as { Deno?: DenoNet }).Deno;
  if (!deno) throw new Error('Outbound requests need the Deno runtime (the edge functions run on it)');
  return deno;
}
