// Live pages through Realtime (Broadcast from Database): a message on a topic says "what this page
// shows changed", so the queries that show it are fetched again. After a reconnect everything is
// fetched again too: messages sent while the connection was down never arrive.
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { RealtimeClient } from '@supabase/realtime-js';
import { useEffect } from 'react';
import { supabaseAnonKey, supabaseUrl } from './env.ts';

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

interface Listener {
  onMessage(): void;
  /** `first`: the channel's first join; a later one follows a reconnect. */
  onJoined(first: boolean): void;
}

interface SharedTopic {
  listeners: Set<Listener>;
  /** Resolves to the leave of the joined channel. */
  channel: Promise<() => Promise<unknown>>;
  /** A pending leave, set while no listener is left: a page that listens again soon keeps the channel. */
  lingering?: ReturnType<typeof setTimeout>;
}

// One channel per topic, shared by every page that listens to it. Realtime's client hands out the
// channel it already holds for a topic, so two pages joining one topic would share one channel and
// the first to leave would end it for both (the dashboard's leave ending the bookings list's).
const topics = new Map<string, SharedTopic>();
/** Leaves in flight: a new channel for the topic waits for the old one to be gone from the client. */
const leaving = new Map<string, Promise<unknown>>();
/** How long a channel without listeners stays joined: moving between two live pages keeps it. */
const LINGER_MS = 1_000;

async function open(topic: string, isPrivate: boolean, shared: Pick<SharedTopic, 'listeners'>): Promise<() => Promise<unknown>> {
  const client = await clientFor(isPrivate);
  let joins = 0;
  const channel = client
    .channel(topic, { config: { private: isPrivate } })
    .on('broadcast', { event: '*' }, () => shared.listeners.forEach((l) => l.onMessage()))
    .subscribe((status) => {
      if (status === 'SUBSCRIBED') {
        const first = joins++ === 0;
        shared.listeners.forEach((l) => l.onJoined(first));
      }
    });
  return () => client.removeChannel(channel);
}

function listen(topic: string, isPrivate: boolean, listener: Listener): () => void {
  const key = `${isPrivate ? 'private' : 'public'}:${topic}`;
  let shared = topics.get(key);
  if (!shared) {
    const listeners = new Set<Listener>();
    const previous = leaving.get(key) ?? Promise.resolve();
    shared = { listeners, channel: previous.then(() => open(topic, isPrivate, { listeners })) };
    topics.set(key, shared);
  }
  clearTimeout(shared.lingering);
  shared.listeners.add(listener);
  const entry = shared;
  return () => {
    entry.listeners.delete(listener);
    if (entry.listeners.size > 0) return;
    entry.lingering = setTimeout(() => {
      topics.delete(key);
      const left = entry.channel.then((leave) => leave()).catch(() => {});
      leaving.set(key, left);
      void left.then(() => {
        if (leaving.get(key) === left) leaving.delete(key);
      });
    }, LINGER_MS);
  };
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
    return listen(topic, isPrivate, {
      onMessage: refetch,
      // A public topic is joined once Realtime's client has loaded, after the page first asked for
      // its data: what changed meanwhile is fetched again (a 304 when nothing did). After a
      // reconnect, every page fetches again.
      onJoined: (first) => {
        if (!first || !isPrivate) refetch();
      },
    });
  }, [topic, keys, isPrivate, queryClient]);
}
