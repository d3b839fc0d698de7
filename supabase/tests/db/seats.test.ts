// Seats (docs/seats.md): a group event's guests each book a seat of one slot; the seat count holds under
// concurrency, a cancelled seat frees one, and the slot is the host's busy time once, so nothing else of
// theirs overlaps it. Guests' names and emails are read by the booking's hosts only.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { stack } from '../../../scripts/local/test-stack/harness.ts';
import { type Actor, anon, become, book, createUser, errorCode, errorMessage, fileConnection, GUEST, hostWithEventType, one, rolledBack, user } from './db.ts';

const c = fileConnection();

const seated = async (seats: number) => {
  const made = await hostWithEventType(c);
  await c.query('update event_types set seats_per_slot = $2 where id = $1', [made.eventType, seats]);
  return made;
};
const guest = (n: number) => ({ guest_name: `Guest ${n}`, guest_email: `guest${n}@example.test` });

describe('seats of one slot', () => {
  it('200 guests racing for 10 seats: exactly 10 bookings, 190 refused as full', async () => {
    const { host, eventType } = await seated(10);
    const pool = new pg.Pool({ connectionString: stack().dbUrl, max: 40 });
    try {
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, n) =>
          pool
            .query(`select id from create_booking($1, '2031-02-03 10:00Z', '2031-02-03 10:30Z', $2)`, [eventType, guest(n)])
            .then(() => 'booked', (e: { code?: string; message: string }) => `${e.code}: ${e.message}`),
        ),
      );
      const tally = results.reduce<Record<string, number>>((t, r) => ({ ...t, [r]: (t[r] ?? 0) + 1 }), {});
      expect(tally).toEqual({ booked: 10, 'KR004: This time slot is full': 190 });
      const rows = await one(c, `select count(*)::int as seats, count(distinct seat_slot_id)::int as slots from bookings where event_type_id = $1`, [eventType]);
      expect(rows).toEqual({ seats: 10, slots: 1 });
      // One slot is one busy time of the host, whichever seats hold it.
      expect(await one(c, `select count(distinct during)::int as n from booking_busy where user_id = $1 and active`, [host])).toEqual({ n: 1 });
    } finally {
      await pool.end();
      await c.query('delete from profiles where id = $1', [host]);
    }
  });

  it('a cancelled seat frees one; the full message names no one', () =>
    rolledBack(c, async () => {
      const { eventType } = await seated(2);
      const first = await book(c, eventType, '2031-02-04T10:00:00Z', 30, guest(1));
      await book(c, eventType, '2031-02-04T10:00:00Z', 30, guest(2));
      const third = `select create_booking($1, '2031-02-04 10:00Z', '2031-02-04 10:30Z', $2)`;
      expect(await errorMessage(c, third, [eventType, guest(3)])).toBe('This time slot is full');
      await c.query(`update bookings set status = 'cancelled' where id = $1`, [first]);
      expect(await errorCode(c, third, [eventType, guest(3)])).toBeNull();
      expect(await errorCode(c, third, [eventType, guest(4)])).toBe('KR004');
    }));

  it('the host is never double booked: another event type cannot overlap a seated slot, nor a seated slot open on a busy time', () =>
    rolledBack(c, async () => {
      const { host, eventType } = await seated(5);
      const { id: other } = await one(c, `insert into event_types (user_id, title) values ($1, 'One to one') returning id`, [host]);
      await book(c, eventType, '2031-02-05T10:00:00Z', 30, guest(1));
      expect(await errorCode(c, `select create_booking($1, '2031-02-05 10:15Z', '2031-02-05 10:45Z', $2)`, [other, GUEST])).toBe('23P01');
      await book(c, other, '2031-02-05T11:00:00Z');
      expect(await errorCode(c, `select create_booking($1, '2031-02-05 11:00Z', '2031-02-05 11:30Z', $2)`, [eventType, GUEST])).toBe('23P01');
      // A second slot of the same group event overlapping the first is another meeting: refused too.
      expect(await errorCode(c, `select create_booking($1, '2031-02-05 10:15Z', '2031-02-05 10:45Z', $2)`, [eventType, GUEST])).toBe('23P01');
      expect(await errorCode(c, `select create_booking($1, '2031-02-05 10:00Z', '2031-02-05 10:30Z', $2)`, [eventType, guest(2)])).toBeNull();
    }));

  it('a team event type takes seats the same way', () =>
    rolledBack(c, async () => {
      const owner = await createUser(c);
      const { id: team } = await one(c, `insert into teams (name, slug, owner_id) values ('T', $1, $2) returning id`, [`s-${randomUUID()}`, owner]);
      const { id: eventType } = await one(
        c,
        `insert into event_types (team_id, title, duration, seats_per_slot) values ($1, 'Class', 30, 2) returning id`,
        [team],
      );
      const seat = `select create_booking($1, '2031-02-06 10:00Z', '2031-02-06 10:30Z', $2, array[$3]::uuid[])`;
      expect(await errorCode(c, seat, [eventType, guest(1), owner])).toBeNull();
      expect(await errorCode(c, seat, [eventType, guest(2), owner])).toBeNull();
      expect(await errorMessage(c, seat, [eventType, guest(3), owner])).toBe('This time slot is full');
    }));
});

describe('who reads the seats', () => {
  it("the host reads every seat of the slot; another user none, and anon no booking at all", () =>
    rolledBack(c, async () => {
      const { host, eventType } = await seated(3);
      await book(c, eventType, '2031-02-07T10:00:00Z', 30, guest(1));
      await book(c, eventType, '2031-02-07T10:00:00Z', 30, guest(2));
      const stranger = await createUser(c);
      const read = `select (select count(*)::int from bookings where event_type_id = ${eventType}) as bookings,
        (select count(*)::int from seat_slots where event_type_id = ${eventType}) as slots`;
      const asActor = async (actor: Actor) => {
        await c.query('savepoint r');
        await become(c, actor);
        const seen = await one(c, read).catch((e: { code: string }) => e.code);
        await c.query('rollback to savepoint r');
        return seen;
      };
      expect(await asActor(user(host))).toEqual({ bookings: 2, slots: 1 });
      expect(await asActor(user(stranger))).toEqual({ bookings: 0, slots: 0 });
      // Anon reads no booking and no seat at all (no grant): guests see only their own, by its manage token.
      expect(await asActor(anon)).toBe('42501');
    }));
});
