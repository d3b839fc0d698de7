// A booking's rules outside the slot engine: which status changes are allowed, what a host may do from
// a booking card, what each booking list holds, and how guest fields are stored
// (docs/product/states.md). The bookings trigger holds the same transitions;
// supabase/tests/db/rules-match.test.ts keeps the two equal.
import type { BookingStatus, SeriesFrequency } from './constants.ts';
import type { PaymentFacts } from './payments.ts';
import type { BookingLocation } from './places.ts';
import type { StoredAnswer } from './questions.ts';

/**
 * pending → confirmed | cancelled; confirmed → cancelled, or completed once it has ended; awaiting_payment
 * (a paid booking's hold) → confirmed | pending when paid, expired when not (by the payment, never by
 * hand). Cancelled, completed and expired are final.
 */
export const BOOKING_TRANSITIONS: Readonly<Record<BookingStatus, readonly BookingStatus[]>> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['cancelled', 'completed'],
  cancelled: [],
  completed: [],
  awaiting_payment: ['pending', 'confirmed', 'expired'],
  expired: [],
};

export function canBecome(from: string, to: string): boolean {
  return (BOOKING_TRANSITIONS[from as BookingStatus] ?? []).includes(to as BookingStatus);
}

/** An open booking (pending or confirmed): it can still be cancelled, or moved by its guest. */
export function isOpen(status: string): boolean {
  return canBecome(status, 'cancelled');
}

/** What a host does from a booking card, and the status it gives. */
export const BOOKING_ACTIONS = { confirm: 'confirmed', reject: 'cancelled', cancel: 'cancelled' } as const;
export type BookingAction = keyof typeof BOOKING_ACTIONS;

/** The actions a card offers: Confirm and Reject while pending, Cancel while confirmed and not yet started. */
export function offeredActions(booking: { status: string; startTime: string }, now: Date): BookingAction[] {
  if (booking.status === 'pending') return ['confirm', 'reject'];
  if (booking.status === 'confirmed' && Date.parse(booking.startTime) > now.getTime()) return ['cancel'];
  return [];
}

/** The booking lists: Upcoming from now, Past before now, All of them; each without cancelled ones, which are their own list. */
export const BOOKING_LISTS = {
  upcoming: { cancelled: false, when: 'future', ascending: true },
  past: { cancelled: false, when: 'past', ascending: false },
  all: { cancelled: false, when: null, ascending: false },
  cancelled: { cancelled: true, when: null, ascending: false },
} as const;
export type BookingList = keyof typeof BOOKING_LISTS;

/** The part of a PostgREST query builder a list needs (supabase-js's builder has it). */
interface Filterable<Q> {
  eq(column: string, value: string): Q;
  neq(column: string, value: string): Q;
  gte(column: string, value: string): Q;
  lt(column: string, value: string): Q;
}

/** Narrows a bookings query to one list, as of `now`; the caller orders it (`BOOKING_LISTS[list].ascending`). */
export function inList<Q extends Filterable<Q>>(query: Q, list: BookingList, now: Date): Q {
  const rule = BOOKING_LISTS[list];
  // An expired hold (a paid booking never paid) was never a booking: no list shows it.
  let q = rule.cancelled ? query.eq('status', 'cancelled') : query.neq('status', 'cancelled').neq('status', 'expired');
  if (rule.when === 'future') q = q.gte('start_time', now.toISOString());
  if (rule.when === 'past') q = q.lt('start_time', now.toISOString());
  return q;
}

/**
 * "My bookings": the bookings of the host's own event types and the team bookings assigned to them,
 * as a PostgREST `or` filter. The web's lists and GET /api/bookings/* both use it.
 */
export const myBookingsFilter = (userId: string): string => `user_id.eq.${userId},assigned_user_id.eq.${userId}`;

/** A booking as its guest sees it through the manage link (the guest_booking RPC's answer, camelCased). */
export interface GuestView {
  uid: string;
  status: BookingStatus;
  startTime: string;
  endTime: string;
  title: string;
  duration: number;
  eventTypeId: number | null;
  teamEventTypeId: number | null;
  teamName: string | null;
  hostName: string;
  guestName: string;
  guestTimezone: string;
  cancelledBy: 'host' | 'guest' | null;
  cancellationReason: string | null;
  /** Where to meet (null: the event type named no place). */
  location?: BookingLocation | null;
  /** The link was for a booking since moved: this is where it went, to look at only. */
  moved: boolean;
  /** From then on the guest can no longer change it online. */
  changeDeadline: string;
  canChange: boolean;
  /** Whether the guest may cancel it online: as canChange, and a paid booking inside the notice too (for its late-cancellation refund). */
  canCancel: boolean;
  /** A paid booking's payment, and the share (percent) a cancellation inside the notice refunds. */
  payment?: (PaymentFacts & { lateRefundPercent: number }) | null;
  /** The guest's own answers to the event type's questions, as they gave them (none: an empty list). */
  answers?: StoredAnswer[];
  /** The people they invited (lower-cased addresses; none: an empty list). */
  attendees?: string[];
  /** An occurrence's series: every date of it, each opened with the same token (null: a single booking). */
  series?: { frequency: SeriesFrequency; occurrences: { uid: string; startTime: string; endTime: string; status: BookingStatus }[] } | null;
}

export interface GuestDetails {
  guestName: string;
  guestEmail: string;
  guestPhone?: string | null;
  guestCompany?: string | null;
  notes?: string | null;
  /** The zone the guest booked in: their mails show times in it. */
  guestTimeZone?: string | null;
  /** The language the guest booked in: their mails are written in it. */
  guestLocale?: string | null;
  /** Which of the event type's places the guest chose (create_booking makes the booking's location of it). */
  locationKind?: string | null;
  /** Answers to the event type's questions, as sent: checked against its definition before the write. */
  answers?: unknown;
  /** Other people the guest invites, as sent: checked against the event type's cap before the write (rules/attendees.ts). */
  attendees?: unknown;
}

/**
 * The guest columns of a booking: texts trimmed, empty optional ones null (docs/product/validation.md).
 * The schemas already do this for parsed bodies; this is the one mapping to columns, and the booking
 * RPCs normalise the same way for other callers.
 */
export function guestColumns(g: GuestDetails) {
  const orNull = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);
  return {
    guest_name: g.guestName.trim(),
    guest_email: g.guestEmail.trim(),
    guest_phone: orNull(g.guestPhone),
    guest_company: orNull(g.guestCompany),
    notes: orNull(g.notes),
    guest_timezone: orNull(g.guestTimeZone),
    guest_locale: orNull(g.guestLocale),
    location_kind: orNull(g.locationKind),
  };
}
