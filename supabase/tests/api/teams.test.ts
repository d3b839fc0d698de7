// Teams through /api: the role matrix of docs/product/permissions.md, the shapes of docs/product/api.md, team
// slots and bookings with each assignment strategy.
import { describe, expect, it } from 'vitest';
import { newUser, sql } from '../../../scripts/local/test-stack/harness.ts';
import { call } from './client.ts';
import { ALL_WEEK, at, guestBody, newTeam, newTeamEventType, proveEmail, type Team } from './fixtures.ts';

const tok = (u: { accessToken: string }) => ({ token: u.accessToken });

function teamBooking(teamEventTypeId: number, start: Date, extra: Record<string, unknown> = {}) {
  const { eventTypeId: _, ...body } = guestBody(0, start);
  return { ...body, teamEventTypeId, ...extra };
}

describe('teams', () => {
  it('creates a team and lists it with role and memberCount', async () => {
    const team = await newTeam();
    const list = await call('/api/teams', tok(team.owner));
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ id: team.id, slug: team.slug, name: 'Test Team', role: 'owner', memberCount: 3, isPublic: true, timezone: 'UTC' })]);
    expect((await call('/api/teams', tok(team.member))).body[0]).toMatchObject({ id: team.id, role: 'member', memberCount: 3 });
    expect((await call('/api/teams', tok(team.outsider))).body).toEqual([]);
    expect((await call('/api/teams')).status).toBe(401);
  });

  it('validates team creation and refuses a taken slug with 409', async () => {
    const user = await newUser();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', slug: 'abc' }, 'Team name is required'],
      [{ name: 'A', slug: '' }, 'Team slug is required'],
      [{ name: 'A', slug: 'Not OK' }, 'Slug can only contain lowercase letters, numbers, and hyphens'],
    ];
    for (const [body, message] of cases) expect(await call('/api/teams', { body, ...tok(user) })).toMatchObject({ status: 400, body: { message } });
    const team = await newTeam();
    const dup = await call('/api/teams', { body: { name: 'Copy', slug: team.slug }, ...tok(user) });
    expect(dup.status).toBe(409);
  });

  it('reads a team by id: members yes, outsiders of a private team 404, of a public team 403', async () => {
    const priv = await newTeam(false);
    expect(await call(`/api/teams/${priv.id}`, tok(priv.member))).toMatchObject({ status: 200, body: { id: priv.id, role: 'member', memberCount: 3 } });
    expect((await call(`/api/teams/${priv.id}`, tok(priv.outsider))).status).toBe(404);
    expect((await call('/api/teams/99999999', tok(priv.owner))).status).toBe(404);
    expect((await call('/api/teams/nope', tok(priv.owner))).status).toBe(404);
    const pub = await newTeam(true);
    expect((await call(`/api/teams/${pub.id}`, tok(pub.outsider))).status).toBe(403);
  });

  it('lets owners and admins edit settings and availability, not members', async () => {
    const team = await newTeam(false);
    const body = { name: 'Renamed', slug: `${team.slug}-x`, description: 'New', timezone: 'Europe/Berlin', isPublic: true };
    expect((await call(`/api/teams/${team.id}`, { method: 'PATCH', body, ...tok(team.member) })).status).toBe(403);
    expect((await call(`/api/teams/${team.id}`, { method: 'PATCH', body, ...tok(team.outsider) })).status).toBe(404);
    const bad = await call(`/api/teams/${team.id}`, { method: 'PATCH', body: { ...body, slug: 'Bad Slug' }, ...tok(team.admin) });
    expect(bad).toMatchObject({ status: 400, body: { message: 'URL can only contain lowercase letters, numbers, and hyphens' } });
    const ok = await call(`/api/teams/${team.id}`, { method: 'PATCH', body, ...tok(team.admin) });
    expect(ok).toMatchObject({ status: 200, body: { name: 'Renamed', timezone: 'Europe/Berlin', isPublic: true, role: 'admin' } });

    const week = [{ teamId: team.id, dayOfWeek: 1, startTime: '09:00', endTime: '12:00', isEnabled: true }];
    expect((await call(`/api/teams/${team.id}/availability`, { method: 'PUT', body: week, ...tok(team.member) })).status).toBe(403);
    const saved = await call(`/api/teams/${team.id}/availability`, { method: 'PUT', body: week, ...tok(team.owner) });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual([expect.objectContaining({ teamId: team.id, dayOfWeek: 1, startTime: '09:00', endTime: '12:00', isEnabled: true })]);
    expect((await call(`/api/teams/${team.id}/availability`, tok(team.member))).body).toHaveLength(1);
    const invalid = await call(`/api/teams/${team.id}/availability`, { method: 'PUT', body: [{ dayOfWeek: 9, startTime: '09:00', endTime: '10:00' }], ...tok(team.owner) });
    expect(invalid.status).toBe(400);
    expect((await call(`/api/teams/${team.id}/availability`, tok(team.member))).body).toHaveLength(1);
  });

  it('invites by role (a pending invitation until accepted), removes members, and never the owner', async () => {
    const team = await newTeam();
    const newcomer = await newUser({ firstName: 'Nina' });
    const invite = { email: newcomer.email, role: 'member' };
    expect((await call(`/api/teams/${team.id}/members`, { body: invite, ...tok(team.member) })).status).toBe(403);
    expect(await call(`/api/teams/${team.id}/members`, { body: { email: 'x', role: 'member' }, ...tok(team.admin) })).toMatchObject({
      status: 400,
      body: { message: 'Invalid email address' },
    });
    expect((await call(`/api/teams/${team.id}/members`, { body: { ...invite, role: 'owner' }, ...tok(team.admin) })).status).toBe(400);
    // An address without an account gets the same answer as one with an account.
    const unknown = await call(`/api/teams/${team.id}/members`, { body: { email: 'nobody-here@example.test' }, ...tok(team.admin) });
    expect(unknown).toMatchObject({ status: 201, body: { teamId: team.id, email: 'nobody-here@example.test', role: 'member' } });
    const invited = await call(`/api/teams/${team.id}/members`, { body: { ...invite, email: newcomer.email.toUpperCase() }, ...tok(team.admin) });
    expect(invited).toMatchObject({ status: 201, body: { teamId: team.id, email: newcomer.email, role: 'member' } });
    expect(Object.keys(invited.body).sort()).toEqual(Object.keys(unknown.body).sort());
    expect(JSON.stringify(invited.body)).not.toMatch(/token/i);
    // Inviting again renews the invitation; nobody joined yet.
    expect((await call(`/api/teams/${team.id}/members`, { body: { ...invite, role: 'admin' }, ...tok(team.admin) })).status).toBe(201);
    expect((await call(`/api/teams/${team.id}/members`, tok(team.member))).body).toHaveLength(3);
    const pending = await call(`/api/teams/${team.id}/invitations`, tok(team.owner));
    expect(pending.body.map((i: { email: string; role: string }) => [i.email, i.role]).sort()).toEqual([
      ['nobody-here@example.test', 'member'],
      [newcomer.email, 'admin'],
    ]);
    expect((await call(`/api/teams/${team.id}/invitations`, tok(team.member))).body).toEqual([]);

    const mine = await call('/api/invitations', tok(newcomer));
    expect(mine.body).toEqual([expect.objectContaining({ teamId: team.id, role: 'admin', team: expect.objectContaining({ name: 'Test Team' }) })]);
    expect((await call(`/api/invitations/${mine.body[0].id}/accept`, { method: 'POST', ...tok(team.outsider) })).status).toBe(404);
    await proveEmail(newcomer);
    const joined = await call(`/api/invitations/${mine.body[0].id}/accept`, { method: 'POST', ...tok(newcomer) });
    expect(joined).toMatchObject({ status: 200, body: { teamId: team.id, userId: newcomer.id, role: 'admin' } });
    expect(await call(`/api/teams/${team.id}/members`, { body: invite, ...tok(team.admin) })).toMatchObject({
      status: 409,
      body: { code: 'already_member', message: 'This person is already a member of the team', messageId: 'personAlreadyMember' },
    });

    const members = await call(`/api/teams/${team.id}/members`, tok(team.member));
    expect(members.status).toBe(200);
    expect(members.body.map((m: { role: string }) => m.role)).toEqual(['owner', 'admin', 'member', 'admin']);
    expect(members.body[0].user).toEqual(
      expect.objectContaining({ id: team.owner.id, firstName: 'Olive', email: team.owner.email, profileImageUrl: null, title: null, company: null, location: null }),
    );
    expect((await call(`/api/teams/${team.id}/members`, tok(team.outsider))).status).toBe(403);

    expect((await call(`/api/teams/${team.id}/members/${newcomer.id}`, { method: 'DELETE', ...tok(team.member) })).status).toBe(403);
    expect((await call(`/api/teams/${team.id}/members/${team.owner.id}`, { method: 'DELETE', ...tok(team.admin) })).status).toBe(403);
    expect((await call(`/api/teams/${team.id}/members/${team.owner.id}`, { method: 'DELETE', ...tok(team.owner) })).status).toBe(403);
    expect((await call(`/api/teams/${team.id}/members/${team.outsider.id}`, { method: 'DELETE', ...tok(team.admin) })).status).toBe(404);
    expect((await call(`/api/teams/${team.id}/members/${newcomer.id}`, { method: 'DELETE', ...tok(team.admin) })).status).toBe(200);
    // A member leaves on their own.
    expect((await call(`/api/teams/${team.id}/members/${team.member.id}`, { method: 'DELETE', ...tok(team.member) })).status).toBe(200);
    expect((await call(`/api/teams/${team.id}/members`, tok(team.owner))).body).toHaveLength(2);

    // Revoking: owners and admins; the invitee declines their own.
    const stranger = pending.body.find((i: { email: string }) => i.email === 'nobody-here@example.test');
    expect((await call(`/api/teams/${team.id}/invitations/${stranger.id}`, { method: 'DELETE', ...tok(team.outsider) })).status).toBe(403);
    expect((await call(`/api/teams/${team.id}/invitations/${stranger.id}`, { method: 'DELETE', ...tok(team.owner) })).status).toBe(200);
    expect((await call(`/api/teams/${team.id}/invitations`, tok(team.owner))).body).toEqual([]);
  });

  it('creates team event types (owners and admins) and lists them for members', async () => {
    const team = await newTeam();
    const body = { title: 'Consult', duration: 45, assignmentType: 'least_busy' };
    expect((await call(`/api/teams/${team.id}/event-types`, { body, ...tok(team.member) })).status).toBe(403);
    expect(await call(`/api/teams/${team.id}/event-types`, { body: { ...body, duration: 20 }, ...tok(team.admin) })).toMatchObject({ status: 400 });
    expect(
      (await call(`/api/teams/${team.id}/event-types`, { body: { ...body, assignmentType: 'specific_member', specificMemberId: team.outsider.id }, ...tok(team.admin) })).body,
    ).toEqual({ code: 'invalid_request', message: 'The selected member is not in this team', messageId: 'selectedNotMember' });
    const created = await call(`/api/teams/${team.id}/event-types`, { body, ...tok(team.admin) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      teamId: team.id,
      title: 'Consult',
      duration: 45,
      color: '#3b82f6',
      isActive: true,
      autoConfirm: true,
      requiresAllMembers: false,
      assignmentType: 'least_busy',
      specificMemberId: null,
    });
    expect((await call(`/api/teams/${team.id}/event-types`, tok(team.member))).body).toHaveLength(1);
    expect((await call(`/api/teams/${team.id}/event-types`, tok(team.outsider))).status).toBe(403);
  });

  it('shows a public team to everyone, and hides a private one', async () => {
    const pub = await newTeam(true);
    await newTeamEventType(pub);
    await newTeamEventType(pub, { title: 'Hidden', isActive: false });
    const team = await call(`/api/teams/public/${pub.slug}`);
    expect(team).toMatchObject({ status: 200, body: { id: pub.id, slug: pub.slug, name: 'Test Team', timezone: 'UTC', memberCount: 3, isPublic: true } });
    const types = await call(`/api/teams/public/${pub.slug}/event-types`);
    expect(types.body.map((t: { title: string }) => t.title)).toEqual(['Team demo']);
    const members = await call(`/api/teams/public/${pub.slug}/members`);
    expect(members.body).toHaveLength(3);
    expect(members.body[0]).toMatchObject({ role: 'owner', user: { firstName: 'Olive' } });
    expect(JSON.stringify(members.body)).not.toContain('@');

    const priv = await newTeam(false);
    for (const path of ['', '/event-types', '/members', '/availability']) {
      expect((await call(`/api/teams/public/${priv.slug}${path}`)).status).toBe(404);
    }
    expect((await call('/api/teams/public/no-such-team')).status).toBe(404);
  });
});

