// Property tests: random availability, date overrides, time off, bookings, settings, slot intervals,
// limits and zones; the engine's promises must hold: no offered slot breaks any rule.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignMembers } from './assignment.ts';
import { BUFFER_CHOICES, DURATIONS, FUTURE_CHOICES, MAX_HORIZON_DAYS, NOTICE_CHOICES, SLOT_INTERVALS } from './constants.ts';
import { type AvailabilityRule, checkSlot, computeSlots, type SlotQuery } from './slots.ts';
import { addDays, formatHHMM, instantToZoned, zonedToInstant } from './time.ts';

const MIN = 60_000;
const DAY = 86_400_000;
const ZONES = [
  'UTC', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kolkata', 'Asia/Kathmandu',
  'America/St_Johns', 'Pacific/Chatham', 'America/Santiago', 'Pacific/Kiritimati',
];
// Around the 2026 DST changes of the zones above, so transitions fall inside the ranges.
const NOW_CHOICES = ['2026-03-01', '2026-03-25', '2026-04-01', '2026-09-25', '2026-10-20'].map((d) => Date.parse(`${d}T00:00:00Z`));

const range = fc
  .record({ a: fc.integer({ min: 0, max: 47 }), b: fc.integer({ min: 0, max: 47 }) })
  .filter((r) => r.a !== r.b)
  .map((r) => ({ startTime: formatHHMM(Math.min(r.a, r.b) * 30), endTime: formatHHMM(Math.max(r.a, r.b) * 30) }));

const rule: fc.Arbitrary<AvailabilityRule> = fc
  .record({ dayOfWeek: fc.integer({ min: 0, max: 6 }), range, isEnabled: fc.boolean() })
  .map((r) => ({ dayOfWeek: r.dayOfWeek, ...r.range, isEnabled: r.isEnabled }));

/** Days after the host-local date of `now`: overrides and time off fall inside the listed weeks. */
const dayOffset = fc.integer({ min: -1, max: 62 });
const limit = (max: number) => fc.option(fc.integer({ min: 1, max }), { nil: null });

const scenario = fc
  .record({
    availability: fc.array(rule, { maxLength: 8 }),
    // An empty list of ranges is a day off; one entry per date.
    overrides: fc.uniqueArray(fc.record({ day: dayOffset, ranges: fc.array(range, { maxLength: 3 }) }), { maxLength: 6, selector: (o) => o.day }),
    timeOff: fc.array(fc.record({ day: dayOffset, length: fc.integer({ min: 0, max: 6 }) }), { maxLength: 3 }),
    hostTimeZone: fc.constantFrom(...ZONES),
    visitorTimeZone: fc.constantFrom(...ZONES),
    duration: fc.constantFrom(...DURATIONS),
    slotInterval: fc.constantFrom(...SLOT_INTERVALS),
    settings: fc.record({
      bufferBefore: fc.constantFrom(...BUFFER_CHOICES),
      bufferAfter: fc.constantFrom(...BUFFER_CHOICES),
      minimumNotice: fc.constantFrom(...NOTICE_CHOICES),
      maxFutureBookings: fc.constantFrom(...FUTURE_CHOICES),
    }),
    perDay: limit(4),
    perWeek: limit(12),
    nowBase: fc.constantFrom(...NOW_CHOICES),
    nowMinutes: fc.integer({ min: 0, max: 7 * 1440 }),
    bookings: fc.array(fc.record({ at: fc.integer({ min: -1440, max: 65 * 1440 }), length: fc.integer({ min: 1, max: 240 }) }), { maxLength: 40 }),
  })
  .map((s): SlotQuery => {
    const now = s.nowBase + s.nowMinutes * MIN;
    const today = instantToZoned(now, s.hostTimeZone).date;
    const busy = s.bookings.map((b) => ({ start: new Date(now + b.at * MIN).toISOString(), end: new Date(now + (b.at + b.length) * MIN).toISOString() }));
    return {
      availability: s.availability,
      overrides: s.overrides.map((o) => ({ date: addDays(today, o.day), ranges: o.ranges })),
      timeOff: s.timeOff.map((t) => ({ startDate: addDays(today, t.day), endDate: addDays(today, t.day + t.length) })),
      hostTimeZone: s.hostTimeZone,
      visitorTimeZone: s.visitorTimeZone,
      duration: s.duration,
      slotInterval: s.slotInterval,
      settings: s.settings,
      // The bookings are this event type's: they count towards its limits.
      limits: { perDay: s.perDay, perWeek: s.perWeek, booked: busy.map((b) => b.start) },
      now,
      busy,
      // Wider than any horizon, so the horizon and notice rules decide, not the range.
      range: { from: now - DAY, to: now + (MAX_HORIZON_DAYS + 3) * DAY },
    };
  });

