// Live pages through Realtime (Broadcast from Database): a message on a topic says "what this page
// shows changed", so the queries that show it are fetched again. After a reconnect everything is
// fetched again too: messages sent while the connection was down never arrive.
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { useEffect } from 'react';
import { supabase } from './supabase.ts';

export function useRefetchOnBroadcast(topic: string | null, queryKeys: readonly QueryKey[], options: { private?: boolean } = {}): void {
  const queryClient = useQueryClient();
  const isPrivate = Boolean(options.private);
  // One string, so callers may pass a fresh array each render without resubscribing.
  const keys = JSON.stringify(queryKeys);
  useEffect(() => {
    if (!topic) return;
    const refetch = () => {
      for (const queryKey of JSON.parse(keys) as QueryKey[]) void queryClient.invalidateQueries({ queryKey });
    };
    let channel: RealtimeChannel | undefined;
    let stopped = false;
    let joined = false;
    // A private channel is authorised with the user's token, which must reach Realtime before the join.
    void (isPrivate ? supabase.realtime.setAuth() : Promise.resolve()).then(() => {
      if (stopped) return;
      channel = supabase
        .channel(topic, { config: { private: isPrivate } })
        .on('broadcast', { event: '*' }, refetch)
        .subscribe((status) => {
          if (status !== 'SUBSCRIBED') return;
          if (joined) refetch();
          joined = true;
        });
    });
    return () => {
      stopped = true;
      if (channel) void supabase.removeChannel(channel);
    };
  }, [topic, keys, isPrivate, queryClient]);
}
