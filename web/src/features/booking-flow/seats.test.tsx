// A group event's times on the guest's booking page: each says its seats left, on the button and in
// its accessible name, and a seat taken elsewhere (the slots topic's signal) brings the fresh count.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, format, startOfDay } from 'date-fns';
import { http, HttpResponse, type WebSocketHandlerConnection } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { broadcastFrame, readFrame, realtimeSocket, vsnOf } from '../../test/realtime.ts';
import { server } from '../../test/server.ts';
import { api, renderRoute, rpc } from '../../test/utils.tsx';
import { publicEventType } from '../../test/publicEventType.ts';
import { dateKey } from './hooks.ts';

const DAY = addDays(startOfDay(new Date()), 2);
const TOPIC = 'slots:event_type:5';

const workshop = publicEventType({ title: 'Pottery Workshop' });

function slot(hour: number, seatsLeft: number) {
  const start = new Date(Date.UTC(DAY.getFullYear(), DAY.getMonth(), DAY.getDate(), hour));
  return { start: start.toISOString(), end: new Date(start.getTime() + 30 * 60_000).toISOString(), date: dateKey(DAY), label: `${hour}:00`, seatsLeft };
}

/** The sockets the page opened (to push the slots topic's signal down them) and the topics it joined. */
let sockets: WebSocketHandlerConnection['client'][] = [];
let joined: string[] = [];
afterEach(() => {
  sockets = [];
  joined = [];
});

/** The slots function answers 10:00 with `seats.left` seats (read at each request) and 11:00 with all 3; counts its requests. */
function seatedSlots(seats: { left: number; asked: number }) {
  server.use(
    rpc('public_event_type', [workshop]),
    http.get(api('/functions/v1/slots'), () => {
      seats.asked += 1;
      const slots = [slot(10, seats.left), slot(11, 3)];
      return HttpResponse.json({ timeZone: 'UTC', duration: 30, hostTimeZone: 'UTC', slots });
    }),
    realtimeSocket.addEventListener('connection', ({ client }) => {
      sockets.push(client);
      client.addEventListener('message', (event) => {
        if (typeof event.data !== 'string') return;
        const frame = readFrame(event.data, vsnOf(client.url));
        if (frame.event === 'phx_join') joined.push(frame.topic);
      });
    }),
  );
}

const cell = () => screen.getByRole('gridcell', { name: format(DAY, 'EEEE, MMMM d, yyyy') });

describe('seats left on a group event\'s times', () => {
  it('names each time with its seats left, and updates them when the slots topic signals a seat taken', async () => {
    const seats = { left: 2, asked: 0 };
    seatedSlots(seats);
    renderRoute('/book/5');
    await screen.findByRole('heading', { name: 'Pottery Workshop' });
    const user = userEvent.setup();
    await screen.findByText(format(DAY, 'MMMM yyyy'));
    await waitFor(() => expect(cell()).toBeEnabled());
    await user.click(cell());

    const ten = await screen.findByRole('button', { name: /, 10:00 AM, 2 seats left$/ });
    expect(ten).toHaveTextContent('10:00 AM 2 seats left');
    expect(screen.getByRole('button', { name: /, 11:00 AM, 3 seats left$/ })).toHaveTextContent('3 seats left');

    // Someone else takes a seat: the database signals the slots topic, and the page asks again.
    // Joined, and asked once more on joining (what changed before it): only a signal asks again now.
    await waitFor(() => expect(joined).toContain(`realtime:${TOPIC}`));
    await waitFor(() => expect(seats.asked).toBe(2));
    seats.left = 1;
    for (const client of sockets) client.send(broadcastFrame(TOPIC, 'busy_changed', vsnOf(client.url)));
    const last = await screen.findByRole('button', { name: /, 10:00 AM, 1 seat left$/ });
    expect(last).toHaveTextContent('1 seat left');
  });
});
