// The large bench database's seeder (scripts/bench/seed-large.sql) at a thousandth of its size: the
// rows it writes and the derived rows (busy time, outbox) it writes beside them in place of the
// bookings triggers. The seed runs in a transaction that is rolled back.
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { stack } from '../../../scripts/local/test-stack/harness.ts';
import { runSeed, seedCounts, type SeedCounts } from '../../../scripts/bench/seed-large.ts';

const SCALE = 0.001;
let c: pg.Client;
let counts: SeedCounts;

beforeAll(async () => {
  // A superuser: the seed switches the bookings triggers off (session_replication_role).
  c = new pg.Client({ connectionString: stack().adminDbUrl });
  await c.connect();
  await c.query('begin');
  await runSeed(c, SCALE);
  counts = await seedCounts(c);
});

afterAll(async () => {
  await c.query('rollback');
  await c.end();
});

it('writes the hosts with the week and event type a sign-up gives them, and the teams', () => {
  expect(counts.hosts).toBe(100);
  expect(counts.availabilityRules).toBe(500);
  expect(counts.personalEventTypes).toBe(100);
  expect(counts.teams).toBe(10);
  expect(counts.teamEventTypes).toBe(10);
  // Teams of 2 to 10 (team t has 2 + t % 9): 2 + 3 + … + 10 + 2.
  expect(counts.teamMembers).toBe(56);
});

it('writes about ten thousand bookings, heavy-tailed, in every status real use leaves', () => {
  expect(counts.perHost.max).toBeGreaterThan(10 * counts.perHost.median);
  expect(counts.bookings).toBeGreaterThan(9_000);
  expect(counts.bookings).toBeLessThan(11_000);
  expect(counts.teamBookings).toBeGreaterThan(0);
  expect(Object.keys(counts.byStatus).sort()).toEqual(['cancelled', 'completed', 'confirmed', 'pending']);
  expect(counts.byStatus.cancelled / counts.bookings).toBeCloseTo(0.08, 1);
});

it('writes each booking its busy row and its two mails, as the bookings triggers would', () => {
  expect(counts.busyRows).toBe(counts.bookings);
  expect(counts.busyMismatches).toBe(0);
  expect(counts.outbox).toBe(2 * counts.bookings);
  expect(counts.outboxByStatus.sent).toBeGreaterThan(0.99 * counts.outbox);
  expect(counts.outboxDue).toBe(counts.outboxByStatus.pending);
  expect(counts.outboxDue).toBeGreaterThan(0);
});

it('caches a thousand calendar events over the calendars of ten hosts, which hold those hosts’ bookings', () => {
  expect(counts.connections).toBe(10);
  expect(counts.sources).toBe(10);
  expect(counts.externalEvents).toBe(1_000);
  expect(counts.writtenEvents).toBeGreaterThan(0);
  expect(counts.writtenEvents).toBe(counts.writtenEventsExpected);
  expect(counts.writtenEventsAmiss).toBe(0);
});
