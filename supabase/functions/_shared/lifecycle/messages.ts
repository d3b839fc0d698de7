// The mails of a booking's life: which message each side gets for an event, its subject, plain-text
// and HTML parts (times in the recipient's own zone), and whether its invite adds or removes the event.
// Pure: the outbox worker renders an outbox row's payload with it and sends the result.
import { formatInTimeZone } from 'date-fns-tz';
import type { BookingStatus } from '../rules/constants.ts';
import { formatMoney, refundShare } from '../rules/money.ts';
import { shownPlace, type BookingLocation } from '../rules/places.ts';
import { answerText, type StoredAnswer } from '../rules/questions.ts';

export type GuestMessage = 'requested' | 'confirmed' | 'declined' | 'cancelled' | 'rescheduled' | 'reminder' | 'link_ready';
export type HostMessage = 'new_booking' | 'approval_needed' | 'guest_cancelled' | 'guest_rescheduled' | 'reminder' | 'link_ready';

export interface Person {
  name: string;
  email: string;
  timezone: string;
}

/** An email row's payload, as private.enqueue_booking_mails writes it. */
export interface BookingMailPayload {
  message: GuestMessage | HostMessage;
  /** An 'attendee' is someone the guest invited: they get the guest's message, worded for them. */
  recipient: Person & { role: 'guest' | 'host' | 'attendee' };
  booking: {
    id: number;
    uid: string;
    status: BookingStatus;
    start: string;
    end: string;
    title: string;
    duration: number;
    team: string | null;
    icalUid: string;
    sequence: number;
    cancelledBy: 'host' | 'guest' | null;
    cancellationReason: string | null;
    previous: { start: string; end: string } | null;
    /** Where to meet (null: the event type names no place; absent from rows queued before places). */
    location?: BookingLocation | null;
    /** The guest's answers to the event type's questions (absent from rows queued before questions). */
    answers?: StoredAnswer[];
    /** The addresses the guest invited (absent from rows queued before invitees). */
    attendees?: string[];
    /** A paid booking's payment (private.booking_payment; null or absent: free, or queued before payments). */
    payment?: MailPayment | null;
  };
  guest: Person;
  /** Organiser first. */
  hosts: Person[];
}

/** What the mails say of a paid booking's money: the price, Stripe's receipt, and the share a cancellation asked back. */
export interface MailPayment {
  amount: number;
  currency: string;
  status: string;
  receiptUrl: string | null;
  /** Set when the booking was cancelled: 100 all, 0 nothing, else a share (rules/money.ts refundShare). */
  refundPercent: number | null;
}

/** The money rows of a paid booking's mail: what was paid and its receipt, or what a cancellation refunds. */
function moneyRows(p: BookingMailPayload, cancelling: boolean): [string, string, string?][] {
  const pay = p.booking.payment;
  if (!pay || pay.status !== 'paid') return [];
  const total = formatMoney(pay.amount, pay.currency);
  if (!cancelling) return [['Paid', total], ...(pay.receiptUrl ? [['Receipt', pay.receiptUrl, pay.receiptUrl] as [string, string, string]] : [])];
  if (pay.refundPercent === null) return [];
  if (pay.refundPercent === 0) return [['Refund', 'none (cancelled inside the notice for changes)']];
  return [['Refund', `${formatMoney(refundShare(pay.amount, pay.refundPercent, pay.currency), pay.currency)} of ${total}`]];
}

export interface RenderedMail {
  to: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  /** REQUEST adds or updates the event in the recipient's calendar, CANCEL removes it. */
  method: 'REQUEST' | 'CANCEL';
}

export interface Links {
  /** The guest's manage page (guest mails about a booking that can still change). */
  manage?: string;
  /** The host's Bookings page. */
  bookings: string;
}

const CANCELLING = new Set(['declined', 'cancelled', 'guest_cancelled']);

/** Who the guest meets: the one host, or the team when several (or none yet) hold it. */
export function hostLabel(p: BookingMailPayload): string {
  const { team } = p.booking;
  if (!team) return p.hosts[0]?.name ?? 'your host';
  return p.hosts.length === 1 && p.message !== 'approval_needed' ? `${p.hosts[0].name} (${team})` : team;
}

