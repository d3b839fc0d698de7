// The slots function reads a schedule in one SQL call (private.slot_inputs). On randomised schedules
// (zones with DST and half-hour offsets, weekly hours, settings, event type rules and limits, date
// overrides, time off, bookings, a connected calendar's busy times) it must offer exactly what the
// engine offers on the same data as written, so nothing is lost or changed on the way.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sql } from '../../../scripts/local/test-stack/harness.ts';
import { eventRulesOf, type EventRuleColumns } from '../../functions/_shared/rules/event-types.ts';
import { overridesFromRows } from '../../functions/_shared/rules/overrides.ts';
import { computeSlots, effectiveSettings, type AvailabilityRule } from '../../functions/_shared/rules/slots.ts';
import { addDays, instantToZoned, zonedDateRange } from '../../functions/_shared/rules/time.ts';
import { call } from './client.ts';
import { calendarSource, replaceBusy } from './fixtures.ts';

const ZONES = ['UTC', 'Europe/Berlin', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/New_York'];
const RANGES: [string, string][] = [
  ['09:00', '12:00'],
  ['13:00', '17:30'],
  ['20:00', '23:30'],
];
const HOUR_MS = 3_600_000;
const DAYS = 14;

const schedule = fc.record({
  zone: fc.constantFrom(...ZONES),
  visitor: fc.constantFrom(...ZONES),
  week: fc.array(fc.subarray([0, 1, 2], { minLength: 0 }), { minLength: 7, maxLength: 7 }),
  disabledDay: fc.integer({ min: -1, max: 6 }),
  settings: fc.record({
    bufferBefore: fc.constantFrom(0, 15),
    bufferAfter: fc.constantFrom(0, 10),
    minimumNotice: fc.constantFrom(0, 120),
    maxFutureBookings: fc.constantFrom(7, 30, 60),
  }),
  event: fc.record({
    duration: fc.constantFrom(15, 30, 45, 60),
    slot_interval: fc.constantFrom('15', '30', 'duration') as fc.Arbitrary<EventRuleColumns['slot_interval']>,
    buffer_before: fc.constantFrom(null, 5),
    buffer_after: fc.constant(null),
    minimum_notice: fc.constantFrom(null, 60),
    max_future_bookings: fc.constantFrom(null, 14),
    max_bookings_per_day: fc.constantFrom(null, 2),
    max_bookings_per_week: fc.constantFrom(null, 5),
  }),
  overrides: fc.uniqueArray(fc.record({ day: fc.integer({ min: 0, max: DAYS }), open: fc.boolean() }), { maxLength: 3, selector: (o) => o.day }),
  timeOff: fc.option(fc.record({ day: fc.integer({ min: 0, max: DAYS }), length: fc.integer({ min: 0, max: 3 }) }), { nil: undefined }),
  // Hour indexes from tomorrow on: distinct, so bookings never overlap.
  bookings: fc.uniqueArray(fc.integer({ min: 24, max: 24 * DAYS }), { maxLength: 8 }),
  external: fc.array(fc.record({ hour: fc.integer({ min: 0, max: 24 * DAYS }), hours: fc.integer({ min: 1, max: 5 }) }), { maxLength: 3 }),
});

type Schedule = typeof schedule extends fc.Arbitrary<infer T> ? T : never;

/** Writes the schedule for a new host as the app's tables hold it; answers what the engine needs. */
async function write(s: Schedule, base: number) {
  const id = randomUUID();
  await sql(
    `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ($1, 'authenticated', 'authenticated', $2, now(), '{"provider":"email","providers":["email"]}', $3, now(), now())`,
    [id, `prop-${id.slice(0, 8)}@example.test`, JSON.stringify({ first_name: 'Prop', last_name: 'Host', timezone: s.zone })],
  );
  await sql(`update public.profiles set timezone = $2 where id = $1`, [id, s.zone]);
  // A sign-up naming its zone starts with default hours (private.handle_new_user); the week is the one written below.
  await sql(`delete from public.availability_rules where user_id = $1`, [id]);
  await sql(`update public.user_settings set buffer_before = $2, buffer_after = $3, minimum_notice = $4, max_future_bookings = $5 where user_id = $1`, [
    id,
    s.settings.bufferBefore,
    s.settings.bufferAfter,
    s.settings.minimumNotice,
    s.settings.maxFutureBookings,
  ]);
  const availability: AvailabilityRule[] = s.week.flatMap((ranges, dayOfWeek) =>
    ranges.map((r) => ({ dayOfWeek, startTime: RANGES[r][0], endTime: RANGES[r][1], isEnabled: dayOfWeek !== s.disabledDay })),
  );
  for (const r of availability) {
    await sql(`insert into public.availability_rules (user_id, day_of_week, start_time, end_time, is_enabled) values ($1, $2, $3, $4, $5)`, [
      id,
      r.dayOfWeek,
      r.startTime,
      r.endTime,
      r.isEnabled,
    ]);
  }
  const e = s.event;
  const [{ id: eventTypeId }] = await sql<{ id: string }>(
    `insert into public.event_types (user_id, title, duration, is_active, auto_confirm, slot_interval, buffer_before, buffer_after, minimum_notice,
       max_future_bookings)
     values ($1, 'Prop', $2, true, true, $3, $4, $5, $6, $7) returning id`,
    [id, e.duration, e.slot_interval, e.buffer_before, e.buffer_after, e.minimum_notice, e.max_future_bookings],
  );
  const today = instantToZoned(base, s.zone).date;
  const overrideRows = s.overrides.map((o) => ({ date: addDays(today, o.day), start_time: o.open ? '10:00' : null, end_time: o.open ? '11:00' : null }));
  for (const o of overrideRows) {
    await sql(`insert into public.date_overrides (user_id, date, start_time, end_time) values ($1, $2, $3, $4)`, [id, o.date, o.start_time, o.end_time]);
  }
  const timeOff = s.timeOff ? [{ userId: id, startDate: addDays(today, s.timeOff.day), endDate: addDays(today, s.timeOff.day + s.timeOff.length) }] : [];
  for (const t of timeOff) await sql(`insert into public.time_off (user_id, start_date, end_date) values ($1, $2, $3)`, [id, t.startDate, t.endDate]);

  const hour0 = Math.ceil(base / HOUR_MS) * HOUR_MS;
  const booked = s.bookings.map((h) => ({ start: hour0 + h * HOUR_MS, end: hour0 + h * HOUR_MS + e.duration * 60_000 }));
  if (booked.length) {
    await sql(
      `with import as (select set_config('kairos.bulk_import', 'on', true))
       insert into public.bookings (event_type_id, user_id, guest_name, guest_email, start_time, end_time, status)
       select $1, $2, 'Guest', 'guest@example.test', s, e, 'confirmed' from import, unnest($3::timestamptz[], $4::timestamptz[]) as t(s, e)`,
      [eventTypeId, id, booked.map((b) => new Date(b.start).toISOString()), booked.map((b) => new Date(b.end).toISOString())],
    );
  }
  // Limits set after the bookings, as a host lowers them: the generated bookings may already exceed them.
  await sql(`update public.event_types set max_bookings_per_day = $2, max_bookings_per_week = $3 where id = $1`, [
    eventTypeId,
    e.max_bookings_per_day,
    e.max_bookings_per_week,
  ]);
  const external = s.external.map((x) => ({ start: hour0 + x.hour * HOUR_MS, end: hour0 + (x.hour + x.hours) * HOUR_MS }));
  if (external.length) await replaceBusy(await calendarSource(id), external.map((x) => [x.start, x.end]));
  const eventRules = eventRulesOf({ ...e });
  return {
    eventTypeId: Number(eventTypeId),
    today,
    rules: {
      availability,
      overrides: overridesFromRows(overrideRows),
      timeOff,
      hostTimeZone: s.zone,
      duration: e.duration,
      settings: effectiveSettings(s.settings, eventRules),
      slotInterval: eventRules.slotInterval,
      limits: { perDay: eventRules.maxBookingsPerDay, perWeek: eventRules.maxBookingsPerWeek, booked: booked.map((b) => b.start) },
      busy: [...booked, ...external],
    },
  };
}

describe('slot inputs in one call', () => {
  it('offer exactly what the engine offers on the schedule as written', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(schedule, async (s) => {
        const written = await write(s, Date.now());
        const startDate = instantToZoned(Date.now(), s.visitor).date;
        const endDate = addDays(startDate, DAYS);
        const range = zonedDateRange(startDate, endDate, s.visitor);
        const expected = (now: number) => computeSlots({ ...written.rules, now: new Date(now), range, visitorTimeZone: s.visitor });
        const before = Date.now();
        const res = await call(`/slots?eventTypeId=${written.eventTypeId}&startDate=${startDate}&endDate=${endDate}&timeZone=${encodeURIComponent(s.visitor)}`);
        const after = Date.now();
        expect(res.status).toBe(200);
        // The function's clock is between the two readings: a slot passing into notice meanwhile may differ.
        const candidates = [expected(before), expected(after)].map((r) => JSON.stringify(r.slots));
        expect(candidates).toContain(JSON.stringify(res.body.slots));
      }),
      { numRuns: 25, seed: 1623 },
    );
  });
});
