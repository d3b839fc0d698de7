// What a failed booking tells the person booking, for the guest flow and the host's dialog alike.
import { HttpError, isFailure, serverMessage } from './api.ts';
import { SLOT_TAKEN_RULE, type RuleMessage } from './shared.ts';

/** Someone else booked the time first: the lists are refetched and the slot is cleared. */
export const isSlotTaken = (error: unknown): boolean => isFailure(error, 409, 'slot_taken');

/**
 * docs/product/messages.md 'Booking Failed': a taken slot gets its own sentence. The rule's message when
 * the function worded one (by id: the guest's page says it in its language), else the server's own
 * words, else none (the caller's "Failed to create booking. Please try again.").
 */
export function bookingFailure(error: unknown): RuleMessage | string | undefined {
  if (isSlotTaken(error)) return SLOT_TAKEN_RULE;
  return (error instanceof HttpError && error.rule) || serverMessage(error) || undefined;
}
