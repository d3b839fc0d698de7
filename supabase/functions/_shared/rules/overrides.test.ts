import { describe, expect, it } from 'vitest';
import { overrideRangesParam, overridesFromRows } from './overrides.ts';

describe('date override rows', () => {
  it('group by date, ascending, with ranges in time order; a row without times is a day off', () => {
    const rows = [
      { date: '2026-12-31', start_time: '13:00', end_time: '15:00' },
      { date: '2026-12-24', start_time: null, end_time: null },
      { date: '2026-12-31', start_time: '09:00', end_time: '10:00' },
    ];
    expect(overridesFromRows(rows)).toEqual([
      { date: '2026-12-24', ranges: [] },
      { date: '2026-12-31', ranges: [{ startTime: '09:00', endTime: '10:00' }, { startTime: '13:00', endTime: '15:00' }] },
    ]);
    expect(overridesFromRows([])).toEqual([]);
  });

  it('become the RPC\'s ranges and back', () => {
    const ranges = [{ startTime: '09:00', endTime: '10:00' }];
    expect(overrideRangesParam(ranges)).toEqual([{ start_time: '09:00', end_time: '10:00' }]);
    expect(overridesFromRows(overrideRangesParam(ranges).map((r) => ({ date: '2027-01-04', ...r })))).toEqual([{ date: '2027-01-04', ranges }]);
    expect(overrideRangesParam([])).toEqual([]);
  });
});
