// Realtime in component tests: pages that listen for live updates open a socket; msw takes it and
// answers joins and heartbeats the way Realtime does (vsn 2.0.0 JSON frames), so nothing reaches the
// network. Live updates themselves are tested against the real service (web/e2e/realtime.test.ts).
import { ws } from 'msw';
import { supabaseUrl } from '../lib/supabase.ts';

// The socket URL carries the apikey and vsn as query parameters.
const socket = ws.link(new RegExp(`^${supabaseUrl.replace(/^http/, 'ws')}/realtime/v1/websocket`));

export const realtimeStandIn = socket.addEventListener('connection', ({ client }) => {
  client.addEventListener('message', (event) => {
    if (typeof event.data !== 'string') return;
    const [joinRef, ref, topic, name] = JSON.parse(event.data) as [string | null, string | null, string, string];
    if (name === 'phx_join' || name === 'heartbeat' || name === 'phx_leave') {
      client.send(JSON.stringify([joinRef, ref, topic, 'phx_reply', { status: 'ok', response: { postgres_changes: [] } }]));
    }
  });
});
