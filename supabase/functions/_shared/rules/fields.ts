// The text and email fields every form shares, in zod's functional API (`zod/mini`): schemas.ts builds
// the request bodies from them, and a guest's booking form loads them without the rest of zod.
import { z } from 'zod/mini';

/** A required text: a missing value and a blank one give the same message. */
export function requiredText(message: string, max = 200) {
  return z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, `Must be at most ${max} characters`));
}

/** Optional text, trimmed; empty, missing or null all become null ("sent as null when empty", docs/product/validation.md). */
export function optionalText(max = 500) {
  return z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(max, `Must be at most ${max} characters`))),
    z.transform((v: string | null | undefined) => (v ? v : null)),
  );
}

/** An email; `missing` replaces `invalid` for an absent or blank one where the product words that case apart. */
export function email(invalid: string, missing = invalid) {
  return z.pipe(
    z.string({ error: missing }).check(z.trim(), z.minLength(1, missing)),
    z.email({ error: invalid }).check(z.maxLength(254, invalid)),
  );
}

/**
 * The guest's details, trimmed, with empty optional ones null: every booking form and body. The forms
 * word the messages differently (docs/product/validation.md): `missing` for a blank name or email,
 * `invalidEmail` for an email that is not one.
 */
export function guestFields(messages: { name: string; missingEmail: string; invalidEmail: string }) {
  return {
    guestName: requiredText(messages.name),
    guestEmail: email(messages.invalidEmail, messages.missingEmail),
    guestPhone: optionalText(50),
    guestCompany: optionalText(200),
    notes: optionalText(2000),
  };
}
