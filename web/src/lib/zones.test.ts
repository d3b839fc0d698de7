import { afterEach, describe, expect, it } from 'vitest';
import { resetHourCycle, setHourCycle } from './clock.ts';
import { loadMessages } from '../i18n/catalogue.ts';
import { TIME_ZONE_GROUPS } from './shared.ts';
import { zoneCity, zoneLabel, zoneWithTime } from './zones.ts';

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

describe('zone cities in the page’s language (CLDR, loaded with the language’s catalogue)', () => {
  it('writes each city as the language does, the zone’s own name where it has none', async () => {
    await Promise.all((['ja', 'ar', 'de', 'es'] as const).map((locale) => loadMessages(locale)));
    expect(zoneLabel('Europe/Berlin', WINTER, 'ja')).toBe('ベルリン (CET, UTC+1)');
    expect(zoneCity('Asia/Tokyo', 'ar')).toBe('طوكيو');
    expect(zoneCity('Europe/Vienna', 'de')).toBe('Wien');
    expect(zoneCity('America/New_York', 'es')).toBe('Nueva York');
    // Newer zone ids CLDR keys by their older ones (Asia/Calcutta), and a three-part id.
    expect(zoneCity('Asia/Kolkata', 'ja')).toBe('コルカタ');
    expect(zoneCity('America/Argentina/Buenos_Aires', 'ja')).toBe('ブエノスアイレス');
    expect(zoneWithTime('Asia/Kathmandu', WINTER, 'ja')).toMatch(/^カトマンズ \(UTC\+5:45\), /);
    // In English, and for a language whose city reads as the zone's: the zone's own name.
    expect(zoneCity('Europe/Berlin', 'en')).toBe('Berlin');
    expect(zoneCity('Europe/Berlin', 'de')).toBe('Berlin');
  });

  it('has every listed zone’s city in Japanese and Arabic, whose scripts share no name with the zone ids', async () => {
    await Promise.all((['ja', 'ar'] as const).map((locale) => loadMessages(locale)));
    const zones = TIME_ZONE_GROUPS.flatMap((group) => group.zones).filter((zone) => zone !== 'UTC');
    for (const locale of ['ja', 'ar']) expect(zones.filter((zone) => /[A-Za-z]/.test(zoneCity(zone, locale))), locale).toEqual([]);
  });
});
