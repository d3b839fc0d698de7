// The gateway keeps keep-alive connections to the services it routes to. A safe request (GET) whose
// pooled connection the service closed is sent again on a fresh one, never a 502; a POST never is, as
// the service may have acted on it. The upstream here is a
// plain Node server standing in for a function, so how it closes its connections is under the test's control.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import type { FunctionsRuntime } from './functions.ts';
import { createGateway } from './gateway.ts';

interface Upstream {
  port: number;
  /** Distinct TCP connections the upstream accepted. */
  connections(): number;
  /** Requests it answered, with the body it read. */
  bodies: string[];
  /** Every request that arrived, as method and URL, answered or dropped. */
  arrived: string[];
  close(): Promise<void>;
}

/**
 * An upstream answering every request with its body echoed. `oneRequestPerConnection`: it answers
 * the first request of a connection as keep-alive, then drops the connection when the next request
 * arrives on it, unanswered and unread: a service closing an idle connection just as the gateway
 * sends on it (or restarting), the race a pool must survive, made to happen every time.
 */
async function upstream(oneRequestPerConnection: boolean): Promise<Upstream> {
  let connections = 0;
  const bodies: string[] = [];
  const arrived: string[] = [];
  const served = new WeakSet<object>();
  const server = http.createServer((req, res) => {
    arrived.push(`${req.method} ${req.url}`);
    if (oneRequestPerConnection && served.has(req.socket)) return req.socket.destroy();
    served.add(req.socket);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      bodies.push(body);
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`echo:${body}`);
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    bodies,
    arrived,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A gateway whose one function, `echo`, is the upstream (no JWT check, as for `slots`). */
async function gatewayTo(port: number) {
  const functions: FunctionsRuntime = {
    port: (name) => (name === 'echo' ? port : undefined),
    verifyJwt: () => false,
    process: () => undefined,
    stop: async () => {},
  };
  const server = createGateway({ config: loadConfig({ ports: { rest: 1, auth: 1, storage: 1 } }), functions });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/functions/v1/echo`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setUp(oneRequestPerConnection: boolean) {
  const up = await upstream(oneRequestPerConnection);
  cleanups.push(up.close);
  const gw = await gatewayTo(up.port);
  cleanups.push(gw.close);
  return { up, gw };
}

describe('gateway connections to the services', () => {
  it('reuses one keep-alive connection for requests one after another', async () => {
    const { up, gw } = await setUp(false);
    for (let i = 0; i < 50; i++) {
      // A fresh client connection each time: only the gateway's side is pooled.
      const res = await fetch(`${gw.url}?n=${i}`, { headers: { connection: 'close' } });
      expect(await res.text()).toBe('echo:');
    }
    expect(up.connections()).toBe(1);
  });

  it('sends a GET again on a fresh connection when the service drops the pooled one, never answering 502', async () => {
    const { up, gw } = await setUp(true);
    const statuses: number[] = [];
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const res = await fetch(`${gw.url}?r=${round}&g=${i}`);
          expect(await res.text()).toBe('echo:');
          return res.status;
        }),
      );
      statuses.push(...answers);
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(up.bodies.length).toBe(100);
    // Connections were reused (and dropped by the upstream), so some requests did go out twice.
    expect(up.arrived.length).toBeGreaterThan(100);
  });

  it('never sends a POST twice: one that met a dropped pooled connection is answered 502', async () => {
    const { up, gw } = await setUp(true);
    // The first POST leaves its connection in the pool; the upstream drops it when the second arrives.
    const first = await fetch(gw.url, { method: 'POST', body: 'one' });
    expect(await first.text()).toBe('echo:one');
    const second = await fetch(gw.url, { method: 'POST', body: 'two' });
    expect(second.status).toBe(502);
    expect(up.arrived).toEqual(['POST /echo', 'POST /echo']);
    expect(up.bodies).toEqual(['one']);
  });

  it('streams a large body through', async () => {
    const { up, gw } = await setUp(false);
    const body = 'x'.repeat(2 * 1024 * 1024);
    const res = await fetch(gw.url, { method: 'POST', body });
    expect(res.status).toBe(200);
    expect((await res.text()).length).toBe(body.length + 'echo:'.length);
    expect(up.bodies).toEqual([body]);
  });
});
