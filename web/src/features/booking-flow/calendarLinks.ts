// A booked meeting for the guest's own calendar: Google Calendar's and Outlook's "add event" pages,
// and an .ics file whose UID is the booking's (the mailed invites carry the same one, so a calendar
// that gets both keeps one event).
import { foldContentLine } from '../../lib/shared.ts';

export interface CalendarEvent {
  /** The booking's calendar UID (its invites' UID). */
  uid: string;
  title: string;
  start: Date;
  end: Date;
  description: string;
  location: string;
}

/** 20260309T090000Z: the UTC form Google's links and iCalendar share. */
function utcStamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

export function googleCalendarUrl(event: CalendarEvent): string {
  const query = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${utcStamp(event.start)}/${utcStamp(event.end)}`,
    details: event.description,
    location: event.location,
  });
  return `https://calendar.google.com/calendar/render?${query}`;
}

export function outlookCalendarUrl(event: CalendarEvent): string {
  const query = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: event.title,
    startdt: event.start.toISOString(),
    enddt: event.end.toISOString(),
    body: event.description,
    location: event.location,
  });
  return `https://outlook.live.com/calendar/0/deeplink/compose?${query}`;
}

/** RFC 5545 TEXT: backslash, semicolon, comma and line breaks escaped. */
function text(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** The meeting as an iCalendar file (METHOD:PUBLISH: an event to keep, not an invitation to answer). */
export function icsFile(event: CalendarEvent, now = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Kairos//Booking//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART:${utcStamp(event.start)}`,
    `DTEND:${utcStamp(event.end)}`,
    `SUMMARY:${text(event.title)}`,
    `DESCRIPTION:${text(event.description)}`,
    `LOCATION:${text(event.location)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldContentLine).join('\r\n')}\r\n`;
}

/** The file as a link a browser downloads (`download` names it). */
export function icsHref(event: CalendarEvent): string {
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(icsFile(event))}`;
}
