// Live pages through Realtime (Broadcast from Database): a message on a topic says "what this page
// shows changed", so the queries that show it are fetched again. After a reconnect everything is
// fetched again too: messages sent while the connection was down never arrive.
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Socket } from '@supabase/phoenix';
import { useEffect } from 'react';
import { supabaseAnonKey, supabaseUrl } from './env.ts';

interface Listener {
  onMessage(): void;
  /** `first`: the channel's first join; a later one follows a reconnect. */
  onJoined(first: boolean): void;
}

/** What a joined channel needs from the topic: its listeners, told of each broadcast and each join. */
interface Handlers {
  onMessage(): void;
  onJoined(): void;
}

/** Leaves the channel; resolves once Realtime confirmed (or the leave timed out). */
type Leave = () => Promise<unknown>;

let guestSocket: Promise<Socket> | undefined;

/**
 * Guests' topics (a booking page's slots) through the Phoenix client that realtime-js itself wraps,
 * loaded when a page first listens: a guest's page carries neither supabase-js nor realtime-js
 * (7 KiB gzipped instead of 16). The join asks for what realtime-js asks for a private broadcast
 * channel with the anon key as its token (docs/realtime.md): the database alone sends on it, where a
 * public channel would carry any client's broadcasts.
 */
async function openGuest(topic: string, handlers: Handlers): Promise<Leave> {
  guestSocket ??= import('@supabase/phoenix').then(({ Socket }) => {
    // Protocol 1.0.0, JSON frames both ways (realtime-js's own choice for it): 2.0.0 sends
    // broadcasts as Realtime's binary frames, which only realtime-js's serializer reads.
    const socket = new Socket(`${supabaseUrl.replace(/^http/, 'ws')}/realtime/v1`, {
      params: { apikey: supabaseAnonKey },
      vsn: '1.0.0',
      encode: (message, callback) => callback(JSON.stringify(message)),
      decode: (raw, callback) => callback(JSON.parse(raw as string)),
    });
    socket.connect();
    return socket;
  });
  const socket = await guestSocket;
  const channel = socket.channel(`realtime:${topic}`, {
    config: { broadcast: { ack: false, self: false }, presence: { key: '', enabled: false }, postgres_changes: [], private: true },
    access_token: supabaseAnonKey,
  });
  channel.on('broadcast', handlers.onMessage);
  // Phoenix keeps this hook for the rejoins after a reconnect too.
  channel.join().receive('ok', handlers.onJoined);
  return () => new Promise((resolve) => channel.leave().receive('ok', resolve).receive('timeout', resolve));
}

/** A signed-in user's own topic through supabase-js, authorised with their token, set before the join. */
async function openSignedIn(topic: string, handlers: Handlers): Promise<Leave> {
  const { supabase } = await import('./supabase.ts');
  await supabase.realtime.setAuth();
  const channel = supabase.realtime
    .channel(topic, { config: { private: true } })
    .on('broadcast', { event: '*' }, handlers.onMessage)
    .subscribe((status) => {
      if (status === 'SUBSCRIBED') handlers.onJoined();
    });
  return () => supabase.realtime.removeChannel(channel);
}

interface SharedTopic {
  listeners: Set<Listener>;
  /** Resolves to the leave of the joined channel. */
  channel: Promise<Leave>;
  /** A pending leave, set while no listener is left: a page that listens again soon keeps the channel. */
  lingering?: ReturnType<typeof setTimeout>;
}

// One channel per topic, shared by every page that listens to it: realtime-js hands out the channel
// it already holds for a topic (and Realtime ends the first of two joins of a topic on one socket),
// so the first page to leave would end it for both (the dashboard's leave, the bookings list's).
const topics = new Map<string, SharedTopic>();
/** Leaves in flight: a new channel for the topic waits for the old one to be gone from the client. */
const leaving = new Map<string, Promise<unknown>>();
/** How long a channel without listeners stays joined: moving between two live pages keeps it. */
const LINGER_MS = 1_000;

function listen(topic: string, signedIn: boolean, listener: Listener): () => void {
  const key = `${signedIn ? 'user' : 'guest'}:${topic}`;
  let shared = topics.get(key);
  if (!shared) {
    const listeners = new Set<Listener>();
    const previous = leaving.get(key) ?? Promise.resolve();
    let joins = 0;
    const handlers: Handlers = {
      onMessage: () => listeners.forEach((l) => l.onMessage()),
      onJoined: () => {
        const first = joins++ === 0;
        listeners.forEach((l) => l.onJoined(first));
      },
    };
    const opened: SharedTopic = { listeners, channel: previous.then(() => (signedIn ? openSignedIn : openGuest)(topic, handlers)) };
    // A channel that could not be opened (its client failed to load) is forgotten: the next page to listen tries again.
    opened.channel.catch(() => {
      if (topics.get(key) === opened) topics.delete(key);
    });
    shared = opened;
    topics.set(key, shared);
  }
  clearTimeout(shared.lingering);
  shared.listeners.add(listener);
  const entry = shared;
  return () => {
    entry.listeners.delete(listener);
    if (entry.listeners.size > 0) return;
    entry.lingering = setTimeout(() => {
      if (topics.get(key) === entry) topics.delete(key);
      const left = entry.channel.then((leave) => leave()).catch(() => {});
      leaving.set(key, left);
      void left.then(() => {
        if (leaving.get(key) === left) leaving.delete(key);
      });
    }, LINGER_MS);
  };
}

/**
 * Ends every channel and the guests' socket now, lingering leaves included: for a test environment
 * about to be torn down, where a leave or heartbeat answered later would reach a page that is gone.
 */
export async function disconnectRealtime(): Promise<void> {
  for (const shared of topics.values()) clearTimeout(shared.lingering);
  topics.clear();
  leaving.clear();
  const socket = await guestSocket?.catch(() => undefined);
  guestSocket = undefined;
  socket?.disconnect();
  const { supabase } = await import('./supabase.ts');
  supabase.realtime.disconnect();
}

/**
 * Fetches `queryKeys` again on each message of `topic`. Every topic is a private channel (RLS on
 * realtime.messages decides who hears it, and only the database sends); `signedIn` topics are joined
 * with the user's token through supabase-js, the others (a guest's page) with the anon key.
 */
export function useRefetchOnBroadcast(topic: string | null, queryKeys: readonly QueryKey[], options: { signedIn?: boolean } = {}): void {
  const queryClient = useQueryClient();
  const signedIn = Boolean(options.signedIn);
  // One string, so callers may pass a fresh array each render without resubscribing.
  const keys = JSON.stringify(queryKeys);
  useEffect(() => {
    if (!topic) return;
    const refetch = () => {
      for (const queryKey of JSON.parse(keys) as QueryKey[]) void queryClient.invalidateQueries({ queryKey });
    };
    return listen(topic, signedIn, {
      onMessage: refetch,
      // A guest's topic is joined once Realtime's client has loaded, after the page first asked for
      // its data: what changed meanwhile is fetched again (a 304 when nothing did). After a
      // reconnect, every page fetches again.
      onJoined: (first) => {
        if (!first || !signedIn) refetch();
      },
    });
  }, [topic, keys, signedIn, queryClient]);
}
