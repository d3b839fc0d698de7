// The guest form's rules: the shared guest fields, in the page's or the dialog's words. Loaded when a
// guest first submits (useBookingFlow.ts), so zod is not part of a booking page's first load.
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod/mini';
import { guestFields } from '../../lib/shared.ts';

/**
 * docs/product/validation.md (public booking form): name and email required, one message for both, worded as the
 * page or the dialog words it.
 */
export function guestSchema(message: string) {
  return z.object(guestFields({ name: message, missingEmail: message, invalidEmail: message }));
}

export const guestResolver = (message: string) => zodResolver(guestSchema(message));
