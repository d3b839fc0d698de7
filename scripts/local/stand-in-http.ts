// What the provider stand-ins (scripts/local/{google,stripe,zoom}/server.ts) share: reading a request's
// body once (the request log keeps it after the handler read it), listening on a free loopback port,
// stopping, the POSTs of their /__control/ APIs, and the face each shows a test.
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running stand-in of a provider, as a test or the dev stack holds it. */
export interface StandIn {
  /** http://127.0.0.1:PORT (no trailing slash). */
  url: string;
  /** The client id Kairos is registered with at the provider. */
  clientId: string;
  /** The functions' environment that points Kairos's client of the provider here. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

const bodies = new WeakMap<IncomingMessage, Promise<string>>();

/** The request's body as text; read once, so a later reader (the request log) gets the same. */
export function readBody(req: IncomingMessage): Promise<string> {
  let body = bodies.get(req);
  if (!body) {
    body = (async () => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    })();
    bodies.set(req, body);
  }
  return body;
}

/** Listens on 127.0.0.1 (a free port unless one is given): the server's address, without a trailing slash. */
export async function listenLoopback(server: Server, port = 0): Promise<string> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
}

/** POSTs JSON to a stand-in's control API; throws with the answer when it is not 2xx. */
export function controlPoster(url: string, name: string) {
  return async (path: string, body: unknown = {}) => {
    const res = await fetch(`${url}/__control${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${name} stand-in ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
}
