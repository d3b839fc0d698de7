// Realtime in component tests: pages that listen for live updates open a socket; msw takes it and
// answers joins, heartbeats and leaves the way Realtime does, in the protocol the socket asked for
// (1.0.0 as a guest's page speaks it, 2.0.0 as realtime-js does), with the local Realtime's own frame
// codec, so nothing reaches the network. Live updates themselves are tested against the real service
// (web/e2e/realtime.test.ts).
import { ws } from 'msw';
import { supabaseUrl } from '../lib/supabase.ts';
import { decodeFrame, encodeBroadcast, encodeFrame, type Frame, type Vsn } from '../../../scripts/local/realtime/protocol.ts';

// The socket URL carries the apikey and vsn as query parameters.
export const realtimeSocket = ws.link(new RegExp(`^${supabaseUrl.replace(/^http/, 'ws')}/realtime/v1/websocket`));

/** The protocol a socket asked for (Realtime's default when it names none is 1.0.0). */
export const vsnOf = (url: URL): Vsn => (url.searchParams.get('vsn') === '2.0.0' ? '2.0.0' : '1.0.0');

/** A client's text frame. */
export const readFrame = (data: string, vsn: Vsn): Frame => decodeFrame(data, false, vsn);

/** A broadcast on `topic` as Realtime pushes it to a socket of protocol `vsn` (a binary frame on 2.0.0). */
export function broadcastFrame(topic: string, event: string, vsn: Vsn) {
  return encodeBroadcast(`realtime:${topic}`, { event, payload: {} }, vsn)!;
}

export const realtimeStandIn = realtimeSocket.addEventListener('connection', ({ client }) => {
  const vsn = vsnOf(client.url);
  client.addEventListener('message', (event) => {
    if (typeof event.data !== 'string') return;
    const frame = readFrame(event.data, vsn);
    if (frame.event === 'phx_join' || frame.event === 'heartbeat' || frame.event === 'phx_leave') {
      const reply = { status: 'ok', response: { postgres_changes: [] } };
      client.send(encodeFrame({ joinRef: frame.joinRef, ref: frame.ref, topic: frame.topic, event: 'phx_reply', payload: reply }, vsn));
    }
  });
});
