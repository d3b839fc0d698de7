// Pages listening to one topic share its channel: a page that leaves (the dashboard, on the way to
// the bookings list) does not end the channel for the page that replaced it.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import type { WebSocketHandlerConnection } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { broadcastFrame, readFrame, realtimeSocket, vsnOf } from '../test/realtime.ts';
import { server } from '../test/server.ts';
import { supabaseAnonKey } from './env.ts';
import { useRefetchOnBroadcast } from './realtime.ts';

const TOPIC = 'slots:event_type:shared-channel-test';

/** The sockets the page opened, to push a broadcast down them as Realtime would. */
let sockets: WebSocketHandlerConnection['client'][] = [];
/** The topics joined and left, in order. */
let frames: string[] = [];
/** The payloads of the joins. */
let joins: unknown[] = [];

afterEach(() => {
  sockets = [];
  frames = [];
  joins = [];
});

function broadcast() {
  for (const client of sockets) client.send(broadcastFrame(TOPIC, 'busy_changed', vsnOf(client.url)));
}

function LivePage({ name, fetched }: { name: string; fetched: string[] }) {
  useQuery({
    queryKey: ['live', name],
    queryFn: () => {
      fetched.push(name);
      return fetched.length;
    },
  });
  useRefetchOnBroadcast(TOPIC, [['live', name]]);
  return <p>{name}</p>;
}

describe('useRefetchOnBroadcast', () => {
  it('keeps the topic live for the page that replaces another listening to it', async () => {
    server.use(
      realtimeSocket.addEventListener('connection', ({ client }) => {
        sockets.push(client);
        client.addEventListener('message', (event) => {
          if (typeof event.data !== 'string') return;
          const { topic, event: name, payload } = readFrame(event.data, vsnOf(client.url));
          if (name === 'phx_join' || name === 'phx_leave') frames.push(`${name} ${topic}`);
          if (name === 'phx_join') joins.push(payload);
        });
      }),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const fetched: string[] = [];
    const view = render(
      <QueryClientProvider client={queryClient}>
        <LivePage key="dashboard" name="dashboard" fetched={fetched} />
      </QueryClientProvider>,
    );
    // Joined, and the page's data fetched again once (what changed before the join).
    await waitFor(() => expect(frames).toEqual([`phx_join realtime:${TOPIC}`]));
    await waitFor(() => expect(fetched.filter((n) => n === 'dashboard')).toHaveLength(2));
    // A private channel, with the anon key as its token: only the database sends on it (docs/realtime.md).
    expect(joins).toEqual([expect.objectContaining({ config: expect.objectContaining({ private: true }), access_token: supabaseAnonKey })]);

    // The dashboard goes and the bookings list comes, in one render.
    view.rerender(
      <QueryClientProvider client={queryClient}>
        <LivePage key="bookings" name="bookings" fetched={fetched} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(fetched).toContain('bookings'));
    const before = fetched.filter((n) => n === 'bookings').length;
    broadcast();
    await waitFor(() => expect(fetched.filter((n) => n === 'bookings')).toHaveLength(before + 1));
    // One channel served both pages: never left, never joined twice.
    expect(frames).toEqual([`phx_join realtime:${TOPIC}`]);

    // With no page listening, the channel is left.
    view.unmount();
    await waitFor(() => expect(frames).toEqual([`phx_join realtime:${TOPIC}`, `phx_leave realtime:${TOPIC}`]));
  });
});
