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
  /**
   * A group slot's event (docs/seats.md): every seat's guest, and the host as its organiser. Only
   * the host's calendar gets it; each guest's own invite names that guest alone.
   */
  seats?: { attendees: readonly SeatAttendee[]; host: { name: string | null; email: string | null } } | null;
}

export interface SeatAttendee {
  name: string;
  email: string;
  /** ACCEPTED for a confirmed seat, NEEDS-ACTION for one awaiting the host's approval. */
  partstat: 'ACCEPTED' | 'NEEDS-ACTION';
}

/** What a host's calendar calls a booking's event, or a group slot's. */
export function bookingSummary(b: Pick<FeedBooking, 'title' | 'guestName' | 'seats'>): string {
  if (!b.seats) return `${b.title} with ${b.guestName}`;
  const n = b.seats.attendees.length;
  return `${b.title}: ${n} ${n === 1 ? 'guest' : 'guests'}`;
}

// SCHEDULE-AGENT=CLIENT (RFC 6638): a CalDAV server that schedules must not send these people
// invitations of the host's event, which would show each guest the others.
function addPerson(ev: InstanceType<typeof ICAL.Component>, name: string, person: { name: string | null; email: string }, params: Record<string, string> = {}) {
  const prop = ev.addPropertyWithValue(name, `mailto:${person.email}`);
  if (person.name) prop.setParameter('cn', person.name);
  for (const [key, value] of Object.entries({ ...params, 'schedule-agent': 'CLIENT' })) prop.setParameter(key, value);
}

function addSeats(ev: InstanceType<typeof ICAL.Component>, seats: NonNullable<FeedBooking['seats']>) {
  if (seats.host.email) addPerson(ev, 'organizer', { name: seats.host.name, email: seats.host.email });
  for (const a of seats.attendees) addPerson(ev, 'attendee', a, { role: 'REQ-PARTICIPANT', partstat: a.partstat });
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
  if (b.seats) addSeats(ev, b.seats);
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

/** A booking of the host's feed, with its group slot's calendar identity if it is a seat. */
export type FeedRow = Omit<FeedBooking, 'seats'> & { guestEmail: string; slot: { icalUid: string; sequence: number } | null };

/**
 * The host's events: a booking each, but the seats of one group slot as the slot's one event (its
 * UID and SEQUENCE, every seat's guest an attendee, confirmed once a seat is), as write-back writes it.
 */
export function feedEvents(rows: readonly FeedRow[], host: { name: string | null; email: string | null }): FeedBooking[] {
  const events: FeedBooking[] = [];
  const slots = new Map<string, FeedBooking & { seats: NonNullable<FeedBooking['seats']> }>();
  for (const { guestEmail, slot, ...b } of rows) {
    if (!slot) {
      events.push(b);
      continue;
    }
    const held = b.status === 'confirmed' || b.status === 'completed';
    const attendee: SeatAttendee = { name: b.guestName, email: guestEmail, partstat: held ? 'ACCEPTED' : 'NEEDS-ACTION' };
    const event = slots.get(slot.icalUid);
    if (!event) {
      const first = { ...b, icalUid: slot.icalUid, sequence: slot.sequence, seats: { attendees: [attendee], host } };
      slots.set(slot.icalUid, first);
      events.push(first);
      continue;
    }
    event.seats = { ...event.seats, attendees: [...event.seats.attendees, attendee] };
    if (Date.parse(b.end) > Date.parse(event.end)) event.end = b.end;
    if (Date.parse(b.updatedAt) > Date.parse(event.updatedAt)) event.updatedAt = b.updatedAt;
    if (held) event.status = 'confirmed';
  }
  return events;
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
