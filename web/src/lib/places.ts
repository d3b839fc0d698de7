// Where meetings take place (docs/product/api.md, "Meeting places"): what a new one of a kind starts
// with in the editor, and a place as each screen's reader is told it. The kinds' names and where a
// place links to (a map, tel:, the meeting) are the mails' own (rules/places.ts). No zod: the booking
// page loads this at once.
import { PLACE_LABELS, shownPlace, type BookingLocation, type EventLocation, type LocationKind } from './shared.ts';

export type { BookingLocation, EventLocation, LocationKind };

/** Each kind's name, in the order the editor offers them. */
export const LOCATION_LABELS = PLACE_LABELS;

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

/** What the database holds in a column of places, as the screens read it (jsonb arrives untyped). */
export const publicLocations = (json: unknown): PublicLocation[] => (Array.isArray(json) ? (json as PublicLocation[]) : []);
export const bookingLocation = (json: unknown): BookingLocation | null =>
  json && typeof json === 'object' && 'kind' in json ? (json as BookingLocation) : null;

/** Who reads a booking's place: the guest is told whom to call and what to join; the host, the same from their side. */
export type PlaceReader = 'guest' | 'host';

/** A booking's place in words, with the link that acts on it (a map, a number to call, a meeting to join). */
export function placeWords(location: BookingLocation | null, reader: PlaceReader): { text: string; link?: { href: string; label: string } } {
  const shown = shownPlace(location);
  if (!location || !shown) return { text: NO_PLACE_LABEL };
  const { kind, value } = location;
  const href = shown.href;
  switch (kind) {
    case 'in_person':
      return { text: `In person: ${value}`, link: href ? { href, label: 'Open in a map' } : undefined };
    case 'phone_host_calls':
      return reader === 'guest' ? { text: `The host calls you at ${value}` } : { text: 'Call the guest at', link: href ? { href, label: `${value}` } : undefined };
    case 'phone_guest_calls':
      return reader === 'guest' ? { text: 'Call the host at', link: href ? { href, label: `${value}` } : undefined } : { text: `The guest calls you at ${value}` };
    default:
      if (!href) return { text: `${shown.label}: ${reader === 'guest' ? 'the link follows by mail once it is made' : 'link pending'}` };
      return { text: `${shown.label}:`, link: { href, label: href } };
  }
}

/** The place a calendar entry carries: the address, number or link itself, else its kind's name. */
export function calendarPlace(location: BookingLocation | null): string {
  return location?.value ?? (location ? LOCATION_LABELS[location.kind] : NO_PLACE_LABEL);
}

/** Where a booking's provider link stands for its hosts (the link_state computed field): null when none is awaited. */
export interface LinkState {
  status: 'pending' | 'failed';
  error: string | null;
}

export const linkStateOf = (json: unknown): LinkState | null =>
  json && typeof json === 'object' && 'status' in json ? (json as LinkState) : null;
