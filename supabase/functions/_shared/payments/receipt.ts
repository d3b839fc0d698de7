// Stripe's receipt of a paid Checkout Session: the `receipt_url` of its PaymentIntent's charge, asked of
// Stripe when the verdict arrives (the session's event names the PaymentIntent only), on the connected
// account the payment was made on. The guest's mails and manage page link to it.
import { stripeClient, type StripeConfig } from './stripe.ts';
import type { StripeEventFacts } from './events.ts';

/** The event, its paid session carrying the receipt's address; other events as they are. A refusal throws (a 500: Stripe delivers again). */
export async function withReceipt(event: StripeEventFacts, stripe: StripeConfig | null): Promise<StripeEventFacts> {
  const session = event.data?.object;
  if (event.type !== 'checkout.session.completed' || !session?.payment_intent || !event.account || !stripe) return event;
  const intent = await stripeClient(stripe).paymentIntents.retrieve(session.payment_intent, { expand: ['latest_charge'] }, { stripeAccount: event.account });
  const charge = intent.latest_charge;
  const receipt = charge && typeof charge === 'object' ? charge.receipt_url : null;
  return { ...event, data: { object: { ...session, receipt_url: receipt ?? null } } };
}
