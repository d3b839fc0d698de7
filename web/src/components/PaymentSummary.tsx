// A paid booking's price and where its money stands, in the reader's language: the host's cards and the
// guest's manage page (the mails word it with rules/payments.ts's paymentSummary, as these do in English).
import { Text, type TextProps } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { formatMoney, type PaymentFacts } from '../lib/shared.ts';

/** The state's name in the catalogue's payment.summary select, in paymentState's order. */
function stateOf(p: PaymentFacts): string {
  if (p.status === 'open' || p.status === 'expired') return p.status;
  if (p.refundStatus === 'failed') return 'refundFailed';
  if (p.refundedAmount >= p.amount) return 'refunded';
  if (p.refundedAmount > 0) return 'partlyRefunded';
  return p.refundStatus === 'pending' ? 'refundPending' : 'paid';
}

export function PaymentSummary({ payment, ...text }: { payment: PaymentFacts } & TextProps) {
  const intl = useIntl();
  const money = (amount: number) => formatMoney(amount, payment.currency, intl.locale);
  return (
    <Text {...text}>
      {intl.formatMessage(
        { id: 'payment.summary' },
        { price: money(payment.amount), state: stateOf(payment), reason: payment.refundFailure ?? '', refunded: money(payment.refundedAmount) },
      )}
    </Text>
  );
}
