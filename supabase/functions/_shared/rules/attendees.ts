// The other people a guest invites to their booking, by email: up to the event type's
// max_extra_attendees, each a valid address, none twice (case-insensitively), not the guest's own.
// One schema for the guest's form and the booking functions (guestAttendees), as the answers have
// (questions.ts); create_booking holds the cap and "not the guest" again for every writer. In
// `zod/mini`: a guest's booking page loads it.
import { z } from 'zod/mini';
import { invalid } from './errors.ts';
import { email } from './fields.ts';

/** What the form and the functions' 400 call the field. */
export const ATTENDEES_FIELD = 'Guests';

const address = email('invalid');

/**
 * A fault in two wordings, as the answers' (questions.ts): `field` under the input at fault (path:
 * its index; none for the list as a whole), `message` naming the field (the functions' 400).
 */
function fault(field: string, path: number[]) {
  return { code: 'custom' as const, message: `${ATTENDEES_FIELD}: ${field}`, path, params: { field } };
}

/** The schema of the addresses a guest whose own is `guestEmail` invites, when the event type allows `max`. Output: trimmed, lower-cased. */
export function attendeesSchema(max: number, guestEmail: string | null | undefined) {
  return z.pipe(
    z.optional(z.unknown()),
    z.transform((raw: unknown, ctx): string[] => {
      if (raw === undefined || raw === null) return [];
      if (!Array.isArray(raw)) {
        ctx.issues.push({ ...fault('Must be a list of email addresses.', []), input: raw });
        return [];
      }
      if (raw.length > max) {
        const rule = max === 0 ? 'This event type does not take other guests.' : `At most ${max} other ${max === 1 ? 'person' : 'people'} can be added.`;
        ctx.issues.push({ ...fault(rule, []), input: raw });
        return [];
      }
      const own = guestEmail?.trim().toLowerCase();
      const seen = new Set<string>();
      const emails: string[] = [];
      raw.forEach((entry, i) => {
        const text = typeof entry === 'string' ? entry.trim() : null;
        let rule: string | null = null;
        if (text === '') rule = 'Please enter an email address or remove this guest.';
        else if (text === null || !address.safeParse(text).success) rule = `“${String(entry)}” is not a valid email address.`;
        else if (text.toLowerCase() === own) rule = `${text} is your own email. Add other people only.`;
        else if (seen.has(text.toLowerCase())) rule = `${text} is added twice.`;
        if (rule) ctx.issues.push({ ...fault(rule, [i]), input: entry });
        else {
          seen.add(text!.toLowerCase());
          emails.push(text!.toLowerCase());
        }
      });
      return emails;
    }),
  );
}

/** The booking functions' check: the addresses, or `invalid_request` with the first message. */
export function guestAttendees(max: number, guestEmail: string | null | undefined, raw: unknown): string[] {
  const result = attendeesSchema(max, guestEmail).safeParse(raw);
  if (result.success) return result.data;
  throw invalid(result.error.issues[0]?.message ?? 'Invalid guests');
}
