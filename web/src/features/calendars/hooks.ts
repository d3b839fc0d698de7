// Calendar connections: listed through supabase-js (RLS), connected and synced through the `calendars` function.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction, serverMessage, unwrap } from '../../lib/api.ts';
import { supabase } from '../../lib/supabase.ts';
import { notify, notifyError } from '../../lib/toaster.ts';

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
  last_synced_at: string | null;
  calendar_sources: CalendarSource[];
}

export type ConnectInput =
  | { provider: 'caldav'; serverUrl: string; username: string; password: string }
  | { provider: 'ics'; url: string };

const KEY = ['calendar-connections'];

export function useConnections() {
  return useQuery({
    queryKey: KEY,
    queryFn: async () =>
      unwrap(
        await supabase
          .from('calendar_connections')
          .select('id, provider, label, server_url, username, status, last_error, last_synced_at, calendar_sources(id, name, color, checks_conflicts, can_write, receives_bookings)')
          .order('created_at')
          .order('id', { referencedTable: 'calendar_sources' }),
      ) as CalendarConnection[],
  });
}

export function useProviders() {
  return useQuery({ queryKey: ['calendar-providers'], queryFn: () => callFunction<{ google: boolean }>('calendars/providers'), staleTime: Infinity });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: KEY });
}

export function useConnect(onDone: () => void) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: ConnectInput) => callFunction<{ id: number; synced: boolean }>('calendars/connections', { method: 'POST', body: input }),
    onSuccess: () => {
      refresh();
      notify('Calendar connected');
      onDone();
    },
    // The form says why, at the address (CalendarsSection.tsx).
  });
}

export function useSyncNow() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => callFunction<{ synced: boolean; error: string | null }>(`calendars/connections/${id}/sync`, { method: 'POST' }),
    onSuccess: (result) => {
      refresh();
      if (result.synced) notify('Calendar synced');
      else notifyError('Calendar not synced', result.error ?? undefined);
    },
    onError: (error) => notifyError('Calendar not synced', serverMessage(error)),
  });
}

export function useRemoveConnection() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: number) => unwrap(await supabase.from('calendar_connections').delete().eq('id', id)),
    onSuccess: () => {
      refresh();
      notify('Calendar removed');
    },
    onError: (error) => notifyError('Error', serverMessage(error)),
  });
}

export function useCheckConflicts() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, checks }: { id: number; checks: boolean }) =>
      unwrap(await supabase.from('calendar_sources').update({ checks_conflicts: checks }).eq('id', id)),
    onSuccess: refresh,
    onError: (error) => notifyError('Error', serverMessage(error)),
  });
}

export function useBookingCalendar() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (sourceId: number | null) => unwrap(await supabase.rpc('set_booking_calendar', { p_source_id: sourceId as number })),
    onSuccess: () => {
      refresh();
      notify('Booking calendar updated');
    },
    onError: (error) => notifyError('Error', serverMessage(error)),
  });
}

export function useFeedCreatedAt() {
  return useQuery({ queryKey: ['calendar-feed'], queryFn: async () => unwrap(await supabase.rpc('calendar_feed_created_at')) as string | null });
}

/** A new secret feed address; the previous one stops working. */
export function useRegenerateFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await supabase.rpc('regenerate_calendar_feed')) as string,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['calendar-feed'] }),
    onError: (error) => notifyError('Error', serverMessage(error)),
  });
}

/** Where Google sends the host back after consent: this page, which finishes the connection. */
export const googleReturnUri = () => `${window.location.origin}/availability`;

export function useStartGoogle() {
  return useMutation({
    mutationFn: () => callFunction<{ url: string }>('calendars/google/start', { method: 'POST', body: { redirectUri: googleReturnUri() } }),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => notifyError('Could not connect the calendar', serverMessage(error)),
  });
}

export function useFinishGoogle() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { code: string; state: string }) =>
      callFunction<{ id: number }>('calendars/google/connect', { method: 'POST', body: { ...input, redirectUri: googleReturnUri() } }),
    onSuccess: () => {
      refresh();
      notify('Calendar connected');
    },
    onError: (error) => notifyError('Could not connect the calendar', serverMessage(error)),
  });
}
