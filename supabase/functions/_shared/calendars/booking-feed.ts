// A host's own bookings as an iCalendar feed (webcal://), for any calendar app to subscribe to.
import ICAL from 'ical.js';

export interface FeedBooking {
  id: number;
  start: string;
  end: string;
  status: 'pending' | 'confirmed' | 'completed';
  title: string;
  guestName: string;
  updatedAt: string;
}

/** The UID of a booking's calendar event, the same in the feed and in calendars Kairos writes to. */
export function bookingEventUid(bookingId: number): string {
  return `booking-${bookingId}@kairos`;
}

/** True for the UID of an event Kairos made for a booking. */
export function isBookingEventUid(uid: string): boolean {
  return /^booking-\d+@kairos$/.test(uid);
}

function utc(iso: string) {
  return ICAL.Time.fromJSDate(new Date(iso), true);
}

export function bookingsFeed(bookings: readonly FeedBooking[], now = new Date()): string {
  const cal = new ICAL.Component(['vcalendar', [], []]);
  cal.addPropertyWithValue('prodid', '-//Kairos//Bookings feed//EN');
  cal.addPropertyWithValue('version', '2.0');
  cal.addPropertyWithValue('calscale', 'GREGORIAN');
  cal.addPropertyWithValue('x-wr-calname', 'Kairos bookings');
  // Calendar apps that honour it refresh the subscription every 15 minutes.
  cal.addPropertyWithValue('refresh-interval', ICAL.Duration.fromString('PT15M')).setParameter('value', 'DURATION');
  cal.addPropertyWithValue('x-published-ttl', 'PT15M');
  for (const b of bookings) {
    const ev = new ICAL.Component('vevent');
    ev.addPropertyWithValue('uid', bookingEventUid(b.id));
    ev.addPropertyWithValue('dtstamp', utc(now.toISOString()));
    ev.addPropertyWithValue('last-modified', utc(b.updatedAt));
    ev.addPropertyWithValue('dtstart', utc(b.start));
    ev.addPropertyWithValue('dtend', utc(b.end));
    ev.addPropertyWithValue('summary', `${b.title} with ${b.guestName}`);
    ev.addPropertyWithValue('status', b.status === 'pending' ? 'TENTATIVE' : 'CONFIRMED');
    ev.addPropertyWithValue('transp', 'OPAQUE');
    cal.addSubcomponent(ev);
  }
  return cal.toString();
}
