// The text and email fields every form shares, in zod's functional API (`zod/mini`): schemas.ts builds
// the request bodies from them, and a guest's booking form loads them without the rest of zod.
import { z } from 'zod/mini';
import { ruleIssue, ruleMessage, type RuleMessage } from './messages.ts';

/** A message as a rule words it (an id a client translates) or as a form's own English sentence. */
export type Words = string | RuleMessage;

/** A check's message: the English, and the rule's id and values when it has one. */
const said = (words: Words) => (typeof words === 'string' ? { error: words } : (({ message, params }) => ({ error: message, params }))(ruleIssue(words)));
const english = (words: Words) => said(words).error;

/** At most `max` characters, said by id (a check of zod's own would give English words only). */
const atMost = (max: number) => z.refine<string>((text) => text.length <= max, said(ruleMessage('textMax', { max })));

/** A required text: a missing value and a blank one give the same message. */
export function requiredText(message: Words, max = 200) {
  return z.string({ error: english(message) }).check(z.trim(), z.refine((text) => text.length > 0, said(message)), atMost(max));
}

/** Optional text, trimmed; empty, missing or null all become null ("sent as null when empty", docs/product/validation.md). */
export function optionalText(max = 500) {
  return z.pipe(
    z.nullish(z.string().check(z.trim(), atMost(max))),
    z.transform((v: string | null | undefined) => (v ? v : null)),
  );
}

/** An email; `missing` replaces `invalid` for an absent or blank one where the product words that case apart. */
export function email(invalid: Words, missing = invalid) {
  return z.pipe(
    z.string({ error: english(missing) }).check(z.trim(), z.refine((text) => text.length > 0, said(missing))),
    z.string().check(z.refine((text) => text.length <= 254 && z.regexes.email.test(text), said(invalid))),
  );
}

/**
 * The guest's details, trimmed, with empty optional ones null: every booking form and body. The forms
 * word the messages differently (docs/product/validation.md): `missing` for a blank name or email,
 * `invalidEmail` for an email that is not one.
 */
export function guestFields(messages: { name: Words; missingEmail: Words; invalidEmail: Words }) {
  return {
    guestName: requiredText(messages.name),
    guestEmail: email(messages.invalidEmail, messages.missingEmail),
    guestPhone: optionalText(50),
    guestCompany: optionalText(200),
    notes: optionalText(2000),
  };
}
