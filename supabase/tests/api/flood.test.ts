// A flood of malformed bodies, parameters and queries over every route: a client mistake is always
// a 4xx with a { message }, never a 5xx or a stack trace.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newUser } from '../../../scripts/local/test-stack/harness.ts';
import { call, type CallResult } from './client.ts';

/** Every route of the three functions; `:x` segments get garbage. */
const ROUTES: [string, string][] = [
  ['GET', '/api/auth/user'],
  ['POST', '/api/auth/login'],
  ['POST', '/api/auth/register'],
  ['POST', '/api/auth/logout'],
  ['GET', '/api/auth/google'],
  ['GET', '/api/login'],
  ['GET', '/api/social/profiles'],
  ['PUT', '/api/profile'],
  ['POST', '/api/profile/upload-image'],
  ['GET', '/api/handle/check/:x'],
  ['GET', '/api/handle/:x'],
  ['GET', '/api/handle/:x/event-types'],
  ['GET', '/api/handle/:x/availability'],
  ['GET', '/api/users/:x/profile'],
  ['GET', '/api/users/:x/event-types'],
  ['GET', '/api/users/:x/availability'],
  ['GET', '/api/users/:x/bookings'],
  ['GET', '/api/event-types/:x'],
  ['GET', '/api/dashboard/stats'],
  ['GET', '/api/event-types'],
  ['POST', '/api/event-types'],
  ['PUT', '/api/event-types/:x'],
  ['DELETE', '/api/event-types/:x'],
  ['GET', '/api/availability'],
  ['POST', '/api/availability'],
  ['GET', '/api/settings'],
  ['PUT', '/api/settings'],
  ['GET', '/api/bookings/upcoming'],
  ['GET', '/api/bookings/past'],
  ['GET', '/api/bookings/all'],
  ['GET', '/api/bookings/cancelled'],
  ['POST', '/api/bookings'],
  ['POST', '/api/bookings/public'],
  ['POST', '/api/bookings/:x/confirm'],
  ['PUT', '/api/bookings/:x'],
  ['POST', '/api/bookings/:x/cancel'],
  ['GET', '/api/teams'],
  ['POST', '/api/teams'],
  ['GET', '/api/teams/:x'],
  ['PATCH', '/api/teams/:x'],
  ['GET', '/api/teams/:x/stats'],
  ['GET', '/api/teams/:x/members'],
  ['POST', '/api/teams/:x/members'],
  ['DELETE', '/api/teams/:x/members/:x'],
  ['GET', '/api/teams/:x/event-types'],
  ['POST', '/api/teams/:x/event-types'],
  ['GET', '/api/teams/:x/availability'],
  ['PUT', '/api/teams/:x/availability'],
  ['GET', '/api/teams/:x/bookings'],
  ['GET', '/api/teams/:x/bookings/cancelled'],
  ['POST', '/api/teams/:x/bookings'],
  ['POST', '/api/teams/:x/bookings/:x/cancel'],
  ['PUT', '/api/teams/:x/bookings/:x/assign'],
  ['GET', '/api/teams/public/:x'],
  ['GET', '/api/teams/public/:x/event-types'],
  ['GET', '/api/teams/public/:x/members'],
  ['GET', '/api/teams/public/:x/availability'],
  ['GET', '/api/slots'],
  ['GET', '/slots'],
  ['POST', '/bookings'],
];

const PARAMS = ['abc', '0', '-1', '1.5', '99999999999999999999', '1e3', '%ZZ', '%00', "1'%20or%201=1", 'x'.repeat(300), '%F0%9F%98%80', '00000000-0000-0000-0000-000000000000', 'null'];

const QUERIES = [
  '',
  '?timeframe=x&startDate=x&endDate=y',
  '?eventTypeId=1&startDate=2026-02-30&endDate=2026-03-01',
  '?teamEventTypeId=-5&from=x&to=y&timezone=%00',
  '?eventTypeId=1&teamEventTypeId=2&startDate=2026-01-01&endDate=2026-01-02',
  '?startDate=2026-01-01T00:00:00Z&endDate=1900-01-01T00:00:00Z',
  '?eventTypeId[]=1&startDate[x]=2',
];

