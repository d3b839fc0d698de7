// The engine benchmark's floor is only a floor if it offers exactly what the engine offers on the
// same input: the same starts, ends, visitor dates and labels, across both DST changes of the host
// (Europe/Berlin) and of the visitor (America/New_York).
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../supabase/functions/_shared/rules/time.ts';
import { benchHostSlots, floorSweep } from './engine.ts';
import { busyIntervals, HORIZON_DAYS } from './lib/fixtures.ts';

describe('engine benchmark floor', () => {
  it.each([
    ['now', Date.now()],
    ['over the spring changes (New York 8 March, Berlin 29 March)', Date.parse('2026-03-01T10:07:00Z')],
    ['over the autumn changes (Berlin 25 October, New York 1 November)', Date.parse('2026-10-15T22:50:00Z')],
  ])('the linear sweep writes the engine\'s slots, %s', (_, now) => {
    const range = { from: now, to: now + (HORIZON_DAYS + 1) * DAY_MS };
    const busy = busyIntervals(now, 500);
    const engine = benchHostSlots(busy, now, range).slots;
    const floor = floorSweep(busy, now, range, true);
    expect(engine.length).toBeGreaterThan(300);
    expect(floor.slots).toEqual(engine);
    expect(floor.count).toBe(engine.length);
    expect(floorSweep(busy, now, range, false)).toEqual({ count: engine.length, slots: [] });
  });
});
