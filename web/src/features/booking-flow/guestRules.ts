// The guest form's rules: the shared guest fields, in the page's or the dialog's words. Loaded as a
// guest starts on the form (useBookingFlow.ts), so zod is not part of a booking page's load.
import { z } from 'zod/mini';
import { guestFields } from '../../lib/shared.ts';
import type { GuestCheck } from './guestForm.ts';
import { FIELD_MESSAGES, type GuestErrors, type GuestField, type GuestInput } from './schemas.ts';

/**
 * docs/product/validation.md (public booking form): name and email required. Each field names its own
 * fault (an empty name, an email such as "grace@"); the form's one message, worded as the page or the
 * dialog words it, is its toast (useBookingFlow.ts).
 */
export function guestSchema() {
  return z.object(guestFields(FIELD_MESSAGES));
}

/** The guest's details checked: the values to send, or each invalid field's first message. */
export function guestCheck(): (values: GuestInput) => GuestCheck {
  const schema = guestSchema();
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data };
    const errors: GuestErrors = {};
    for (const issue of result.error.issues) errors[issue.path[0] as GuestField] ??= issue.message;
    return { errors };
  };
}
