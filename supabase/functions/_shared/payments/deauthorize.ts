// The outbox's 'stripe_deauthorize' deliveries: a host disconnected their Stripe account (the
// stripe_connections trigger, payments migration), so the platform gives up its access at Stripe.
// Asked again at delivery time: a host who connected the account since keeps it.
import type { SupabaseClient } from '@supabase/supabase-js';
import { PermanentError } from '../outbox/worker.ts';
import type { StripeConnect } from './stripe.ts';

export interface DeauthorizeDeps {
  db: SupabaseClient;
  /** The project's Stripe platform; null where its secrets name none. */
  stripe: StripeConnect | null;
}

export function stripeDeauthorizeHandler(deps: DeauthorizeDeps) {
  return async (row: { payload: unknown }): Promise<void> => {
    const { accountId } = row.payload as { accountId: string };
    if (!deps.stripe) throw new PermanentError('Stripe is not configured on this project');
    const held = await deps.db.from('stripe_connections').select('user_id').eq('account_id', accountId).limit(1);
    if (held.error) throw new Error(held.error.message);
    if (held.data.length > 0) return;
    await deps.stripe.deauthorize(accountId);
  };
}
