// What a failed booking tells the person booking, for the guest flow and the host's dialog alike.
import { isFailure } from './api.ts';

/** Someone else booked the time first: the lists are refetched and the slot is cleared. */
export const isSlotTaken = (error: unknown): boolean => isFailure(error, 409, 'slot_taken');
