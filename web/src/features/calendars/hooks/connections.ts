// Calendar connections: listed through supabase-js (RLS), connected and synced through the `calendars` function.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { callFunction, unwrap } from '../../../lib/api.ts';
import type { RuleMessage } from '../../../lib/shared.ts';
import { supabase } from '../../../lib/supabase.ts';
import { notify, notifyError } from '../../../lib/toaster.ts';
import { keptWords, refusalWords, useRefusalWords } from '../../../i18n/ruleWords.ts';
import { useSay } from '../../../i18n/useSay.ts';

export interface CalendarSource {
  id: number;
  name: string;
  color: string | null;
  checks_conflicts: boolean;
  can_write: boolean;
  receives_bookings: boolean;
}

export interface CalendarConnection {
  id: number;
  provider: 'caldav' | 'ics' | 'google';
  label: string;
  server_url: string | null;
  username: string | null;
  status: 'ok' | 'error';
  last_error: string | null;
  last_error_rule: RuleMessage | null;
  last_synced_at: string | null;
  calendar_sources: CalendarSource[];
}

export type ConnectInput =
  | { provider: 'caldav'; serverUrl: string; username: string; password: string }
  | { provider: 'ics'; url: string };

export const KEY = ['calendar-connections'];

export function useConnections() {
  return useQuery({
    queryKey: KEY,
    queryFn: async () =>
      unwrap(
        await supabase
          .from('calendar_connections')
          .select('id, provider, label, server_url, username, status, last_error, last_error_rule, last_synced_at, calendar_sources(id, name, color, checks_conflicts, can_write, receives_bookings)')
          .order('created_at')
          .order('id', { referencedTable: 'calendar_sources' }),
      ) as CalendarConnection[],
  });
}

export function useProviders() {
  return useQuery({ queryKey: ['calendar-providers'], queryFn: () => callFunction<{ google: boolean; zoom: boolean; stripe: boolean }>('calendars/providers'), staleTime: Infinity });
}

/** Lists the connections again after a change. */
export function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: KEY });
}

export function useConnect(onDone: () => void) {
  const refresh = useRefresh();
  const say = useSay();
  return useMutation({
    mutationFn: (input: ConnectInput) => callFunction<{ id: number; synced: boolean }>('calendars/connections', { method: 'POST', body: input }),
    onSuccess: () => {
      refresh();
      notify(say('calendars.toast.connected'));
      onDone();
    },
    // The form says why, at the address (CalendarsSection.tsx).
  });
}

export function useSyncNow() {
  const refresh = useRefresh();
  const say = useSay();
  const intl = useIntl();
  return useMutation({
    mutationFn: (id: number) => callFunction<{ synced: boolean; error: string | null; errorRule: RuleMessage | null }>(`calendars/connections/${id}/sync`, { method: 'POST' }),
    onSuccess: (result) => {
      refresh();
      if (result.synced) notify(say('calendars.toast.synced'));
      else notifyError(say('calendars.toast.notSynced'), keptWords(intl, result.errorRule, result.error) ?? undefined);
    },
    onError: (error) => notifyError(say('calendars.toast.notSynced'), refusalWords(intl, error)),
  });
}

export function useRemoveConnection() {
  const refresh = useRefresh();
  const say = useSay();
  const refusal = useRefusalWords();
  return useMutation({
    mutationFn: async (id: number) => unwrap(await supabase.from('calendar_connections').delete().eq('id', id)),
    onSuccess: () => {
      refresh();
      notify(say('calendars.toast.removed'));
    },
    onError: (error) => notifyError(say('bookings.toast.error'), refusal(error)),
  });
}
