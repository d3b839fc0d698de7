import { afterEach, describe, expect, it } from 'vitest';
import { resetHourCycle, setHourCycle } from './clock.ts';
import { zoneLabel, zoneWithTime } from './zones.ts';

const WINTER = new Date('2026-01-15T14:41:00Z');
const SUMMER = new Date('2026-07-15T14:41:00Z');

afterEach(resetHourCycle);

describe('zone labels', () => {
  it('names zones as people know them, with the offset of the day, across DST and in half- and quarter-hour zones', () => {
    expect(zoneLabel('America/New_York', WINTER)).toBe('New York (EST, UTC−5)');
    expect(zoneLabel('America/New_York', SUMMER)).toBe('New York (EDT, UTC−4)');
    expect(zoneLabel('Europe/Stockholm', WINTER)).toBe('Stockholm (CET, UTC+1)');
    expect(zoneLabel('Europe/Stockholm', SUMMER)).toBe('Stockholm (CEST, UTC+2)');
    expect(zoneLabel('Europe/London', SUMMER)).toBe('London (BST, UTC+1)');
    expect(zoneLabel('Asia/Kolkata', WINTER)).toBe('Kolkata (IST, UTC+5:30)');
    expect(zoneLabel('Asia/Kathmandu', WINTER)).toBe('Kathmandu (UTC+5:45)');
    expect(zoneLabel('America/Argentina/Buenos_Aires', WINTER)).toBe('Buenos Aires (UTC−3)');
    expect(zoneLabel('UTC', WINTER)).toBe('UTC');
  });

  it('adds the time it is there now, in the hour cycle shown', () => {
    setHourCycle('h12');
    expect(zoneWithTime('America/New_York', WINTER)).toBe('New York (EST, UTC−5), 9:41 AM');
    setHourCycle('h23');
    expect(zoneWithTime('Asia/Kathmandu', WINTER)).toBe('Kathmandu (UTC+5:45), 20:26');
  });
});