const ms = (v: unknown) => Date.parse(String(v));
// Many runs over 60-day ranges: allow for a loaded machine (a limit, not a timed assertion).
const PROPERTY_TIMEOUT = 60_000;

/** A property every generated scenario has, checked over 100 of them. */
function holds(name: string, check: (q: SlotQuery) => void) {
  it(name, () => fc.assert(fc.property(scenario, check), { numRuns: 100 }), PROPERTY_TIMEOUT);
}

describe('slot engine properties', () => {
  holds('never offers a slot whose span, widened by the buffers, overlaps a booking', (q) => {
    const s = q.settings!;
    for (const slot of computeSlots(q).slots) {
      const from = ms(slot.start) - s.bufferBefore * MIN;
      const to = ms(slot.end) + s.bufferAfter * MIN;
      for (const b of q.busy!) expect(from < ms(b.end) && ms(b.start) < to).toBe(false);
    }
  });

  holds('every slot lies inside its host-local day\'s hours (the override, else the weekly rules; none on a day off), on a window\'s grid', (q) => {
    const zone = q.hostTimeZone!;
    const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
    const step = (q.slotInterval === 'duration' ? q.duration : (q.slotInterval as number)) * MIN;
    const byDate = new Map<string, { start: number; end: number }[]>();
    const windowsOn = (date: string, dayOfWeek: number) => {
      if (!byDate.has(date)) {
        const off = q.timeOff!.some((t) => t.startDate <= date && date <= t.endDate);
        const override = q.overrides!.find((o) => o.date === date);
        const ranges = off ? [] : override ? override.ranges : q.availability.filter((r) => r.isEnabled && r.dayOfWeek === dayOfWeek);
        byDate.set(
          date,
          ranges.map((r) => ({
            start: zonedToInstant(date, minutes(r.startTime), zone).getTime(),
            end: zonedToInstant(date, minutes(r.endTime), zone).getTime(),
          })),
        );
      }
      return byDate.get(date)!;
    };
    for (const slot of computeSlots(q).slots) {
      const start = ms(slot.start);
      const end = ms(slot.end);
      expect(end - start).toBe(q.duration * MIN);
      const { date, dayOfWeek } = instantToZoned(start, zone);
      const windows = windowsOn(date, dayOfWeek);
      // On the grid of some window.
      expect(windows.some((w) => start >= w.start && start < w.end && (start - w.start) % step === 0)).toBe(true);
      // Every quarter hour of the meeting is inside some window (durations are multiples of 15 minutes).
      for (let t = start; t < end; t += 15 * MIN) {
        expect(windows.some((w) => t >= w.start && t + 15 * MIN <= w.end)).toBe(true);
      }
    }
  });

  holds('no slot on a host-local day or Monday-first week whose bookings are at the event type\'s limit', (q) => {
    const zone = q.hostTimeZone!;
    const { perDay, perWeek, booked } = q.limits!;
    const dayOf = (instant: string | number | Date) => instantToZoned(instant, zone);
    const mondayOf = (w: { date: string; dayOfWeek: number }) => addDays(w.date, -((w.dayOfWeek + 6) % 7));
    const bookedDays = booked.map((b) => dayOf(b));
    for (const slot of computeSlots(q).slots) {
      const local = dayOf(slot.start);
      if (perDay != null) expect(bookedDays.filter((b) => b.date === local.date).length).toBeLessThan(perDay);
      if (perWeek != null) expect(bookedDays.filter((b) => mondayOf(b) === mondayOf(local)).length).toBeLessThan(perWeek);
    }
  });

  holds('nothing before now + notice or after the horizon (the host\'s, at most 60 days)', (q) => {
    const s = q.settings!;
    const now = q.now as number;
    const horizon = now + Math.min(s.maxFutureBookings, MAX_HORIZON_DAYS) * DAY;
    for (const slot of computeSlots(q).slots) {
      expect(ms(slot.start)).toBeGreaterThanOrEqual(now + s.minimumNotice * MIN);
      expect(ms(slot.start)).toBeLessThanOrEqual(horizon);
    }
  });

  holds('slots are sorted, unique, and dated in the visitor\'s zone', (q) => {
    const r = computeSlots(q);
    const startsMs = r.slots.map((s) => ms(s.start));
    expect(startsMs).toEqual([...new Set(startsMs)].sort((a, b) => a - b));
    for (const s of r.slots) expect(instantToZoned(s.start, q.visitorTimeZone!).date).toBe(s.date);
  });

  it('checkSlot accepts exactly the offered starts', () => {
    fc.assert(
      fc.property(scenario, fc.array(fc.integer({ min: -1440 / 15, max: (62 * 1440) / 15 }), { minLength: 20, maxLength: 20 }), (q, probes) => {
        const offered = computeSlots(q).slots;
        const set = new Set(offered.map((s) => ms(s.start)));
        // A spread of the offered slots (all of them would be thousands of checks per run).
        const step = Math.max(1, Math.floor(offered.length / 20));
        for (let i = 0; i < offered.length; i += step) expect(checkSlot(q, offered[i].start, offered[i].end)).toEqual({ ok: true });
        for (const p of probes) {
          // Quarter hours relative to the hour in UTC reach every grid of every zone (…:15 and …:45 in Kathmandu).
          const t = Math.floor((q.now as number) / (15 * MIN)) * 15 * MIN + p * 15 * MIN;
          expect(checkSlot(q, t).ok).toBe(set.has(t));
        }
      }),
      { numRuns: 100 },
    );
  }, PROPERTY_TIMEOUT);

  it('a team slot always has a member free of bookings (with buffers) and of time off in their own zone, and can be assigned', () => {
    const member = fc.record({
      zone: fc.constantFrom(...ZONES),
      timeOff: fc.array(fc.record({ day: dayOffset, length: fc.integer({ min: 0, max: 4 }) }), { maxLength: 2 }),
      busy: fc.array(fc.record({ at: fc.integer({ min: 0, max: 62 * 1440 }), length: fc.integer({ min: 15, max: 600 }) }), { maxLength: 10 }),
    });
    fc.assert(
      fc.property(scenario, fc.array(member, { minLength: 1, maxLength: 3 }), fc.boolean(), (q, people, requireAll) => {
        const now = q.now as number;
        const members = people.map((p, i) => {
          const today = instantToZoned(now, p.zone).date;
          return {
            userId: `m${i}`,
            joinedAt: i,
            timeZone: p.zone,
            timeOff: p.timeOff.map((t) => ({ startDate: addDays(today, t.day), endDate: addDays(today, t.day + t.length) })),
            busy: p.busy.map((b) => ({ userId: `m${i}`, start: now + b.at * MIN, end: now + (b.at + b.length) * MIN })),
          };
        });
        const busy = members.flatMap((m) => m.busy);
        const team: SlotQuery = {
          ...q,
          timeOff: [],
          members: members.map((m) => ({ id: m.userId, busy: m.busy, timeOff: m.timeOff, timeZone: m.timeZone })),
          requireAllMembers: requireAll,
        };
        const s = q.settings!;
        for (const slot of computeSlots(team).slots) {
          const start = ms(slot.start);
          const end = ms(slot.end);
          const free = members.filter((m) => {
            const away = m.timeOff.some((t) => {
              const from = zonedToInstant(t.startDate, 0, m.timeZone).getTime();
              const to = zonedToInstant(addDays(t.endDate, 1), 0, m.timeZone).getTime();
              return start < to && from < end;
            });
            const taken = m.busy.some((b) => start - s.bufferBefore * MIN < b.end && b.start < end + s.bufferAfter * MIN);
            return !away && !taken;
          });
          expect(requireAll ? free.length === members.length : free.length > 0).toBe(true);
          // The engine's answer to "who is free" is the one a booking chooses among.
          expect(checkSlot(team, slot.start, slot.end)).toEqual({ ok: true, free: free.map((m) => m.userId) });
          const chosen = assignMembers({
            assignmentType: 'round_robin',
            requiresAllMembers: requireAll,
            members,
            busy,
            tallies: new Map(),
            slot,
            bufferBefore: s.bufferBefore,
            bufferAfter: s.bufferAfter,
          });
          expect(chosen.ok && chosen.memberIds.every((id) => free.some((m) => m.userId === id))).toBe(true);
        }
      }),
      { numRuns: 100 },
    );
  }, PROPERTY_TIMEOUT);
});
