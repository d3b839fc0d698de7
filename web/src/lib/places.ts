// Where meetings take place (docs/product/api.md, "Meeting places"): each kind's name, what a new one
// of a kind starts with in the editor, and a booking's place as the screens read it. No zod: the
// booking page loads this at once.
import type { EventLocation, LocationKind } from './shared.ts';

export type { EventLocation, LocationKind };

/** Each kind's name, in the order the editor offers them. */
export const LOCATION_LABELS: Record<LocationKind, string> = {
  in_person: 'In person',
  phone_host_calls: 'Phone: the host calls the guest',
  phone_guest_calls: 'Phone: the guest calls the host',
  link: 'Meeting link',
  jitsi: 'Jitsi Meet',
  google_meet: 'Google Meet',
  zoom: 'Zoom',
};

export const LOCATION_KINDS = Object.keys(LOCATION_LABELS) as LocationKind[];

/** The Jitsi server a new Jitsi place starts on: the public one, no account needed. */
export const DEFAULT_JITSI_SERVER = 'meet.jit.si';

/** A new place of `kind` as the editor adds it: its fields empty, Jitsi on the public server. */
export function newLocation(kind: LocationKind): EventLocation {
  switch (kind) {
    case 'in_person':
      return { kind, address: '' };
    case 'phone_guest_calls':
      return { kind, number: '' };
    case 'link':
      return { kind, url: '' };
    case 'jitsi':
      return { kind, server: DEFAULT_JITSI_SERVER };
    default:
      return { kind };
  }
}

/** What a guest reads of an event type's places before booking (public_event_type): the kind, an in-person address. */
export interface PublicLocation {
  kind: LocationKind;
  address?: string;
}

/** A booking's place (bookings.location): the address, the phone number or the link; null while a provider makes the link. */
export interface BookingLocation {
  kind: LocationKind;
  value: string | null;
}

/** The spec's words for a meeting with no place set. */
export const NO_PLACE_LABEL = 'Video Conference';

/** Each kind as a guest reads it when choosing. */
const GUEST_LABELS: Record<LocationKind, string> = {
  in_person: 'In person',
  phone_host_calls: 'Phone call: the host calls you',
  phone_guest_calls: 'Phone call: you call the host',
  link: 'Meeting link',
  jitsi: 'Jitsi Meet video call',
  google_meet: 'Google Meet video call',
  zoom: 'Zoom video call',
};

/** An offered place in the guest's words (an in-person one with its address). */
export function guestPlaceLabel(place: PublicLocation): string {
  return place.kind === 'in_person' && place.address ? `In person: ${place.address}` : GUEST_LABELS[place.kind];
}

/** A map search for an address (Google Maps' documented search URL). */
export function mapUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** What the database holds in a column of places, as the screens read it (jsonb arrives untyped). */
export const publicLocations = (json: unknown): PublicLocation[] => (Array.isArray(json) ? (json as PublicLocation[]) : []);
export const bookingLocation = (json: unknown): BookingLocation | null =>
  json && typeof json === 'object' && 'kind' in json ? (json as BookingLocation) : null;

/** Who reads a booking's place: the guest is told whom to call and what to join; the host, the same from their side. */
export type PlaceReader = 'guest' | 'host';

/** A booking's place in words, with the link that acts on it (a map, a number to call, a meeting to join). */
export function placeWords(location: BookingLocation | null, reader: PlaceReader): { text: string; link?: { href: string; label: string } } {
  if (!location) return { text: NO_PLACE_LABEL };
  const { kind, value } = location;
  switch (kind) {
    case 'in_person':
      return { text: `In person: ${value}`, link: value ? { href: mapUrl(value), label: 'Open in a map' } : undefined };
    case 'phone_host_calls':
      return reader === 'guest' ? { text: `The host calls you at ${value}` } : { text: 'Call the guest at', link: { href: `tel:${value}`, label: `${value}` } };
    case 'phone_guest_calls':
      return reader === 'guest' ? { text: 'Call the host at', link: { href: `tel:${value}`, label: `${value}` } } : { text: `The guest calls you at ${value}` };
    default:
      if (!value) return { text: `${LOCATION_LABELS[kind]}: ${reader === 'guest' ? 'the link follows by mail once it is made' : 'link pending'}` };
      return { text: `${LOCATION_LABELS[kind]}:`, link: { href: value, label: value } };
  }
}

/** The place a calendar entry carries: the address, number or link itself, else its kind's name. */
export function calendarPlace(location: BookingLocation | null): string {
  return location?.value ?? (location ? LOCATION_LABELS[location.kind] : NO_PLACE_LABEL);
}
