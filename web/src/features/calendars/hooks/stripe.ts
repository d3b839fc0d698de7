// The host's Stripe account (hooks/accounts.ts): where the payments of their bookings will go.
import { accountHooks, type AccountConnection } from './accounts.ts';

export interface StripeConnection extends AccountConnection {
  account_id: string;
  email: string | null;
  country: string | null;
  default_currency: string | null;
  charges_enabled: boolean;
  /** What Stripe still asks of the account before it can take payments (requirements.currently_due). */
  requirements: string[];
}

export const stripeAccount = accountHooks<StripeConnection>({
  provider: 'stripe',
  name: 'Stripe',
  columns: 'account_id, email, country, default_currency, charges_enabled, requirements, connected_at',
  refusal: 'Stripe was not connected: the Stripe account did not allow Kairos to take payments.',
});