describe("a host's and a team's event types: one table, two kinds that never cross", () => {
  it('answers a team event type named as a host\'s, and a host\'s named as a team\'s, as missing; each kind keeps its own fields', async () => {
    const team = await newTeam();
    const teamType = await newTeamEventType(team);
    // The team's owner is also a host, with an event type of their own.
    await call('/api/availability', { body: ALL_WEEK, ...tok(team.owner) });
    const own = await call('/api/event-types', { body: { title: 'Mine', duration: 30 }, ...tok(team.owner) });
    expect(own.status).toBe(201);
    const hostType: number = own.body.id;

    // The host's own list and routes know only the host's event types.
    const mine = await call('/api/event-types', tok(team.owner));
    expect(mine.body.map((t: { id: number }) => t.id)).toEqual([hostType]);
    for (const path of [`/api/event-types/${teamType}`, `/api/event-types/${teamType}/rules`]) {
      const body = path.endsWith('/rules') ? { bufferBefore: 5 } : { title: 'Taken over', duration: 30 };
      expect((await call(path, { method: 'PUT', body, ...tok(team.owner) })).status, path).toBe(404);
    }
    expect((await call(`/api/event-types/${teamType}`, { method: 'DELETE', ...tok(team.owner) })).status).toBe(404);
    expect((await call(`/api/event-types/${teamType}`, tok(team.owner))).status).toBe(404);
    expect((await call('/api/bookings', { body: guestBody(teamType, at(3, 10)), ...tok(team.owner) })).status).toBe(404);
    expect((await call('/bookings', { body: guestBody(teamType, at(3, 10)) })).status).toBe(404);
    const date = at(3, 0).toISOString().slice(0, 10);
    expect((await call(`/slots?eventTypeId=${teamType}&startDate=${date}&endDate=${date}`)).status).toBe(404);

    // The team's routes know only the team's.
    const teamList = await call(`/api/teams/${team.id}/event-types`, tok(team.owner));
    expect(teamList.body.map((t: { id: number }) => t.id)).toEqual([teamType]);
    expect((await call(`/api/teams/${team.id}/event-types/${hostType}/rules`, { method: 'PUT', body: { bufferBefore: 5 }, ...tok(team.owner) })).status).toBe(404);
    expect((await call(`/api/teams/${team.id}/bookings`, { body: teamBooking(hostType, at(3, 10)) })).status).toBe(404);
    expect((await call('/bookings', { body: teamBooking(hostType, at(3, 10)) })).status).toBe(404);
    expect((await call(`/slots?teamEventTypeId=${hostType}&startDate=${date}&endDate=${date}`)).status).toBe(404);
    expect((await call(`/api/teams/${team.id}/stats`, tok(team.owner))).body).toMatchObject({ eventTypeCount: 1 });

    // Each kind in the fields it always had: no team fields on a host's, no host or price on a team's.
    const teamFields = ['teamId', 'requiresAllMembers', 'assignmentType', 'specificMemberId'];
    const hostFields = ['userId', 'priceCents'];
    for (const field of teamFields) expect(mine.body[0], field).not.toHaveProperty(field);
    for (const field of hostFields) expect(mine.body[0], field).toHaveProperty(field);
    for (const field of hostFields) expect(teamList.body[0], field).not.toHaveProperty(field);
    for (const field of teamFields) expect(teamList.body[0], field).toHaveProperty(field);
    const hostRules = await call('/api/availability', tok(team.owner));
    expect(hostRules.body[0]).toHaveProperty('userId', team.owner.id);
    expect(hostRules.body[0]).not.toHaveProperty('teamId');

    // A booking names its event type by its kind.
    const hostBooking = await call('/bookings', { body: guestBody(hostType, at(3, 10)) });
    expect(hostBooking).toMatchObject({ status: 201, body: { eventTypeId: hostType, teamEventTypeId: null, userId: team.owner.id, teamId: null } });
    const teamBooked = await call('/bookings', { body: teamBooking(teamType, at(3, 12)) });
    expect(teamBooked).toMatchObject({ status: 201, body: { eventTypeId: null, teamEventTypeId: teamType, userId: null, teamId: team.id } });
    const listed = await call(`/api/teams/${team.id}/bookings`, tok(team.owner));
    expect(listed.body.find((b: { id: number }) => b.id === teamBooked.body.id)).toMatchObject({ eventTypeId: null, teamEventTypeId: teamType });
  });
});

