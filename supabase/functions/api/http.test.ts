// deno test: the HTTP plumbing the three functions share (router, cookies, sessions, rate limits).
import assert from 'node:assert/strict';
import { readCookies, serializeCookie } from '../_shared/http/cookies.ts';
import type { FunctionEnv } from '../_shared/http/env.ts';
import { fromDbError } from '../_shared/db/errors.ts';
import { AppError, invalid } from '../_shared/rules/errors.ts';
import { ruleMessage } from '../_shared/rules/messages.ts';
import { errorResponse, statusOf } from '../_shared/http/errors.ts';
import { requestLocale, sayRule } from '../_shared/i18n/ruleSay.ts';
import { readEnv } from '../_shared/http/env.ts';
import { readJson } from '../_shared/http/request.ts';
import { clientAddress, createHandler, Router } from '../_shared/http/router.ts';
import { ACCESS_COOKIE, REFRESH_COOKIE, resolveCaller, sessionCookies } from '../_shared/http/session.ts';

const env: FunctionEnv = {
  supabaseUrl: 'http://supabase.test',
  anonKey: 'anon-key',
  serviceRoleKey: 'service-key',
  dbUrl: 'postgres://nobody@127.0.0.1:9/none',
  bookingsPerMinute: 60,
  allowedOrigins: ['http://web.test'],
};

function jwt(claims: Record<string, unknown>): string {
  const b64 = (v: object) => btoa(JSON.stringify(v)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256' })}.${b64(claims)}.sig`;
}

/** Replaces fetch for one test with a GoTrue stand-in. */
async function withAuthServer(routes: Record<string, (req: Request) => Response>, run: (calls: string[]) => Promise<void>) {
  const real = globalThis.fetch;
  const calls: string[] = [];
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    const url = new URL(req.url);
    const key = `${req.method} ${url.pathname}${url.search}`;
    calls.push(key);
    const route = routes[key];
    return Promise.resolve(route ? route(req) : new Response('{"msg":"unexpected"}', { status: 500 }));
  };
  try {
    await run(calls);
  } finally {
    globalThis.fetch = real;
  }
}

Deno.test('router: params, 404, 405, HEAD, CORS and Set-Cookie on every answer', async () => {
  const router = new Router()
    .get('/api/things/:id', (ctx) => {
      ctx.setCookie('a=1');
      return Response.json({ id: ctx.params.id });
    })
    .post('/api/things', () => {
      throw new AppError('slot_taken', 'taken');
    });
  const handle = createHandler(router, env);
  const ok = await handle(new Request('http://x/api/things/h%C3%A9llo', { headers: { origin: 'http://web.test' } }));
  assert.equal(ok.status, 200);
  assert.deepEqual(await ok.json(), { id: 'héllo' });
  assert.equal(ok.headers.get('access-control-allow-origin'), 'http://web.test');
  assert.equal(ok.headers.get('access-control-allow-credentials'), 'true');
  assert.equal(ok.headers.get('set-cookie'), 'a=1');
  assert.equal((await handle(new Request('http://x/api/things/1', { method: 'HEAD' }))).status, 200);
  assert.equal((await handle(new Request('http://x/api/things/%ZZ'))).status, 404);
  assert.equal((await handle(new Request('http://x/api/nothing'))).status, 404);
  const wrongMethod = await handle(new Request('http://x/api/things/1', { method: 'DELETE' }));
  assert.equal(wrongMethod.status, 405);
  assert.deepEqual(await wrongMethod.json(), { code: 'method_not_allowed', message: 'Method not allowed', messageId: 'methodNotAllowed' });
  const taken = await handle(new Request('http://x/api/things', { method: 'POST' }));
  assert.equal(taken.status, 409);
  assert.deepEqual(await taken.json(), { code: 'slot_taken', message: 'taken' });
  const preflight = await handle(new Request('http://x/api/things', { method: 'OPTIONS', headers: { origin: 'http://web.test' } }));
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get('access-control-allow-origin'), 'http://web.test');
});

