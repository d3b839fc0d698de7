// A booking's place (bookings.location, chosen from its event type's locations by
// private.booking_location) as people and calendars are told it: one rule for every mail, invite,
// calendar event and feed, so each says the same.
import type { LocationKind } from './schemas.ts';

/** A booking's place: value is the address, number or link (null while a provider's link is to come). */
export interface BookingLocation {
  kind: LocationKind;
  value: string | null;
}

export interface ShownPlace {
  /** What kind of place, in words. */
  label: string;
  /** The address, number or link, or what stands in for a link to come. */
  text: string;
  /** Where a click leads: a map search, a tel: number, the meeting's link; null while it is to come. */
  href: string | null;
  /** A meeting link (RFC 7986 CONFERENCE in calendars). */
  join: string | null;
}

/** Each kind in words: the mails, calendars and the web's screens name places alike. */
export const PLACE_LABELS: Record<LocationKind, string> = {
  in_person: 'In person',
  phone_host_calls: 'Phone call (the host calls the guest)',
  phone_guest_calls: 'Phone call (the guest calls the host)',
  link: 'Online meeting',
  jitsi: 'Jitsi Meet',
  google_meet: 'Google Meet',
  zoom: 'Zoom',
};

const ONLINE = new Set<LocationKind>(['link', 'jitsi', 'google_meet', 'zoom']);

/** How a booking's place is told; null when the booking names none. */
export function shownPlace(location: BookingLocation | null | undefined): ShownPlace | null {
  if (!location || !(location.kind in PLACE_LABELS)) return null;
  const { kind, value } = location;
  const label = PLACE_LABELS[kind];
  if (!value) return { label, text: 'The link will follow', href: null, join: null };
  if (kind === 'in_person') return { label, text: value, href: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(value)}`, join: null };
  if (kind === 'phone_host_calls' || kind === 'phone_guest_calls') return { label, text: value, href: `tel:${value}`, join: null };
  return { label, text: value, href: value, join: ONLINE.has(kind) ? value : null };
}
