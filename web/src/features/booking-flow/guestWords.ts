// The guest's form on the public pages: its fields, defaults and words. No zod here: the page loads
// this at once, while the rules (schemas.ts) load as the guest starts on the form.
import type { MessageId } from '../../i18n/catalogue.ts';
import type { RuleMessage } from '../../lib/shared.ts';

/** The guest's details as typed; the names are the shared guest fields' (schemas.ts checks they match). */
export interface GuestInput {
  guestName: string;
  guestEmail: string;
  guestPhone?: string;
  guestCompany?: string;
  notes?: string;
}

export type GuestField = keyof GuestInput;
/** Each invalid field's message, as a rule says it (ruleWords.ts says it in the page's language). */
export type GuestErrors = Partial<Record<GuestField, RuleMessage>>;

export const guestDefaults: GuestInput = { guestName: '', guestEmail: '', guestPhone: '', guestCompany: '', notes: '' };

/** When the guest books without choosing among several places (the database's own words for it). */
export const PLACE_RULE: RuleMessage = { id: 'place' };

/** The form's toasts, as the page and as the dialog word them (catalogue ids). */
export const MESSAGES = {
  page: { guest: 'booking.rule.page.guest', time: 'booking.rule.page.time' },
  dialog: { guest: 'booking.rule.dialog.guest', time: 'booking.rule.dialog.time', terms: 'booking.rule.dialog.terms' },
} as const satisfies Record<string, Record<string, MessageId>>;