Deno.test('router: an answer of its own is sent as it is; one with immutable headers (a redirect) is copied', async () => {
  const own = new Response('{"slots":[]}', { headers: { 'content-type': 'application/json' } });
  const router = new Router()
    .get('/own', (ctx) => {
      ctx.setCookie('a=1');
      return own;
    })
    .get('/away', (ctx) => {
      ctx.setCookie('b=2');
      return Response.redirect('http://web.test/done', 302);
    });
  const handle = createHandler(router, env);
  const headers = { origin: 'http://web.test' };
  const sent = await handle(new Request('http://x/own', { headers }));
  // The body stays the string it was made with: Deno sends it at once, not as a stream through JavaScript.
  assert.equal(sent, own);
  assert.equal(sent.headers.get('access-control-allow-origin'), 'http://web.test');
  assert.equal(sent.headers.get('set-cookie'), 'a=1');
  assert.equal(await sent.text(), '{"slots":[]}');
  const away = await handle(new Request('http://x/away', { headers }));
  assert.equal(away.status, 302);
  assert.equal(away.headers.get('location'), 'http://web.test/done');
  assert.equal(away.headers.get('access-control-allow-origin'), 'http://web.test');
  assert.equal(away.headers.get('set-cookie'), 'b=2');
});

Deno.test('CORS: only the web app\'s origins are answered, and another site\'s write never rides on the cookies', async () => {
  let reached = 0;
  const handle = createHandler(
    new Router().get('/api/me', () => Response.json({ reached: ++reached })).post('/api/things', () => Response.json({ reached: ++reached })),
    env,
  );
  const evil = { origin: 'https://evil.test' };
  const read = await handle(new Request('http://x/api/me', { headers: evil }));
  assert.equal(read.headers.get('access-control-allow-origin'), null);
  assert.equal(read.headers.get('access-control-allow-credentials'), null);
  const preflight = await handle(new Request('http://x/api/things', { method: 'OPTIONS', headers: evil }));
  assert.equal(preflight.headers.get('access-control-allow-origin'), null);

  const cookie = { cookie: `${ACCESS_COOKIE}=x` };
  const forged = await handle(new Request('http://x/api/things', { method: 'POST', headers: { ...evil, ...cookie } }));
  assert.equal(forged.status, 403);
  assert.deepEqual(await forged.json(), { code: 'forbidden', message: 'Cross-site request refused', messageId: 'crossSite' });
  const sandboxed = await handle(new Request('http://x/api/things', { method: 'POST', headers: { origin: 'null', ...cookie } }));
  assert.equal(sandboxed.status, 403);
  assert.equal(reached, 1);
  // The web app itself, a client that names no origin, and a cookieless guest write pass.
  assert.equal((await handle(new Request('http://x/api/things', { method: 'POST', headers: { origin: 'http://web.test', ...cookie } }))).status, 200);
  assert.equal((await handle(new Request('http://x/api/things', { method: 'POST', headers: cookie }))).status, 200);
  assert.equal((await handle(new Request('http://x/api/things', { method: 'POST', headers: evil }))).status, 200);
});

Deno.test('JSON bodies: text/plain (what a cross-site form sends) is refused with 415', async () => {
  const body = '{"a":1}';
  await assert.rejects(
    readJson(new Request('http://x/', { method: 'POST', body, headers: { 'content-type': 'text/plain' } })),
    (e: unknown) => e instanceof AppError && e.code === 'unsupported_media_type' && statusOf(e.code) === 415,
  );
  await assert.rejects(readJson(new Request('http://x/', { method: 'POST', body })), (e: unknown) => e instanceof AppError && e.code === 'unsupported_media_type');
  assert.deepEqual(await readJson(new Request('http://x/', { method: 'POST', body, headers: { 'content-type': 'application/json; charset=utf-8' } })), { a: 1 });
  assert.equal(await readJson(new Request('http://x/', { method: 'POST' })), undefined);
});

Deno.test('client address: the entry the platform appended, never one the client wrote', () => {
  const from = (xff?: string) => clientAddress(new Request('http://x/', { headers: xff === undefined ? {} : { 'x-forwarded-for': xff } }));
  assert.equal(from('203.0.113.9'), '203.0.113.9');
  assert.equal(from('1.2.3.4, 203.0.113.9'), '203.0.113.9');
  assert.equal(from('1.2.3.4, , 203.0.113.9 '), '203.0.113.9');
  assert.equal(from(), 'unknown');
});

