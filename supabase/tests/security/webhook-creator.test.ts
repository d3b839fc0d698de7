// A team admin adds a webhook endpoint (their own server), then leaves or is
// removed; the endpoint kept receiving every guest's name, email and phone. Endpoints record who added
// them; when that person is no longer an owner or admin of the team, their endpoints are paused, the
// team's managers see who added each, and may resume one.
import { describe, expect, it } from 'vitest';
import { sql, type TestUser } from '../../../scripts/local/test-stack/harness.ts';
import { call } from '../api/client.ts';
import { at, guestBody, newTeam, newTeamEventType, type Team } from '../api/fixtures.ts';

const tok = (u: TestUser) => ({ token: u.accessToken });

async function endpointOf(team: Team, who: TestUser, url: string): Promise<number> {
  const created = await call(`/api/teams/${team.id}/webhooks`, { body: { url, events: ['booking.created'] }, ...tok(who) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.createdBy).toBe(who.id);
  return created.body.id;
}

/** The outbox rows a team booking at `hour` writes for each endpoint. */
async function deliveriesOfBooking(team: Team, hour: number): Promise<number[]> {
  const eventType = await newTeamEventType(team);
  const { eventTypeId: _, ...guest } = guestBody(0, at(3, hour));
  const booking = await call(`/api/teams/${team.id}/bookings`, { body: { ...guest, teamEventTypeId: eventType } });
  expect(booking.status, JSON.stringify(booking.body)).toBe(201);
  const rows = await sql(
    `select (payload ->> 'endpointId')::bigint as id from public.outbox where kind = 'webhook' and payload -> 'body' -> 'data' ->> 'id' = $1::text`,
    [booking.body.id],
  );
  return rows.map((r) => Number(r.id)).sort();
}

describe('a team endpoint is paused when the person who added it no longer manages the team', () => {
  it('pauses a removed admin\'s endpoints, shows who added each, and lets the owner resume one', async () => {
    const team = await newTeam();
    const adminHook = await endpointOf(team, team.admin, 'https://admin-crm.example.com/hook');
    const ownerHook = await endpointOf(team, team.owner, 'https://team-crm.example.com/hook');

    expect((await call(`/api/teams/${team.id}/members/${team.admin.id}`, { method: 'DELETE', ...tok(team.owner) })).status).toBe(200);

    const listed = await call(`/api/teams/${team.id}/webhooks`, tok(team.owner));
    expect(listed.body.map((w: Record<string, unknown>) => [w.id, w.createdBy, w.isActive, w.pausedReason])).toEqual([
      [adminHook, team.admin.id, false, 'creator_left'],
      [ownerHook, team.owner.id, true, null],
    ]);
    // The guest data of the next booking goes only to the endpoint whose creator still manages the team.
    expect(await deliveriesOfBooking(team, 10)).toEqual([ownerHook]);

    // The owner may resume it, knowingly.
    const resumed = await call(`/api/webhooks/${adminHook}`, { method: 'PATCH', body: { isActive: true }, ...tok(team.owner) });
    expect(resumed.body).toMatchObject({ isActive: true, pausedReason: null, createdBy: team.admin.id });
    expect(await deliveriesOfBooking(team, 12)).toEqual([adminHook, ownerHook].sort());
  });

  it('pauses them when the admin leaves on their own or is made a member, and never takes the creator from the client', async () => {
    const team = await newTeam();
    const leaving = await endpointOf(team, team.admin, 'https://leaver.example.com/hook');
    // Nobody writes someone else's name on an endpoint.
    const forged = await team.admin.client.from('webhooks').insert({ team_id: team.id, url: 'https://x.example.com', events: ['ping'], created_by: team.owner.id });
    expect(forged.error?.code).toBe('42501');
    expect((await call(`/api/teams/${team.id}/members/${team.admin.id}`, { method: 'DELETE', ...tok(team.admin) })).status).toBe(200);
    expect(await sql('select is_active, paused_reason from public.webhooks where id = $1', [leaving])).toEqual([{ is_active: false, paused_reason: 'creator_left' }]);

    // Demoted to member: no longer manages the team, so their endpoint pauses too.
    const other = await newTeam();
    const demoted = await endpointOf(other, other.admin, 'https://demoted.example.com/hook');
    await sql(`update public.team_members set role = 'member' where team_id = $1 and user_id = $2`, [other.id, other.admin.id]);
    expect(await sql('select is_active, paused_reason from public.webhooks where id = $1', [demoted])).toEqual([{ is_active: false, paused_reason: 'creator_left' }]);
  });
});
