// Busy time and schedule versions under contention: a guest's reschedule (cancel the old booking,
// then book the new time, in one transaction) racing a rival for the same time must end in the
// exclusion violation the booking paths answer 409, never in a deadlock (a 500); so must all-members
// bookings of teams sharing people.
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from '../../../scripts/local/test-stack/harness.ts';
import { booked, daysAhead, eventTypeOf, GUEST, teamWith } from '../security/support.ts';
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

it('all-members bookings of overlapping teams at one time: exactly one is stored, the others get the exclusion violation', async () => {
  // Eight people; twenty teams of six of them each, in differing mixes, so any two teams share members.
  const people = await Promise.all(Array.from({ length: 8 }, () => createUser(rival)));
  const types: number[] = [];
  for (let t = 0; t < 20; t++) {
    const mix = people.map((p, i) => ({ p, k: (i * 7 + t * 13) % 17 })).sort((a, b) => a.k - b.k).map((x) => x.p).slice(0, 6);
    const team = await teamWith(mix[0], mix.slice(1).map((p) => [p, 'member'] as [string, 'member']));
    const [{ id }] = await sql(`insert into public.event_types (team_id, title, requires_all_members) values ($1, 'All', true) returning id`, [team]);
    types.push(id);
  }
  const at = daysAhead(5, 11);
  const clients = await Promise.all(types.map(() => connect()));
  // Hashed rather than sorted (as a session may plan the busy rows' UNION), bookings meet people in
  // differing orders unless the insert orders them. Without that order this fails now and then (a
  // 40P01 in about one run of seven here), not every time: the race is short.
  await Promise.all(clients.map((c) => c.query('set enable_sort = off')));
  try {
    // Held back at their first lock (the teams' rows, which the bookings' foreign keys share), then
    // let go together, so their busy rows race.
    const gate = await connect();
    await gate.query('begin');
    await gate.query(`select 1 from public.event_types e join public.teams t on t.id = e.team_id where e.id = any($1) for update of t`, [types]);
    const outcomes = types.map((type, i) =>
      clients[i]
        .query(`select id from public.create_booking($1, $2::timestamptz, $2::timestamptz + interval '30 minutes', $3)`, [type, at, GUEST])
        .then(
          () => 'booked',
          (e: { code?: string }) => e.code,
        ),
    );
    await gate.query('commit');
    await gate.end();
    const codes = await Promise.all(outcomes);
    expect(codes.filter((c) => c === 'booked')).toHaveLength(1);
    expect(codes.filter((c) => c !== 'booked')).toEqual(Array(19).fill('23P01'));
    const [{ n }] = await sql(`select count(*)::int as n from public.bookings where event_type_id = any($1)`, [types]);
    expect(n).toBe(1);
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
});
