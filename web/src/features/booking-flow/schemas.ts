// The guest's form on the public pages: the shared guest fields, in the page's or the dialog's words.
import { z } from 'zod';
import { guestFields } from '../../lib/shared.ts';

/**
 * docs/product/validation.md (public booking form): name and email required, one message for both, worded as the
 * page or the dialog words it.
 */
export function guestSchema(message: string) {
  return z.object(guestFields({ name: message, missingEmail: message, invalidEmail: message }));
}
export type GuestInput = z.input<ReturnType<typeof guestSchema>>;
export type GuestValues = z.output<ReturnType<typeof guestSchema>>;

export const guestDefaults: GuestInput = { guestName: '', guestEmail: '', guestPhone: '', guestCompany: '', notes: '' };

export const MESSAGES = {
  page: { guest: 'Please provide your name and email address.', time: 'Please select a date and time for your booking.' },
  dialog: {
    guest: 'Please fill in your name and email.',
    time: 'Please select a date and time.',
    terms: 'Please agree to the terms and conditions.',
  },
} as const;
