import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, OutboundError, outboundFetch, outboundPolicy } from './outbound.ts';

let server: Server;
let base: string;
const seen: { method: string; url: string; headers: Record<string, unknown>; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const path = req.url!;
      if (path === '/feed.ics') return res.end('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
      if (path === '/echo') return res.writeHead(201, { etag: '"abc"' }).end(`${req.method} ${req.headers['if-match'] ?? ''} ${body}`);
      if (path === '/to-metadata') return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      if (path === '/to-feed') return res.writeHead(301, { location: '/feed.ics' }).end();
      if (path === '/to-other-origin') return res.writeHead(307, { location: `http://localhost:${(server.address() as AddressInfo).port}/echo` }).end();
      if (path === '/to-plain-http') return res.writeHead(302, { location: 'http://93.184.216.34/feed.ics' }).end();
      if (path === '/loop') return res.writeHead(302, { location: '/loop' }).end();
      if (path === '/big') return res.end(Buffer.alloc(2 * 1024 * 1024, 'a'));
      if (path === '/slow') return; // never answers
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const hosted = outboundFetch(DEFAULT_POLICY);
const local = outboundFetch({ ...DEFAULT_POLICY, allowLoopback: true });

async function failure(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(OutboundError);
    return (e as OutboundError).code;
  }
  throw new Error('expected the request to be refused');
}

describe('addresses a hosted project refuses', () => {
  it.each([
    'http://127.0.0.1/',
    'https://127.0.0.1/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
  ])('%s', async (url) => {
    expect(await failure(hosted(url))).toBe('blocked_address');
  });

  it('a host name that resolves to loopback, checked when the socket connects', async () => {
    const port = (server.address() as AddressInfo).port;
    expect(await failure(hosted(`http://localhost:${port}/feed.ics`))).toBe('blocked_address');
    expect(seen.some((s) => s.url === '/feed.ics' && s.headers.host === `localhost:${port}`)).toBe(false);
  });

  it('schemes other than http(s), and credentials inside the address', async () => {
    expect(await failure(hosted('file:///etc/passwd'))).toBe('bad_url');
    expect(await failure(hosted('ftp://example.com/a.ics'))).toBe('bad_url');
    expect(await failure(local(`http://user:pw@127.0.0.1:1/`))).toBe('bad_url');
  });
});

describe('the local stack (loopback allowed)', () => {
  it('reads a loopback server, passing method, headers and body', async () => {
    const feed = await local(`${base}/feed.ics`);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');
    const put = await local(`${base}/echo`, { method: 'PUT', headers: { 'If-Match': '"v1"' }, body: 'hello' });
    expect(put.status).toBe(201);
    expect(put.headers.get('etag')).toBe('"abc"');
    expect(await put.text()).toBe('PUT "v1" hello');
  });

  it('still refuses private and link-local ranges, also as a redirect target', async () => {
    expect(await failure(local('http://10.1.2.3/'))).toBe('blocked_address');
    expect(await failure(local(`${base}/to-metadata`))).toBe('blocked_address');
  });

  it('follows redirects, dropping credentials on a change of origin, and stops loops', async () => {
    expect(await (await local(`${base}/to-feed`)).text()).toContain('VCALENDAR');
    seen.length = 0;
    await local(`${base}/to-other-origin`, { method: 'PUT', headers: { authorization: 'Basic c2VjcmV0' }, body: 'x' });
    expect(seen.map((s) => [s.url, s.headers.authorization])).toEqual([
      ['/to-other-origin', 'Basic c2VjcmV0'],
      ['/echo', undefined],
    ]);
    expect(await failure(local(`${base}/loop`))).toBe('too_many_redirects');
  });

  it('caps the answer size and the time taken', async () => {
    const small = outboundFetch({ ...DEFAULT_POLICY, allowLoopback: true, maxBytes: 1024 * 1024 });
    expect(await failure(small(`${base}/big`))).toBe('too_large');
    expect((await (await local(`${base}/big`)).arrayBuffer()).byteLength).toBe(2 * 1024 * 1024);
    const quick = outboundFetch({ ...DEFAULT_POLICY, allowLoopback: true, timeoutMs: 300 });
    expect(await failure(quick(`${base}/slow`))).toBe('timeout');
  });
});

describe('https only (requests that carry a password or a secret address)', () => {
  it('refuses plain http before connecting, also as a redirect target; the local stack\'s loopback servers excepted', async () => {
    const strict = outboundFetch({ ...DEFAULT_POLICY, httpsOnly: true });
    expect(await failure(strict('http://calendar.example.com/secret.ics'))).toBe('bad_url');
    const strictLocal = outboundFetch({ ...DEFAULT_POLICY, allowLoopback: true, httpsOnly: true });
    expect(await (await strictLocal(`${base}/feed.ics`)).text()).toContain('BEGIN:VCALENDAR');
    seen.length = 0;
    expect(await failure(strictLocal(`${base}/to-plain-http`))).toBe('bad_url');
    expect(seen.map((s) => s.url)).toEqual(['/to-plain-http']);
    expect(await failure(strictLocal('http://calendar.example.com/secret.ics'))).toBe('bad_url');
  });
});

describe('the policy comes from configuration', () => {
  it('allows loopback only when OUTBOUND_ALLOW_LOOPBACK is true', () => {
    expect(outboundPolicy(() => undefined).allowLoopback).toBe(false);
    expect(outboundPolicy((n) => (n === 'OUTBOUND_ALLOW_LOOPBACK' ? 'true' : undefined)).allowLoopback).toBe(true);
  });
});
