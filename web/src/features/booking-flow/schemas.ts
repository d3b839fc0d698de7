import { z } from 'zod';

const optional = z.string().transform((value) => value.trim() || null);

/**
 * docs/product/validation.md (public booking form): name and email required, one message for both, worded as the
 * page or the dialog words it.
 */
export function guestSchema(message: string) {
  return z.object({
    guestName: z.string().trim().min(1, message),
    guestEmail: z.string().trim().pipe(z.email(message)),
    guestPhone: optional,
    guestCompany: optional,
    notes: optional,
  });
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
