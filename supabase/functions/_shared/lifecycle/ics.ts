// The calendar invite of a booking mail (RFC 5545 / RFC 5546 iTIP): METHOD:REQUEST adds or moves the
// event, METHOD:CANCEL removes it. The UID is the booking's (kept across reschedules) and SEQUENCE
// its version, so a calendar applies each mail over the last; times are UTC.
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import ICAL from 'ical.js';
import { icalText } from '../calendars/ical-text.ts';
import { addPlace } from '../calendars/place.ts';
import { mailWords } from '../i18n/mailWords.ts';
import { hostAnswers, hostLabel, type BookingMailPayload, type RenderedMail } from './messages.ts';

export interface InviteOptions {
  stamp: Date;
  manageUrl?: string;
}

export function bookingInvite(p: BookingMailPayload, mail: RenderedMail, opts: InviteOptions): string {
  return icalText(inviteCalendar(p, mail.method === 'CANCEL', opts));
}

/** The invite as ical.js components: a calendar of one VEVENT, the booking's (a series' invite builds on it). */
export function inviteCalendar(p: BookingMailPayload, cancel: boolean, opts: InviteOptions): InstanceType<typeof ICAL.Component> {
  const { booking: b } = p;
  const [organizer, ...otherHosts] = p.hosts;
  // The event's texts in the recipient's language, as their mail.
  const w = mailWords(p.recipient.locale);
  const calendar = ical({ prodId: { company: 'Kairos', product: 'Bookings', language: w.locale.toUpperCase() }, method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST });
  calendar.createEvent({
    id: b.icalUid,
    sequence: b.sequence,
    stamp: opts.stamp,
    start: new Date(b.start),
    end: new Date(b.end),
    summary: w.t('invite.summary', { title: b.title, guest: p.guest.name, host: hostLabel(p, w) }),
    description:
      [...hostAnswers(p, w).map(([label, answer]) => `${label}: ${answer}`), ...(opts.manageUrl ? [w.t('invite.manage', { url: opts.manageUrl })] : [])].join('\n') ||
      undefined,
    url: opts.manageUrl,
    status: cancel ? ICalEventStatus.CANCELLED : b.status === 'pending' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    organizer: organizer ? { name: organizer.name, email: organizer.email } : undefined,
    attendees: [
      { name: p.guest.name, email: p.guest.email, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.ACCEPTED },
      ...otherHosts.map((h) => ({ name: h.name, email: h.email, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.ACCEPTED })),
      // The people the guest invited: asked to reply, as a calendar asks anyone invited.
      ...(b.attendees ?? []).map((email) => ({ email, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.NEEDSACTION, rsvp: true })),
    ],
  });
  // The place as every calendar event of a booking carries it (ical-generator knows no RFC 7986
  // CONFERENCE); icalText writes the lines as RFC 5545 asks.
  const invite = new ICAL.Component(ICAL.parse(calendar.toString()));
  addPlace(invite.getFirstSubcomponent('vevent')!, b.location);
  return invite;
}
