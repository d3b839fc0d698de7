// Realtime in component tests: pages that listen for live updates open a socket; msw takes it and
// answers joins, heartbeats and leaves the way Realtime does, in the frame format the socket asked
// for (vsn 1.0.0 JSON objects, as a guest's page speaks; vsn 2.0.0 JSON arrays, as realtime-js
// does), so nothing reaches the network. Live updates themselves are tested against the real service
// (web/e2e/realtime.test.ts).
import { ws } from 'msw';
import { supabaseUrl } from '../lib/supabase.ts';

// The socket URL carries the apikey and vsn as query parameters.
export const realtimeSocket = ws.link(new RegExp(`^${supabaseUrl.replace(/^http/, 'ws')}/realtime/v1/websocket`));

export interface RealtimeFrame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

type Vsn = '1.0.0' | '2.0.0';

/** The protocol a socket asked for (Realtime's default when it names none is 1.0.0). */
export const vsnOf = (url: URL): Vsn => (url.searchParams.get('vsn') === '2.0.0' ? '2.0.0' : '1.0.0');

export function decodeFrame(data: string): RealtimeFrame {
  const parsed = JSON.parse(data) as unknown;
  if (Array.isArray(parsed)) {
    const [joinRef, ref, topic, event, payload] = parsed as [string | null, string | null, string, string, unknown];
    return { joinRef, ref, topic, event, payload };
  }
  const { join_ref, ref, topic, event, payload } = parsed as { join_ref: string | null; ref: string | null; topic: string; event: string; payload: unknown };
  return { joinRef: join_ref, ref, topic, event, payload };
}

export function encodeFrame(frame: RealtimeFrame, vsn: Vsn): string {
  if (vsn === '2.0.0') return JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event, frame.payload]);
  return JSON.stringify({ join_ref: frame.joinRef, ref: frame.ref, topic: frame.topic, event: frame.event, payload: frame.payload });
}

/** A broadcast on `topic` as Realtime pushes it to a socket of protocol `vsn` (JSON, on either). */
export function broadcastFrame(topic: string, event: string, vsn: Vsn): string {
  return encodeFrame({ joinRef: null, ref: null, topic: `realtime:${topic}`, event: 'broadcast', payload: { type: 'broadcast', event, payload: {} } }, vsn);
}

export const realtimeStandIn = realtimeSocket.addEventListener('connection', ({ client }) => {
  const vsn = vsnOf(client.url);
  client.addEventListener('message', (event) => {
    if (typeof event.data !== 'string') return;
    const frame = decodeFrame(event.data);
    if (frame.event === 'phx_join' || frame.event === 'heartbeat' || frame.event === 'phx_leave') {
      const reply = { status: 'ok', response: { postgres_changes: [] } };
      client.send(encodeFrame({ joinRef: frame.joinRef, ref: frame.ref, topic: frame.topic, event: 'phx_reply', payload: reply }, vsn));
    }
  });
});
