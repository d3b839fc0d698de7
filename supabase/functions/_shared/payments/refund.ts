// The outbox's 'stripe_refund': a paid booking gives money back (a cancellation by the refund policy,
// or a payment that came after Kairos released its time; private.queue_refund, the payments
// migration). The share is worked out here by the one rule (rules/money.ts, refundShare) and refunded
// on the connected account the payment was made on, with an idempotency key per payment and amount,
// so a retry after a lost answer cannot refund twice. What Stripe did is recorded on the payment: a
// failure with Stripe's message (the host sees it) and thrown, so the outbox retries with its backoff.
import Stripe from 'stripe';
import { type Database, serviceRpc } from '../db/connection.ts';
import { PermanentError } from '../outbox/worker.ts';
import { refundShare } from '../rules/money.ts';
import { stripeClient, type StripeConfig } from './stripe.ts';

/** The outbox row's payload (private.queue_refund). */
interface RefundOrder {
  paymentId: number;
  accountId: string;
  paymentIntent: string;
  /** What was paid, in minor units of `currency`. */
  amount: number;
  currency: string;
  /** The share to give back, 1–100. */
  percent: number;
}

export function refundHandler(deps: { db: () => Database; stripe: StripeConfig | null }) {
  return async (row: { payload: unknown }): Promise<void> => {
    const order = row.payload as RefundOrder;
    if (!deps.stripe) throw new PermanentError('Stripe is not configured on this project');
    const amount = refundShare(order.amount, order.percent, order.currency);
    let refunded: number;
    try {
      const refund = await stripeClient(deps.stripe).refunds.create(
        { payment_intent: order.paymentIntent, amount, metadata: { payment_id: String(order.paymentId) } },
        { stripeAccount: order.accountId, idempotencyKey: `kairos-refund-${order.paymentId}-${amount}` },
      );
      refunded = refund.amount;
    } catch (e) {
      if (e instanceof Stripe.errors.StripeError) await serviceRpc(deps.db(), 'record_refund', [order.paymentId, 0, e.message]);
      throw e;
    }
    await serviceRpc(deps.db(), 'record_refund', [order.paymentId, refunded]);
  };
}
