// The database is the one authority. An admin of the project edits a policy (here
// in SQL, as the dashboard does) and the /api routes follow at once, because they read and write as
// the caller. Each change is scoped to this test's own team, so tests running beside it see the same
// rules as before, and the policy is restored afterwards.
import { describe, expect, it } from 'vitest';
import { sql } from '../../../scripts/local/test-stack/harness.ts';
import { call } from '../api/client.ts';
import { at, guestBody, newTeam, newTeamEventType } from '../api/fixtures.ts';

/** Runs `check` with `policy` on `table` changed by `edit` (its USING and WITH CHECK expressions), then restores it. */
async function withPolicy(table: string, policy: string, edit: (expression: string) => string, check: () => Promise<void>) {
  const [{ qual, with_check }] = await sql<{ qual: string | null; with_check: string | null }>(
    `select qual, with_check from pg_policies where schemaname = 'public' and tablename = $1 and policyname = $2`,
    [table, policy],
  );
  const clauses = (q: string | null, c: string | null) => [q && `using (${q})`, c && `with check (${c})`].filter(Boolean).join(' ');
  await sql(`alter policy "${policy}" on public.${table} ${clauses(qual && edit(qual), with_check && edit(with_check))}`);
  try {
    await check();
  } finally {
    await sql(`alter policy "${policy}" on public.${table} ${clauses(qual, with_check)}`);
  }
}

describe('one authority: a policy changed in the database changes /api', () => {
  it('lets plain members edit the team once the update policy says so, and no longer after', async () => {
    const team = await newTeam(false);
    const patch = () =>
      call(`/api/teams/${team.id}`, { method: 'PATCH', body: { name: 'Renamed by a member', slug: team.slug }, token: team.member.accessToken });
    expect((await patch()).status).toBe(403);
    await withPolicy('teams', 'Team owners and admins update the team', (e) => `(${e}) or (id = ${team.id} and private.has_team_role(id))`, async () => {
      expect(await patch()).toMatchObject({ status: 200, body: { name: 'Renamed by a member', role: 'member' } });
    });
    expect((await patch()).status).toBe(403);
  });

  it('keeps even admins from removing members once the delete policy says so', async () => {
    const team = await newTeam(false);
    const remove = () => call(`/api/teams/${team.id}/members/${team.member.id}`, { method: 'DELETE', token: team.admin.accessToken });
    await withPolicy(
      'team_members',
      'Members leave, and team owners and admins remove, anyone but the owner',
      (e) => `(${e}) and (team_id <> ${team.id} or user_id = (select auth.uid()))`,
      async () => {
        expect((await remove()).status).toBe(403);
      },
    );
    expect((await remove()).status).toBe(200);
  });

  it('takes a team event type off the booking paths once its read policy hides it', async () => {
    const team = await newTeam(false);
    const typeId = await newTeamEventType(team);
    const book = (start: Date) =>
      call(`/api/teams/${team.id}/bookings`, { body: { ...guestBody(0, start), eventTypeId: undefined, teamEventTypeId: typeId }, token: team.member.accessToken });
    const date = at(2, 0).toISOString().slice(0, 10);
    const slots = () => call(`/slots?teamEventTypeId=${typeId}&startDate=${date}&endDate=${date}`, { token: team.member.accessToken });
    await withPolicy(
      'event_types',
      "Owners read event types, and anon a public team's active ones",
      (e) => `(${e}) and team_id is distinct from ${team.id}`,
      async () => {
        expect((await book(at(2, 10))).status).toBe(404);
        expect((await slots()).status).toBe(404);
      },
    );
    expect((await slots()).status).toBe(200);
    expect((await book(at(2, 10))).status).toBe(201);
  });

  it("keeps a team endpoint's secret, ping and settings from its admins once the webhooks update policy says so", async () => {
    const team = await newTeam(false);
    const token = team.admin.accessToken;
    const created = await call(`/api/teams/${team.id}/webhooks`, { body: { url: 'https://hooks.example.com/authority', events: ['booking.created'] }, token });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    const rotate = () => call(`/api/webhooks/${id}/rotate-secret`, { method: 'POST', token });
    await withPolicy('webhooks', 'Managers update webhooks', (e) => `(${e}) and team_id is distinct from ${team.id}`, async () => {
      // Still readable (the read policy is unchanged), but nothing may change it: not its secret, not a ping.
      expect((await call(`/api/webhooks/${id}`, { token })).status).toBe(200);
      expect(await rotate()).toMatchObject({ status: 404, body: { message: 'Webhook not found' } });
      expect(await call(`/api/webhooks/${id}/ping`, { method: 'POST', token })).toMatchObject({ status: 404, body: { message: 'Webhook not found' } });
      expect((await call(`/api/webhooks/${id}`, { method: 'PATCH', body: { isActive: false }, token })).status).toBe(404);
    });
    const rotated = await rotate();
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
  });

  it("counts and lists a team's bookings as the bookings read policy shows them", async () => {
    const team = await newTeam(false);
    const typeId = await newTeamEventType(team);
    // Written as the functions write it, at the first instant of this month (the team's zone is UTC).
    await sql(
      `select create_booking($1, date_trunc('month', now()), date_trunc('month', now()) + interval '30 minutes', '{"guest_name":"G","guest_email":"g@example.test"}')`,
      [typeId],
    );
    const seen = async () => ({
      listed: (await call(`/api/teams/${team.id}/bookings`, { token: team.member.accessToken })).body.length,
      counted: (await call(`/api/teams/${team.id}/stats`, { token: team.member.accessToken })).body.bookingsThisMonth,
    });
    expect(await seen()).toEqual({ listed: 1, counted: 1 });
    await withPolicy('bookings', 'Hosts and team members read bookings', (e) => `(${e}) and team_id is distinct from ${team.id}`, async () => {
      expect(await seen()).toEqual({ listed: 0, counted: 0 });
    });
  });
});
