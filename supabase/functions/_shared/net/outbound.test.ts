// deno test, on the Deno the Edge Runtime is built on (run by supabase/tests/api/deno-handlers.test.ts):
// the outbound guard against real servers on loopback (HTTP, TLS) and a DNS server that rebinds.
import assert from 'node:assert/strict';
import { DEFAULT_POLICY, OutboundError, outboundFetch, outboundPolicy, type OutboundPolicy } from './outbound.ts';
import { certificatesFor, scriptedDns } from './test-servers.ts';

interface Seen {
  method: string;
  path: string;
  headers: Headers;
  body: string;
}
const seen: Seen[] = [];
/** Requests to /slow, answered only when the server stops. */
const waiting: ((r: Response) => void)[] = [];

const server: Deno.HttpServer<Deno.NetAddr> = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen() {} }, async (req): Promise<Response> => {
  const url = new URL(req.url);
  seen.push({ method: req.method, path: url.pathname, headers: req.headers, body: await req.text() });
  const here: string = `http://127.0.0.1:${port}`;
  switch (url.pathname) {
    case '/feed.ics':
      return new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    case '/echo':
      return new Response(`${req.method} ${req.headers.get('if-match') ?? ''} ${seen.at(-1)!.body}`, { status: 201, headers: { etag: '"abc"' } });
    case '/chunked':
      // A streamed body goes out chunked.
      return new Response(ReadableStream.from(['BEGIN:', 'VCALENDAR', '\r\n']).pipeThrough(new TextEncoderStream()));
    case '/gzip':
      return new Response(ReadableStream.from(['BEGIN:VCALENDAR gzipped']).pipeThrough(new TextEncoderStream()).pipeThrough(new CompressionStream('gzip')), {
        headers: { 'content-encoding': 'gzip' },
      });
    case '/redirect':
      return new Response(null, { status: 302, headers: { location: url.searchParams.get('to')!.replace('HERE', here) } });
    case '/to-other-origin':
      return new Response(null, { status: 307, headers: { location: `http://localhost:${port}/echo` } });
    case '/loop':
      return new Response(null, { status: 302, headers: { location: '/loop' } });
    case '/big':
      return new Response(new Uint8Array(2 * 1024 * 1024).fill(97));
    case '/gzip-bomb':
      // 2 MiB that packs into a few KB.
      return new Response(ReadableStream.from([new Uint8Array(2 * 1024 * 1024).fill(97)]).pipeThrough(new CompressionStream('gzip')), {
        headers: { 'content-encoding': 'gzip' },
      });
    case '/big-chunked':
      return new Response(ReadableStream.from([new Uint8Array(1024 * 1024).fill(97), new Uint8Array(1024 * 1024).fill(98)]));
    case '/slow':
      return new Promise<Response>((answer) => waiting.push(answer));
    case '/no-content':
      return new Response(null, { status: 204 });
    default:
      return new Response('not here', { status: 404 });
  }
});
const port: number = server.addr.port;
const base = `http://127.0.0.1:${port}`;

const hosted = outboundFetch(DEFAULT_POLICY);
const localPolicy: OutboundPolicy = { ...DEFAULT_POLICY, allowLoopback: true };
const local = outboundFetch(localPolicy);

/** The guard's refusal code, failing the test if the request went through. */
async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof OutboundError, `expected an OutboundError, got ${e}`);
    return e.code;
  }
  throw new Error('expected the request to be refused');
}

const test = (name: string, fn: () => Promise<void> | void) => Deno.test({ name, fn, sanitizeOps: false, sanitizeResources: false });

test('hosted (loopback not allowed): every way of writing loopback is refused before any request', async () => {
  seen.length = 0;
  const forms = [`127.0.0.1:${port}`, `127.1:${port}`, `0x7f000001:${port}`, `[::1]:${port}`, `[::ffff:127.0.0.1]:${port}`, `0.0.0.0:${port}`, `localhost:${port}`];
  for (const form of forms) {
    for (const scheme of ['http', 'https']) assert.equal(await refusal(hosted(`${scheme}://${form}/feed.ics`)), 'blocked_address', `${scheme}://${form}`);
  }
  assert.deepEqual(seen, []);
});

