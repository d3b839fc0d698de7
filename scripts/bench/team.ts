// Benchmark 3: round-robin assignment at scale. A public 50-member team, 1,000 guest bookings one
// after another (so fairness is measured without races): time per booking and bookings per member.
import { randomUUID } from 'node:crypto';
import { addDays, instantToZoned } from '../../supabase/functions/_shared/rules/time.ts';
import { createUser } from './lib/fixtures.ts';
import { guestAddress, request } from './lib/guests.ts';
import type { Report } from './lib/report.ts';
import { call, type BenchStack, type Target } from './lib/stack.ts';
import { percentile, timed } from './lib/stats.ts';
import type { Offered } from './booking.ts';

const MEMBERS = 50;
const BOOKINGS = 1000;
const SLOTS = 200;

/** A public team (UTC, every day 08:00-20:00) with a 30-minute round-robin event type; the first member owns it. */
export async function roundRobinTeam(s: Target, members = MEMBERS): Promise<{ teamId: number; teamEventTypeId: number; memberIds: string[] }> {
  const ids = await Promise.all(Array.from({ length: members }, (_, i) => createUser(s.db, { label: `member${i}` })));
  const team = await s.db.query<{ id: string }>(
    `insert into public.teams (name, slug, owner_id, is_public, timezone) values ('Bench team', $1, $2, true, 'UTC') returning id`,
    [`bench-${randomUUID()}`, ids[0]],
  );
  const teamId = Number(team.rows[0].id);
  // The owner is added by the teams trigger; everyone else joins one by one, as invitations would.
  await s.db.query(
    `insert into public.team_members (team_id, user_id, role, joined_at)
     select $1, u, 'member', now() + make_interval(secs => ord) from unnest($2::uuid[]) with ordinality as t(u, ord)`,
    [teamId, ids.slice(1)],
  );
  await s.db.query(
    `insert into public.availability_rules (team_id, day_of_week, start_time, end_time, is_enabled)
     select $1, d, '08:00', '20:00', true from generate_series(0, 6) d`,
    [teamId],
  );
  const type = await s.db.query<{ id: string }>(
    `insert into public.event_types (team_id, title, duration, assignment_type) values ($1, 'Bench round robin', 30, 'round_robin') returning id`,
    [teamId],
  );
  return { teamId, teamEventTypeId: Number(type.rows[0].id), memberIds: ids };
}

export async function benchTeam(report: Report, s: BenchStack) {
  const { teamId, teamEventTypeId } = await roundRobinTeam(s);
  const from = addDays(instantToZoned(Date.now(), 'UTC').date, 1);
  const listed = await call(
    `${s.apiUrl}/functions/v1/slots?teamEventTypeId=${teamEventTypeId}&startDate=${from}&endDate=${addDays(from, 30)}&timeZone=UTC`,
    { headers: s.anonHeaders },
  );
  if (listed.status !== 200 || !Array.isArray(listed.body?.slots) || listed.body.slots.length < SLOTS) {
    throw new Error(`team slots answered ${listed.status}: ${JSON.stringify(listed.body).slice(0, 200)}`);
  }
  const slots: Offered[] = listed.body.slots.slice(0, SLOTS);
  const latencies: number[] = [];
  const failures = new Map<number, number>();
  const { ms } = await timed(async () => {
    for (let i = 0; i < BOOKINGS; i++) {
      const slot = slots[i % SLOTS];
      const a = await request(`${s.apiUrl}/functions/v1/api/teams/${teamId}/bookings`, {
        method: 'POST',
        headers: { ...s.anonHeaders, 'content-type': 'application/json' },
        body: JSON.stringify({ teamEventTypeId, guestName: `Team guest ${i}`, guestEmail: `team${i}@example.test`, startTime: slot.start, endTime: slot.end }),
        localAddress: guestAddress(50_000 + i),
      });
      latencies.push(a.ms);
      if (a.status !== 201) {
        failures.set(a.status, (failures.get(a.status) ?? 0) + 1);
        if (failures.size === 1 && failures.get(a.status) === 1) {
          report.add('3 team: round robin', '50 members', 'first failure', `${a.status} ${JSON.stringify(a.body ?? a.error).slice(0, 120)}`);
        }
      }
    }
  });
  const perMember = await s.db.query<{ n: string }>(
    `select count(b.id) as n from public.team_members m
     left join public.bookings b on b.team_id = m.team_id and b.assigned_user_id = m.user_id and b.status <> 'cancelled'
     where m.team_id = $1 group by m.user_id`,
    [teamId],
  );
  const counts = perMember.rows.map((r) => Number(r.n));
  const kase = `${MEMBERS} members, ${BOOKINGS} bookings over ${SLOTS} slots, sequential`;
  report.add('3 team: round robin', kase, 'time per booking (mean)', ms / BOOKINGS, 'ms');
  report.add('3 team: round robin', kase, 'p50 / p99', `${percentile(latencies, 50).toFixed(0)} / ${percentile(latencies, 99).toFixed(0)} ms`);
  report.add('3 team: round robin', kase, 'bookings per member min / max', `${Math.min(...counts)} / ${Math.max(...counts)}`);
  report.add('3 team: round robin', kase, 'spread (max − min)', Math.max(...counts) - Math.min(...counts));
  if (failures.size) report.add('3 team: round robin', kase, 'failed requests', [...failures].map(([k, v]) => `${v}×${k}`).join(', '));
}
