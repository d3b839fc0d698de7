// The host's Stripe account, for payments: connect (Connect OAuth at Stripe, back here to finish), see
// what the account said of itself (email, country, currency, whether it can take payments or what
// Stripe still asks for), disconnect (with a confirm).
import { Text } from '@chakra-ui/react';
import { CreditCard } from 'lucide-react';
import { useIntl, type IntlShape } from 'react-intl';
import { AccountConnect } from './AccountConnect.tsx';
import { stripeAccount, type StripeConnection } from './hooks/stripe.ts';

export const STRIPE_SECTION_ID = 'payments';

/** Stripe's requirement names (`external_account`, `individual.verification.document`) as words. */
const requirement = (name: string) => name.replace(/[._]+/g, ' ');

function readiness(account: StripeConnection, intl: IntlShape): string {
  if (account.charges_enabled) return intl.formatMessage({ id: 'accounts.stripe.ready' });
  if (account.requirements.length === 0) return intl.formatMessage({ id: 'accounts.stripe.notEnabled' });
  return intl.formatMessage({ id: 'accounts.stripe.needs' }, { needs: intl.formatList(account.requirements.map(requirement), { type: 'unit', style: 'short' }) });
}

function StripeDetails({ account }: { account: StripeConnection }) {
  const intl = useIntl();
  const region = account.country && intl.formatDisplayName(account.country, { type: 'region' });
  const facts = [account.email, region, account.default_currency?.toUpperCase()].filter(Boolean);
  return (
    <>
      {facts.length ? <Text fontSize="sm">{facts.join(' · ')}</Text> : null}
      <Text fontSize="sm" color={account.charges_enabled ? 'green.fg' : 'orange.fg'}>
        {readiness(account, intl)}
      </Text>
    </>
  );
}

export function StripeConnect() {
  const intl = useIntl();
  return (
    <AccountConnect
      account={stripeAccount}
      id={STRIPE_SECTION_ID}
      heading={intl.formatMessage({ id: 'accounts.stripe.heading' })}
      icon={<CreditCard aria-hidden />}
      details={(account) => <StripeDetails account={account} />}
    />
  );
}
