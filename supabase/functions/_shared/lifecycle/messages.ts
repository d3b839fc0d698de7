// The mails of a booking's life: which message each side gets for an event, its subject, plain-text
// and HTML parts (times in the recipient's own zone), and whether its invite adds or removes the event.
// Pure: the outbox worker renders an outbox row's payload with it and sends the result.
import type { BookingStatus } from '../rules/constants.ts';
import { mailWords, type MailWords } from '../i18n/mailWords.ts';
import type { MailMessageId } from '../i18n/mail/en.ts';
import { refundShare } from '../rules/money.ts';
import { shownPlace, type BookingLocation } from '../rules/places.ts';
import { answerText, type StoredAnswer } from '../rules/questions.ts';
import { bookedOccurrences, type SeriesSnapshot } from './series.ts';

/** A series' own messages (date_cancelled, rest_cancelled: "this and all later") besides the booking messages a series' mail also uses. */
export type GuestMessage = 'requested' | 'confirmed' | 'declined' | 'cancelled' | 'rescheduled' | 'reminder' | 'link_ready' | 'date_cancelled' | 'rest_cancelled';
export type HostMessage =
  | 'new_booking'
  | 'approval_needed'
  | 'guest_cancelled'
  | 'guest_rescheduled'
  | 'reminder'
  | 'link_ready'
  | 'guest_date_cancelled'
  | 'guest_rest_cancelled';

