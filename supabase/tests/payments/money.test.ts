// A paid booking's money where people look, over its whole life (held → paid → confirmed → the guest
// cancels inside the notice → refunded by the policy): Stripe's receipt kept from the verdict, the
// mails each step sends with their money lines (read back from the mail catcher), and the `payment`
// the host's webhooks carry. KAIROS_TIMELINE_OUT=<file> writes the observed timeline there as JSON.
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sql } from '../../../scripts/local/test-stack/harness.ts';
import { mails, type Mail } from '../../../scripts/local/test-stack/mailpit.ts';
import { eventually } from '../calendars/fixtures.ts';
import { call } from '../api/client.ts';
import { at, guestBody } from '../api/fixtures.ts';
import { mailStartingWith, uniqueGuest } from '../lifecycle/support.ts';
import { control, paidHost } from './fixtures.ts';

const stateOf = async (uid: string) =>
  (await sql(`select b.id, b.status, p.status as payment, p.refunded_amount, p.refund_status, p.receipt_url from bookings b
    left join payments p on p.booking_id = b.id where b.uid = $1`, [uid]))[0];
const moneyLines = (mail: Mail) => mail.Text.split('\n').filter((line) => /^(Paid|Receipt|Refund):/.test(line));
const webhookPayment = async (bookingId: number, event: string) =>
  (await sql(`select payload -> 'body' -> 'data' -> 'payment' as payment from outbox where kind = 'webhook' and (payload -> 'body' -> 'data' ->> 'id')::bigint = $1 and topic = $2`, [bookingId, event]))[0]?.payment;

describe('a paid booking\'s money, step by step', () => {
  it('keeps the receipt, says the price and the refund in the mails, and carries the payment in webhooks', async () => {
    const timeline: { step: string; at: string; booking: string; payment: string | null; refunded: number; mails: { to: string; subject: string; money: string[] }[] }[] = [];
    const { host } = await paidHost(1999, 'usd');
    await sql(`update user_settings set guest_change_notice = 48 where user_id = $1`, [host.id]);
    await sql(`update event_types set late_cancel_refund_percent = 50 where id = $1`, [host.eventTypeId]);
    await sql(`insert into webhooks (user_id, url, events) values ($1, 'http://127.0.0.1:9/hooks', '{booking.created,booking.cancelled}')`, [host.id]);
    const guest = uniqueGuest();
    const seen = new Set<string>();
    const note = async (step: string, uid: string) => {
      const s = await stateOf(uid);
      const fresh = [...(await mails(guest)), ...(await mails(host.email))].filter((m) => !seen.has(m.ID));
      fresh.forEach((m) => seen.add(m.ID));
      timeline.push({ step, at: new Date().toISOString(), booking: s.status, payment: s.payment, refunded: s.refunded_amount ?? 0,
        mails: fresh.map((m) => ({ to: m.To[0].Address, subject: m.Subject, money: moneyLines(m) })) });
      return s;
    };

    const res = await call('/bookings', { body: guestBody(host.eventTypeId, at(1, 16), 30, { guestEmail: guest, guestName: 'Gail Guest' }) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { uid, manageToken: token } = res.body as { uid: string; manageToken: string };
    expect((await note('held', uid)).status).toBe('awaiting_payment');

    const [{ session }] = await sql(`select checkout_session_id as session from payments p join bookings b on b.id = p.booking_id where b.uid = $1`, [uid]);
    expect((await control().pay(session, '4242424242424242', guest)).status).toBe(303);
    const confirmed = await eventually(() => stateOf(uid), (s) => s.status === 'confirmed');
    // Stripe's receipt, asked for when the verdict came: the charge's own page at the stand-in.
    expect(confirmed.receipt_url).toMatch(/^http.+/);
    const confirmation = await mailStartingWith(guest, 'Confirmed:');
    expect(moneyLines(confirmation)).toEqual(['Paid: $19.99', `Receipt: ${confirmed.receipt_url}`]);
    expect(moneyLines(await mailStartingWith(host.email, 'New booking:'))).toEqual(['Paid: $19.99', `Receipt: ${confirmed.receipt_url}`]);
    expect(await webhookPayment(confirmed.id, 'booking.created')).toEqual({
      amount: 1999, currency: 'usd', status: 'paid', refundedAmount: 0, refundStatus: null, refundPercent: null, receiptUrl: confirmed.receipt_url,
    });
    await note('paid → confirmed', uid);
    // The host's /api lists carry it too.
    const listed = await call('/api/bookings/upcoming', { token: host.accessToken });
    expect(listed.body.find((b: { uid: string }) => b.uid === uid).payment).toEqual({
      amount: 1999, currency: 'usd', status: 'paid', refundedAmount: 0, refundStatus: null, refundFailure: null, receiptUrl: confirmed.receipt_url,
    });

    // Inside the host's 48-hour notice: the policy's half.
    expect((await call(`/api/booking/${uid}/cancel`, { body: { token } })).status).toBe(200);
    await note('guest cancels', uid);
    const refunded = await eventually(() => stateOf(uid), (s) => s.refund_status === 'succeeded');
    expect(refunded).toMatchObject({ status: 'cancelled', payment: 'paid', refunded_amount: 1000 });
    expect(moneyLines(await mailStartingWith(guest, 'Cancelled:'))).toEqual(['Refund: $10.00 of $19.99']);
    expect(moneyLines(await mailStartingWith(host.email, 'Cancelled by guest:'))).toEqual(['Refund: $10.00 of $19.99']);
    expect(await webhookPayment(confirmed.id, 'booking.cancelled')).toMatchObject({ amount: 1999, status: 'paid', refundStatus: 'pending', refundPercent: 50 });
    await note('refunded', uid);

    if (process.env.KAIROS_TIMELINE_OUT) writeFileSync(process.env.KAIROS_TIMELINE_OUT, JSON.stringify(timeline, null, 2));
  });
});
