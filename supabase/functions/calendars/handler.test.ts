// deno test: the calendars function's OAuth providers where the project names none (answered before any
// database read or call to the provider).
import assert from 'node:assert/strict';
import process from 'node:process';

// process.env an own property, as the Edge Runtime has it (docs/edge-runtime.md): the Google client's
// logging reads it on import, before any test.
Object.defineProperty(process, 'env', { value: process.env, writable: true, enumerable: true, configurable: true });
const { calendarsHandler, readCalendarsEnv } = await import('./handler.ts');

const env = { supabaseUrl: 'http://supabase.test', anonKey: 'anon', serviceRoleKey: 'service', dbUrl: 'postgres://nobody@127.0.0.1:9/none', bookingsPerMinute: 60, allowedOrigins: [] };
const secrets: Record<string, string> = { CALENDAR_ENCRYPTION_KEY: btoa(String.fromCharCode(...new Uint8Array(32))) };
const handle = calendarsHandler(env, readCalendarsEnv((name) => secrets[name]));
const post = async (path: string) => {
  const res = await handle(new Request(`http://fn.test${path}`, { method: 'POST', body: JSON.stringify({ redirectUri: 'https://app.example.com/availability' }), headers: { 'content-type': 'application/json' } }));
  return { status: res.status, body: await res.json() };
};

Deno.test('calendars: a project without a Stripe platform offers no Stripe, and its routes are 404', async () => {
  const providers = await (await handle(new Request('http://fn.test/calendars/providers'))).json();
  assert.deepEqual(providers, { caldav: true, ics: true, google: false, zoom: false, stripe: false });
  for (const path of ['/calendars/stripe/start', '/calendars/stripe/connect']) {
    assert.deepEqual(await post(path), { status: 404, body: { code: 'not_found', message: 'Stripe is not available on this project' } }, path);
  }
  // As Google and Zoom answer.
  assert.deepEqual((await post('/calendars/zoom/start')).body, { code: 'not_found', message: 'Zoom is not available on this project' });
});

Deno.test('calendars: a Stripe platform needs both its secret key and its Connect client id', () => {
  for (const named of [{ STRIPE_SECRET_KEY: 'sk_test_x' }, { STRIPE_CONNECT_CLIENT_ID: 'ca_x' }] as Record<string, string>[]) {
    const only: Record<string, string> = { ...secrets, ...named };
    assert.equal(readCalendarsEnv((name) => only[name]).stripe, null);
  }
  const both: Record<string, string> = { ...secrets, STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_CONNECT_CLIENT_ID: 'ca_x' };
  assert.deepEqual(readCalendarsEnv((name) => both[name]).stripe, { secretKey: 'sk_test_x', clientId: 'ca_x', authorizeUrl: null, api: null });
});
