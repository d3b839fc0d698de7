// How people and meetings are named on screen: full name and avatar initials from a profile's name
// columns, a booking's title.
import type { IntlShape } from 'react-intl';
import type { Booking } from './types.ts';

/** First and last name, either one alone when the other is empty. */
export function fullName(person: { first_name?: string | null; last_name?: string | null } | null | undefined): string {
  return [person?.first_name, person?.last_name].filter(Boolean).join(' ').trim();
}

/** The first letters of first and last name, upper case. */
export function initials(person: { first_name?: string | null; last_name?: string | null } | null | undefined): string {
  return [person?.first_name, person?.last_name]
    .map((part) => part?.trim()?.[0] ?? '')
    .join('')
    .toUpperCase();
}

/** A booking's event type's title; the catalogue's 'Event' when it is gone. */
export const eventTitle = (booking: Pick<Booking, 'event_type'>, intl: IntlShape): string =>
  booking.event_type?.title ?? intl.formatMessage({ id: 'bookings.eventGone' });
