// The guest's payment of a booking awaiting it: a Stripe Checkout Session made on the payee's connected
// account (a direct charge: the `Stripe-Account` header), one per booking (its idempotency key), its
// line the event type's price and title. Stripe's page sends the guest back to Kairos' return page,
// which waits for Stripe's verdict (checkout.session.completed, stripe_webhook). A session lives 30
// minutes at least (Stripe's rule for expires_at), longer than Kairos' hold: Kairos expires it itself
// when the hold ends. If Stripe refuses, the hold is released at once and nothing else is kept.
import Stripe from 'stripe';
import { type Database, serviceRpc } from '../db/connection.ts';
import { PermanentError } from '../outbox/worker.ts';
import { failure } from '../rules/errors.ts';
import { ruleMessage } from '../rules/messages.ts';
import { stripeClient, type StripeConfig } from './stripe.ts';

/** What the session asks (checkout_terms, the payments migration). */
interface CheckoutTerms {
  booking_id: number;
  uid: string;
  account_id: string | null;
  amount: number;
  currency: string;
  title: string;
  guest_email: string;
}

/** Stripe's shortest Checkout Session, with a minute's margin for the clocks. */
const SESSION_SECONDS = 31 * 60;

export const PAYMENT_UNAVAILABLE_RULE = ruleMessage('paymentUnavailable');

export interface CheckoutDeps {
  db: Database;
  /** The project's Stripe platform; null where its secrets name none. */
  stripe: StripeConfig | null;
  now?: () => Date;
}

/**
 * The Checkout Session of the booking awaiting payment, its payment row written: the address of
 * Stripe's page. `returnUrl` is Kairos' return page; Stripe adds the session's id to it.
 */
export async function startCheckout(deps: CheckoutDeps, booking: { id: number }, returnUrl: string): Promise<string> {
  try {
    if (!deps.stripe) throw new Error('Stripe is not configured on this project');
    const [terms] = await serviceRpc<CheckoutTerms[]>(deps.db, 'checkout_terms', [booking.id], { set: true });
    if (!terms?.account_id) throw new Error('The payee cannot take charges');
    const now = deps.now?.() ?? new Date();
    const back = new URL(returnUrl);
    back.searchParams.set('session', '{CHECKOUT_SESSION_ID}');
    const session = await stripeClient(deps.stripe).checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: terms.currency, unit_amount: terms.amount, product_data: { name: terms.title } } }],
        // Stripe replaces the placeholder only when written as is, not percent-encoded.
        success_url: back.href.replace(encodeURIComponent('{CHECKOUT_SESSION_ID}'), '{CHECKOUT_SESSION_ID}'),
        cancel_url: returnUrl,
        client_reference_id: String(terms.booking_id),
        metadata: { booking_id: String(terms.booking_id), booking_uid: terms.uid },
        payment_intent_data: { metadata: { booking_id: String(terms.booking_id), booking_uid: terms.uid } },
        customer_email: terms.guest_email,
        expires_at: Math.floor(now.getTime() / 1000) + SESSION_SECONDS,
      },
      { stripeAccount: terms.account_id, idempotencyKey: `kairos-checkout-${terms.uid}` },
    );
    await serviceRpc(deps.db, 'record_checkout', [terms.booking_id, terms.account_id, session.id, terms.amount, terms.currency]);
    return session.url!;
  } catch (e) {
    await serviceRpc(deps.db, 'release_payment_hold', [booking.id]);
    if (e instanceof Stripe.errors.StripeError) console.error(`checkout for booking ${booking.id}: ${e.message}`);
    else console.error(`checkout for booking ${booking.id}:`, e);
    throw failure('payment_unavailable', PAYMENT_UNAVAILABLE_RULE);
  }
}

/** The outbox's 'checkout_expire': Kairos' hold ended, so its Checkout Session ends too. One no longer open (paid, expired) is done. */
export function checkoutExpireHandler(deps: { stripe: StripeConfig | null }) {
  return async (row: { payload: unknown }): Promise<void> => {
    const { accountId, sessionId } = row.payload as { accountId: string; sessionId: string };
    if (!deps.stripe) throw new PermanentError('Stripe is not configured on this project');
    await stripeClient(deps.stripe).checkout.sessions.expire(sessionId, {}, { stripeAccount: accountId }).catch((e: unknown) => {
      // Stripe expires open sessions only (else 400): a paid one is decided by its own event (a refund if need be).
      if (e instanceof Stripe.errors.StripeInvalidRequestError) return;
      throw e;
    });
  };
}

