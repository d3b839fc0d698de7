// Why a cancelled booking is in the Cancelled list: who cancelled it and why, or where it moved.
import { Text } from '@chakra-ui/react';
import { formatDate } from '../lib/time.ts';
import type { Booking } from '../lib/types.ts';

const PARTY: Record<string, string> = { guest: 'the guest', host: 'the host' };

/** Nothing unless the booking is cancelled. A guest's move cancels the old booking and points it at the new one. */
export function CancellationNote({ booking }: { booking: Booking }) {
  if (booking.status !== 'cancelled') return null;
  const by = booking.cancelled_by ? ` by ${PARTY[booking.cancelled_by] ?? booking.cancelled_by}` : '';
  if (booking.rescheduled_to) {
    const to = booking.moved_to ? ` to ${formatDate(new Date(booking.moved_to.start_time), 'EEE, MMM d, yyyy · h:mm a')}` : '';
    return <Text fontSize="sm">{`Rescheduled${by}${to}`}</Text>;
  }
  return (
    <Text fontSize="sm">
      {`Cancelled${by}`}
      {booking.cancellation_reason ? ` · Reason: ${booking.cancellation_reason}` : null}
    </Text>
  );
}
