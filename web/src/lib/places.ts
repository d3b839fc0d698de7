// Where meetings take place (docs/product/api.md, "Meeting places"): what a new one of a kind starts
// with in the editor, and a place as each screen's reader is told it. The kinds' names and where a
// place links to (a map, tel:, the meeting) are the mails' own (rules/places.ts). No zod: the booking
// page loads this at once.
import type { IntlShape } from 'react-intl';
import type { MessageId } from '../i18n/catalogue.ts';
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

/** The spec's words for a meeting with no place set (in English; `placeNames` says it in the page's language). */
export const NO_PLACE_LABEL = 'Video Conference';

/** A place in the page's language: react-intl's formatter, or any that says a catalogue's message. */
export type Say = Pick<IntlShape, 'formatMessage'>;

/** No place set, in the page's language: the spec's "Video Conference" in English. */
export const noPlaceLabel = (intl: Say): string => intl.formatMessage({ id: 'place.none' });

/** An offered place in the guest's words (an in-person one with its address), in the page's language. */
export function guestPlaceLabel(place: PublicLocation, intl: Say): string {
  return place.kind === 'in_person' && place.address
    ? intl.formatMessage({ id: 'place.inPersonAt' }, { address: place.address })
    : intl.formatMessage({ id: `place.${place.kind}` });
}

/** What the database holds in a column of places, as the screens read it (jsonb arrives untyped). */
export const publicLocations = (json: unknown): PublicLocation[] => (Array.isArray(json) ? (json as PublicLocation[]) : []);
export const bookingLocation = (json: unknown): BookingLocation | null =>
  json && typeof json === 'object' && 'kind' in json ? (json as BookingLocation) : null;

/** Who reads a booking's place: the guest is told whom to call and what to join; the host, the same from their side. */
export type PlaceReader = 'guest' | 'host';

/** A booking's place in words, with the link that acts on it (a map, a number to call, a meeting to join), in the page's language. */
export function placeWords(location: BookingLocation | null, reader: PlaceReader, intl: Say): { text: string; link?: { href: string; label: string } } {
  const shown = shownPlace(location);
  if (!location || !shown) return { text: noPlaceLabel(intl) };
  const { kind, value } = location;
  const href = shown.href;
  const say = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  switch (kind) {
    case 'in_person':
      return { text: say('place.inPersonAt', { address: value ?? '' }), link: href ? { href, label: say('place.openMap') } : undefined };
    case 'phone_host_calls':
      return reader === 'guest' ? { text: say('place.hostCallsYou', { number: value ?? '' }) } : { text: say('place.callGuest'), link: href ? { href, label: `${value}` } : undefined };
    case 'phone_guest_calls':
      return reader === 'guest' ? { text: say('place.callHost'), link: href ? { href, label: `${value}` } : undefined } : { text: say('place.guestCallsYou', { number: value ?? '' }) };
    default: {
      // The providers' names are theirs in every language; a plain link is "Online meeting".
      const label = kind === 'link' ? say('place.online') : shown.label;
      if (!href) return { text: say(reader === 'guest' ? 'place.linkFollows' : 'place.linkPending', { place: label }) };
      return { text: say('place.linkIs', { place: label }), link: { href, label: href } };
    }
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
