// Live pages through Realtime (Broadcast from Database): a message on a topic says "what this page
// shows changed", so the queries that show it are fetched again. After a reconnect everything is
// fetched again too: messages sent while the connection was down never arrive.
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { RealtimeClient } from '@supabase/realtime-js';
import { useEffect } from 'react';
import { supabaseAnonKey, supabaseUrl } from './env.ts';

interface Channel {
  /** Leaves the topic. */
  leave(): void;
}

let guestClient: Promise<RealtimeClient> | undefined;

/**
 * Public topics (a booking page's slots) through Realtime's own client, loaded when a page first
 * listens: a guest's page carries neither supabase-js nor the Realtime client in its first load.
 */
function publicClient(): Promise<RealtimeClient> {
  guestClient ??= import('@supabase/realtime-js').then(
    ({ RealtimeClient }) => new RealtimeClient(`${supabaseUrl.replace(/^http/, 'ws')}/realtime/v1`, { params: { apikey: supabaseAnonKey } }),
  );
  return guestClient;
}

/** The client for a topic: a private channel is authorised with the user's token, set before the join. */
async function clientFor(isPrivate: boolean): Promise<RealtimeClient> {
  if (!isPrivate) return publicClient();
  const { supabase } = await import('./supabase.ts');
  await supabase.realtime.setAuth();
  return supabase.realtime;
}

async function join(topic: string, isPrivate: boolean, onMessage: () => void, onJoined: () => void): Promise<Channel> {
  const client = await clientFor(isPrivate);
  const channel = client
    .channel(topic, { config: { private: isPrivate } })
    .on('broadcast', { event: '*' }, onMessage)
    .subscribe((status) => {
      if (status === 'SUBSCRIBED') onJoined();
    });
  return { leave: () => void client.removeChannel(channel) };
}

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
    let channel: Channel | undefined;
    let stopped = false;
    let joined = false;
    void join(topic, isPrivate, refetch, () => {
      // A public topic is joined once Realtime's client has loaded, after the page first asked for
      // its data: what changed meanwhile is fetched again (a 304 when nothing did).
      if (joined || !isPrivate) refetch();
      joined = true;
    }).then((joinedChannel) => {
      if (stopped) joinedChannel.leave();
      else channel = joinedChannel;
    });
    return () => {
      stopped = true;
      channel?.leave();
    };
  }, [topic, keys, isPrivate, queryClient]);
}
