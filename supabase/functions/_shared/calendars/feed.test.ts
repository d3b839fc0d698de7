import { describe, expect, it } from 'vitest';
import { CalendarAccessError } from './caldav.ts';
import { feedAddress, feedName } from './feed.ts';

describe('feed addresses', () => {
  it('reads webcal:// as https://, as calendar apps do', () => {
    expect(feedAddress('webcal://p01-calendars.example.com/published/2/abc').href).toBe('https://p01-calendars.example.com/published/2/abc');
    expect(feedAddress('  WEBCALS://example.com/a.ics ').href).toBe('https://example.com/a.ics');
    expect(feedAddress('https://calendar.example.com/ical/x/basic.ics').protocol).toBe('https:');
  });

  it('refuses what is not a web address', () => {
    expect(() => feedAddress('calendar.ics')).toThrow(CalendarAccessError);
    expect(() => feedAddress('file:///etc/passwd')).toThrow(CalendarAccessError);
  });

  it('names the feed from X-WR-CALNAME when it has one', () => {
    expect(feedName('BEGIN:VCALENDAR\r\nX-WR-CALNAME:Family\r\nEND:VCALENDAR\r\n')).toBe('Family');
    expect(feedName('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n')).toBeNull();
  });
});
