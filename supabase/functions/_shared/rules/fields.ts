// The text and email fields every form shares, in zod's functional API (`zod/mini`): schemas.ts builds
// the request bodies from them, and a guest's booking form loads them without the rest of zod.
import { z } from 'zod/mini';
import { englishOf, ruleIssue, ruleMessage, type RuleMessage } from './messages.ts';

/** A check's message: the rule's English, with its id and values. */
const said = (words: RuleMessage) => (({ message, params }) => ({ error: message, params }))(ruleIssue(words));

/** At most `max` characters, said by id (a check of zod's own would give English words only). */
const atMost = (max: number) => z.refine<string>((text) => text.length <= max, said(ruleMessage('textMax', { max })));

/** A required text: a missing value and a blank one give the same message. */
export function requiredText(message: RuleMessage, max = 200) {
  return z.string({ error: englishOf(message) }).check(z.trim(), z.refine((text) => text.length > 0, said(message)), atMost(max));
}

/** Optional text, trimmed; empty, missing or null all become null ("sent as null when empty", docs/product/validation.md). */
export function optionalText(max = 500) {
  return z.pipe(
    z.nullish(z.string().check(z.trim(), atMost(max))),
    z.transform((v: string | null | undefined) => (v ? v : null)),
  );
}

/** An email; `missing` replaces `invalid` for an absent or blank one where the product words that case apart. */
export function email(invalid: RuleMessage, missing = invalid) {
  return z.pipe(
    z.string({ error: englishOf(missing) }).check(z.trim(), z.refine((text) => text.length > 0, said(missing))),
    z.string().check(z.refine((text) => text.length <= 254 && z.regexes.email.test(text), said(invalid))),
  );
}

/**
 * The guest's details, trimmed, with empty optional ones null: every booking form and body. The forms
 * word the messages differently (docs/product/validation.md): `missing` for a blank name or email,
 * `invalidEmail` for an email that is not one.
 */
export function guestFields(messages: { name: RuleMessage; missingEmail: RuleMessage; invalidEmail: RuleMessage }) {
  return {
    guestName: requiredText(messages.name),
    guestEmail: email(messages.invalidEmail, messages.missingEmail),
    guestPhone: optionalText(50),
    guestCompany: optionalText(200),
    notes: optionalText(2000),
  };
}
