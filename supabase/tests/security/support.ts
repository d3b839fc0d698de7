// Fixtures of the security suite: real signed-up users (the attacker acts through their own session,
// as a browser would) and rows set up directly in the database, so each test states only its attack.
import { randomUUID } from 'node:crypto';
import { sql } from '../../../scripts/local/test-stack/harness.ts';

/** A team owned by `ownerId` with these members already in it; its id. */
export async function teamWith(ownerId: string, members: [string, 'admin' | 'member'][] = [], isPublic = false): Promise<number> {
  const [{ id }] = await sql(`insert into public.teams (name, slug, owner_id, is_public) values ('Team', $1, $2, $3) returning id`, [
    `sec-${randomUUID().slice(0, 12)}`,
    ownerId,
    isPublic,
  ]);
  for (const [user, role] of members) {
    await sql(`insert into public.team_members (team_id, user_id, role) values ($1, $2, $3)`, [id, user, role]);
  }
  return id;
}

/** An event type of `hostId` (30 minutes, auto-confirmed unless told); its id. */
export async function eventTypeOf(hostId: string, columns: { auto_confirm?: boolean; is_active?: boolean } = {}): Promise<number> {
  const [{ id }] = await sql(`insert into public.event_types (user_id, title, auto_confirm, is_active) values ($1, 'Call', $2, $3) returning id`, [
    hostId,
    columns.auto_confirm ?? true,
    columns.is_active ?? true,
  ]);
  return id;
}

export const GUEST = { guest_name: 'Guest', guest_email: 'guest@example.test' };

/** A booking written as the functions write it (the service's RPC); its id. */
export async function booked(eventTypeId: number, start: string, minutes = 30): Promise<number> {
  const [{ id }] = await sql(`select id from public.create_booking($1, $2::timestamptz, $2::timestamptz + make_interval(mins => $3), $4)`, [
    eventTypeId,
    start,
    minutes,
    GUEST,
  ]);
  return id;
}

/** A half-hour boundary `days` days from now, at hh:00 UTC, as ISO text. */
export function daysAhead(days: number, hh = 10): string {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hh, 0, 0, 0);
  return d.toISOString();
}
