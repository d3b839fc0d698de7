// The other people a guest invites to their booking, by email: up to the event type's
// max_extra_attendees, each a valid address, none twice (case-insensitively), not the guest's own.
// One schema for the guest's form and the booking functions (guestAttendees), as the answers have
// (questions.ts); create_booking holds the cap and "not the guest" again for every writer. In
// `zod/mini`: a guest's booking page loads it.
import { z } from 'zod/mini';
import { invalidIssue } from './errors.ts';
import { email } from './fields.ts';
import { ruleIssue, ruleMessage, type RuleMessage } from './messages.ts';

/** What the form and the functions' 400 call the field. */
export const ATTENDEES_FIELD = 'Guests';

const address = email(ruleMessage('guestInvalid', { email: '' }));

/**
 * A fault in two wordings, as the answers' (questions.ts): `field` under the input at fault (path:
 * its index; none for the list as a whole), the message naming the field (the functions' 400).
 */
function fault(field: RuleMessage, path: number[]) {
  return { code: 'custom' as const, ...ruleIssue(ruleMessage('guests', { rule: field }), field), path };
}

/** The schema of the addresses a guest whose own is `guestEmail` invites, when the event type allows `max`. Output: trimmed, lower-cased. */
export function attendeesSchema(max: number, guestEmail: string | null | undefined) {
  return z.pipe(
    z.optional(z.unknown()),
    z.transform((raw: unknown, ctx): string[] => {
      if (raw === undefined || raw === null) return [];
      if (!Array.isArray(raw)) {
        ctx.issues.push({ ...fault(ruleMessage('guestsList'), []), input: raw });
        return [];
      }
      if (raw.length > max) {
        const rule = max === 0 ? ruleMessage('guestsNone') : ruleMessage('guestsMax', { max });
        ctx.issues.push({ ...fault(rule, []), input: raw });
        return [];
      }
      const own = guestEmail?.trim().toLowerCase();
      const seen = new Set<string>();
      const emails: string[] = [];
      raw.forEach((entry, i) => {
        const text = typeof entry === 'string' ? entry.trim() : null;
        let rule: RuleMessage | null = null;
        if (text === '') rule = ruleMessage('guestEmpty');
        else if (text === null || !address.safeParse(text).success) rule = ruleMessage('guestInvalid', { email: String(entry) });
        else if (text.toLowerCase() === own) rule = ruleMessage('guestOwn', { email: text });
        else if (seen.has(text.toLowerCase())) rule = ruleMessage('guestTwice', { email: text });
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
  throw invalidIssue(result.error.issues[0]);
}
