// The guest's form on the public pages: its fields, defaults and words. No zod here: the page loads
// this at once, while the rules (schemas.ts) load as the guest starts on the form.

/** The guest's details as typed; the names are the shared guest fields' (schemas.ts checks they match). */
export interface GuestInput {
  guestName: string;
  guestEmail: string;
  guestPhone?: string;
  guestCompany?: string;
  notes?: string;
}

export type GuestField = keyof GuestInput;
export type GuestErrors = Partial<Record<GuestField, string>>;

export const guestDefaults: GuestInput = { guestName: '', guestEmail: '', guestPhone: '', guestCompany: '', notes: '' };

/** What each guest field says at the field when it is wrong (the toast keeps the form's own words, MESSAGES). */
export const FIELD_MESSAGES = {
  name: 'Please enter your name.',
  missingEmail: 'Please enter your email address.',
  invalidEmail: 'Enter a complete email address, like name@example.com.',
} as const;

/** When the guest books without choosing among several places (the database's own words for it). */
export const PLACE_MESSAGE = 'Please choose where to meet.';

export const MESSAGES = {
  page: { guest: 'Please provide your name and email address.', time: 'Please select a date and time for your booking.' },
  dialog: {
    guest: 'Please fill in your name and email.',
    time: 'Please select a date and time.',
    terms: 'Please agree to the terms and conditions.',
  },
} as const;