test('hosted: private, link-local, CGNAT and reserved ranges, IPv6 ones and mapped ones', async () => {
  for (const url of [
    'http://10.0.0.1/', 'http://172.16.5.4/', 'http://192.168.1.1/', 'http://169.254.169.254/latest/meta-data/', 'http://100.64.0.1/',
    'http://192.0.2.1/', 'http://240.0.0.1/', 'http://224.0.0.1/', 'http://[fd00::1]/', 'http://[fe80::1]/', 'http://[::ffff:10.0.0.1]/', 'http://0x0a000001/',
  ]) {
    assert.equal(await refusal(hosted(url)), 'blocked_address', url);
  }
});

test('schemes other than http(s), and credentials inside the address', async () => {
  assert.equal(await refusal(hosted('file:///etc/passwd')), 'bad_url');
  assert.equal(await refusal(hosted('ftp://example.com/a.ics')), 'bad_url');
  assert.equal(await refusal(local(`http://user:pw@127.0.0.1:${port}/`)), 'bad_url');
});

test('local stack (loopback allowed): method, headers and body both ways; chunked, gzip and empty answers', async () => {
  const feed = await local(`${base}/feed.ics`);
  assert.equal(feed.status, 200);
  assert.match(await feed.text(), /BEGIN:VCALENDAR/);
  const put = await local(`${base}/echo`, { method: 'PUT', headers: { 'If-Match': '"v1"' }, body: 'hello' });
  assert.equal(put.status, 201);
  assert.equal(put.headers.get('etag'), '"abc"');
  assert.equal(await put.text(), 'PUT "v1" hello');
  const form = await local(`${base}/echo`, { method: 'POST', body: new URLSearchParams({ a: '1' }) });
  assert.equal(await form.text(), 'POST  a=1');
  assert.equal(seen.at(-1)!.headers.get('content-type'), 'application/x-www-form-urlencoded;charset=UTF-8');
  assert.equal(seen.at(-1)!.headers.get('host'), `127.0.0.1:${port}`);
  assert.equal(await (await local(`${base}/chunked`)).text(), 'BEGIN:VCALENDAR\r\n');
  const gz = await local(`${base}/gzip`);
  assert.equal(await gz.text(), 'BEGIN:VCALENDAR gzipped');
  assert.equal(gz.headers.get('content-encoding'), null);
  const empty = await local(`${base}/no-content`);
  assert.equal(empty.status, 204);
  assert.equal(await empty.text(), '');
  const request = await local(new Request(`${base}/echo`, { method: 'PATCH', body: 'as a Request' }));
  assert.equal(await request.text(), 'PATCH  as a Request');
});

test('local stack: private ranges stay refused, also as a redirect target written any way', async () => {
  assert.equal(await refusal(local('http://10.1.2.3/')), 'blocked_address');
  for (const to of ['http://169.254.169.254/latest/meta-data/', 'http://0x0a000001/', 'http://[::ffff:10.0.0.1]/', 'http://0.0.0.0/', 'http://[fe80::1]/']) {
    seen.length = 0;
    assert.equal(await refusal(local(`${base}/redirect?to=${encodeURIComponent(to)}`)), 'blocked_address', to);
    assert.deepEqual(seen.map((s) => s.path), ['/redirect']);
  }
});

test('follows redirects, dropping credentials on a change of origin, and stops loops', async () => {
  assert.match(await (await local(`${base}/redirect?to=${encodeURIComponent('/feed.ics')}`)).text(), /VCALENDAR/);
  seen.length = 0;
  await local(`${base}/to-other-origin`, { method: 'PUT', headers: { authorization: 'Basic c2VjcmV0' }, body: 'x' });
  assert.deepEqual(seen.map((s) => [s.path, s.headers.get('authorization')]), [['/to-other-origin', 'Basic c2VjcmV0'], ['/echo', null]]);
  assert.equal(await refusal(local(`${base}/loop`)), 'too_many_redirects');
  const manual = await local(`${base}/redirect?to=HERE/feed.ics`, { redirect: 'manual' });
  assert.equal(manual.status, 302);
});

test('caps the answer size (counted, chunked or unpacked) and the time taken', async () => {
  const small = outboundFetch({ ...localPolicy, maxBytes: 1024 * 1024 });
  assert.equal(await refusal(small(`${base}/big`)), 'too_large');
  assert.equal(await refusal(small(`${base}/big-chunked`)), 'too_large');
  assert.equal(await refusal(small(`${base}/gzip-bomb`)), 'too_large');
  assert.equal((await (await local(`${base}/big`)).arrayBuffer()).byteLength, 2 * 1024 * 1024);
  assert.equal((await (await local(`${base}/big-chunked`)).arrayBuffer()).byteLength, 2 * 1024 * 1024);
  const quick = outboundFetch({ ...localPolicy, timeoutMs: 300 });
  const started = Date.now();
  assert.equal(await refusal(quick(`${base}/slow`)), 'timeout');
  assert.ok(Date.now() - started < 5000);
  const caller = new AbortController();
  const aborted = local(`${base}/slow`, { signal: caller.signal });
  setTimeout(() => caller.abort(), 100);
  assert.equal(await refusal(aborted), 'timeout');
});

