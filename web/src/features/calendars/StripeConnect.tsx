// The host's Stripe account, for payments: connect (Connect OAuth at Stripe, back here to finish), see
// what the account said of itself (email, country, currency, whether it can take payments or what
// Stripe still asks for), disconnect (with a confirm).
import { Text } from '@chakra-ui/react';
import { CreditCard } from 'lucide-react';
import { AccountConnect } from './AccountConnect.tsx';
import { useDisconnectStripe, useFinishStripe, useStartStripe, useStripeConnection, type StripeConnection } from './hooks/stripe.ts';

export const STRIPE_SECTION_ID = 'payments';

const regions = new Intl.DisplayNames(['en'], { type: 'region' });

/** Stripe's requirement names (`external_account`, `individual.verification.document`) as words. */
const requirement = (name: string) => name.replace(/[._]+/g, ' ');

function readiness(account: StripeConnection): string {
  if (account.charges_enabled) return 'Can take payments';
  if (account.requirements.length === 0) return 'Cannot take payments yet: Stripe has not enabled charges on this account';
  return `Cannot take payments yet: Stripe still needs ${account.requirements.map(requirement).join(', ')}`;
}

function StripeDetails({ account }: { account: StripeConnection }) {
  const facts = [account.email, account.country && regions.of(account.country), account.default_currency?.toUpperCase()].filter(Boolean);
  return (
    <>
      {facts.length ? <Text fontSize="sm">{facts.join(' · ')}</Text> : null}
      <Text fontSize="sm" color={account.charges_enabled ? 'green.fg' : 'orange.fg'}>
        {readiness(account)}
      </Text>
    </>
  );
}

export function StripeConnect() {
  return (
    <AccountConnect
      provider="stripe"
      name="Stripe"
      id={STRIPE_SECTION_ID}
      heading="Payments"
      description="Connect the Stripe account your bookings' payments will go to. Kairos never sees card details."
      connection={useStripeConnection()}
      start={useStartStripe()}
      finish={useFinishStripe()}
      disconnect={useDisconnectStripe()}
      icon={<CreditCard aria-hidden />}
      details={(account) => <StripeDetails account={account} />}
      consequence="Kairos gives up its access to this Stripe account. You can connect it again at any time."
    />
  );
}
