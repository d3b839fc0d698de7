// A booking's place in its calendar event, the same in the invites of its mails, the events Kairos
// writes into hosts' calendars and the bookings feed: LOCATION the address, number or link; URL and
// RFC 7986 CONFERENCE the link of an online meeting.
import ICAL from 'ical.js';
import { shownPlace, type BookingLocation } from '../rules/places.ts';

export function addPlace(event: InstanceType<typeof ICAL.Component>, location: BookingLocation | null | undefined): void {
  const place = shownPlace(location);
  if (!place) return;
  event.updatePropertyWithValue('location', location?.value ?? place.label);
  if (!place.join) return;
  // The meeting's link is the event's URL (the guest's manage link stays in its description).
  event.updatePropertyWithValue('url', place.join);
  const conference = new ICAL.Property('conference', event);
  conference.setParameter('value', 'URI');
  conference.setParameter('feature', 'VIDEO');
  conference.setParameter('label', place.label);
  conference.setValue(place.join);
  event.addProperty(conference);
}
