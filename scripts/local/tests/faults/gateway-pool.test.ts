// The gateway keeps keep-alive connections to the services it routes to. A request (GET or POST)
// whose pooled connection the service closed before answering anything is sent again on a fresh
// one, never answered 502: the keep-alive race, a service closing an idle connection just as the
// gateway sends on it. The upstreams here are plain Node servers standing in for a function, so how
// they close their connections is under the test's control.
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { FunctionsRuntime } from '../../functions.ts';
import { createGateway } from '../../gateway.ts';

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
 * arrives on it, unanswered and unread: a service closing a connection just as the gateway sends on
 * it, the race a pool must survive, made to happen every time.
 */
async function upstream(oneRequestPerConnection: boolean): Promise<Upstream> {
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
  return listening(server, bodies, arrived);
}

/**
 * An upstream that closes every keep-alive connection once it has answered one request on it, as a
 * service does when a connection has been idle for its keep-alive timeout (or when it restarts), and
 * the gateway has not yet seen the close: whatever arrives next on that connection is met with a
 * reset, unread (what the kernel answers to bytes sent to a closed socket). Plain TCP with a minimal
 * HTTP/1.1 reader, so nothing of the request reaches an HTTP layer.
 */
async function closingIdleUpstream(): Promise<Upstream> {
  const bodies: string[] = [];
  const arrived: string[] = [];
  const server = net.createServer((socket) => {
    let buffered = Buffer.alloc(0);
    let answered = false;
    socket.on('data', (chunk: Buffer) => {
      if (answered) return socket.resetAndDestroy();
      buffered = Buffer.concat([buffered, chunk]);
      const end = buffered.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = buffered.subarray(0, end).toString();
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
      if (buffered.length < end + 4 + length) return;
      answered = true;
      arrived.push(head.split(' ', 2).join(' '));
      const body = buffered.subarray(end + 4, end + 4 + length).toString();
      bodies.push(body);
      const answer = `echo:${body}`;
      socket.write(`HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: ${Buffer.byteLength(answer)}\r\nconnection: keep-alive\r\n\r\n${answer}`);
    });
    socket.on('error', () => {});
  });
  return listening(server, bodies, arrived);
}

/** Either upstream (an http.Server is a net.Server), on a free loopback port, counting its connections; closing it ends them. */
async function listening(server: net.Server, bodies: string[], arrived: string[]): Promise<Upstream> {
  let connections = 0;
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    bodies,
    arrived,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
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

async function setUp(kind: boolean | 'closing idle') {
  const up = kind === 'closing idle' ? await closingIdleUpstream() : await upstream(kind);
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

  it('sends a POST again on a fresh connection when the service closed the pooled one for idleness, never answering 502', async () => {
    const { up, gw } = await setUp('closing idle');
    // The first POST leaves its connection in the pool; the upstream has closed it by the next one.
    const first = await fetch(gw.url, { method: 'POST', body: 'one' });
    expect(await first.text()).toBe('echo:one');
    const second = await fetch(gw.url, { method: 'POST', body: 'two' });
    expect(second.status).toBe(200);
    expect(await second.text()).toBe('echo:two');
    // A body of many chunks, kept whole for the second send.
    const long = 'y'.repeat(300 * 1024);
    const third = await fetch(gw.url, { method: 'POST', body: long });
    expect(await third.text()).toBe(`echo:${long}`);
    // Each request was read once, each on its own connection after the first: none was sent twice.
    expect(up.bodies).toEqual(['one', 'two', long]);
    expect(up.connections()).toBe(3);
  });

  it('sends GETs and POSTs again when the service drops a pooled connection as a request arrives on it', async () => {
    const { up, gw } = await setUp(true);
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const res = await fetch(gw.url, { method: i % 2 ? 'POST' : 'GET', ...(i % 2 ? { body: `b${i}` } : {}) });
        return `${res.status} ${await res.text()}`;
      }),
    );
    const again = await fetch(gw.url, { method: 'POST', body: 'after' });
    expect(`${again.status} ${await again.text()}`).toBe('200 echo:after');
    expect(answers).toEqual(Array.from({ length: 20 }, (_, i) => `200 echo:${i % 2 ? `b${i}` : ''}`));
    // Every POST body was read (and answered) exactly once.
    expect(up.bodies.filter(Boolean).sort()).toEqual(['after', ...Array.from({ length: 10 }, (_, i) => `b${2 * i + 1}`)].sort());
  });

  it('never sends a part of a body, nor one twice, when an upload meets a closed pooled connection', async () => {
    const { up, gw } = await setUp('closing idle');
    expect((await fetch(gw.url, { method: 'POST', body: 'one' })).status).toBe(200);
    // Longer than the gateway keeps for a second send: sent again whole if the close came while all of
    // it read so far was kept, else answered 502.
    const upload = 'z'.repeat(2 * 1024 * 1024);
    const res = await fetch(gw.url, { method: 'POST', body: upload });
    expect([200, 502]).toContain(res.status);
    expect(up.bodies).toEqual(res.status === 200 ? ['one', upload] : ['one']);
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
