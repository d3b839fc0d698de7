// A paid booking's payment as people read it (the host's booking cards, the guest's manage page, the
// mails): the price and where the money stands. One wording for every screen and mail.
import { formatMoney } from './money.ts';

/** The payment columns a reader needs (public.payments, camelCased as the /api, the web and webhooks carry them). */
export interface PaymentFacts {
  amount: number;
  currency: string;
  /** open (the guest may pay) | paid | expired. */
  status: string;
  refundedAmount: number;
  /** null (none asked) | pending | succeeded | failed. */
  refundStatus: string | null;
  refundFailure: string | null;
  /** Stripe's receipt, once paid. */
  receiptUrl?: string | null;
}

/** Where the money stands: Awaiting payment, Paid, Refund pending, Refunded, Partially refunded (¥750), Refund failed: reason. */
export function paymentState(p: PaymentFacts): string {
  if (p.status === 'open') return 'Awaiting payment';
  if (p.status === 'expired') return 'Not paid';
  if (p.refundStatus === 'failed') return `Refund failed: ${p.refundFailure}`;
  if (p.refundedAmount >= p.amount) return 'Refunded';
  if (p.refundedAmount > 0) return `Partially refunded (${formatMoney(p.refundedAmount, p.currency)})`;
  if (p.refundStatus === 'pending') return 'Refund pending';
  return 'Paid';
}

/** The price and its state: "$19.99 · Paid". */
export const paymentSummary = (p: PaymentFacts): string => `${formatMoney(p.amount, p.currency)} · ${paymentState(p)}`;
