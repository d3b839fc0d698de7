import { afterEach, describe, expect, it } from 'vitest';
import { resetHourCycle, setHourCycle } from './clock.ts';
import { hasRangeProblems, rangeProblems } from './rangeProblems.ts';

afterEach(resetHourCycle);

describe('rangeProblems', () => {
  it('names an inverted or empty range and each of two overlapping ones, and passes ranges that only touch', () => {
    setHourCycle('h12');
    expect(rangeProblems([{ start_time: '17:00', end_time: '09:00' }])).toEqual(['Ends before it starts: pick an end after 5:00 PM.']);
    expect(rangeProblems([{ start_time: '09:00', end_time: '09:00' }])).toEqual(['Ends before it starts: pick an end after 9:00 AM.']);
    expect(
      rangeProblems([
        { start_time: '09:00', end_time: '12:00' },
        { start_time: '11:30', end_time: '17:00' },
      ]),
    ).toEqual(['Overlaps range 2 (11:30 AM–5:00 PM): pick times that don’t.', 'Overlaps range 1 (9:00 AM–12:00 PM): pick times that don’t.']);
    expect(
      rangeProblems([
        { start_time: '09:00', end_time: '12:00' },
        { start_time: '12:00', end_time: '17:00' },
      ]),
    ).toEqual([null, null]);
    expect(hasRangeProblems([[{ start_time: '09:00', end_time: '17:00' }], []])).toBe(false);
    expect(hasRangeProblems([[{ start_time: '09:00', end_time: '17:00' }], [{ start_time: '10:00', end_time: '08:00' }]])).toBe(true);
  });
});
