// What a failed booking tells the person booking, for the guest flow and the host's dialog alike.
import { isFailure, serverMessage } from './api.ts';
import { SLOT_TAKEN } from './shared.ts';

/** Someone else booked the time first: the lists are refetched and the slot is cleared. */
export const isSlotTaken = (error: unknown): boolean => isFailure(error, 409, 'slot_taken');

/** docs/product/messages.md 'Booking Failed': a taken slot gets its own sentence. */
export function bookingFailureMessage(error: unknown): string {
  if (isSlotTaken(error)) return SLOT_TAKEN;
  return serverMessage(error) || 'Failed to create booking. Please try again.';
}
