// deno test: the stripe_webhook function where the project names no signing secret (answered before any
// signature check or database read). The endpoint itself is tested against the stack and the Stripe
// stand-in in supabase/tests/payments/webhook.test.ts.
import assert from 'node:assert/strict';
import { readStripeWebhookEnv, stripeWebhookHandler } from './handler.ts';

const env = { supabaseUrl: 'http://supabase.test', anonKey: 'anon', serviceRoleKey: 'service', bookingsPerMinute: 60, allowedOrigins: [] };

Deno.test('stripe_webhook: a project without STRIPE_WEBHOOK_SECRET takes no events', async () => {
  for (const secret of [undefined, '']) {
    const hook = readStripeWebhookEnv((name) => (name === 'STRIPE_WEBHOOK_SECRET' ? secret : undefined));
    assert.equal(hook.signingSecret, null);
    const res = await stripeWebhookHandler(env, hook)(new Request('http://fn.test/stripe_webhook', { method: 'POST', body: '{}' }));
    assert.deepEqual({ status: res.status, body: await res.json() }, { status: 404, body: { code: 'not_found', message: 'Stripe is not available on this project' } });
  }
});

Deno.test('stripe_webhook: events act in the mode of the platform\'s key', () => {
  const mode = (key?: string) => readStripeWebhookEnv((name) => ({ STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_SECRET_KEY: key })[name]).livemode;
  assert.deepEqual([mode('sk_live_x'), mode('rk_live_x'), mode('sk_test_x'), mode('rk_test_x'), mode(undefined)], [true, true, false, false, false]);
});
