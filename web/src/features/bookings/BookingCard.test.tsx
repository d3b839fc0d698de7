// A date of a recurring series on the host's card: "Cancel this and all later" cancels it and every
// later date in one call (cancel_series_from, docs/series.md); a single booking offers no such button.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/server.ts';
import { recordBody, renderUi, signedInAs, USER_ID } from '../../test/utils.tsx';
import type { Booking } from '../../lib/types.ts';
import { BookingCard } from './BookingCard.tsx';

const start = new Date(Date.now() + 3 * 86_400_000).toISOString();
const card = (extra: Partial<Booking> = {}) =>
  ({
    id: 41,
    user_id: USER_ID,
    team_id: null,
    guest_name: 'Sam Series',
    guest_email: 'sam@example.com',
    start_time: start,
    end_time: start,
    status: 'confirmed',
    series_id: null,
    event_type: { title: 'Coaching', duration: 30 },
    ...extra,
  }) as unknown as Booking;

describe("a series' date on the host's card", () => {
  it('cancels it and every later date in one call', async () => {
    signedInAs();
    const cancel = recordBody('post', '/rest/v1/rpc/cancel_series_from', () => HttpResponse.json(null));
    server.use(cancel.handler);
    renderUi(<BookingCard booking={card({ series_id: 7 })} />, '/bookings', 'app');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel this and all later' }));
    await waitFor(() => expect(cancel.body).toEqual({ p_booking_id: 41 }));
    expect(await screen.findByText('This date and all later ones are cancelled')).toBeInTheDocument();
  });

  it('is not offered for a single booking', async () => {
    signedInAs();
    renderUi(<BookingCard booking={card()} />, '/bookings', 'app');
    expect(await screen.findByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel this and all later' })).toBeNull();
  });
});