function when(start: string, end: string, timeZone: string): string {
  const day = formatInTimeZone(start, timeZone, 'EEEE d MMMM yyyy');
  return `${day}, ${formatInTimeZone(start, timeZone, 'HH:mm')} – ${formatInTimeZone(end, timeZone, 'HH:mm')} (${timeZone})`;
}

function short(start: string, timeZone: string): string {
  return formatInTimeZone(start, timeZone, 'EEE d MMM, HH:mm');
}

interface Copy {
  subject: string;
  lead: string;
  action?: { label: string; href: string };
}

/**
 * The guest's message as someone they invited reads it: who invited them, and nothing to manage
 * (only the guest who booked changes the booking).
 */
function inviteeCopy(p: BookingMailPayload): Copy {
  const { booking: b, guest, recipient } = p;
  const host = hostLabel(p);
  const at = short(b.start, recipient.timezone);
  switch (p.message as GuestMessage) {
    case 'requested':
      return { subject: `Requested: ${b.title} with ${host} on ${at}`, lead: `${guest.name} asked ${host} for this booking and invited you. You'll hear once they approve it.` };
    case 'confirmed':
      return { subject: `Invitation: ${b.title} with ${host} on ${at}`, lead: `${guest.name} invited you to ${b.title} with ${host}.` };
    case 'declined':
      return { subject: `Declined: ${b.title} with ${host} on ${at}`, lead: `${host} could not accept ${guest.name}’s request. Nothing is booked.` };
    case 'cancelled':
      return { subject: `Cancelled: ${b.title} with ${host} on ${at}`, lead: `${b.cancelledBy === 'guest' ? guest.name : host} cancelled the booking.` };
    case 'rescheduled':
      return { subject: `Rescheduled: ${b.title} with ${host}, now ${at}`, lead: `${guest.name} moved the booking to a new time.` };
    case 'link_ready':
      return { subject: `Meeting link: ${b.title} with ${host} on ${at}`, lead: `The link to join the booking with ${host} is ready.` };
    case 'reminder':
      return { subject: `Reminder: ${b.title} with ${host} on ${at}`, lead: `A reminder of the booking with ${host} that ${guest.name} invited you to.` };
  }
}

function copy(p: BookingMailPayload, links: Links): Copy {
  const { booking: b, guest, recipient } = p;
  if (recipient.role === 'attendee') return inviteeCopy(p);
  const host = hostLabel(p);
  const at = short(b.start, recipient.timezone);
  const manage = links.manage ? { label: 'Reschedule or cancel', href: links.manage } : undefined;
  switch (p.message) {
    case 'requested':
      return { subject: `Request received: ${b.title} with ${host} on ${at}`, lead: `Your request has been sent to ${host}. You'll receive confirmation once they approve it.`, action: manage };
    case 'confirmed':
      return { subject: `Confirmed: ${b.title} with ${host} on ${at}`, lead: `Your booking with ${host} is confirmed.`, action: manage };
    case 'declined':
      return { subject: `Declined: ${b.title} with ${host} on ${at}`, lead: `${host} could not accept your request. Nothing is booked.` };
    case 'cancelled':
      return {
        subject: `Cancelled: ${b.title} with ${host} on ${at}`,
        lead: b.cancelledBy === 'guest' ? 'Your booking has been cancelled, as you asked.' : `${host} cancelled your booking.`,
      };
    case 'rescheduled':
      return { subject: `Rescheduled: ${b.title} with ${host}, now ${at}`, lead: 'Your booking has moved to a new time.', action: manage };
    case 'new_booking':
      return { subject: `New booking: ${b.title} with ${guest.name} on ${at}`, lead: `${guest.name} booked ${b.title} with you.`, action: { label: 'View your bookings', href: links.bookings } };
    case 'approval_needed':
      return {
        subject: `Approval needed: ${b.title} with ${guest.name} on ${at}`,
        lead: `${guest.name} asked to book ${b.title}. Confirm or reject the request on your Bookings page.`,
        action: { label: 'Review the request', href: links.bookings },
      };
    case 'guest_cancelled':
      return { subject: `Cancelled by guest: ${b.title} with ${guest.name} on ${at}`, lead: `${guest.name} cancelled the booking.` };
    case 'guest_rescheduled':
      return {
        subject: `Rescheduled by guest: ${b.title} with ${guest.name}, now ${at}`,
        lead: `${guest.name} moved the booking to a new time.`,
        action: { label: 'View your bookings', href: links.bookings },
      };
    case 'link_ready':
      // A provider's link (Google Meet) arrived after the booking: the updated invite carries it.
      return recipient.role === 'guest'
        ? { subject: `Meeting link: ${b.title} with ${host} on ${at}`, lead: `The link to join your booking with ${host} is ready.`, action: manage }
        : { subject: `Meeting link: ${b.title} with ${guest.name} on ${at}`, lead: `The link to join your booking with ${guest.name} is ready.`, action: { label: 'View your bookings', href: links.bookings } };
    case 'reminder':
      return recipient.role === 'guest'
        ? { subject: `Reminder: ${b.title} with ${host} on ${at}`, lead: `A reminder of your booking with ${host}.`, action: manage }
        : { subject: `Reminder: ${b.title} with ${guest.name} on ${at}`, lead: `A reminder of your booking with ${guest.name}.`, action: { label: 'View your bookings', href: links.bookings } };
  }
}