/** Raw bodies: not JSON, wrong JSON types, wrong field types, huge values. */
const RAW_BODIES: string[] = [
  'not json',
  '{',
  'null',
  '123',
  '"text"',
  '[]',
  '[1,2,3]',
  '{}',
  '{"email":5,"password":[],"firstName":{},"lastName":null}',
  '{"eventTypeId":"x","teamEventTypeId":{},"startTime":"yesterday","endTime":1,"guestName":[],"guestEmail":true}',
  '{"eventTypeId":1,"guestName":"A","guestEmail":"a@b.co","startTime":"2026-01-01T00:00:00Z","endTime":"2025-01-01T00:00:00Z"}',
  '{"title":"x","duration":1e309,"color":"#000","isActive":"yes"}',
  '[{"dayOfWeek":"1","startTime":25,"endTime":"99:99"}]',
  '{"status":"deleted","memberId":"x","role":"owner","email":"@"}',
  '{"name":"' + 'n'.repeat(5000) + '","slug":"-"}',
  '{"__proto__":{"admin":true},"constructor":{"prototype":{}}}',
  JSON.stringify({ deep: JSON.parse('['.repeat(500) + ']'.repeat(500)) }),
];

function expectClean(label: string, res: CallResult) {
  expect(res.status, `${label} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`).toBeLessThan(500);
  if (res.status >= 400) {
    expect(typeof res.body?.message, label).toBe('string');
    expect(JSON.stringify(res.body), label).not.toMatch(/\bat .+\.ts:\d+|Error:/);
  }
}

/** Runs requests a few at a time, so the flood measures answers, not connection limits. */
async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

/** Thousands of requests: on a loaded machine they need more than the default minute. */
const FLOOD_TIMEOUT_MS = 240_000;

describe('malformed input over every route', () => {
  it('never answers 5xx to garbage path parameters and queries', async () => {
    const user = await newUser();
    // Each garbage parameter with a plain query, and each garbage query with a plausible parameter.
    const paths = ROUTES.flatMap(([method, route]) => [
      ...(route.includes(':x') ? PARAMS : []).map((p) => [method, route.replaceAll(':x', p)] as const),
      ...QUERIES.map((q) => [method, route.replaceAll(':x', '1') + q] as const),
    ]);
    const requests = paths.flatMap(([method, path]) => [undefined, user.accessToken].map((token) => [method, path, token] as const));
    await inBatches(requests, 25, async ([method, path, token]) => {
      expectClean(`${method} ${path}`, await call(path, { method, token, raw: method === 'GET' || method === 'DELETE' ? undefined : '{}', headers: { 'content-type': 'application/json' } }));
    });
  }, FLOOD_TIMEOUT_MS);

  it('never answers 5xx to malformed or mistyped bodies', async () => {
    const user = await newUser();
    const writes = ROUTES.filter(([m]) => m !== 'GET' && m !== 'DELETE').map(([m, r]) => [m, r.replaceAll(':x', '1')] as const);
    const requests = writes.flatMap(([method, path]) => RAW_BODIES.flatMap((raw) => [undefined, user.accessToken].map((token) => ({ method, path, raw, token }))));
    await inBatches(requests, 25, async ({ method, path, raw, token }) => {
      expectClean(`${method} ${path} ${raw.slice(0, 60)}`, await call(path, { method, raw, token, headers: { 'content-type': 'application/json' } }));
    });
  }, FLOOD_TIMEOUT_MS);

  it('never answers 5xx to random JSON (fast-check, fixed seed)', async () => {
    const user = await newUser();
    const writes = ROUTES.filter(([m]) => m !== 'GET' && m !== 'DELETE').map(([m, r]) => [m, r.replaceAll(':x', '2')] as const);
    const values = fc.sample(fc.jsonValue({ maxDepth: 3 }), { numRuns: 25, seed: 20261122 });
    const requests = writes.flatMap(([method, path]) => values.map((v) => ({ method, path, raw: JSON.stringify(v) ?? 'null' })));
    await inBatches(requests, 25, async ({ method, path, raw }) => {
      expectClean(`${method} ${path} ${raw.slice(0, 60)}`, await call(path, { method, raw, token: user.accessToken, headers: { 'content-type': 'application/json' } }));
    });
  }, FLOOD_TIMEOUT_MS);

  it('answers an unknown route 404 and a wrong method 405, both as { message }', async () => {
    expect(await call('/api/nope')).toMatchObject({ status: 404, body: { message: 'Not found' } });
    expect(await call('/api/auth/user', { method: 'DELETE' })).toMatchObject({ status: 405, body: { message: 'Method not allowed' } });
    expect((await call('/slots/extra')).status).toBe(404);
  });

  it('answers CORS preflights', async () => {
    const res = await call('/api/auth/login', { method: 'OPTIONS', headers: { origin: 'http://localhost:5173' } });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
  });
});
