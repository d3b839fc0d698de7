// Deletion rules (docs/product/data.md): removing a user, an event type or a team removes their
// dependents; removing an assigned member (from the team or altogether) clears the assignment and
// frees the member's time.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { book, createUser, fileConnection, GUEST, hostWithEventType, one, rolledBack } from './db.ts';

const c = fileConnection();

const count = async (text: string, params: unknown[]) => (await one<{ n: number }>(c, `select count(*)::int as n from ${text}`, params)).n;

/** A team owned by `owner` with `members`, a single-assignee type, a requires-all type, a specific-member type. */
async function teamOf(owner: string, members: string[], specific: string) {
  const team = (await one(c, `insert into teams (name, slug, owner_id) values ('T', $1, $2) returning id`, [`c-${randomUUID()}`, owner])).id;
  for (const m of members) await c.query('insert into team_members (team_id, user_id) values ($1, $2)', [team, m]);
  const single = (await one(c, `insert into event_types (team_id, title) values ($1, 'One') returning id`, [team])).id;
  const all = (await one(c, `insert into event_types (team_id, title, requires_all_members) values ($1, 'All', true) returning id`, [team])).id;
  const pinned = (await one(c, `insert into event_types (team_id, title, assignment_type, specific_member_id)
    values ($1, 'Pinned', 'specific_member', $2) returning id`, [team, specific])).id;
  await c.query('insert into availability_rules (team_id, day_of_week) values ($1, 1)', [team]);
  const teamBook = async (type: number, start: string, members: string[] | null) =>
    (await one(c, `select id from create_booking($1, $2::timestamptz, $2::timestamptz + interval '30 minutes', $3, $4)`,
      [type, start, GUEST, members])).id as number;
  return { team, single, all, pinned, teamBook };
}

