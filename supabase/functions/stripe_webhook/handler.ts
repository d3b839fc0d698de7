// The `stripe_webhook` function: the one address Stripe posts the platform's Connect events to
// (registered in Stripe's Dashboard, README "Payments"). No Supabase JWT (config.toml verify_jwt =
// false): the `Stripe-Signature` is the proof. Each event is recorded and acted on once, in one
// transaction (receive_stripe_event); a 2xx tells Stripe to stop retrying, so anything unexpected is a
// 500 it will deliver again.
//
//   POST /stripe_webhook     a Stripe event → 200 {received: true, outcome: handled|ignored|duplicate}
import { serviceClient } from '../_shared/http/clients.ts';
import type { FunctionEnv } from '../_shared/http/env.ts';
import { errorResponse, json } from '../_shared/http/errors.ts';
import { verifiedEvent } from '../_shared/payments/events.ts';
import { withReceipt } from '../_shared/payments/receipt.ts';
import { stripeConfig, type StripeConfig } from '../_shared/payments/stripe.ts';
import { AppError, notFound } from '../_shared/rules/errors.ts';

export interface StripeWebhookEnv {
  /** The endpoint's signing secret (`whsec_…`, STRIPE_WEBHOOK_SECRET); null where Stripe is not set up. */
  signingSecret: string | null;
  /** Whether the platform's key is a live one (`sk_live_`, `rk_live_`): events of the other mode do not act. */
  livemode: boolean;
  /** The platform, to ask Stripe for a paid session's receipt; null where its secrets name none. */
  stripe: StripeConfig | null;
}

export function readStripeWebhookEnv(get: (name: string) => string | undefined): StripeWebhookEnv {
  return { signingSecret: get('STRIPE_WEBHOOK_SECRET') || null, livemode: /^[sr]k_live_/.test(get('STRIPE_SECRET_KEY') ?? ''), stripe: stripeConfig(get) };
}

export function stripeWebhookHandler(env: FunctionEnv, hook: StripeWebhookEnv) {
  return async (req: Request): Promise<Response> => {
    try {
      if (req.method !== 'POST') throw new AppError('method_not_allowed', 'Stripe posts its events here.');
      if (!hook.signingSecret) throw notFound('Stripe is not available on this project');
      const event = await withReceipt(await verifiedEvent(await req.text(), req.headers.get('stripe-signature'), hook.signingSecret), hook.stripe);
      const { data, error } = await serviceClient(env).rpc('receive_stripe_event', { p_event: event, p_livemode: hook.livemode });
      if (error) throw new Error(`receive_stripe_event: ${error.message}`);
      return json({ received: true, outcome: data });
    } catch (e) {
      return errorResponse(e);
    }
  };
}
