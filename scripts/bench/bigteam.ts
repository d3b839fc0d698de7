// Benchmark 9 (issue 31): big teams. A public 50-member round-robin team whose every member has 1,000
// of its bookings and 1,000 cached calendar events in the 60-day window: its slots at 50 connections beside
// one such member's own slots; a requires-all-members event type over 10 of them; round-robin bookings
// one after another, and the team's slots while guests book.
import { addDays, instantToZoned } from '../../supabase/functions/_shared/rules/time.ts';
import { cacheExternalEvents } from './calendars.ts';
import { busyIntervals, createEventType, HORIZON_DAYS, insertBookings } from './lib/fixtures.ts';
import { guestAddress, request } from './lib/guests.ts';
import { machineQuiet } from './lib/cpu.ts';
import { load } from './lib/load.ts';
import type { Report } from './lib/report.ts';
import { call, type BenchStack } from './lib/stack.ts';
import { percentile } from './lib/stats.ts';
import { roundRobinTeam } from './team.ts';

const TITLE = '9 big teams: 1,000 bookings and 1,000 calendar events per member';
const BOOKINGS = 100;

export async function benchBigTeam(report: Report, s: BenchStack, seconds = 8) {
  const now = Date.now();
  const { teamId, teamEventTypeId, memberIds } = await roundRobinTeam(s, 50);
  const ownTypes: number[] = [];
  for (const [i, member] of memberIds.entries()) {
    ownTypes.push(await createEventType(s.db, member, 30));
    // The team's own: what its fairness weighs (50,000 bookings), and busy time all the same.
    await insertBookings(s.db, { teamId, memberId: member }, teamEventTypeId, busyIntervals(now, 1000, 100 + i));
    await cacheExternalEvents(s.db, member, busyIntervals(now, 1000, 200 + i));
  }
  // Ten of them, all needed at once: a team of their own with a requires-all-members event type.
  const { rows } = await s.db.query<{ id: string }>(
    `with team as (insert into public.teams (name, slug, owner_id, is_public, timezone)
                   values ('Bench all', 'bench-all-' || $1::bigint, $2, true, 'UTC') returning id),
          members as (insert into public.team_members (team_id, user_id) select id, unnest($3::uuid[]) from team),
          hours as (insert into public.availability_rules (team_id, day_of_week, start_time, end_time)
                    select id, d, '08:00', '20:00' from team, generate_series(0, 6) d)
     insert into public.event_types (team_id, title, duration, assignment_type, requires_all_members)
     select id, 'Bench all members', 30, 'round_robin', true from team returning id`,
    [teamId, memberIds[0], memberIds.slice(1, 10)],
  );

  const today = instantToZoned(now, 'UTC').date;
  const window = `startDate=${today}&endDate=${addDays(today, HORIZON_DAYS)}&timeZone=UTC`;
  const cases = [
    ['one member alone (their own event type)', `eventTypeId=${ownTypes[0]}`],
    ['round robin over 50 members', `teamEventTypeId=${teamEventTypeId}`],
    ['requires all of 10 members', `teamEventTypeId=${rows[0].id}`],
  ] as const;
  for (const [kase, which] of cases) {
    const url = `${s.apiUrl}/functions/v1/slots?${which}&${window}`;
    const probe = await call(url, { headers: s.anonHeaders });
    if (probe.status !== 200 || !Array.isArray(probe.body?.slots)) throw new Error(`${kase}: slots answered ${probe.status}`);
    report.add(TITLE, kase, 'slots offered', probe.body.slots.length);
    // As a plain client asks, and as a browser does: it takes gzip, which the function sends.
    for (const [how, headers] of [['', s.anonHeaders], [', gzip', { ...s.anonHeaders, 'accept-encoding': 'gzip, deflate, br' }]] as const) {
      const r = await load({ url, connections: 50, duration: seconds, headers });
      report.add(TITLE, kase, `slots, 50 conn${how}: p50 / p99`, `${r.latency.p50} / ${r.latency.p99} ms`);
      report.add(TITLE, kase, `slots, 50 conn${how}: req/s`, (r['2xx'] + r.non2xx) / seconds);
      report.add(TITLE, kase, `slots, 50 conn${how}: CPU per request (all stack processes)`, `${r.cpuMsPerRequest.toFixed(2)} ms`);
      report.add(TITLE, kase, `slots, 50 conn${how}: CPU per request by process, ms`, r.cpuByProcess);
    }
  }

  // The same while guests book (two a second): each booking moves the team's version, and every open
  // connection learns it at once.
  const teamUrl = `${s.apiUrl}/functions/v1/slots?teamEventTypeId=${teamEventTypeId}&${window}`;
  const offered: { start: string; end: string }[] = (await call(teamUrl, { headers: s.anonHeaders })).body.slots;
  let booked = 0;
  const guests = (async () => {
    for (let i = 0; i < seconds * 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const slot = offered[offered.length - 1 - 2 * i];
      const a = await request(`${s.apiUrl}/functions/v1/api/teams/${teamId}/bookings`, {
        method: 'POST',
        headers: { ...s.anonHeaders, 'content-type': 'application/json' },
        body: JSON.stringify({ teamEventTypeId, guestName: `Busy team guest ${i}`, guestEmail: `busyteam${i}@example.test`, startTime: slot.start, endTime: slot.end }),
        localAddress: guestAddress(61_000 + i),
      });
      if (a.status === 201) booked++;
    }
  })();
  const busy = await load({ url: teamUrl, connections: 50, duration: seconds, headers: s.anonHeaders });
  await guests;
  const kase = 'round robin over 50 members, two bookings a second meanwhile';
  report.add(TITLE, kase, 'bookings made during the load', booked);
  report.add(TITLE, kase, 'slots, 50 conn: p50 / p99', `${busy.latency.p50} / ${busy.latency.p99} ms`);
  report.add(TITLE, kase, 'slots, 50 conn: req/s', (busy['2xx'] + busy.non2xx) / seconds);
  report.add(TITLE, kase, 'slots, 50 conn: CPU per request (all stack processes)', `${busy.cpuMsPerRequest.toFixed(2)} ms`);

  await machineQuiet(); // the mails of those bookings are sent before the next figure
  const from = addDays(today, 1);
  const listed = await call(`${s.apiUrl}/functions/v1/slots?teamEventTypeId=${teamEventTypeId}&startDate=${from}&endDate=${addDays(from, 30)}&timeZone=UTC`, {
    headers: s.anonHeaders,
  });
  const slots: { start: string; end: string }[] = listed.body?.slots ?? [];
  const ms: number[] = [];
  let failures = 0;
  for (let i = 0; i < BOOKINGS && i < slots.length; i++) {
    const a = await request(`${s.apiUrl}/functions/v1/api/teams/${teamId}/bookings`, {
      method: 'POST',
      headers: { ...s.anonHeaders, 'content-type': 'application/json' },
      body: JSON.stringify({ teamEventTypeId, guestName: `Big team guest ${i}`, guestEmail: `bigteam${i}@example.test`, startTime: slots[i].start, endTime: slots[i].end }),
      localAddress: guestAddress(60_000 + i),
    });
    if (a.status === 201) ms.push(a.ms);
    else failures++;
  }
  const series = `round robin over 50 members, ${BOOKINGS} bookings one after another`;
  report.add(TITLE, series, 'booking p50 / p99', `${percentile(ms, 50).toFixed(0)} / ${percentile(ms, 99).toFixed(0)} ms`);
  if (failures) report.add(TITLE, series, 'failed requests', failures);
}
