import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/server.ts';
import { api, renderRoute, rpc, USER_ID } from '../../test/utils.tsx';

const hardNavigate = vi.hoisted(() => vi.fn());
vi.mock('../../lib/navigation.ts', () => ({ hardNavigate }));
afterEach(() => hardNavigate.mockReset());

const DAY = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
const START = `${DAY}T10:00:00.000Z`;
const END = `${DAY}T10:30:00.000Z`;

describe('booking a paid event type', () => {
  it('sends the guest to Stripe\'s Checkout page the bookings function answers with', async () => {
    server.use(
      rpc('public_event_type', [{
        id: 5, user_id: USER_ID, title: 'Strategy Call', description: null, duration: 30, color: '#10b981', auto_confirm: true, price_cents: 1999, currency: 'usd',
        host_handle: 'ada', host_first_name: 'Ada', host_last_name: 'Host', host_profile_image_url: null, host_timezone: 'UTC', host_title: null,
        host_company: null, locations: [], questions: [], guest_fields: { phone: 'hidden', company: 'hidden', notes: 'hidden' },
      }]),
      http.get(api('/functions/v1/slots'), () =>
        HttpResponse.json({ timeZone: 'UTC', hostTimeZone: 'UTC', duration: 30, slots: [{ start: START, end: END, date: DAY, label: '10:00 AM' }] }),
      ),
      http.post(api('/functions/v1/bookings'), () =>
        HttpResponse.json({ id: 1, uid: 'b-uid', status: 'awaiting_payment', startTime: START, endTime: END, manageToken: 'tok', checkoutUrl: 'https://checkout.stripe.test/c/pay/cs_1' }, { status: 201 }),
      ),
    );
    renderRoute(`/book/5?date=${DAY}&tz=UTC`);
    const user = userEvent.setup();
    expect(await screen.findByText('$19.99')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /10:00/ }));
    await user.type(screen.getByLabelText('Full Name'), 'Grace Guest');
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.click(screen.getByRole('button', { name: /Book/ }));
    await vi.waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_1'));
    expect(screen.queryByText(/confirmed/i)).toBeNull();
  });
});
