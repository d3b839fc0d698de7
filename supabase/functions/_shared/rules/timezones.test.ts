import { describe, expect, it } from 'vitest';
import { isValidTimeZone } from './time.ts';
import { formatUtcOffset, TIME_ZONE_GROUPS, TIME_ZONES } from './timezones.ts';

describe('time zone list', () => {
  it('has about 100 known, unique zones in the seven groups', () => {
    expect(TIME_ZONE_GROUPS.map((g) => g.label)).toEqual(['UTC', 'Americas', 'Europe', 'Asia', 'Africa', 'Oceania', 'Pacific']);
    expect(TIME_ZONES.length).toBeGreaterThanOrEqual(90);
    expect(TIME_ZONES.length).toBeLessThanOrEqual(120);
    expect(new Set(TIME_ZONES).size).toBe(TIME_ZONES.length);
    for (const zone of TIME_ZONES) expect(isValidTimeZone(zone), zone).toBe(true);
  });

  it('includes the zones the scheduling rules are tested with', () => {
    for (const zone of ['UTC', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kolkata', 'Asia/Kathmandu']) {
      expect(TIME_ZONES).toContain(zone);
    }
  });

  it('formats offsets for labels, DST-aware', () => {
    expect(formatUtcOffset('Asia/Kathmandu', '2026-01-01T00:00:00Z')).toBe('UTC+05:45');
    expect(formatUtcOffset('America/St_Johns', '2026-01-01T00:00:00Z')).toBe('UTC-03:30');
    expect(formatUtcOffset('America/New_York', '2026-07-01T00:00:00Z')).toBe('UTC-04:00');
    expect(formatUtcOffset('UTC', new Date(0))).toBe('UTC+00:00');
  });
});
