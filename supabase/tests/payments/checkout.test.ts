// Booking a paid event type through the bookings function, against the test stack's Stripe stand-in:
// the time is held awaiting payment and the guest is sent to a Checkout Session made on the host's
// connected account (a direct charge) for the price; if Stripe refuses, the hold ends at once and the
// next guest can book the time. The /api's booking routes, where no guest pays, refuse a paid event type.
import { describe, expect, it } from 'vitest';
import { sql, stack } from '../../../scripts/local/test-stack/harness.ts';
import { call } from '../api/client.ts';
import { at, guestBody } from '../api/fixtures.ts';
import { control, paidHost } from './fixtures.ts';

const bookingOf = (uid: string) => sql(`select id, status, hold_expires_at - created_at as hold from bookings where uid = $1`, [uid]);
const paymentOf = (bookingId: number) => sql(`select account_id, checkout_session_id, amount, currency, status from payments where booking_id = $1`, [bookingId]);

describe('booking a paid event type', () => {
  it('holds the time awaiting payment and sends the guest to a Checkout Session on the host\'s account for the price', async () => {
    const { host, account } = await paidHost(1500, 'jpy');
    const since = (await control().requests()).length;
    const res = await call('/bookings', { body: guestBody(host.eventTypeId, at(3, 10)) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: 'awaiting_payment', manageToken: expect.any(String) });
    expect(res.body.checkoutUrl).toMatch(new RegExp(`^${stack().stripe!.url}/c/pay/cs_`));
    const [booking] = await bookingOf(res.body.uid);
    expect(booking).toMatchObject({ status: 'awaiting_payment', hold: { minutes: 15 } });
    const [payment] = await paymentOf(booking.id);
    expect(payment).toMatchObject({ account_id: account, amount: 1500, currency: 'jpy', status: 'open' });

    // This host's account only: the other payment tests, running beside this one, make sessions too.
    const created = (await control().requests(since)).filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions' && r.stripeAccount === account);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ stripeAccount: account, idempotencyKey: `kairos-checkout-${res.body.uid}`, status: 200 });
    const form = new URLSearchParams(created[0].body);
    expect(Object.fromEntries([...form].filter(([k]) => k.startsWith('line_items') || ['mode', 'client_reference_id', 'customer_email'].includes(k)))).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'jpy',
      'line_items[0][price_data][unit_amount]': '1500',
      'line_items[0][price_data][product_data][name]': 'Intro call',
      client_reference_id: String(booking.id),
      customer_email: 'guest@example.com',
    });
    // Back to Kairos' return page with the guest's manage token; Stripe names the session.
    const success = new URL(form.get('success_url')!.replace('{CHECKOUT_SESSION_ID}', 'cs_x'));
    expect(success.pathname).toBe(`/booking/${res.body.uid}/payment`);
    expect(Object.fromEntries(success.searchParams)).toEqual({ token: res.body.manageToken, session: 'cs_x' });
    // Stripe's shortest session: 30 minutes (Kairos' own hold of 15 ends first and expires it).
    expect(Number(form.get('expires_at')) - Math.floor(Date.now() / 1000)).toBeGreaterThanOrEqual(30 * 60);

    // A second guest cannot take the held time.
    const second = await call('/bookings', { body: guestBody(host.eventTypeId, at(3, 10), 30, { guestEmail: 'second@example.com' }) });
    expect(second.status).toBe(409);
  });

  it('releases the time at once when Stripe refuses, keeping no payment, so the next guest books it', async () => {
    const { host, account } = await paidHost();
    await control().outage(account, true);
    let refused;
    try {
      refused = await call('/bookings', { body: guestBody(host.eventTypeId, at(3, 11)) });
    } finally {
      await control().outage(account, false);
    }
    expect(refused.status).toBe(502);
    expect(refused.body).toEqual({
      code: 'payment_unavailable',
      message: 'The payment could not be started, so this time was released. Please try again.',
      messageId: 'paymentUnavailable',
    });
    const [held] = await sql(`select id, status from bookings where event_type_id = $1`, [host.eventTypeId]);
    expect(held.status).toBe('expired');
    expect(await paymentOf(held.id)).toEqual([]);
    const next = await call('/bookings', { body: guestBody(host.eventTypeId, at(3, 11), 30, { guestEmail: 'next@example.com' }) });
    expect(next.status, JSON.stringify(next.body)).toBe(201);
    expect(next.body.status).toBe('awaiting_payment');
  });

  it('is refused where no guest pays (the /api), its time released', async () => {
    const { host } = await paidHost();
    const res = await call('/api/bookings/public', { body: guestBody(host.eventTypeId, at(3, 12)) });
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ code: 'payment_required', message: 'This event type is paid: guests book it on its booking page, where they pay.', messageId: 'paymentRequired' });
    expect(await sql(`select status from bookings where event_type_id = $1`, [host.eventTypeId])).toEqual([{ status: 'expired' }]);
  });
});
