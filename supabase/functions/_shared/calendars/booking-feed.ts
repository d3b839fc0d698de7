// A host's own bookings as an iCalendar feed (webcal://), for any calendar app to subscribe to.
import ICAL from 'ical.js';
import type { BookingStatus } from '../rules/constants.ts';
import type { BookingLocation } from '../rules/places.ts';
import { icalText } from './ical-text.ts';
import { addPlace } from './place.ts';

export interface FeedBooking {
  /** The booking's calendar UID (bookings.ical_uid): the same as in its mails' invites. */
  icalUid: string;
  sequence: number;
  start: string;
  end: string;
  status: Exclude<BookingStatus, 'cancelled'>;
  title: string;
  guestName: string;
  updatedAt: string;
  /** Where to meet (absent or null: no place). */
  location?: BookingLocation | null;
}

/** What a host's calendar calls a booking's event. */
export function bookingSummary(b: Pick<FeedBooking, 'title' | 'guestName'>): string {
  return `${b.title} with ${b.guestName}`;
}

function utc(iso: string) {
  return ICAL.Time.fromJSDate(new Date(iso), true);
}

/** The VEVENT of a booking, as the feed shows it and as Kairos writes it into a host's calendar. */
export function bookingEvent(b: FeedBooking, now: Date): InstanceType<typeof ICAL.Component> {
  const ev = new ICAL.Component('vevent');
  ev.addPropertyWithValue('uid', b.icalUid);
  ev.addPropertyWithValue('sequence', b.sequence);
  ev.addPropertyWithValue('dtstamp', utc(now.toISOString()));
  ev.addPropertyWithValue('last-modified', utc(b.updatedAt));
  ev.addPropertyWithValue('dtstart', utc(b.start));
  ev.addPropertyWithValue('dtend', utc(b.end));
  ev.addPropertyWithValue('summary', bookingSummary(b));
  ev.addPropertyWithValue('status', b.status === 'pending' ? 'TENTATIVE' : 'CONFIRMED');
  ev.addPropertyWithValue('transp', 'OPAQUE');
  addPlace(ev, b.location);
  return ev;
}

function calendar(): InstanceType<typeof ICAL.Component> {
  const cal = new ICAL.Component(['vcalendar', [], []]);
  cal.addPropertyWithValue('prodid', '-//Kairos//Bookings//EN');
  cal.addPropertyWithValue('version', '2.0');
  cal.addPropertyWithValue('calscale', 'GREGORIAN');
  return cal;
}

/** One booking as a CalDAV calendar object (no METHOD: a stored event, not an invitation). */
export function bookingObject(b: FeedBooking, now = new Date()): string {
  const cal = calendar();
  cal.addSubcomponent(bookingEvent(b, now));
  return icalText(cal);
}

export function bookingsFeed(bookings: readonly FeedBooking[], now = new Date()): string {
  const cal = calendar();
  cal.addPropertyWithValue('x-wr-calname', 'Kairos bookings');
  // Calendar apps that honour it refresh the subscription every 15 minutes. A duration value is not
  // the property's default type, so ical.js writes the VALUE=DURATION that RFC 7986 asks for itself.
  cal.addPropertyWithValue('refresh-interval', ICAL.Duration.fromString('PT15M'));
  cal.addPropertyWithValue('x-published-ttl', 'PT15M');
  for (const b of bookings) cal.addSubcomponent(bookingEvent(b, now));
  return icalText(cal);
}
