// The calendar invite of a booking mail (RFC 5545 / RFC 5546 iTIP): METHOD:REQUEST adds or moves the
// event, METHOD:CANCEL removes it. The UID is the booking's (kept across reschedules) and SEQUENCE
// its version, so a calendar applies each mail over the last; times are UTC.
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { hostLabel, type BookingMailPayload, type RenderedMail } from './messages.ts';

export function bookingInvite(p: BookingMailPayload, mail: RenderedMail, opts: { stamp: Date; manageUrl?: string }): string {
  const { booking: b } = p;
  const [organizer, ...otherHosts] = p.hosts;
  const cancel = mail.method === 'CANCEL';
  const calendar = ical({ prodId: { company: 'Kairos', product: 'Bookings', language: 'EN' }, method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST });
  calendar.createEvent({
    id: b.icalUid,
    sequence: b.sequence,
    stamp: opts.stamp,
    start: new Date(b.start),
    end: new Date(b.end),
    summary: `${b.title}: ${p.guest.name} and ${hostLabel(p)}`,
    description: opts.manageUrl ? `Reschedule or cancel: ${opts.manageUrl}` : undefined,
    url: opts.manageUrl,
    status: cancel ? ICalEventStatus.CANCELLED : b.status === 'pending' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    organizer: organizer ? { name: organizer.name, email: organizer.email } : undefined,
    attendees: [
      { name: p.guest.name, email: p.guest.email, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.ACCEPTED },
      ...otherHosts.map((h) => ({ name: h.name, email: h.email, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.ACCEPTED })),
    ],
  });
  // RFC 5545 ends every content line with CRLF, the last one too; ical-generator leaves it off.
  return `${calendar.toString()}\r\n`;
}
