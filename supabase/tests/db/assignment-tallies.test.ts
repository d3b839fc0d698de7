// What round robin and least busy weigh is read by the database (private.slot_inputs `tallies`), per
// member with open bookings of the team: when the latest was booked, and for least busy how many start
// in the Monday-to-Sunday week of the slot in the team's zone. Choosing: rules/assignment.test.ts.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUser, fileConnection, one, rolledBack } from './db.ts';

const c = fileConnection();

/** A public team in `zone` of ann (its owner) and bob, with an event type assigned `assignment`. */
async function team(zone: string, assignment = 'least_busy') {
  const [ann, bob] = [await createUser(c), await createUser(c)];
  const { id } = await one(c, `insert into teams (name, slug, owner_id, timezone, is_public) values ('T', $1, $2, $3, true) returning id`, [
    `tally-${randomUUID()}`,
    ann,
    zone,
  ]);
  // The owner is a member already.
  await c.query('insert into team_members (team_id, user_id) values ($1, $2)', [id, bob]);
  const eventType = (await one(c, `insert into event_types (team_id, title, assignment_type) values ($1, 'Team', $2) returning id`, [id, assignment]))
    .id as number;
  return { teamId: id as number, eventType, ann, bob };
}

/** A booking of the team assigned to `member`, at `start` (30 minutes), booked at `bookedAt`. */
async function assigned(t: { teamId: number; eventType: number }, member: string, start: string, bookedAt = '2031-01-01T00:00:00Z', status = 'confirmed') {
  await c.query(
    `insert into bookings (event_type_id, team_id, assigned_user_id, guest_name, guest_email, start_time, end_time, status, created_at)
     values ($1, $2, $3, 'Guest', 'guest@example.test', $4, $4::timestamptz + interval '30 minutes', $5, $6)`,
    [t.eventType, t.teamId, member, start, status, bookedAt],
  );
}

/** The tallies of a slot starting at `at`, by member id. */
async function talliesAt(eventType: number, at: string) {
  const { inputs } = await one(
    c,
    `select private.slot_inputs('{"role":"anon"}', $1, true, $2::timestamptz, $2::timestamptz + interval '1 minute', null, null, false, null, $2) as inputs`,
    [eventType, at],
  );
  const rows = inputs.tallies as [string, number, number][];
  return new Map(rows.map(([id, lastBooked, inWeek]) => [id, { lastBooked: new Date(lastBooked).toISOString(), inWeek }]));
}

describe('assignment tallies', () => {
  it('say when each member was last booked, not when that meeting is; cancelled and expired bookings do not count', async () => {
    await rolledBack(c, async () => {
      const t = await team('UTC');
      await assigned(t, t.ann, '2031-03-20T09:00:00Z', '2031-01-01T00:00:00Z');
      await assigned(t, t.ann, '2031-03-05T09:00:00Z', '2031-01-05T00:00:00Z');
      await assigned(t, t.ann, '2031-03-06T09:00:00Z', '2031-02-01T00:00:00Z', 'cancelled');
      await assigned(t, t.bob, '2031-03-14T09:00:00Z', '2031-02-01T00:00:00Z', 'expired');
      const other = await team('UTC');
      await assigned(other, other.ann, '2031-03-15T09:00:00Z');

      const tallies = await talliesAt(t.eventType, '2031-03-05T15:00:00Z');
      expect(Object.fromEntries(tallies)).toEqual({
        [t.ann]: { lastBooked: '2031-01-05T00:00:00.000Z', inWeek: 1 },
      });
    });
  });

  it('count the slot\'s Monday-to-Sunday week in the team\'s zone, across its change to summer time', async () => {
    await rolledBack(c, async () => {
      // The slot's week in New York: Monday 3 March 2031 00:00 EST (05:00Z) to Monday 10 March 00:00 EDT (04:00Z).
      const ny = await team('America/New_York');
      const utc = await team('UTC');
      for (const t of [ny, utc]) {
        await assigned(t, t.ann, '2031-03-10T03:30:00Z'); // Sunday 23:30 in New York, Monday in UTC
        await assigned(t, t.ann, '2031-03-10T04:00:00Z'); // Monday 00:00 in New York: the next week
        await assigned(t, t.bob, '2031-03-03T04:30:00Z'); // Sunday 23:30 in New York: the week before
        await assigned(t, t.bob, '2031-03-03T05:00:00Z'); // Monday 00:00 in New York: the first instant of the week
      }
      const inWeek = async (t: typeof ny) => {
        const tallies = await talliesAt(t.eventType, '2031-03-05T15:00:00Z');
        return [tallies.get(t.ann)?.inWeek, tallies.get(t.bob)?.inWeek];
      };
      expect(await inWeek(ny)).toEqual([1, 1]);
      expect(await inWeek(utc)).toEqual([0, 2]);
    });
  });

  it('count the week for least busy only, and are not read unless asked for', async () => {
    await rolledBack(c, async () => {
      const t = await team('UTC', 'round_robin');
      await assigned(t, t.ann, '2031-03-05T09:00:00Z', '2031-01-05T00:00:00Z');
      expect(Object.fromEntries(await talliesAt(t.eventType, '2031-03-05T15:00:00Z'))).toEqual({
        [t.ann]: { lastBooked: '2031-01-05T00:00:00.000Z', inWeek: 0 },
      });
      const { inputs } = await one(c, `select private.slot_inputs('{"role":"anon"}', $1, true, '2031-03-05', '2031-03-06') as inputs`, [t.eventType]);
      expect(inputs.tallies).toBeNull();
    });
  });
});