/** The guest's answers, in a host's mail and invite: the host asked them (the guest knows what they answered). */
export function hostAnswers(p: BookingMailPayload): StoredAnswer[] {
  return p.recipient.role === 'host' ? (p.booking.answers ?? []) : [];
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const escape = escapeHtml;

export function renderBookingMail(p: BookingMailPayload, links: Links): RenderedMail {
  const { booking: b, recipient } = p;
  const c = copy(p, links);
  const tz = recipient.timezone;
  const cancelling = CANCELLING.has(p.message);
  const place = shownPlace(b.location);
  // [label, value, where the value links to]
  const rows: [string, string, string?][] = [
    ['What', `${b.title} (${b.duration} minutes)`],
    [cancelling ? 'Was' : 'When', when(b.start, b.end, tz)],
    ...(p.message.endsWith('rescheduled') && b.previous ? [['Before', when(b.previous.start, b.previous.end, tz)] as [string, string]] : []),
    ...(place ? [['Where', `${place.label}: ${place.text}`, place.href ?? undefined] as [string, string, string?]] : []),
    ['Host', hostLabel(p)],
    [recipient.role === 'attendee' ? 'Invited by' : 'Guest', `${p.guest.name} <${p.guest.email}>`],
    ...(b.attendees?.length ? [['Also invited', b.attendees.join(', ')] as [string, string]] : []),
    ...hostAnswers(p).map((a) => [a.label, answerText(a)] as [string, string]),
    ...(cancelling && b.cancellationReason ? [['Reason', b.cancellationReason] as [string, string]] : []),
    ...moneyRows(p, cancelling),
  ];
  const calendarNote = cancelling
    ? 'The attached invitation removes the event from your calendar.'
    : 'The attached invitation adds the event to your calendar.';
  // An invitee is known by their address only.
  const greeting = recipient.role === 'attendee' ? 'Hello,' : `Hi ${recipient.name},`;
  const text = [
    greeting,
    '',
    c.lead,
    '',
    // A link that is not the value itself (a map search) follows it.
    ...rows.map(([k, v, href]) => (href && !v.endsWith(href) ? `${k}: ${v} (${href})` : `${k}: ${v}`)),
    '',
    ...(c.action ? [`${c.action.label}: ${c.action.href}`, ''] : []),
    calendarNote,
    '',
  ].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(c.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5">
<div style="max-width:560px;margin:0 auto;padding:24px 16px;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#18181b">
<p style="margin:0 0 16px">${escape(greeting)}</p>
<p style="margin:0 0 16px;font-size:18px;font-weight:600">${escape(c.lead)}</p>
<div style="background:#ffffff;border-radius:8px;padding:16px;margin:0 0 16px">
${rows.map(([k, v, href]) => `<p style="margin:0 0 8px"><span style="color:#71717a">${escape(k)}</span><br>${href ? `<a href="${escape(href)}" style="color:#2563eb">${escape(v)}</a>` : escape(v)}</p>`).join('\n')}
</div>
${c.action ? `<p style="margin:0 0 16px"><a href="${escape(c.action.href)}" style="display:inline-block;background:#3b82f6;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">${escape(c.action.label)}</a></p>` : ''}
<p style="margin:0;color:#71717a;font-size:14px">${escape(calendarNote)}</p>
</div></body></html>`;
  return { to: { name: recipient.name, address: recipient.email }, subject: c.subject, text, html, method: cancelling ? 'CANCEL' : 'REQUEST' };
}
