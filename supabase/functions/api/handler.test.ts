// deno test: api routes that answer without reaching Supabase (validation, redirects, guards).
import assert from 'node:assert/strict';
import type { FunctionEnv } from '../_shared/http/env.ts';
import { apiHandler } from './handler.ts';

const env: FunctionEnv = {
  supabaseUrl: 'http://supabase.test',
  anonKey: 'anon',
  serviceRoleKey: 'service',
  dbUrl: 'postgres://nobody@127.0.0.1:9/none',
  bookingsPerMinute: 60,
  allowedOrigins: [],
};
const handle = apiHandler(env);

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await handle(
    new Request(`http://fn.test${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

Deno.test('GET /api/auth/user without a session is 401 Unauthorized', async () => {
  assert.deepEqual(await call('GET', '/api/auth/user').then((r) => [r.status, r.body]), [401, { code: 'unauthorized', message: 'Unauthorized', messageId: 'unauthorized' }]);
});

Deno.test('every owner route refuses an anonymous caller with 401', async () => {
  const guarded: [string, string][] = [
    ['PUT', '/api/profile'],
    ['POST', '/api/profile/upload-image'],
    ['GET', '/api/dashboard/stats'],
    ['GET', '/api/event-types'],
    ['POST', '/api/event-types'],
    ['PUT', '/api/event-types/1'],
    ['DELETE', '/api/event-types/1'],
    ['GET', '/api/availability'],
    ['POST', '/api/availability'],
    ['GET', '/api/settings'],
    ['PUT', '/api/settings'],
    ['GET', '/api/bookings/upcoming'],
    ['POST', '/api/bookings'],
    ['POST', '/api/bookings/1/confirm'],
    ['PUT', '/api/bookings/1'],
    ['POST', '/api/bookings/1/cancel'],
    ['GET', '/api/teams'],
    ['POST', '/api/teams'],
    ['GET', '/api/teams/1'],
    ['PATCH', '/api/teams/1'],
    ['GET', '/api/teams/1/members'],
    ['POST', '/api/teams/1/members'],
    ['DELETE', '/api/teams/1/members/00000000-0000-0000-0000-000000000000'],
    ['GET', '/api/teams/1/invitations'],
    ['DELETE', '/api/teams/1/invitations/1'],
    ['GET', '/api/invitations'],
    ['POST', '/api/invitations/1/accept'],
    ['DELETE', '/api/invitations/1'],
    ['PUT', '/api/teams/1/availability'],
    ['POST', '/api/teams/1/bookings/1/cancel'],
    ['PUT', '/api/teams/1/bookings/1/assign'],
  ];
  for (const [method, path] of guarded) {
    const res = await call(method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
    assert.equal(res.status, 401, `${method} ${path}`);
  }
});

Deno.test('login and register validate with the messages of docs/product/validation.md', async () => {
  assert.deepEqual((await call('POST', '/api/auth/login', { email: 'x', password: 'secret1' })).body, { code: 'invalid_request', message: 'Invalid email address', messageId: 'emailAddress' });
  assert.deepEqual((await call('POST', '/api/auth/login', { email: 'a@b.co', password: '1' })).body, { code: 'invalid_request', message: 'Password must be at least 6 characters', messageId: 'passwordMin' });
  assert.deepEqual((await call('POST', '/api/auth/register', { email: 'a@b.co', password: 'secret1', lastName: 'X' })).body, {
    code: 'invalid_request',
    message: 'First name is required',
    messageId: 'firstName',
  });
  assert.equal((await call('POST', '/api/auth/login', '{oops')).status, 400);
});

Deno.test('social sign-in redirects to Supabase OAuth back to the web origin; /api/login to /login', async () => {
  const google = await call('GET', '/api/auth/google', undefined, { referer: 'https://app.example.com/login' });
  assert.equal(google.status, 302);
  assert.equal(
    google.headers.get('location'),
    'http://supabase.test/auth/v1/authorize?provider=google&redirect_to=https%3A%2F%2Fapp.example.com%2Fdashboard',
  );
  const apple = await call('GET', '/api/auth/apple', undefined, { 'x-forwarded-host': 'kairos.example', 'x-forwarded-proto': 'https' });
  assert.match(apple.headers.get('location')!, /provider=apple&redirect_to=https%3A%2F%2Fkairos\.example%2Fdashboard$/);
  const login = await call('GET', '/api/login');
  assert.deepEqual([login.status, login.headers.get('location')], [302, '/login']);
});

Deno.test('public booking bodies are validated before anything is read', async () => {
  const res = await call('POST', '/api/bookings/public', { eventTypeId: 1, guestName: '', guestEmail: 'a@b.co' });
  assert.deepEqual([res.status, res.body], [400, { code: 'invalid_request', message: 'Please fill in your name and email.', messageId: 'publicGuest' }]);
  const team = await call('POST', '/api/teams/1/bookings', { guestName: 'A', guestEmail: 'a@b.co' });
  assert.deepEqual([team.status, team.body], [400, { code: 'invalid_request', message: 'Please select an event type', messageId: 'eventType' }]);
});

Deno.test('unknown ids that cannot exist are 404 without a query', async () => {
  for (const path of ['/api/users/nope/profile', '/api/event-types/abc', '/api/event-types/0']) {
    assert.equal((await call('GET', path)).status, 404, path);
  }
});
