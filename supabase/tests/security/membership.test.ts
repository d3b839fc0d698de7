// Team membership, replayed as an attacker: a signed-up stranger makes a team and tries to pull a
// victim into it (REST, the invite RPC, /api), then to read, occupy, probe and expose them through it.
// Only the victim's acceptance of an invitation, sent to their own address, makes them a member.
import { describe, expect, it } from 'vitest';
import { anonClient, newUser, sql, type TestUser } from '../../../scripts/local/test-stack/harness.ts';
import { waitForMails } from '../../../scripts/local/test-stack/mailpit.ts';
import { call } from '../api/client.ts';
import { ALL_WEEK, at, guestBody, proveEmail } from '../api/fixtures.ts';
import { booked, eventTypeOf } from './support.ts';

const tok = (u: TestUser) => ({ token: u.accessToken });

/** The attacker's own team, made as any signed-up user may: public, open all week. */
async function attackersTeam(attacker: TestUser) {
  const slug = `lure-${Math.random().toString(36).slice(2, 10)}`;
  const team = await call('/api/teams', { body: { name: 'Lure', slug, isPublic: true, timezone: 'UTC' }, ...tok(attacker) });
  expect(team.status).toBe(201);
  expect((await call(`/api/teams/${team.body.id}/availability`, { method: 'PUT', body: ALL_WEEK, ...tok(attacker) })).status).toBe(200);
  return team.body.id as number;
}

