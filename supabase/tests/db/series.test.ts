// Recurring series (docs/series.md) in the database: create_booking_series writes a series and every
// occurrence in one transaction, or nothing and names the taken ones; under concurrency the exclusion
// constraint decides each contested date once.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { stack } from '../../../scripts/local/test-stack/harness.ts';
import { fileConnection, hostWithEventType, one } from './db.ts';

const c = fileConnection();

const WEEK = 7 * 86_400_000;
/** Weekly occurrences of 30 minutes from `first`, as the bookings function sends them. */
const weekly = (first: string, count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => {
    const start = new Date(Date.parse(first) + (from + i) * WEEK);
    return { recurrenceId: start.toISOString(), start: start.toISOString(), end: new Date(start.getTime() + 30 * 60_000).toISOString() };
  });
const series = `select create_booking_series($1, 'weekly', 'UTC', $2, $3, $4) as s`;
const guest = (n: number) => ({ guest_name: `Guest ${n}`, guest_email: `guest${n}@example.test` });

describe('create_booking_series', () => {
  it('two guests racing for overlapping series: no overlap, each contested date won once, the loser told which', async () => {
    const { host, eventType } = await hostWithEventType(c);
    await c.query(`update event_types set recurrence_frequencies = '{weekly}', recurrence_max_count = 12 where id = $1`, [eventType]);
    const pool = new pg.Pool({ connectionString: stack().dbUrl, max: 8 });
    try {
      // A: weeks 0-7; B: weeks 4-11 at the same time; weeks 4-7 are contested.
      const results = await Promise.all(
        [0, 1].map((n) =>
          pool.query(series, [eventType, JSON.stringify(weekly('2031-03-03T10:00:00Z', 8, n * 4)), '{}', guest(n)]).then((r) => r.rows[0].s),
        ),
      );
      const won = results.filter((r) => 'seriesId' in r);
      const lost = results.filter((r) => 'taken' in r);
      expect([won.length, lost.length]).toEqual([1, 1]);
      const contested = weekly('2031-03-03T10:00:00Z', 4, 4).map((o) => o.start);
      expect(lost[0].taken.map((t: string) => new Date(t).toISOString())).toEqual(contested);
      // Nothing of the loser's series was written; the winner's eight are, each date once.
      const rows = await c.query(`select start_time, series_id from bookings where event_type_id = $1 order by start_time`, [eventType]);
      expect(rows.rows).toHaveLength(8);
      expect(new Set(rows.rows.map((r) => Number(r.series_id)))).toEqual(new Set([won[0].seriesId]));
      expect(await one(c, `select count(*)::int as n from booking_series where event_type_id = $1`, [eventType])).toEqual({ n: 1 });
      const overlaps = await one(c, `select count(*)::int as n from booking_busy a join booking_busy b on a.user_id = b.user_id and a.booking_id < b.booking_id
        and a.during && b.during where a.user_id = $1 and a.active and b.active`, [host]);
      expect(overlaps).toEqual({ n: 0 });
    } finally {
      await pool.end();
      await c.query('delete from profiles where id = $1', [host]);
    }
  });

  it('many guests racing for the same series: one wins every date, the others write nothing', async () => {
    const { host, eventType } = await hostWithEventType(c);
    await c.query(`update event_types set recurrence_frequencies = '{weekly}', recurrence_max_count = 12 where id = $1`, [eventType]);
    const pool = new pg.Pool({ connectionString: stack().dbUrl, max: 10 });
    try {
      const occurrences = JSON.stringify(weekly('2031-04-07T09:00:00Z', 12));
      const results = await Promise.all(Array.from({ length: 10 }, (_, n) => pool.query(series, [eventType, occurrences, '{}', guest(n)]).then((r) => r.rows[0].s)));
      expect(results.filter((r) => 'seriesId' in r)).toHaveLength(1);
      expect(results.filter((r) => 'taken' in r && r.taken.length === 12)).toHaveLength(9);
      const rows = await one(c, `select count(*)::int as n, count(distinct start_time)::int as dates from bookings where event_type_id = $1`, [eventType]);
      expect(rows).toEqual({ n: 12, dates: 12 });
    } finally {
      await pool.end();
      await c.query('delete from profiles where id = $1', [host]);
    }
  });

  it('records the skipped starts, and refuses a series the event type does not offer', async () => {
    const { host, eventType } = await hostWithEventType(c);
    try {
      const occurrences = JSON.stringify(weekly('2031-05-05T09:00:00Z', 3));
      await expect(c.query(series, [eventType, occurrences, '{}', guest(1)])).rejects.toThrow('This event type does not allow this series');
      await c.query(`update event_types set recurrence_frequencies = '{weekly}', recurrence_max_count = 4 where id = $1`, [eventType]);
      await expect(c.query(series, [eventType, occurrences, '{2031-06-02T09:00:00Z,2031-06-09T09:00:00Z}', guest(1)])).rejects.toThrow('This event type does not allow this series');
      const { s } = await one(c, series, [eventType, occurrences, '{2031-05-26T09:00:00Z}', guest(1)]);
      const made = await one(c, `select count, skipped, first_start from booking_series where id = $1`, [s.seriesId]);
      expect(made).toEqual({ count: 4, skipped: [new Date('2031-05-26T09:00:00Z')], first_start: new Date('2031-05-05T09:00:00Z') });
      const rows = await c.query(`select recurrence_id from bookings where series_id = $1 order by start_time`, [s.seriesId]);
      expect(rows.rows.map((r) => r.recurrence_id.toISOString())).toEqual(weekly('2031-05-05T09:00:00Z', 3).map((o) => o.recurrenceId));
    } finally {
      await c.query('delete from profiles where id = $1', [host]);
    }
  });
});
