// Stripe's verdict on a paid booking, as the stand-in sends it to the stripe_webhook function (signed
// with the Connect endpoint's secret): a completed, paid Checkout Session confirms the booking (or
// makes it pending, when its event type needs approval) and only then are its mails written; an
// expired session releases the time to the next guest. Delivered twice, or forged, it changes nothing.
import { describe, expect, it } from 'vitest';
import { sql } from '../../../scripts/local/test-stack/harness.ts';
import { eventually } from '../calendars/fixtures.ts';
import { call } from '../api/client.ts';
import { at, guestBody, guestsAtOnce } from '../api/fixtures.ts';
import { control, paidHost } from './fixtures.ts';

const CARD = '4242424242424242';

async function held(eventTypeId: number, start: Date, email = 'guest@example.com') {
  const res = await call('/bookings', { body: guestBody(eventTypeId, start, 30, { guestEmail: email }) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const [row] = await sql(`select b.id, p.checkout_session_id as session from bookings b join payments p on p.booking_id = b.id where b.uid = $1`, [res.body.uid]);
  return { uid: res.body.uid as string, id: row.id as number, session: row.session as string };
}
const statusOf = async (id: number) => (await sql(`select b.status, p.status as payment from bookings b join payments p on p.booking_id = b.id where b.id = $1`, [id]))[0];
const mailsOf = (id: number) => sql(`select topic from outbox where booking_id = $1 and kind = 'email' order by topic`, [id]);
/** The session's event, once the endpoint has answered it. */
async function answered(type: string, session: string) {
  return eventually(async () => (await control().events({ type })).find((e) => (e.data.object as { id: string }).id === session), (e) => e !== undefined);
}

describe('Stripe\'s verdict on a paid booking', () => {
  it('confirms the booking once its Checkout Session is paid, and only then writes its mails', async () => {
    const { host } = await paidHost();
    const booking = await held(host.eventTypeId, at(4, 10));
    expect(await mailsOf(booking.id)).toEqual([]);
    const paid = await control().pay(booking.session, CARD, 'guest@example.com');
    expect(paid.status).toBe(303);
    await eventually(() => statusOf(booking.id), (s) => s.status === 'confirmed');
    expect(await statusOf(booking.id)).toEqual({ status: 'confirmed', payment: 'paid' });
    expect(await mailsOf(booking.id)).toEqual([{ topic: 'booking.created' }, { topic: 'booking.created' }]);
    const event = await answered('checkout.session.completed', booking.session);
    // Delivered again (or before the guest is back): nothing changes.
    expect((await control().deliver(event!.id)).map((d) => d.status)).toEqual([200]);
    expect(await statusOf(booking.id)).toEqual({ status: 'confirmed', payment: 'paid' });
    expect(await mailsOf(booking.id)).toHaveLength(2);
  });

  it('confirms once whatever order Stripe\'s events of a payment arrive in (the verdict before the charge\'s)', async () => {
    const { host } = await paidHost();
    const booking = await held(host.eventTypeId, at(4, 15));
    await control().hold(true);
    try {
      expect((await control().pay(booking.session, CARD)).status).toBe(303);
      await answered('checkout.session.completed', booking.session);
    } finally {
      await control().release('reverse');
      await control().hold(false);
    }
    await eventually(() => statusOf(booking.id), (s) => s.status === 'confirmed');
    expect(await statusOf(booking.id)).toEqual({ status: 'confirmed', payment: 'paid' });
    expect((await sql(`select receipt_url from payments where booking_id = $1`, [booking.id]))[0].receipt_url).toMatch(/^http/);
    expect(await mailsOf(booking.id)).toHaveLength(2);
  });

  it('makes a paid booking pending when its event type needs the host\'s approval', async () => {
    const { host } = await paidHost();
    await sql(`update event_types set auto_confirm = false where id = $1`, [host.eventTypeId]);
    const booking = await held(host.eventTypeId, at(4, 11));
    await control().pay(booking.session, CARD);
    await eventually(() => statusOf(booking.id), (s) => s.status !== 'awaiting_payment');
    expect(await statusOf(booking.id)).toEqual({ status: 'pending', payment: 'paid' });
  });

  it('refuses a forged verdict, and one signed with the right secret but older than the 300 s tolerance: nothing changes', async () => {
    const { host } = await paidHost();
    const booking = await held(host.eventTypeId, at(4, 12));
    await control().hold(true);
    try {
      await control().pay(booking.session, CARD);
      const event = await answered('checkout.session.completed', booking.session);
      expect((await control().deliver(event!.id, { secret: 'whsec_forged' })).map((d) => d.status)).toEqual([400]);
      expect((await control().deliver(event!.id, { timestamp: Math.floor(Date.now() / 1000) - 301 })).map((d) => d.status)).toEqual([400]);
      expect(await statusOf(booking.id)).toEqual({ status: 'awaiting_payment', payment: 'open' });
      expect(await sql(`select 1 from stripe_events where id = $1`, [event!.id])).toEqual([]);
      expect(await mailsOf(booking.id)).toEqual([]);
    } finally {
      await control().release('sent');
      await control().hold(false);
    }
  });

  it('releases the time when the session expires unpaid, and another guest books it', async () => {
    const { host } = await paidHost();
    const booking = await held(host.eventTypeId, at(4, 13));
    await control().expireSession(booking.session);
    await eventually(() => statusOf(booking.id), (s) => s.status === 'expired');
    expect(await statusOf(booking.id)).toEqual({ status: 'expired', payment: 'expired' });
    expect(await mailsOf(booking.id)).toEqual([]);
    const next = await held(host.eventTypeId, at(4, 13), 'next@example.com');
    expect((await statusOf(next.id)).status).toBe('awaiting_payment');
  });
});

describe('Kairos\' own hold', () => {
  const overdue = (id: number) => sql(`update bookings set hold_expires_at = now() - interval '1 second' where id = $1`, [id]);
  const sweep = () => sql(`select pg_notify('kairos_outbox', '')`);
  const sessionAt = async (session: string) =>
    (await control().requests()).filter((r) => r.method === 'POST' && r.path === `/v1/checkout/sessions/${session}/expire`).map((r) => r.status);

  it('ends when it runs out: the sweep releases the time and expires the Checkout Session at Stripe', async () => {
    const { host } = await paidHost();
    const booking = await held(host.eventTypeId, at(5, 10));
    await overdue(booking.id);
    await sweep();
    await eventually(() => sessionAt(booking.session), (s) => s.includes(200));
    expect(await statusOf(booking.id)).toEqual({ status: 'expired', payment: 'expired' });
    // The guest can no longer pay for it.
    expect((await control().pay(booking.session, CARD)).status).not.toBe(303);
  });

  it('is released to the next guest of that time at once, without waiting for the sweep', async () => {
    const { host } = await paidHost();
    const booking = await held(host.eventTypeId, at(5, 11));
    await overdue(booking.id);
    const next = await held(host.eventTypeId, at(5, 11), 'next@example.com');
    expect((await statusOf(booking.id)).status).toBe('expired');
    expect((await statusOf(next.id)).status).toBe('awaiting_payment');
  });

  it('refunds in full a payment completed after Kairos released the time, which stays released', async () => {
    const { host } = await paidHost(1500, 'jpy');
    const booking = await held(host.eventTypeId, at(5, 12));
    await control().hold(true);
    try {
      expect((await control().pay(booking.session, CARD)).status).toBe(303);
      await overdue(booking.id);
      await sweep();
      await eventually(() => statusOf(booking.id), (s) => s.status === 'expired');
    } finally {
      await control().release('sent');
      await control().hold(false);
    }
    // The payment's own refund (other tests refund on the same stand-in): all of it, recorded on the payment.
    const [{ payment_intent_id: intent }] = await sql(`select payment_intent_id from payments where booking_id = $1`, [booking.id]);
    const refunds = await eventually(
      async () => (await control().requests()).filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && new URLSearchParams(r.body).get('payment_intent') === intent),
      (r) => r.some((x) => x.status === 200),
    );
    expect(refunds.map((r) => new URLSearchParams(r.body).get('amount'))).toEqual(['1500']);
    expect(await eventually(() => sql(`select refunded_amount, refund_status from payments where booking_id = $1`, [booking.id]), (p) => p[0].refund_status === 'succeeded'))
      .toEqual([{ refunded_amount: 1500, refund_status: 'succeeded' }]);
    expect((await statusOf(booking.id)).status).toBe('expired');
    expect(await mailsOf(booking.id)).toEqual([]);
  });

  it('lets exactly one of 20 guests racing for one paid time hold it', async () => {
    const { host } = await paidHost();
    const start = at(5, 14);
    const answers = await guestsAtOnce(host.eventTypeId, start, 20, 'Racer');
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(19).fill(409)]);
    expect(await sql(`select status from bookings where event_type_id = $1`, [host.eventTypeId])).toEqual([{ status: 'awaiting_payment' }]);
    expect(await sql(`select count(*)::int as n from payments p join bookings b on b.id = p.booking_id where b.event_type_id = $1`, [host.eventTypeId])).toEqual([{ n: 1 }]);
  });
});
