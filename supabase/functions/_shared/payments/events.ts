// Stripe's events as the stripe_webhook function takes them: the `Stripe-Signature` checked by the
// official SDK with the endpoint's signing secret (docs.stripe.com/webhooks, "Verify webhook
// signatures"; the SDK's default tolerance of 300 s refuses a replayed old delivery), then the few
// fields the database acts on. Under Deno the SDK checks signatures with SubtleCrypto only, hence the
// async call and its crypto provider.
import Stripe from 'stripe';
import { invalid } from '../rules/errors.ts';

const crypto = Stripe.createSubtleCryptoProvider();

/** What receive_stripe_event reads of an event (the payments migration). */
export interface StripeEventFacts {
  id: string;
  type: string;
  /** Unix seconds, when Stripe made it. */
  created: number;
  /** Live or test mode: a live Connect endpoint receives both. */
  livemode: boolean;
  /** The connected account it happened on; absent for the platform's own events. */
  account?: string;
  /** A Checkout Session's verdict (checkout.session.*): the session and whether it was paid. */
  data?: { object: CheckoutSessionFacts };
}

export interface CheckoutSessionFacts {
  id: string;
  payment_status: string | null;
  payment_intent: string | null;
  /** Stripe's receipt of the charge, added once asked of Stripe (receipt.ts). */
  receipt_url?: string | null;
}

/** The session an event speaks of, when it is one. */
function sessionOf(event: unknown): CheckoutSessionFacts | null {
  const o = (event as { data?: { object?: Record<string, unknown> } }).data?.object;
  if (!o || o.object !== 'checkout.session' || typeof o.id !== 'string') return null;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return { id: o.id, payment_status: text(o.payment_status), payment_intent: text(o.payment_intent) };
}

function isEvent(value: unknown): value is StripeEventFacts {
  const e = value as Partial<StripeEventFacts> | null;
  return (
    typeof e === 'object' && e !== null && !Array.isArray(e) &&
    typeof e.id === 'string' && /^evt_[A-Za-z0-9_]+$/.test(e.id) &&
    typeof e.type === 'string' && e.type.length > 0 &&
    Number.isInteger(e.created) &&
    typeof e.livemode === 'boolean' &&
    (e.account === undefined || (typeof e.account === 'string' && /^acct_[A-Za-z0-9]+$/.test(e.account)))
  );
}

/** The event of a delivery whose signature the secret proves, or a 400 `invalid_request`. */
export async function verifiedEvent(body: string, signature: string | null, secret: string): Promise<StripeEventFacts> {
  let event: unknown;
  try {
    event = await Stripe.webhooks.constructEventAsync(body, signature ?? '', secret, undefined, crypto);
  } catch (e) {
    if (e instanceof Stripe.errors.StripeSignatureVerificationError) throw invalid('The Stripe signature does not prove this event.');
    // Signed, but not JSON: the SDK parses the body after checking it.
    if (e instanceof SyntaxError) throw invalid('This is not a Stripe event.');
    throw e;
  }
  if (!isEvent(event)) throw invalid('This is not a Stripe event.');
  const { id, type, created, livemode, account } = event;
  const session = sessionOf(event);
  return { id, type, created, livemode, ...(account ? { account } : {}), ...(session ? { data: { object: session } } : {}) };
}