export interface Person {
  name: string;
  email: string;
  timezone: string;
  /** The language their mails are written in (rules/locales.ts; absent from rows queued before languages: English). */
  locale?: string;
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
    /** The hash of the guest's manage token as stored when the mail was queued (absent from older rows). */
    manageTokenHash?: string | null;
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
    /** The series it is an occurrence of, and that series' invite UID (null or absent: a single booking). */
    seriesId?: number | null;
    seriesUid?: string | null;
  };
  /** A series' mail (one for all its dates): the series as it is now; the booking is the occurrence it is about. */
  series?: SeriesSnapshot;
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
function moneyRows(p: BookingMailPayload, cancelling: boolean, w: MailWords): [string, string, string?][] {
  const pay = p.booking.payment;
  if (!pay || pay.status !== 'paid') return [];
  const total = w.money(pay.amount, pay.currency);
  if (!cancelling) return [[w.t('row.paid'), total], ...(pay.receiptUrl ? [[w.t('row.receipt'), pay.receiptUrl, pay.receiptUrl] as [string, string, string]] : [])];
  if (pay.refundPercent === null) return [];
  if (pay.refundPercent === 0) return [[w.t('row.refund'), w.t('refund.none')]];
  return [[w.t('row.refund'), w.t('refund.share', { refund: w.money(refundShare(pay.amount, pay.refundPercent, pay.currency), pay.currency), total })]];
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
/** A series' messages about dates that are no longer booked: the mail names the date as it was. */
const DATES_GONE = new Set(['date_cancelled', 'rest_cancelled', 'guest_date_cancelled', 'guest_rest_cancelled']);
/** The messages that announce a series: its dates are listed in place of one time. */
const ANNOUNCING = new Set(['requested', 'confirmed', 'new_booking', 'approval_needed']);
/** Guest leads that say who cancelled. */
const BY_WHOM = new Set(['cancelled', 'dateCancelled', 'restCancelled']);

/** Who the guest meets: the one host, or the team when several (or none yet) hold it. */
export function hostLabel(p: BookingMailPayload, w: MailWords = mailWords(p.recipient.locale)): string {
  const { team } = p.booking;
  if (!team) return p.hosts[0]?.name ?? w.t('host.fallback');
  return p.hosts.length === 1 && p.message !== 'approval_needed' ? `${p.hosts[0].name} (${team})` : team;
}

function when(start: string, end: string, timeZone: string, w: MailWords): string {
  return w.t('when', { day: w.day(start, timeZone), from: w.time(start, timeZone), to: w.time(end, timeZone), zone: timeZone });
}

interface Copy {
  subject: string;
  lead: string;
  action?: { label: string; href: string };
}

/** The catalogue's prefix of each message, by who reads it. */
const GUEST_KEYS: Record<GuestMessage, string> = {
  requested: 'requested',
  confirmed: 'confirmed',
  declined: 'declined',
  cancelled: 'cancelled',
  rescheduled: 'rescheduled',
  link_ready: 'linkReady',
  reminder: 'reminder',
  date_cancelled: 'dateCancelled',
  rest_cancelled: 'restCancelled',
};
const HOST_KEYS: Record<HostMessage, string> = {
  new_booking: 'newBooking',
  approval_needed: 'approvalNeeded',
  guest_cancelled: 'guestCancelled',
  guest_rescheduled: 'guestRescheduled',
  link_ready: 'linkReady',
  reminder: 'reminder',
  guest_date_cancelled: 'guestDateCancelled',
  guest_rest_cancelled: 'guestRestCancelled',
};

/**
 * The subject, lead line and button of a message. Someone the guest invited reads the guest's message
 * worded for them (who invited them) and has nothing to manage: only the guest who booked changes it.
 */
function copy(p: BookingMailPayload, links: Links, w: MailWords): Copy {
  const { booking: b, guest, recipient } = p;
  const host = hostLabel(p, w);
  const values = { title: b.title, host, guest: guest.name, at: w.short(b.start, recipient.timezone) };
  const text = (id: string, extra: Record<string, string> = {}) => w.t(id as MailMessageId, { ...values, ...extra });
  const bookings = { label: w.t('action.bookings'), href: links.bookings };
  // A message of one side only is worded for that side; a reminder or a link is worded for its reader.
  if (!(p.message in GUEST_KEYS) || (recipient.role === 'host' && p.message in HOST_KEYS)) {
    const key = `host.${HOST_KEYS[p.message as HostMessage]}`;
    const action = p.message === 'approval_needed' ? { label: w.t('action.review'), href: links.bookings } : p.message === 'guest_cancelled' ? undefined : bookings;
    return { subject: text(`${key}.subject`), lead: text(`${key}.lead`), action };
  }
  const message = GUEST_KEYS[p.message as GuestMessage];
  if (recipient.role === 'attendee') {
    const key = `invitee.${message}`;
    return { subject: text(`${key}.subject`), lead: text(`${key}.lead`, { who: b.cancelledBy === 'guest' ? guest.name : host }) };
  }
  const key = `guest.${message}`;
  const lead = BY_WHOM.has(message) ? text(b.cancelledBy === 'guest' ? `${key}.byGuest` : `${key}.byHost`) : text(`${key}.lead`);
  const manage = links.manage && !CANCELLING.has(p.message) ? { label: w.t('action.manage'), href: links.manage } : undefined;
  return { subject: text(`${key}.subject`), lead, action: manage };
}

/** The guest's answers, in a host's mail and invite: the host asked them (the guest knows what they answered). */
export function hostAnswers(p: BookingMailPayload, w: MailWords): [label: string, answer: string][] {
  const words = { yes: w.t('answer.yes'), no: w.t('answer.no') };
  return p.recipient.role === 'host' ? (p.booking.answers ?? []).map((a) => [a.label, answerText(a, words)]) : [];
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const escape = escapeHtml;

export function renderBookingMail(p: BookingMailPayload, links: Links): RenderedMail {
  const { booking: b, recipient } = p;
  const w = mailWords(recipient.locale);
  const c = copy(p, links, w);
  const tz = recipient.timezone;
  // A series' mail lists the dates still booked; one announcing the series lists them in place of one time.
  const dates = p.series ? bookedOccurrences(p.series) : null;
  const announcing = dates !== null && ANNOUNCING.has(p.message);
  const subject = announcing ? w.t('series.subject', { subject: c.subject, count: dates.length }) : c.subject;
  const seriesLead = announcing ? w.t('series.lead', { count: dates.length }) : dates && p.message.endsWith('rescheduled') ? w.t('series.movedOnly') : null;
  const cancelling = CANCELLING.has(p.message) || DATES_GONE.has(p.message);
  const place = shownPlace(b.location);
  const placeText = place && (b.location?.value ? place.text : w.t('place.linkFollows'));
  // [label, value, where the value links to]; in HTML each value is its own direction (<bdi>): an
  // address or a title in Latin letters stays whole inside an Arabic mail.
  const rows: [string, string, string?][] = [
    [w.t('row.what'), w.t('row.whatValue', { title: b.title, duration: b.duration })],
    ...(announcing ? [] : [[w.t(cancelling ? 'row.was' : 'row.when'), when(b.start, b.end, tz, w)] as [string, string]]),
    ...(p.message.endsWith('rescheduled') && b.previous ? [[w.t('row.before'), when(b.previous.start, b.previous.end, tz, w)] as [string, string]] : []),
    // One date a line.
    ...(dates?.length ? [[w.t('row.dates'), dates.map((o) => when(o.start, o.end, tz, w)).join('\n')] as [string, string]] : []),
    ...(place && b.location
      ? [[w.t('row.where'), `${w.t(`place.${b.location.kind}` as MailMessageId)}: ${placeText}`, place.href ?? undefined] as [string, string, string?]]
      : []),
    [w.t('row.host'), hostLabel(p, w)],
    [w.t(recipient.role === 'attendee' ? 'row.invitedBy' : 'row.guest'), `${p.guest.name} <${p.guest.email}>`],
    ...(b.attendees?.length ? [[w.t('row.alsoInvited'), b.attendees.join(', ')] as [string, string]] : []),
    ...hostAnswers(p, w),
    ...(cancelling && b.cancellationReason ? [[w.t('row.reason'), b.cancellationReason] as [string, string]] : []),
    ...moneyRows(p, cancelling, w),
  ];
  const method = dates ? (dates.length ? 'REQUEST' : 'CANCEL') : cancelling ? 'CANCEL' : 'REQUEST';
  const calendarNote = w.t(method === 'CANCEL' ? 'note.removes' : dates ? 'note.series' : 'note.adds');
  // An invitee is known by their address only.
  const greeting = recipient.role === 'attendee' ? w.t('greeting.unnamed') : w.t('greeting.named', { name: recipient.name });
  const text = [
    greeting,
    '',
    c.lead,
    '',
    ...(seriesLead ? [seriesLead, ''] : []),
    // A link that is not the value itself (a map search) follows it; a list goes under its label.
    ...rows.map(([k, v, href]) =>
      v.includes('\n') ? `${k}:\n${v.replace(/^/gm, '- ')}` : href && !v.endsWith(href) ? `${k}: ${v} (${href})` : `${k}: ${v}`,
    ),
    '',
    ...(c.action ? [`${c.action.label}: ${c.action.href}`, ''] : []),
    calendarNote,
    '',
  ].join('\n');
  const html = `<!doctype html><html lang="${w.locale}" dir="${w.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5">
<div dir="${w.dir}" style="max-width:560px;margin:0 auto;padding:24px 16px;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#18181b;text-align:start">
<p style="margin:0 0 16px">${escape(greeting)}</p>
<p style="margin:0 0 16px;font-size:18px;font-weight:600">${escape(c.lead)}</p>
${seriesLead ? `<p style="margin:0 0 16px">${escape(seriesLead)}</p>\n` : ''}<div style="background:#ffffff;border-radius:8px;padding:16px;margin:0 0 16px">
${rows.map(([k, v, href]) => `<p style="margin:0 0 8px"><span style="color:#71717a">${escape(k)}</span><br><bdi>${href ? `<a href="${escape(href)}" style="color:#2563eb">${escape(v)}</a>` : escape(v).replaceAll('\n', '<br>')}</bdi></p>`).join('\n')}
</div>
${c.action ? `<p style="margin:0 0 16px"><a href="${escape(c.action.href)}" style="display:inline-block;background:#3b82f6;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">${escape(c.action.label)}</a></p>` : ''}
<p style="margin:0;color:#71717a;font-size:14px">${escape(calendarNote)}</p>
</div></body></html>`;
  return { to: { name: recipient.name, address: recipient.email }, subject, text, html, method };
}
