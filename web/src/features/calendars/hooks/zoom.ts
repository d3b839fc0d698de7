// The host's Zoom account: read through supabase-js (RLS; a column grant leaves the sealed tokens
// out), connected by OAuth through the `calendars` function, disconnected by deleting the row.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serverMessage, unwrap } from '../../../lib/api.ts';
import { supabase } from '../../../lib/supabase.ts';
import { useCurrentUser, useUserQuery } from '../../../lib/session.ts';
import { notify, notifyError } from '../../../lib/toaster.ts';
import { consentFinish, consentStart } from './consent.ts';

const KEY = ['zoom-connection'];

export interface ZoomConnection {
  connected_at: string;
}

/** The host's Zoom connection, or null when Zoom is not connected. */
export function useZoomConnection() {
  return useUserQuery(
    KEY,
    async (userId) => unwrap(await supabase.from('zoom_connections').select('connected_at').eq('user_id', userId).maybeSingle()) as ZoomConnection | null,
  );
}

export function useStartZoom() {
  // The Zoom block says why it failed (ZoomConnect.tsx).
  return useMutation(consentStart('zoom'));
}

export function useFinishZoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: consentFinish<{ connected: boolean }>('zoom', 'Zoom was not connected: the Zoom account did not allow Kairos to create meetings.'),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: KEY });
      notify('Zoom connected');
    },
    // The Zoom block says why (ZoomConnect.tsx).
  });
}

export function useDisconnectZoom() {
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  return useMutation({
    mutationFn: async () => unwrap(await supabase.from('zoom_connections').delete().eq('user_id', user!.id)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: KEY });
      notify('Zoom disconnected');
    },
    onError: (error) => notifyError('Could not disconnect Zoom', serverMessage(error)),
  });
}
