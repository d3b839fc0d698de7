// A booking's place (bookings.location, chosen from its event type's locations by
// private.booking_location) as people and calendars are told it: one rule for every mail, invite,
// calendar event and feed, so each says the same.
import type { LocationKind } from './schemas.ts';

/** A booking's place: value is the address, number or link (null while a provider's link is to come). */
export interface BookingLocation {
  kind: LocationKind;
  value: string | null;
}