describe('membership needs consent', () => {
  it('puts nobody into a team: not by REST, not by the invite, not by /api', async () => {
    const [attacker, victim] = await Promise.all([newUser(), newUser({ firstName: 'Vic' })]);
    const team = await attackersTeam(attacker);

    const inserted = await attacker.client.from('team_members').insert({ team_id: team, user_id: victim.id, role: 'member' });
    expect(inserted.error?.code).toBe('42501');
    expect((await attacker.client.rpc('invite_team_member', { p_team_id: team, p_email: victim.email, p_role: 'admin' })).error).toBeNull();
    expect((await call(`/api/teams/${team}/members`, { body: { email: victim.email, role: 'member' }, ...tok(attacker) })).status).toBe(201);

    expect(await sql('select count(*)::int as n from public.team_members where team_id = $1 and user_id = $2', [team, victim.id])).toEqual([{ n: 0 }]);
    // Invited is not joined: neither sees the other's profile or email.
    expect((await attacker.client.from('profiles').select('email, first_name').eq('id', victim.id)).data).toEqual([]);
    expect((await victim.client.from('profiles').select('email').eq('id', attacker.id)).data).toEqual([]);
    const members = await call(`/api/teams/${team}/members`, tok(attacker));
    expect(members.body.map((m: { userId: string }) => m.userId)).toEqual([attacker.id]);
    expect(JSON.stringify(members.body)).not.toContain(victim.email);
  });

  it('answers an invite the same whether or not the address has an account', async () => {
    const [attacker, victim] = await Promise.all([newUser(), newUser()]);
    const team = await attackersTeam(attacker);
    const known = await call(`/api/teams/${team}/members`, { body: { email: victim.email }, ...tok(attacker) });
    const unknown = await call(`/api/teams/${team}/members`, { body: { email: `nobody-${victim.id}@example.test` }, ...tok(attacker) });
    expect([known.status, unknown.status]).toEqual([201, 201]);
    // Nothing but the address itself differs (and the ids and times of two rows).
    const shape = ({ id: _id, email: _email, createdAt: _c, expiresAt: _e, ...rest }: Record<string, unknown>) => rest;
    expect(shape(known.body)).toEqual(shape(unknown.body));
    expect(Object.keys(known.body).sort()).toEqual(['createdAt', 'email', 'expiresAt', 'id', 'role', 'teamId']);
    expect(known.body).toMatchObject({ email: victim.email, role: 'member' });
  });

  it('neither occupies, probes nor exposes an invitee who has not accepted', async () => {
    const [attacker, victim] = await Promise.all([newUser(), newUser()]);
    const team = await attackersTeam(attacker);
    // The victim's own calendar holds a meeting at 10:00; they take no bookings by link (no active event type).
    const mine = await eventTypeOf(victim.id);
    await booked(mine, at(2, 10).toISOString());
    await sql('update public.event_types set is_active = false where id = $1', [mine]);
    const everyone = await call(`/api/teams/${team}/event-types`, { body: { title: 'All hands', duration: 60, requiresAllMembers: true }, ...tok(attacker) });
    expect(everyone.status).toBe(201);
    expect((await call(`/api/teams/${team}/members`, { body: { email: victim.email }, ...tok(attacker) })).status).toBe(201);

    // Not bookable: the public team's page shows nothing of them, their busy time stays hidden.
    const busy = () => anonClient().rpc('public_busy', { p_user_ids: [victim.id], p_from: at(1, 0).toISOString(), p_to: at(4, 0).toISOString() });
    expect((await busy()).data).toEqual([]);
    expect((await call(`/api/teams/public/${(await sql('select slug from public.teams where id = $1', [team]))[0].slug}/members`)).body).toHaveLength(1);
    // No probing: 10:00 is offered and booked as if the victim did not exist (no 409, no gap) ...
    const date = at(2, 0).toISOString().slice(0, 10);
    const slots = await call(`/slots?teamEventTypeId=${everyone.body.id}&startDate=${date}&endDate=${date}&timeZone=UTC`);
    expect(slots.body.slots.map((s: { start: string }) => s.start)).toContain(at(2, 10).toISOString());
    const { eventTypeId: _, ...guest } = guestBody(0, at(2, 10), 60);
    const booking = await call(`/api/teams/${team}/bookings`, { body: { ...guest, teamEventTypeId: everyone.body.id } });
    expect(booking.status).toBe(201);
    // ... and the all-members booking holds only those who joined, never the victim's calendar.
    const held = await sql('select user_id from public.booking_busy where booking_id = $1', [booking.body.id]);
    expect(held).toEqual([{ user_id: attacker.id }]);
    expect((await call('/api/bookings/upcoming', tok(victim))).body.map((b: { id: number }) => b.id)).not.toContain(booking.body.id);

    // Consent changes it: once the victim accepts, the public team makes them bookable.
    const [invitation] = (await call('/api/invitations', tok(victim))).body;
    await proveEmail(victim);
    expect((await call(`/api/invitations/${invitation.id}/accept`, { method: 'POST', ...tok(victim) })).status).toBe(200);
    expect((await busy()).data).toHaveLength(1);
  });

  it('mails the invitee a link that only their own account can accept, and only once', async () => {
    const [attacker, victim, other] = await Promise.all([newUser(), newUser(), newUser()]);
    const team = await attackersTeam(attacker);
    const invited = await call(`/api/teams/${team}/members`, { body: { email: victim.email }, ...tok(attacker) });
    expect(invited.status).toBe(201);

    const [mail] = await waitForMails(victim.email, 1);
    expect(mail.Subject).toBe('Invitation to join Lure');
    const token = /\/invitations\/([\w-]+)/.exec(mail.Text)?.[1];
    expect(token).toBeTruthy();
    // The table holds only the token's hash.
    expect(await sql('select token_hash = encode(sha256(convert_to($1, \'UTF8\')), \'hex\') as hashed from public.team_invitations where id = $2', [token, invited.body.id])).toEqual([
      { hashed: true },
    ]);

    const link = (who?: TestUser) => call(`/api/invitations/link/${token}`, who ? tok(who) : {});
    expect(await link()).toMatchObject({ status: 200, body: { id: invited.body.id, teamName: 'Lure', role: 'member', forMe: false } });
    expect((await link(other)).body.forMe).toBe(false);
    expect((await link(victim)).body.forMe).toBe(true);
    expect((await call('/api/invitations/link/not-a-token')).status).toBe(404);

    const accept = (who: TestUser) => call(`/api/invitations/${invited.body.id}/accept`, { body: { token }, ...tok(who) });
    expect((await accept(other)).status).toBe(404);
    expect((await accept(attacker)).status).toBe(404);
    expect((await accept(victim)).status).toBe(200);
    expect((await link(victim)).status).toBe(404);
  });

  it('lets an invitee decline, and a member leave, but never the owner', async () => {
    const [owner, member, decliner] = await Promise.all([newUser(), newUser(), newUser()]);
    const team = await attackersTeam(owner);
    for (const who of [member, decliner]) {
      expect((await call(`/api/teams/${team}/members`, { body: { email: who.email }, ...tok(owner) })).status).toBe(201);
    }
    const [declined] = (await call('/api/invitations', tok(decliner))).body;
    expect((await call(`/api/invitations/${declined.id}`, { method: 'DELETE', ...tok(member) })).status).toBe(404);
    expect((await call(`/api/invitations/${declined.id}`, { method: 'DELETE', ...tok(decliner) })).status).toBe(200);
    expect((await call(`/api/invitations/${declined.id}/accept`, { method: 'POST', ...tok(decliner) })).status).toBe(404);

    const [invitation] = (await call('/api/invitations', tok(member))).body;
    await proveEmail(member);
    expect((await call(`/api/invitations/${invitation.id}/accept`, { method: 'POST', ...tok(member) })).status).toBe(200);
    expect((await call(`/api/teams/${team}/members/${owner.id}`, { method: 'DELETE', ...tok(owner) })).status).toBe(403);
    expect((await call(`/api/teams/${team}/members/${member.id}`, { method: 'DELETE', ...tok(member) })).status).toBe(200);
    expect(await sql('select user_id from public.team_members where team_id = $1', [team])).toEqual([{ user_id: owner.id }]);
  });
});
