// Why a cancelled booking is in the Cancelled list: who cancelled it and why, or where it moved.
import { Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { formatDate } from '../lib/time.ts';
import type { Booking } from '../lib/types.ts';

/** Nothing unless the booking is cancelled. A guest's move cancels the old booking and points it at the new one. */
export function CancellationNote({ booking }: { booking: Booking }) {
  const intl = useIntl();
  if (booking.status !== 'cancelled') return null;
  // The catalogue's select names the party (host or guest); none said, no party.
  const by = booking.cancelled_by ?? 'none';
  if (booking.rescheduled_to) {
    const to = booking.moved_to && formatDate(new Date(booking.moved_to.start_time), 'EEE, MMM d, yyyy · h:mm a', undefined, intl.locale);
    return <Text fontSize="sm">{to ? intl.formatMessage({ id: 'bookings.rescheduledTo' }, { by, when: to }) : intl.formatMessage({ id: 'bookings.rescheduled' }, { by })}</Text>;
  }
  return (
    <Text fontSize="sm">
      {intl.formatMessage({ id: 'bookings.cancelledBy' }, { by })}
      {booking.cancellation_reason ? ` · ${intl.formatMessage({ id: 'bookings.reason' }, { reason: booking.cancellation_reason })}` : null}
    </Text>
  );
}