describe('deletion rules', () => {
  it('deleting a user removes their profile, settings, event types, availability, bookings, busy time and owned teams', () =>
    rolledBack(c, async () => {
      const { host, eventType } = await hostWithEventType(c);
      const mate = await createUser(c);
      await c.query('insert into availability_rules (user_id, day_of_week) values ($1, 1)', [host]);
      const booking = await book(c, eventType, '2031-01-06T10:00:00Z');
      const t = await teamOf(host, [mate], mate);
      await t.teamBook(t.all, '2031-01-07T10:00:00Z', null);

      await c.query('delete from auth.users where id = $1', [host]);

      expect(await count('profiles where id = $1', [host])).toBe(0);
      expect(await count('user_settings where user_id = $1', [host])).toBe(0);
      expect(await count('event_types where user_id = $1', [host])).toBe(0);
      expect(await count('availability_rules where user_id = $1', [host])).toBe(0);
      expect(await count('bookings where id = $1 or team_id = $2', [booking, t.team])).toBe(0);
      expect(await count('booking_busy where user_id = any ($1)', [[host, mate]])).toBe(0);
      expect(await count('teams where id = $1', [t.team])).toBe(0);
      expect(await count('team_members where team_id = $1', [t.team])).toBe(0);
      expect(await count('event_types where team_id = $1', [t.team])).toBe(0);
      expect(await count('availability_rules where team_id = $1', [t.team])).toBe(0);
      // The team-mate themselves stays.
      expect(await count('profiles where id = $1', [mate])).toBe(1);
    }));

  it('deleting an assigned member clears the assignment, frees their time and unpins their event type', () =>
    rolledBack(c, async () => {
      const [owner, leaver, stayer] = [await createUser(c), await createUser(c), await createUser(c)];
      const t = await teamOf(owner, [leaver, stayer], leaver);
      const assigned = await t.teamBook(t.single, '2031-02-03T10:00:00Z', [leaver]);
      const everyone = await t.teamBook(t.all, '2031-02-03T11:00:00Z', null);

      await c.query('delete from auth.users where id = $1', [leaver]);

      expect(await one(c, 'select assigned_user_id from bookings where id = $1', [assigned])).toEqual({ assigned_user_id: null });
      expect(await count('booking_busy where user_id = $1', [leaver])).toBe(0);
      expect(await count('booking_busy where booking_id = $1', [everyone])).toBe(2);
      expect(await one(c, 'select assignment_type, specific_member_id from event_types where id = $1', [t.pinned]))
        .toEqual({ assignment_type: 'round_robin', specific_member_id: null });
    }));

  it('removing a member from the team does the same, and leaves their personal bookings alone', () =>
    rolledBack(c, async () => {
      const owner = await createUser(c);
      const { host: leaver, eventType } = await hostWithEventType(c);
      const stayer = await createUser(c);
      const t = await teamOf(owner, [leaver, stayer], leaver);
      const personal = await book(c, eventType, '2031-03-03T09:00:00Z');
      const assigned = await t.teamBook(t.single, '2031-03-03T10:00:00Z', [leaver]);
      const everyone = await t.teamBook(t.all, '2031-03-03T11:00:00Z', null);

      await c.query('delete from team_members where team_id = $1 and user_id = $2', [t.team, leaver]);

      expect(await one(c, 'select assigned_user_id from bookings where id = $1', [assigned])).toEqual({ assigned_user_id: null });
      expect(await count('booking_busy where booking_id = any ($1) and user_id = $2', [[assigned, everyone], leaver])).toBe(0);
      expect(await count('booking_busy where booking_id = $1', [everyone])).toBe(2);
      expect(await count('booking_busy where booking_id = $1 and user_id = $2 and active', [personal, leaver])).toBe(1);
      expect((await one(c, 'select assignment_type from event_types where id = $1', [t.pinned])).assignment_type).toBe('round_robin');
      // Their freed time can be booked again.
      expect(await count(`create_booking($1, '2031-03-03 10:00Z', '2031-03-03 10:30Z', $2)`, [eventType, GUEST])).toBe(1);
    }));

  it('deleting an event type removes its bookings and their busy time', () =>
    rolledBack(c, async () => {
      const { host, eventType } = await hostWithEventType(c);
      const other = (await one(c, `insert into event_types (user_id, title) values ($1, 'Other') returning id`, [host])).id;
      const gone = await book(c, eventType, '2031-04-01T10:00:00Z');
      const kept = await book(c, other, '2031-04-01T11:00:00Z');
      await c.query('delete from event_types where id = $1', [eventType]);
      expect(await count('bookings where id = $1', [gone])).toBe(0);
      expect(await count('booking_busy where booking_id = $1', [gone])).toBe(0);
      expect(await count('bookings where id = $1', [kept])).toBe(1);
    }));

  it('deleting a team event type removes its bookings; deleting the team removes everything of the team but not its people', () =>
    rolledBack(c, async () => {
      const [owner, member] = [await createUser(c), await createUser(c)];
      const t = await teamOf(owner, [member], member);
      const viaSingle = await t.teamBook(t.single, '2031-05-01T10:00:00Z', [member]);
      const viaAll = await t.teamBook(t.all, '2031-05-01T11:00:00Z', null);
      await c.query('delete from event_types where id = $1', [t.single]);
      expect(await count('bookings where id = $1', [viaSingle])).toBe(0);
      expect(await count('bookings where id = $1', [viaAll])).toBe(1);

      await c.query('delete from teams where id = $1', [t.team]);
      expect(await count('bookings where team_id = $1', [t.team])).toBe(0);
      expect(await count('booking_busy where booking_id = $1', [viaAll])).toBe(0);
      expect(await count('team_members where team_id = $1', [t.team])).toBe(0);
      expect(await count('event_types where team_id = $1', [t.team])).toBe(0);
      expect(await count('availability_rules where team_id = $1', [t.team])).toBe(0);
      expect(await count('profiles where id = any ($1)', [[owner, member]])).toBe(2);
    }));
});