Deno.test('router: an unexpected error is a bare 500, its details only in the log', async () => {
  const router = new Router().get('/boom', () => {
    throw new Error('secret detail at file.ts:12');
  });
  const error = console.error;
  console.error = () => {};
  try {
    const res = await createHandler(router, env)(new Request('http://x/boom'));
    assert.equal(res.status, 500);
    assert.deepEqual(await res.json(), { code: 'internal', message: 'Internal server error', messageId: 'internal' });
  } finally {
    console.error = error;
  }
});

Deno.test('cookies: read, tolerate garbage, and write HttpOnly SameSite=Lax, Secure only on https', () => {
  assert.deepEqual([...readCookies('a=1; b=x%20y; bad; c=%E0%A4%A')], [['a', '1'], ['b', 'x y']]);
  assert.equal(serializeCookie('n', 'v v', { maxAge: 10, secure: false }), 'n=v%20v; Path=/; Max-Age=10; HttpOnly; SameSite=Lax');
  const session = { access_token: 'A', refresh_token: 'R', expires_in: 3600, user: { id: 'u' } };
  const plain = sessionCookies(new Request('http://x/'), session);
  assert.ok(plain.every((c) => !c.includes('Secure')));
  const proxied = sessionCookies(new Request('http://x/', { headers: { 'x-forwarded-proto': 'https' } }), session);
  assert.ok(proxied.every((c) => c.endsWith('; Secure')));
});

Deno.test('session: a bearer JWT is checked with Auth; the anon key as bearer is nobody', async () => {
  const token = jwt({ role: 'authenticated', sub: 'u1', exp: Date.now() / 1000 + 600 });
  await withAuthServer({ 'GET /auth/v1/user': () => Response.json({ id: 'u1', email: 'u1@x.test' }) }, async (calls) => {
    const caller = await resolveCaller(new Request('http://x/', { headers: { authorization: `Bearer ${token}` } }), env, () => {});
    assert.equal(caller?.id, 'u1');
    const anon = await resolveCaller(new Request('http://x/', { headers: { authorization: `Bearer ${jwt({ role: 'anon' })}` } }), env, () => {});
    assert.equal(anon, null);
    assert.deepEqual(calls, ['GET /auth/v1/user']);
  });
});

Deno.test('session: an expired access cookie is refreshed and new cookies are set', async () => {
  const expired = jwt({ role: 'authenticated', sub: 'u1', exp: Date.now() / 1000 - 10 });
  const cookies: string[] = [];
  await withAuthServer(
    {
      'POST /auth/v1/token?grant_type=refresh_token': () =>
        Response.json({ access_token: 'NEW', refresh_token: 'R2', expires_in: 3600, user: { id: 'u1' } }),
    },
    async (calls) => {
      const req = new Request('http://x/', { headers: { cookie: `${ACCESS_COOKIE}=${expired}; ${REFRESH_COOKIE}=R1` } });
      const caller = await resolveCaller(req, env, (c) => cookies.push(c));
      assert.equal(caller?.accessToken, 'NEW');
      assert.deepEqual(calls, ['POST /auth/v1/token?grant_type=refresh_token']);
    },
  );
  assert.ok(cookies.some((c) => c.startsWith(`${ACCESS_COOKIE}=NEW;`)));
  assert.ok(cookies.some((c) => c.startsWith(`${REFRESH_COOKIE}=R2;`)));
});

Deno.test('session: a revoked refresh token clears the cookies', async () => {
  const cookies: string[] = [];
  await withAuthServer(
    { 'POST /auth/v1/token?grant_type=refresh_token': () => Response.json({ msg: 'Invalid Refresh Token' }, { status: 400 }) },
    async () => {
      const req = new Request('http://x/', { headers: { cookie: `${REFRESH_COOKIE}=gone` } });
      assert.equal(await resolveCaller(req, env, (c) => cookies.push(c)), null);
    },
  );
  assert.equal(cookies.length, 2);
  assert.ok(cookies.every((c) => c.includes('Max-Age=0')));
});

