// A paid event type's booking holds its time while the guest pays: awaiting_payment until
// hold_expires_at, held by the exclusion constraint like any booking, announced to nobody yet (no mail,
// webhook or calendar write until it is paid), decided only by its payment, and released to the next
// guest once the hold has run out. Its payment row is read by whoever reads the booking.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anon, as, book, connectStripe, createUser, errorCode, fileConnection, GUEST, hostWithEventType, one, rolledBack, user } from '../db/db.ts';

const c = fileConnection();

const AT = '2031-03-10T09:00:00Z';
const bookingRow = (id: number) => one(c, `select status, hold_expires_at - created_at as hold from bookings where id = $1`, [id]);
const outboxOf = (id: number) => c.query(`select kind, topic from outbox where booking_id = $1`, [id]).then((r) => r.rows);

describe('a paid booking\'s hold', () => {
  it('holds the time awaiting payment for 15 minutes, announced to nobody, and refuses a second guest', () =>
    rolledBack(c, async () => {
      const { eventType } = await hostWithEventType(c, { price_cents: 1999 });
      const id = await book(c, eventType, AT);
      expect(await bookingRow(id)).toEqual({ status: 'awaiting_payment', hold: { minutes: 15 } });
      expect((await one(c, `select active from booking_busy where booking_id = $1`, [id])).active).toBe(true);
      expect(await outboxOf(id)).toEqual([]);
      expect(await errorCode(c, `select create_booking($1, $2, $2::timestamptz + interval '30 minutes', $3)`, [eventType, AT, GUEST])).toBe('23P01');
    }));

  it('refuses a paid booking when the payee can no longer take charges', () =>
    rolledBack(c, async () => {
      const { host, eventType } = await hostWithEventType(c, { price_cents: 1999 });
      await c.query(`update stripe_connections set charges_enabled = false where user_id = $1`, [host]);
      await c.query('savepoint s');
      await expect(book(c, eventType, AT)).rejects.toThrow('This event type cannot take payments right now. Please try again later.');
      await c.query('rollback to savepoint s');
    }));

  it('releases a hold that has run out to the next guest of an overlapping time, and only such holds', () =>
    rolledBack(c, async () => {
      const { eventType } = await hostWithEventType(c, { price_cents: 1999 });
      const overdue = await book(c, eventType, AT);
      const elsewhere = await book(c, eventType, '2031-03-10T11:00:00Z');
      await c.query(`update bookings set hold_expires_at = now() - interval '1 second' where id = any ($1)`, [[overdue, elsewhere]]);
      const next = await book(c, eventType, '2031-03-10T09:15:00Z', 30, { guest_name: 'Next', guest_email: 'next@example.test' });
      expect((await bookingRow(overdue)).status).toBe('expired');
      expect((await one(c, `select active from booking_busy where booking_id = $1`, [overdue])).active).toBe(false);
      expect((await bookingRow(next)).status).toBe('awaiting_payment');
      // Not overlapping: left for the sweep.
      expect((await bookingRow(elsewhere)).status).toBe('awaiting_payment');
    }));

  it('is decided by its payment only: its host cannot confirm, reject or cancel it', async () => {
    const { host, eventType } = await hostWithEventType(c, { price_cents: 1999 });
    try {
      const id = await book(c, eventType, AT);
      // Cancelling is no way out of a hold at all; the others are its payment's to decide.
      for (const [status, code] of [['confirmed', '42501'], ['pending', '42501'], ['expired', '42501'], ['cancelled', '22023']]) {
        await as(c, user(host), async () => {
          expect(await errorCode(c, `update bookings set status = $2 where id = $1`, [id, status]), status).toBe(code);
        });
      }
      // The service role (Stripe's verdict, the sweep) decides.
      await c.query('begin');
      await c.query(`select set_config('request.jwt.claims', '{"role":"service_role"}', true)`);
      await c.query(`update bookings set status = 'confirmed' where id = $1`, [id]);
      expect(await outboxOf(id)).toEqual(expect.arrayContaining([{ kind: 'email', topic: 'booking.created' }]));
      await c.query('rollback');
    } finally {
      await c.query('delete from auth.users where id = $1', [host]);
    }
  });
});

describe('payments', () => {
  it('are read by whoever reads the booking (its host, its team\'s members), written by the service role only', async () => {
    const [owner, member, stranger] = [await createUser(c), await createUser(c), await createUser(c)];
    const team = (await one(c, `insert into teams (name, slug, owner_id) values ('T', $1, $2) returning id`, [`pay-${randomUUID()}`, owner])).id;
    await c.query(`insert into team_members (team_id, user_id, role) values ($1, $2, 'member')`, [team, member]);
    const account = await connectStripe(c, owner);
    const eventType = (await one(c, `insert into event_types (team_id, title, price_cents, currency) values ($1, 'Paid', 5000, 'jpy') returning id`, [team])).id;
    const personal = await hostWithEventType(c, { price_cents: 1999 });
    try {
      const teamBooking = (await one(c, `select id from create_booking($1, $2, $2::timestamptz + interval '30 minutes', $3, $4)`, [eventType, AT, GUEST, `{${owner}}`])).id;
      const hostBooking = await book(c, personal.eventType, AT);
      await c.query(`select record_checkout($1, $2, 'cs_test_team', 5000, 'jpy')`, [teamBooking, account]);
      await c.query(`select record_checkout($1, 'acct_1Host', 'cs_test_host', 1999, 'usd')`, [hostBooking]);
      const seen = (who: Parameters<typeof as>[1]) => as(c, who, async () => (await c.query(`select checkout_session_id from payments order by 1`)).rows.map((r) => r.checkout_session_id));
      expect(await seen(user(personal.host))).toEqual(['cs_test_host']);
      expect(await seen(user(owner))).toEqual(['cs_test_team']);
      expect(await seen(user(member))).toEqual(['cs_test_team']);
      expect(await seen(user(stranger))).toEqual([]);
      expect(await as(c, anon, () => errorCode(c, `select * from payments`))).toBe('42501');
      for (const who of [user(personal.host), user(owner)]) {
        await as(c, who, async () => {
          expect(await errorCode(c, `update payments set status = 'paid'`)).toBe('42501');
          expect(await errorCode(c, `insert into payments (booking_id, account_id, checkout_session_id, amount, currency) values ($1, 'acct_1X', 'cs_x', 1, 'usd')`, [hostBooking])).toBe('42501');
          expect(await errorCode(c, `select record_checkout($1, 'acct_1X', 'cs_x', 1, 'usd')`, [hostBooking])).toBe('42501');
          expect(await errorCode(c, `select release_payment_hold($1)`, [hostBooking])).toBe('42501');
        });
      }
      // Once per booking: the same session again is the same row, another one is refused.
      expect((await one(c, `select (record_checkout($1, 'acct_1Host', 'cs_test_host', 1999, 'usd')).checkout_session_id as s`, [hostBooking])).s).toBe('cs_test_host');
      await rolledBack(c, async () => {
        expect(await errorCode(c, `select record_checkout($1, 'acct_1Host', 'cs_test_other', 1999, 'usd')`, [hostBooking])).toBe('23505');
      });
    } finally {
      await c.query('delete from auth.users where id = any ($1)', [[owner, member, stranger, personal.host]]);
    }
  });
});
