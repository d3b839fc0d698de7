// Hosts and teams set up through the api itself, so every test owns its data.
import { expect } from 'vitest';
import { newUser, sql, type TestUser } from '../../../scripts/local/test-stack/harness.ts';
import { call, CookieJar } from './client.ts';

const DAY_MS = 86_400_000;

/** Every day 00:00-23:30: any half hour is inside the hours. */
export const ALL_WEEK = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, startTime: '00:00', endTime: '23:30', isEnabled: true }));

export interface Host extends TestUser {
  eventTypeId: number;
}

/** A signed-in host (bearer) with an event type, open all week, no notice and no buffers. */
export async function newHost(opts: { autoConfirm?: boolean; duration?: number; settings?: Partial<Settings> } = {}): Promise<Host> {
  const user = await newUser();
  const token = user.accessToken;
  expect((await call('/api/availability', { body: ALL_WEEK, token })).status).toBe(200);
  const settings = { bufferBefore: 0, bufferAfter: 0, minimumNotice: 0, maxFutureBookings: 60, ...opts.settings };
  expect((await call('/api/settings', { method: 'PUT', body: settings, token })).status).toBe(200);
  const et = await call('/api/event-types', {
    body: { title: 'Intro call', description: 'Say hello', duration: opts.duration ?? 30, color: '#10b981', isActive: true, autoConfirm: opts.autoConfirm ?? true },
    token,
  });
  expect(et.status).toBe(201);
  return { ...user, eventTypeId: et.body.id };
}

interface Settings {
  bufferBefore: number;
  bufferAfter: number;
  minimumNotice: number;
  maxFutureBookings: number;
}

/** A half-hour boundary `days` days from now at hh:mm UTC. */
export function at(days: number, hh: number, mm = 0): Date {
  const d = new Date(Date.now() + days * DAY_MS);
  d.setUTCHours(hh, mm, 0, 0);
  return d;
}

/**
 * The first half hour at least an hour from now that ALL_WEEK offers (its windows end at 23:30, so a
 * 23:30 start moves to midnight).
 */
export function soon(): Date {
  let t = Math.ceil((Date.now() + 3_600_000) / 1_800_000) * 1_800_000;
  if (new Date(t).toISOString().slice(11, 16) === '23:30') t += 1_800_000;
  return new Date(t);
}

export function guestBody(eventTypeId: number, start: Date, minutes = 30, extra: Record<string, unknown> = {}) {
  return {
    eventTypeId,
    guestName: 'Guest Person',
    guestEmail: 'guest@example.com',
    guestPhone: '',
    guestCompany: null,
    notes: 'Looking forward',
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + minutes * 60_000).toISOString(),
    ...extra,
  };
}

/** `count` guests racing for the same 30 minutes at once, each with a name and address of their own (`Racer 7`, racer7@…): their answers. */
export function guestsAtOnce(eventTypeId: number, start: Date, count: number, name: string) {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      call('/bookings', { body: guestBody(eventTypeId, start, 30, { guestName: `${name} ${i}`, guestEmail: `${name.toLowerCase()}${i}@example.com` }) }),
    ),
  );
}

/** Logs in through /api/auth/login and returns the cookie jar holding the session. */
export async function cookieSession(user: TestUser): Promise<CookieJar> {
  const jar = new CookieJar();
  expect((await call('/api/auth/login', { body: { email: user.email, password: user.password }, jar })).status).toBe(200);
  return jar;
}

export interface Team {
  id: number;
  slug: string;
  owner: TestUser;
  admin: TestUser;
  member: TestUser;
  outsider: TestUser;
}

let teamCounter = 0;

/**
 * `user` has shown that they read their address's mail (as by opening an invitation's link before):
 * they may accept invitations from the Teams page without a link (supabase/tests/security/invitation-proof.test.ts).
 */
export async function proveEmail(user: TestUser) {
  await sql('insert into private.email_proofs (user_id, email) values ($1, lower($2)) on conflict do nothing', [user.id, user.email]);
}

/** `inviter` invites `user` into the team with `role`, and `user` accepts: the only way in. */
export async function join(teamId: number, inviter: TestUser, user: TestUser, role: 'admin' | 'member') {
  const invited = await call(`/api/teams/${teamId}/members`, { body: { email: user.email, role }, token: inviter.accessToken });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  await proveEmail(user);
  const accepted = await call(`/api/invitations/${invited.body.id}/accept`, { method: 'POST', token: user.accessToken });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
}

/** A team (UTC, open all week) with an owner, an admin and a member; public or private. */
export async function newTeam(isPublic = true): Promise<Team> {
  const [owner, admin, member, outsider] = await Promise.all([
    newUser({ firstName: 'Olive' }),
    newUser({ firstName: 'Adam' }),
    newUser({ firstName: 'Mia' }),
    newUser({ firstName: 'Otto' }),
  ]);
  const slug = `team-${Date.now().toString(36)}-${++teamCounter}-${Math.random().toString(36).slice(2, 6)}`;
  const team = await call('/api/teams', { body: { name: 'Test Team', slug, description: 'We test', timezone: 'UTC', isPublic }, token: owner.accessToken });
  expect(team.status).toBe(201);
  const id = team.body.id as number;
  for (const [user, role] of [
    [admin, 'admin'],
    [member, 'member'],
  ] as const) await join(id, owner, user, role);
  expect((await call(`/api/teams/${id}/availability`, { method: 'PUT', body: ALL_WEEK, token: owner.accessToken })).status).toBe(200);
  return { id, slug, owner, admin, member, outsider };
}

export async function newTeamEventType(team: Team, body: Record<string, unknown> = {}): Promise<number> {
  const res = await call(`/api/teams/${team.id}/event-types`, {
    body: { title: 'Team demo', description: null, duration: 30, color: '#3b82f6', isActive: true, autoConfirm: true, ...body },
    token: team.owner.accessToken,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/** A connected calendar of this user (a subscription, 'Work') with its one calendar: that calendar's id. */
export async function calendarSource(userId: string): Promise<string> {
  const [conn] = await sql<{ id: string }>(
    `insert into public.calendar_connections (user_id, provider, label, last_attempt_at) values ($1, 'ics', 'Work', now()) returning id`,
    [userId],
  );
  const [source] = await sql<{ id: string }>(
    `insert into public.calendar_sources (connection_id, user_id, remote_id, name) values ($1, $2, 'feed', 'Work') returning id`,
    [conn.id, userId],
  );
  return source.id;
}

/** The calendar's busy spans, replaced whole as a sync does. */
export async function replaceBusy(source: string, spans: [Date | number, Date | number][]): Promise<void> {
  const iso = spans.map(([start, end]) => [new Date(start).toISOString(), new Date(end).toISOString()]);
  await sql(`select public.replace_external_busy($1, $2::jsonb)`, [source, JSON.stringify(iso)]);
}
