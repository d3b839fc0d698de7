// A host's account at an OAuth provider (Zoom, Stripe): read through supabase-js (RLS; a column grant
// leaves the sealed tokens out), connected through the `calendars` function's consent round trip,
// disconnected by deleting the row (the policy decides; the database queues what follows).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api.ts';
import { supabase } from '../../../lib/supabase.ts';
import { useCurrentUser, useUserQuery } from '../../../lib/session.ts';
import { notify, notifyError } from '../../../lib/toaster.ts';
import { useIntl } from 'react-intl';
import { refusalWords } from '../../../i18n/ruleWords.ts';
import { consentFinish, consentStart, type ConsentProvider } from './consent.ts';

/** What every provider's account row has. */
export interface AccountConnection {
  connected_at: string;
}

export interface AccountHooksOptions {
  provider: Extract<ConsentProvider, 'zoom' | 'stripe'>;
  /** The provider's name in the toasts and in the account's block ("Connect Stripe"). */
  name: string;
  columns: string;
  /** The finish's error when the host said no at the provider. */
  refusal: string;
}

/** A provider's account: its provider and name, and the hooks that read, connect and disconnect it. */
export function accountHooks<T extends AccountConnection = AccountConnection>({ provider, name, columns, refusal }: AccountHooksOptions) {
  const table = `${provider}_connections` as const;
  const key = [`${provider}-connection`];
  return {
    provider,
    name,
    /** The host's account, or null when it is not connected. */
    useConnection: () =>
      useUserQuery(key, async (userId) => unwrap(await supabase.from(table).select(columns).eq('user_id', userId).maybeSingle()) as T | null),
    // The block says why a start or finish failed (AccountConnect.tsx).
    useStart: () => useMutation(consentStart(provider)),
    useFinish: () => {
      const queryClient = useQueryClient();
      const intl = useIntl();
      return useMutation({
        mutationFn: consentFinish<{ connected: boolean }>(provider, refusal),
        onSuccess: () => {
          void queryClient.invalidateQueries({ queryKey: key });
          notify(intl.formatMessage({ id: 'accounts.toast.connected' }, { name }));
        },
      });
    },
    useDisconnect: () => {
      const queryClient = useQueryClient();
      const { data: user } = useCurrentUser();
      const intl = useIntl();
      return useMutation({
        mutationFn: async () => unwrap(await supabase.from(table).delete().eq('user_id', user!.id)),
        onSuccess: () => {
          void queryClient.invalidateQueries({ queryKey: key });
          notify(intl.formatMessage({ id: 'accounts.toast.disconnected' }, { name }));
        },
        onError: (error) => notifyError(intl.formatMessage({ id: 'accounts.toast.disconnectFailed' }, { name }), refusalWords(intl, error)),
      });
    },
  };
}

export type AccountHooks<T extends AccountConnection> = ReturnType<typeof accountHooks<T>>;
