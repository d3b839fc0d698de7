// Busy time and schedule versions under contention: a guest's reschedule (cancel the old booking,
// then book the new time, in one transaction) racing a rival for the same time must end in the
// exclusion violation the booking paths answer 409, never in a deadlock (a 500).
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from '../../../scripts/local/test-stack/harness.ts';
import { booked, daysAhead, eventTypeOf, GUEST } from '../security/support.ts';
import { connect, createUser } from './db.ts';

let reschedule: pg.Client;
let rival: pg.Client;
beforeAll(async () => {
  [reschedule, rival] = await Promise.all([connect(), connect()]);
});
afterAll(async () => {
  await Promise.all([reschedule.end(), rival.end()]);
});

const BOOK = `select id from public.create_booking($1, $2::timestamptz, $2::timestamptz + interval '30 minutes', $3)`;

/** Resolves once the backend `pid` waits for a lock. */
async function waitingOnLock(pid: number) {
  for (let i = 0; i < 200; i++) {
    const [row] = await sql(`select wait_event_type from pg_stat_activity where pid = $1`, [pid]);
    if (row?.wait_event_type === 'Lock') return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`backend ${pid} never waited for a lock`);
}

it('a reschedule racing a rival for the same time: the rival waits, then gets the exclusion violation', async () => {
  const host = await createUser(reschedule);
  const type = await eventTypeOf(host);
  const old = await booked(type, daysAhead(3, 10));
  const target = daysAhead(4, 10);

  await reschedule.query('begin');
  await reschedule.query(`update public.bookings set status = 'cancelled', cancelled_by = 'guest' where id = $1`, [old]);
  const [{ pid }] = (await rival.query('select pg_backend_pid() as pid')).rows;
  const rivalOutcome = rival.query(BOOK, [type, target, GUEST]).then(
    () => 'booked',
    (e: { code?: string }) => e.code,
  );
  await waitingOnLock(pid);
  // Before the fix the rival held its busy row here, and this insert waited for it: a deadlock.
  await reschedule.query(BOOK, [type, target, GUEST]);
  await reschedule.query('commit');

  expect(await rivalOutcome).toBe('23P01');
  const there = await sql(`select count(*)::int as n from public.bookings where event_type_id = $1 and start_time = $2`, [type, target]);
  expect(there).toEqual([{ n: 1 }]);
});