describe('team bookings', () => {
  async function bookedMember(team: Team, typeId: number, start: Date) {
    const res = await call(`/api/teams/${team.id}/bookings`, { body: teamBooking(typeId, start) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.assignedUserId as string;
  }

  it('lets guests book a public team; round robin spreads the bookings over the members', async () => {
    const team = await newTeam();
    const typeId = await newTeamEventType(team);
    const assignees: string[] = [];
    for (let i = 0; i < 6; i++) assignees.push(await bookedMember(team, typeId, at(1 + i, 10)));
    const counts = [team.owner.id, team.admin.id, team.member.id].map((id) => assignees.filter((a) => a === id).length);
    expect(counts).toEqual([2, 2, 2]);
    // The bookings function takes the same body, and the assignee sees the booking in their own list.
    const direct = await call('/bookings', { body: teamBooking(typeId, at(8, 10)) });
    expect(direct).toMatchObject({ status: 201, body: { teamId: team.id, teamEventTypeId: typeId } });
    const mine = await call('/api/bookings/upcoming', tok(direct.body.assignedUserId === team.owner.id ? team.owner : direct.body.assignedUserId === team.admin.id ? team.admin : team.member));
    expect(mine.body.find((b: { id: number }) => b.id === direct.body.id)).toMatchObject({ eventType: { title: 'Team demo', duration: 30 }, assignedMember: { id: direct.body.assignedUserId } });
  });

  it('counts a member\'s personal bookings as busy for team bookings', async () => {
    const team = await newTeam();
    const specific = await newTeamEventType(team, { assignmentType: 'specific_member', specificMemberId: team.member.id });
    // The member hosts a personal event type too, and a guest books it at 10:00.
    await call('/api/availability', { body: ALL_WEEK, token: team.member.accessToken });
    await call('/api/settings', { method: 'PUT', body: { bufferBefore: 0, bufferAfter: 0, minimumNotice: 0, maxFutureBookings: 60 }, token: team.member.accessToken });
    const personal = await call('/api/event-types', { body: { title: 'Mine', duration: 30, color: '#3b82f6' }, token: team.member.accessToken });
    expect((await call('/bookings', { body: guestBody(personal.body.id, at(1, 10)) })).status).toBe(201);
    expect((await call(`/api/teams/${team.id}/bookings`, { body: teamBooking(specific, at(1, 10)) })).status).toBe(409);
    expect((await call(`/api/teams/${team.id}/bookings`, { body: teamBooking(specific, at(1, 10, 30)) })).status).toBe(201);
  });

  it('gives the slot to another member when the first is busy, and 409 once all are', async () => {
    const team = await newTeam();
    const typeId = await newTeamEventType(team);
    const start = at(2, 13);
    const got = new Set<string>();
    for (let i = 0; i < 3; i++) got.add(await bookedMember(team, typeId, start));
    expect(got.size).toBe(3);
    const full = await call(`/api/teams/${team.id}/bookings`, { body: teamBooking(typeId, start) });
    expect(full.status).toBe(409);
    expect(full.body.message).toContain('no longer available');
    expect(full.body.code).toBe('slot_taken');
  });

  it('books the specific member, and every member when all are required', async () => {
    const team = await newTeam();
    const specific = await newTeamEventType(team, { assignmentType: 'specific_member', specificMemberId: team.member.id });
    expect(await bookedMember(team, specific, at(1, 9))).toBe(team.member.id);
    expect((await call(`/api/teams/${team.id}/bookings`, { body: teamBooking(specific, at(1, 9)) })).status).toBe(409);

    const all = await newTeamEventType(team, { requiresAllMembers: true, title: 'All hands' });
    // The member is busy at 09:00, so the all-members type cannot take it; 11:00 is free for everyone.
    expect((await call(`/api/teams/${team.id}/bookings`, { body: teamBooking(all, at(1, 9)) })).status).toBe(409);
    expect((await call(`/api/teams/${team.id}/bookings`, { body: teamBooking(all, at(1, 11)) })).status).toBe(201);
    const date = at(1, 0).toISOString().slice(0, 10);
    const slots = await call(`/slots?teamEventTypeId=${all}&startDate=${date}&endDate=${date}&timeZone=UTC`);
    const starts = slots.body.slots.map((s: { start: string }) => s.start);
    expect(starts).not.toContain(at(1, 11).toISOString());
    expect(starts).not.toContain(at(1, 9).toISOString());
    expect(starts).toContain(at(1, 10).toISOString());
  });

  it('keeps private teams to their members, and checks the team of the event type', async () => {
    const team = await newTeam(false);
    const typeId = await newTeamEventType(team);
    const body = teamBooking(typeId, at(1, 10));
    expect((await call(`/api/teams/${team.id}/bookings`, { body })).status).toBe(404);
    expect((await call(`/bookings`, { body })).status).toBe(404);
    expect((await call(`/api/teams/${team.id}/bookings`, { body, ...tok(team.outsider) })).status).toBe(404);
    // A member reads the team's event types, so books them for a guest (the team's Create Booking).
    expect((await call(`/api/teams/${team.id}/bookings`, { body: teamBooking(typeId, at(1, 12)), ...tok(team.member) })).status).toBe(201);
    const other = await newTeam(false);
    expect((await call(`/api/teams/${other.id}/bookings`, { body, ...tok(other.owner) })).status).toBe(404);
    const res = await call(`/api/teams/${team.id}/bookings`, { body, ...tok(team.admin) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ teamId: team.id, teamEventTypeId: typeId, status: 'confirmed', eventType: { title: 'Team demo', duration: 30 } });
    const date = at(1, 0).toISOString().slice(0, 10);
    expect((await call(`/slots?teamEventTypeId=${typeId}&startDate=${date}&endDate=${date}`)).status).toBe(404);
    expect((await call(`/slots?teamEventTypeId=${typeId}&startDate=${date}&endDate=${date}`, tok(team.member))).status).toBe(200);
  });

  it('lists, cancels and assigns team bookings by role', async () => {
    const team = await newTeam();
    const typeId = await newTeamEventType(team, { autoConfirm: false });
    const first = await call(`/api/teams/${team.id}/bookings`, { body: teamBooking(typeId, at(1, 10)) });
    const second = await call(`/api/teams/${team.id}/bookings`, { body: teamBooking(typeId, at(1, 12)) });
    expect(first.body.status).toBe('pending');

    const list = await call(`/api/teams/${team.id}/bookings`, tok(team.member));
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
    expect(list.body[0]).toMatchObject({ eventType: { title: 'Team demo', duration: 30 }, assignedMember: { id: expect.any(String), firstName: expect.any(String), email: expect.stringContaining('@') } });
    const ranged = await call(`/api/teams/${team.id}/bookings?startDate=${at(1, 11).toISOString()}&endDate=${at(1, 13).toISOString()}`, tok(team.member));
    expect(ranged.body.map((b: { id: number }) => b.id)).toEqual([second.body.id]);
    expect((await call(`/api/teams/${team.id}/bookings?startDate=yesterday`, tok(team.member))).status).toBe(400);
    expect((await call(`/api/teams/${team.id}/bookings`, tok(team.outsider))).status).toBe(403);

    // Assign: owners and admins only, to a member of the team.
    const assign = (who: { accessToken: string }, memberId: string, id = first.body.id) =>
      call(`/api/teams/${team.id}/bookings/${id}/assign`, { method: 'PUT', body: { memberId }, ...tok(who) });
    expect((await assign(team.member, team.member.id)).status).toBe(403);
    expect((await assign(team.admin, team.outsider.id)).status).toBe(400);
    expect((await assign(team.admin, 'not-a-uuid')).status).toBe(400);
    expect((await assign(team.admin, team.member.id, 99999999)).status).toBe(404);
    const assigned = await assign(team.admin, team.member.id);
    expect(assigned).toMatchObject({ status: 200, body: { assignedUserId: team.member.id, assignedMember: { id: team.member.id, firstName: 'Mia' } } });

    // Cancel: a member only their own assigned booking; owners and admins any.
    const cancel = (who: { accessToken: string }, id: number) => call(`/api/teams/${team.id}/bookings/${id}/cancel`, { method: 'POST', ...tok(who) });
    // Round robin with no history goes by join order: owner, then admin.
    expect([first.body.assignedUserId, second.body.assignedUserId]).toEqual([team.owner.id, team.admin.id]);
    expect((await cancel(team.member, second.body.id)).status).toBe(403);
    expect((await cancel(team.member, first.body.id)).body.status).toBe('cancelled');
    expect((await cancel(team.owner, first.body.id)).status).toBe(409);
    expect((await cancel(team.owner, second.body.id)).status).toBe(200);
    const cancelled = await call(`/api/teams/${team.id}/bookings/cancelled`, tok(team.member));
    expect(cancelled.body.map((b: { id: number }) => b.id).sort()).toEqual([first.body.id, second.body.id].sort());
    expect((await call(`/api/teams/${team.id}/bookings`, tok(team.member))).body).toEqual([]);
  });

  it('counts the overview figures for members', async () => {
    const team = await newTeam();
    const typeId = await newTeamEventType(team);
    await newTeamEventType(team, { title: 'Second' });
    await sql(
      `insert into public.bookings (event_type_id, team_id, guest_name, guest_email, start_time, end_time, status)
       values ($1, $2, 'Now', 'now@example.com', now() - interval '1 second', now() - interval '1 second' + interval '30 minutes', 'confirmed')`,
      [typeId, team.id],
    );
    const stats = await call(`/api/teams/${team.id}/stats`, tok(team.member));
    expect(stats).toMatchObject({ status: 200, body: { memberCount: 3, eventTypeCount: 2, bookingsThisMonth: 1 } });
    expect((await call(`/api/teams/${team.id}/stats`, tok(team.outsider))).status).toBe(403);
  });

  it('accepts team availability in the team time zone', async () => {
    const team = await newTeam();
    await call(`/api/teams/${team.id}`, { method: 'PATCH', body: { name: 'Test Team', slug: team.slug, timezone: 'Asia/Kathmandu' }, ...tok(team.owner) });
    await call(`/api/teams/${team.id}/availability`, {
      method: 'PUT',
      body: ALL_WEEK.map((d) => ({ ...d, startTime: '09:00', endTime: '10:00' })),
      ...tok(team.owner),
    });
    const typeId = await newTeamEventType(team);
    const date = at(2, 0).toISOString().slice(0, 10);
    const slots = await call(`/slots?teamEventTypeId=${typeId}&startDate=${date}&endDate=${date}&timeZone=Asia/Kathmandu`);
    expect(slots.body.slots.map((s: { label: string }) => s.label)).toEqual(['09:00', '09:30']);
    expect(slots.body.slots[0].start.slice(11, 16)).toBe('03:15');
  });
});