test('https only: plain http refused before connecting, also as a redirect target; loopback servers excepted locally', async () => {
  const strict = outboundFetch({ ...DEFAULT_POLICY, httpsOnly: true });
  assert.equal(await refusal(strict('http://calendar.example.com/secret.ics')), 'bad_url');
  const strictLocal = outboundFetch({ ...localPolicy, httpsOnly: true });
  assert.match(await (await strictLocal(`${base}/feed.ics`)).text(), /BEGIN:VCALENDAR/);
  seen.length = 0;
  assert.equal(await refusal(strictLocal(`${base}/redirect?to=${encodeURIComponent('http://93.184.216.34/feed.ics')}`)), 'bad_url');
  assert.deepEqual(seen.map((s) => s.path), ['/redirect']);
  assert.equal(await refusal(strictLocal('http://calendar.example.com/secret.ics')), 'bad_url');
});

test('DNS rebinding: the name is resolved once and the connection goes to the address that was checked', async () => {
  // The attacker's name answers an allowed address first and a forbidden one to every later question.
  const dns = scriptedDns({ 'rebind.test': ['127.0.0.1', '169.254.169.254'], 'private-first.test': ['10.0.0.1', '127.0.0.1'] });
  try {
    const guarded = outboundFetch({ ...localPolicy, nameServer: dns.nameServer, timeoutMs: 3000 });
    seen.length = 0;
    const res = await guarded(`http://rebind.test:${port}/feed.ics`);
    assert.match(await res.text(), /BEGIN:VCALENDAR/);
    assert.equal(dns.asked('rebind.test', 'A'), 1);
    assert.deepEqual(seen.map((s) => [s.path, s.headers.get('host')]), [['/feed.ics', `rebind.test:${port}`]]);
    // Asked again (TTL 0), the name now answers the metadata address: refused, nothing sent.
    seen.length = 0;
    assert.equal(await refusal(guarded(`http://rebind.test:${port}/feed.ics`)), 'blocked_address');
    assert.equal(await refusal(guarded(`http://private-first.test:${port}/feed.ics`)), 'blocked_address');
    assert.deepEqual(seen, []);
    assert.equal(await refusal(guarded(`http://unknown.test:${port}/`)), 'network');
  } finally {
    dns.close();
  }
});

test('TLS goes to the checked address, naming the host: SNI and the certificate are the name\'s', async () => {
  const certs = await certificatesFor('calendar.test');
  const tls = Deno.serve({ hostname: '127.0.0.1', port: 0, cert: certs.cert, key: certs.key, onListen() {} }, (req) =>
    new Response(`${new URL(req.url).host} BEGIN:VCALENDAR`),
  );
  const dns = scriptedDns({ 'calendar.test': ['127.0.0.1'], 'other.test': ['127.0.0.1'] });
  try {
    const policy = { ...localPolicy, httpsOnly: true, nameServer: dns.nameServer, caCerts: [certs.ca], timeoutMs: 5000 };
    const res = await outboundFetch(policy)(`https://calendar.test:${tls.addr.port}/feed.ics`);
    assert.equal(await res.text(), `calendar.test:${tls.addr.port} BEGIN:VCALENDAR`);
    // The same server under a name its certificate does not carry, or without trusting its CA.
    assert.equal(await refusal(outboundFetch(policy)(`https://other.test:${tls.addr.port}/`)), 'network');
    assert.equal(await refusal(outboundFetch({ ...policy, caCerts: undefined })(`https://calendar.test:${tls.addr.port}/`)), 'network');
  } finally {
    dns.close();
    await tls.shutdown();
  }
});

test('the policy comes from configuration: loopback only when OUTBOUND_ALLOW_LOOPBACK is true', () => {
  assert.equal(outboundPolicy(() => undefined).allowLoopback, false);
  assert.equal(outboundPolicy((n) => (n === 'OUTBOUND_ALLOW_LOOPBACK' ? 'true' : undefined)).allowLoopback, true);
});

test('stops its server', async () => {
  for (const answer of waiting) answer(new Response('too late'));
  await server.shutdown();
});
