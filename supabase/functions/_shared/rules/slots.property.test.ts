// Property tests: random availability, bookings, settings and zones; the engine's promises must hold.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUFFER_CHOICES, DURATIONS, FUTURE_CHOICES, NOTICE_CHOICES } from './schemas.ts';
import { type AvailabilityRule, checkSlot, computeSlots, MAX_HORIZON_DAYS, type SlotQuery } from './slots.ts';
import { formatHHMM, instantToZoned, zonedToInstant } from './time.ts';

const MIN = 60_000;
const DAY = 86_400_000;
const ZONES = [
  'UTC', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kolkata', 'Asia/Kathmandu',
  'America/St_Johns', 'Pacific/Chatham', 'America/Santiago', 'Pacific/Kiritimati',
];
// Around the 2026 DST changes of the zones above, so transitions fall inside the ranges.
const NOW_CHOICES = ['2026-03-01', '2026-03-25', '2026-04-01', '2026-09-25', '2026-10-20'].map((d) => Date.parse(`${d}T00:00:00Z`));

const rule: fc.Arbitrary<AvailabilityRule> = fc
  .record({ dayOfWeek: fc.integer({ min: 0, max: 6 }), a: fc.integer({ min: 0, max: 47 }), b: fc.integer({ min: 0, max: 47 }), isEnabled: fc.boolean() })
  .filter((r) => r.a !== r.b)
  .map((r) => ({
    dayOfWeek: r.dayOfWeek,
    startTime: formatHHMM(Math.min(r.a, r.b) * 30),
    endTime: formatHHMM(Math.max(r.a, r.b) * 30),
    isEnabled: r.isEnabled,
  }));

const scenario = fc
  .record({
    availability: fc.array(rule, { maxLength: 8 }),
    hostTimeZone: fc.constantFrom(...ZONES),
    visitorTimeZone: fc.constantFrom(...ZONES),
    duration: fc.constantFrom(...DURATIONS),
    settings: fc.record({
      bufferBefore: fc.constantFrom(...BUFFER_CHOICES),
      bufferAfter: fc.constantFrom(...BUFFER_CHOICES),
      minimumNotice: fc.constantFrom(...NOTICE_CHOICES),
      maxFutureBookings: fc.constantFrom(...FUTURE_CHOICES),
    }),
    nowBase: fc.constantFrom(...NOW_CHOICES),
    nowMinutes: fc.integer({ min: 0, max: 7 * 1440 }),
    bookings: fc.array(fc.record({ at: fc.integer({ min: -1440, max: 65 * 1440 }), length: fc.integer({ min: 1, max: 240 }) }), { maxLength: 40 }),
  })
  .map((s): SlotQuery => {
    const now = s.nowBase + s.nowMinutes * MIN;
    return {
      availability: s.availability,
      hostTimeZone: s.hostTimeZone,
      visitorTimeZone: s.visitorTimeZone,
      duration: s.duration,
      settings: s.settings,
      now,
      busy: s.bookings.map((b) => ({ start: new Date(now + b.at * MIN).toISOString(), end: new Date(now + (b.at + b.length) * MIN).toISOString() })),
      // Wider than any horizon, so the horizon and notice rules decide, not the range.
      range: { from: now - DAY, to: now + (MAX_HORIZON_DAYS + 3) * DAY },
    };
  });

const ms = (v: unknown) => Date.parse(String(v));
// Many runs over 60-day ranges: allow for a loaded machine (a limit, not a timed assertion).
const PROPERTY_TIMEOUT = 60_000;

describe('slot engine properties', () => {
  it('never offers a slot whose span, widened by the buffers, overlaps a booking', () => {
    fc.assert(
      fc.property(scenario, (q) => {
        const s = q.settings!;
        for (const slot of computeSlots(q).slots) {
          const from = ms(slot.start) - s.bufferBefore * MIN;
          const to = ms(slot.end) + s.bufferAfter * MIN;
          for (const b of q.busy!) expect(from < ms(b.end) && ms(b.start) < to).toBe(false);
        }
      }),
      { numRuns: 100 },
    );
  }, PROPERTY_TIMEOUT);

  it('every slot lies inside enabled availability of its host-local day, on a window\'s 30-minute grid', () => {
    fc.assert(
      fc.property(scenario, (q) => {
        const zone = q.hostTimeZone!;
        const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
        const byDate = new Map<string, { start: number; end: number }[]>();
        const windowsOn = (date: string, dayOfWeek: number) => {
          if (!byDate.has(date)) {
            byDate.set(
              date,
              q.availability
                .filter((r) => r.isEnabled && r.dayOfWeek === dayOfWeek)
                .map((r) => ({
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
          expect(windows.some((w) => start >= w.start && start < w.end && (start - w.start) % (30 * MIN) === 0)).toBe(true);
          // Every quarter hour of the meeting is inside some window (durations are multiples of 15 minutes).
          for (let t = start; t < end; t += 15 * MIN) {
            expect(windows.some((w) => t >= w.start && t + 15 * MIN <= w.end)).toBe(true);
          }
        }
      }),
      { numRuns: 100 },
    );
  }, PROPERTY_TIMEOUT);

  it('nothing before now + notice or after the horizon (the host\'s, at most 60 days)', () => {
    fc.assert(
      fc.property(scenario, (q) => {
        const s = q.settings!;
        const now = q.now as number;
        const horizon = now + Math.min(s.maxFutureBookings, MAX_HORIZON_DAYS) * DAY;
        for (const slot of computeSlots(q).slots) {
          expect(ms(slot.start)).toBeGreaterThanOrEqual(now + s.minimumNotice * MIN);
          expect(ms(slot.start)).toBeLessThanOrEqual(horizon);
        }
      }),
      { numRuns: 100 },
    );
  }, PROPERTY_TIMEOUT);

  it('slots are sorted, unique, and grouped under the visitor\'s local date', () => {
    fc.assert(
      fc.property(scenario, (q) => {
        const r = computeSlots(q);
        const startsMs = r.slots.map((s) => ms(s.start));
        expect(startsMs).toEqual([...new Set(startsMs)].sort((a, b) => a - b));
        expect(r.days.flatMap((d) => d.slots)).toEqual(r.slots);
        expect(new Set(r.days.map((d) => d.date)).size).toBe(r.days.length);
        for (const d of r.days) {
          for (const s of d.slots) expect(instantToZoned(s.start, q.visitorTimeZone!).date).toBe(d.date);
        }
      }),
      { numRuns: 100 },
    );
  }, PROPERTY_TIMEOUT);

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
});
