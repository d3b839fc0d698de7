// Refunds by policy: a host's cancellation or rejection refunds a paid booking in full; a
// guest's cancellation through the manage link refunds in full outside the host's notice for guest
// changes, and inside it what the event type's policy says (full, none or a percentage). Each refund
// is an outbox row ('stripe_refund') delivered to the stand-in's Refunds API on the host's connected
// account, retried when Stripe fails, and recorded on the payment. A reschedule never charges again.
import { describe, expect, it } from 'vitest';
import { sql } from '../../../scripts/local/test-stack/harness.ts';
import { eventually } from '../calendars/fixtures.ts';
import { call } from '../api/client.ts';
import { at, guestBody } from '../api/fixtures.ts';
import { control, paidHost } from './fixtures.ts';

const CARD = '4242424242424242';

/** A guest's booking of the host's paid event type, paid at the stand-in's page and confirmed (or pending). */
async function paidBooking(eventTypeId: number, start: Date) {
  const res = await call('/bookings', { body: guestBody(eventTypeId, start, 30, { guestEmail: 'payer@example.com' }) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const [row] = await sql(`select b.id, p.checkout_session_id as session from bookings b join payments p on p.booking_id = b.id where b.uid = $1`, [res.body.uid]);
  expect((await control().pay(row.session, CARD, 'payer@example.com')).status).toBe(303);
  await eventually(() => sql(`select status from payments where booking_id = $1`, [row.id]), (r) => r[0]?.status === 'paid');
  return { id: row.id as number, uid: res.body.uid as string, token: res.body.manageToken as string, session: row.session as string };
}

const paymentOf = async (bookingId: number) =>
  (await sql(`select amount, currency, refunded_amount, refund_status, refund_failure from payments where booking_id = $1`, [bookingId]))[0];
/**
 * The payment once its refund is decided (succeeded or failed); waits out one retry (the outbox's first
 * backoff is 30 s), as a busy database can fail an attempt.
 */
const refunded = (bookingId: number) =>
  eventually(() => paymentOf(bookingId), (p) => p?.refund_status === 'succeeded' || p?.refund_status === 'failed', 45_000);
/** The refunds the stand-in was asked for, of this payment's intent. */
async function refundRequests(bookingId: number) {
  const [{ payment_intent_id: intent }] = await sql(`select payment_intent_id from payments where booking_id = $1`, [bookingId]);
  return (await control().requests()).filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && new URLSearchParams(r.body).get('payment_intent') === intent);
}
const guestCancel = (b: { uid: string; token: string }) => call(`/api/booking/${b.uid}/cancel`, { body: { token: b.token } });
/** The host's notice for guest changes, in hours: their bookings inside it are "late". */
const notice = (hostId: string, hours: number) => sql(`update user_settings set guest_change_notice = $2 where user_id = $1`, [hostId, hours]);
const policy = (eventTypeId: number, percent: number) => sql(`update event_types set late_cancel_refund_percent = $2 where id = $1`, [eventTypeId, percent]);

/**
 * A guest's paid booking at `start` of a host's event type costing `price` minor units of `currency`
 * that refunds `percent` of a late cancellation; `noticeHours`, where given, is the host's notice for
 * guest changes.
 */
async function paidUnderPolicy(o: { price: number; currency: string; percent: number; start: Date; noticeHours?: number }) {
  const { host } = await paidHost(o.price, o.currency);
  if (o.noticeHours !== undefined) await notice(host.id, o.noticeHours);
  await policy(host.eventTypeId, o.percent);
  return { host, booking: await paidBooking(host.eventTypeId, o.start) };
}

describe('refunds by policy', () => {
  it('refunds in full when the host cancels', async () => {
    const { host, booking } = await paidUnderPolicy({ price: 1999, currency: 'usd', percent: 0, start: at(6, 10) });
    expect((await host.client.from('bookings').update({ status: 'cancelled' }).eq('id', booking.id)).error).toBeNull();
    expect(await refunded(booking.id)).toEqual({ amount: 1999, currency: 'usd', refunded_amount: 1999, refund_status: 'succeeded', refund_failure: null });
    const asked = await refundRequests(booking.id);
    expect(asked.map((r) => [r.status, new URLSearchParams(r.body).get('amount')])).toEqual([[200, '1999']]);
  });

  it('refunds in full when the host rejects a paid booking awaiting approval', async () => {
    const { host } = await paidHost(4500, 'eur');
    await sql(`update event_types set auto_confirm = false where id = $1`, [host.eventTypeId]);
    await policy(host.eventTypeId, 0);
    const booking = await paidBooking(host.eventTypeId, at(6, 11));
    expect((await sql(`select status from bookings where id = $1`, [booking.id]))[0].status).toBe('pending');
    expect((await host.client.from('bookings').update({ status: 'cancelled' }).eq('id', booking.id)).error).toBeNull();
    expect(await refunded(booking.id)).toMatchObject({ refunded_amount: 4500, refund_status: 'succeeded' });
  });

  it('refunds in full when the guest cancels before the host\'s notice begins, whatever the policy', async () => {
    const { booking } = await paidUnderPolicy({ price: 1999, currency: 'usd', noticeHours: 24, percent: 0, start: at(6, 12) });
    expect((await guestCancel(booking)).status).toBe(200);
    expect(await refunded(booking.id)).toMatchObject({ refunded_amount: 1999, refund_status: 'succeeded' });
  });

  it('refunds nothing when the guest cancels inside the notice and the policy is none', async () => {
    const { booking } = await paidUnderPolicy({ price: 1999, currency: 'usd', noticeHours: 48, percent: 0, start: at(1, 12) });
    const cancelled = await guestCancel(booking);
    expect([cancelled.status, cancelled.body.status]).toEqual([200, 'cancelled']);
    // Settled at once: no refund is queued.
    expect(await paymentOf(booking.id)).toEqual({ amount: 1999, currency: 'usd', refunded_amount: 0, refund_status: null, refund_failure: null });
    expect(await sql(`select 1 from outbox where kind = 'stripe_refund' and booking_id = $1`, [booking.id])).toEqual([]);
  });

  it('refunds the policy\'s share when the guest cancels inside the notice: half of 1999 cents rounds to 1000', async () => {
    const { booking } = await paidUnderPolicy({ price: 1999, currency: 'usd', noticeHours: 48, percent: 50, start: at(1, 13) });
    // The manage page offers the cancel (not the move) and says what it refunds.
    const view = await call(`/api/booking/${booking.uid}?token=${booking.token}`);
    expect(view.body).toMatchObject({
      canChange: false,
      canCancel: true,
      payment: { amount: 1999, currency: 'usd', status: 'paid', refundedAmount: 0, refundStatus: null, receiptUrl: expect.stringMatching(/^http/), lateRefundPercent: 50 },
    });
    expect((await guestCancel(booking)).status).toBe(200);
    expect(await refunded(booking.id)).toMatchObject({ refunded_amount: 1000, refund_status: 'succeeded' });
    expect((await refundRequests(booking.id)).map((r) => new URLSearchParams(r.body).get('amount'))).toEqual(['1000']);
  });

  it('counts a zero-decimal currency in whole units: half of ¥1,500 is ¥750', async () => {
    const { booking } = await paidUnderPolicy({ price: 1500, currency: 'jpy', noticeHours: 48, percent: 50, start: at(1, 14) });
    expect((await guestCancel(booking)).status).toBe(200);
    expect(await refunded(booking.id)).toEqual({ amount: 1500, currency: 'jpy', refunded_amount: 750, refund_status: 'succeeded', refund_failure: null });
  });

  it('records a refund Stripe failed with its reason, retries it, and records it done', async () => {
    const { host, account } = await paidHost(2500, 'usd');
    const booking = await paidBooking(host.eventTypeId, at(6, 14));
    await control().outage(account, true);
    try {
      expect((await host.client.from('bookings').update({ status: 'cancelled' }).eq('id', booking.id)).error).toBeNull();
      const failed = await refunded(booking.id);
      expect(failed).toMatchObject({ refunded_amount: 0, refund_status: 'failed', refund_failure: expect.stringMatching(/.+/) });
      // The host reads it on the booking card (whoever reads the booking reads its payment).
      const { data } = await host.client.from('payments').select('refund_status, refund_failure').eq('booking_id', booking.id);
      expect(data).toEqual([{ refund_status: 'failed', refund_failure: failed.refund_failure }]);
      // Left to be tried again: the worker that recorded the failure hands the job back as pending.
      const [row] = await eventually(
        () => sql(`select status from outbox where kind = 'stripe_refund' and booking_id = $1`, [booking.id]),
        (rows) => rows[0]?.status !== 'processing',
      );
      expect(row.status).toBe('pending');
    } finally {
      await control().outage(account, false);
    }
    await sql(`update outbox set available_at = now() where kind = 'stripe_refund' and booking_id = $1`, [booking.id]);
    await sql(`select pg_notify('kairos_outbox', '')`);
    expect(await eventually(() => paymentOf(booking.id), (p) => p.refund_status === 'succeeded')).toEqual({
      amount: 2500, currency: 'usd', refunded_amount: 2500, refund_status: 'succeeded', refund_failure: null,
    });
    const statuses = (await refundRequests(booking.id)).map((r) => r.status);
    expect(statuses.at(-1)).toBe(200);
    expect(statuses.slice(0, -1).length).toBeGreaterThan(0);
    expect(new Set(statuses.slice(0, -1))).toEqual(new Set([500]));
  });

  it('never charges again on a reschedule: no new Checkout Session, the payment follows the booking', async () => {
    const { host } = await paidHost(1999, 'usd');
    const booking = await paidBooking(host.eventTypeId, at(6, 15));
    const moved = await call(`/api/booking/${booking.uid}/reschedule`, { body: { token: booking.token, startTime: at(7, 15).toISOString() } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.booking.status).toBe('confirmed');
    const [now] = await sql(`select id from bookings where uid = $1`, [moved.body.booking.uid]);
    expect(await sql(`select booking_id, checkout_session_id, status, refund_status from payments where checkout_session_id = $1`, [booking.session])).toEqual([
      { booking_id: now.id, checkout_session_id: booking.session, status: 'paid', refund_status: null },
    ]);
    const sessionsOf = async (uid: string) =>
      (await control().requests()).filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions' && new URLSearchParams(r.body).get('metadata[booking_uid]') === uid);
    expect(await sessionsOf(booking.uid)).toHaveLength(1);
    expect(await sessionsOf(moved.body.booking.uid)).toEqual([]);
    expect(await sql(`select 1 from outbox where kind = 'stripe_refund' and booking_id in ($1, $2)`, [booking.id, now.id])).toEqual([]);
  });
});
