import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { googleCalendarUrl, icsFile, outlookCalendarUrl, type CalendarEvent } from './calendarLinks.ts';

const event: CalendarEvent = {
  uid: 'b3a1c2d4@kairos',
  title: 'Strategy Call, with Ada; Q2',
  start: new Date('2026-03-09T09:00:00Z'),
  end: new Date('2026-03-09T09:30:00Z'),
  description: `Manage your booking: https://kairos.example/booking/b3a1?token=${'x'.repeat(80)}\nSee you then.`,
  location: 'Video Conference',
};

describe('calendar links', () => {
  it('opens Google Calendar and Outlook with the meeting filled in', () => {
    const google = new URL(googleCalendarUrl(event));
    expect(google.origin + google.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(Object.fromEntries(google.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: event.title,
      dates: '20260309T090000Z/20260309T093000Z',
      details: event.description,
      location: 'Video Conference',
    });
    const outlook = new URL(outlookCalendarUrl(event));
    expect(outlook.searchParams.get('subject')).toBe(event.title);
    expect(outlook.searchParams.get('startdt')).toBe('2026-03-09T09:00:00.000Z');
    expect(outlook.searchParams.get('enddt')).toBe('2026-03-09T09:30:00.000Z');
    expect(outlook.searchParams.get('rru')).toBe('addevent');
  });

  it('writes an .ics a calendar reads back: the booking UID, the times, escaped and folded text', () => {
    const file = icsFile(event, new Date('2026-03-01T12:00:00Z'));
    for (const line of file.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const vevent = new ICAL.Component(ICAL.parse(file)).getFirstSubcomponent('vevent')!;
    const parsed = new ICAL.Event(vevent);
    expect(parsed.uid).toBe('b3a1c2d4@kairos');
    expect(parsed.summary).toBe(event.title);
    expect(parsed.description).toBe(event.description);
    expect(parsed.location).toBe('Video Conference');
    expect(parsed.startDate.toJSDate().toISOString()).toBe('2026-03-09T09:00:00.000Z');
    expect(parsed.endDate.toJSDate().toISOString()).toBe('2026-03-09T09:30:00.000Z');
  });
});