Deno.test('database errors: client mistakes become 4xx, an unreachable or overloaded database 503, the rest stays a 500', () => {
  const status = (code: string) => {
    const e = fromDbError({ code, message: 'm' });
    return e instanceof AppError ? statusOf(e.code) : 500;
  };
  assert.deepEqual(
    ['23P01', '23505', '23503', '23514', '22P05', 'PGRST116', 'PGRST100', '42501', 'P0002', 'PGRST001', '57P01', '57014', 'XX000'].map(status),
    [409, 409, 404, 400, 400, 404, 400, 403, 404, 503, 503, 503, 500],
  );
  const taken = fromDbError({ code: '23P01', message: '' });
  assert.match(taken.message, /no longer available/);
  assert.equal((taken as AppError).code, 'slot_taken');
  const down = errorResponse(fromDbError({ code: 'PGRST000', message: 'no connection' }));
  assert.equal(down.status, 503);
  assert.equal(down.headers.get('retry-after'), '5');
});

Deno.test("errors: a shared rule's message answers its English words with its id and values beside them", async () => {
  const ruled = errorResponse(invalid(ruleMessage('guestsMax', { max: 2 })));
  assert.equal(ruled.status, 400);
  assert.deepEqual(await ruled.json(), { code: 'invalid_request', message: 'At most 2 other people can be added.', messageId: 'guestsMax', values: { max: 2 } });
  assert.deepEqual(await errorResponse(invalid(ruleMessage('phone'))).json(), {
    code: 'invalid_request',
    message: 'Please enter a valid phone number with its country code.',
    messageId: 'phone',
  });
  assert.deepEqual(await errorResponse(invalid('Please select an event type')).json(), { code: 'invalid_request', message: 'Please select an event type' });
});

Deno.test("errors: a shared rule's message in the caller's language, by Accept-Language; others and no header in English", async () => {
  const guests = invalid(ruleMessage('guestsMax', { max: 2 }));
  const ja = errorResponse(guests, requestLocale('ja-JP,ja;q=0.9,en;q=0.5'));
  assert.equal(ja.headers.get('content-language'), 'ja');
  assert.deepEqual(await ja.json(), { code: 'invalid_request', message: '追加できるのはほかに2人までです。', messageId: 'guestsMax', values: { max: 2 } });
  const fault = invalid(ruleMessage('answerFault', { question: 'Size', rule: ruleMessage('numberMin', { min: 1 }) }));
  assert.equal(((await errorResponse(fault, 'de').json()) as { message: string }).message, sayRule('de', fault.rule!));
  assert.equal(errorResponse(guests).headers.get('content-language'), 'en');
  assert.deepEqual(await errorResponse(invalid('Please select an event type'), 'fr').json(), { code: 'invalid_request', message: 'Please select an event type' });
  assert.deepEqual(
    ['de-DE,de;q=0.9', 'es-MX', 'pt-PT', 'en;q=0.2, ar', 'fr;q=0, ja;q=0.1', 'xx, *', '', null, 'de;q=x'].map(requestLocale),
    ['de', 'es', 'pt-BR', 'ar', 'ja', 'en', 'en', 'en', 'de'],
  );
});

Deno.test('environment: the booking limit, and the web app\'s origins from SITE_URL and ADDITIONAL_REDIRECT_URLS', () => {
  const vars: Record<string, string> = { SUPABASE_URL: 'http://s.test/', SUPABASE_ANON_KEY: 'a', SUPABASE_SERVICE_ROLE_KEY: 's' };
  const read = (extra: Record<string, string> = {}) => readEnv((k) => ({ ...vars, ...extra })[k]);
  assert.equal(read().bookingsPerMinute, 60);
  assert.equal(read({ BOOKING_RATE_LIMIT_PER_MINUTE: '2' }).bookingsPerMinute, 2);
  assert.equal(read().supabaseUrl, 'http://s.test');
  assert.deepEqual(read().allowedOrigins, []);
  const web = read({
    SITE_URL: 'https://app.example/',
    ADDITIONAL_REDIRECT_URLS: 'https://app.example/dashboard, http://127.0.0.1:5173, https://*.preview.example/**, not a url',
  });
  assert.deepEqual(web.allowedOrigins, ['https://app.example', 'http://127.0.0.1:5173']);
});
