// A guest's phone number when the host calls them: a real number (libphonenumber-js), kept in E.164.
// The booking bodies (schemas.ts) and the web's guest form check it here, and say the same words.
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { englishOf, ruleMessage } from './messages.ts';

export const PHONE_RULE = ruleMessage('phone');
export const PHONE_MESSAGE = englishOf(PHONE_RULE);

/** The number typed, in E.164 form; null when it is not a valid number with its country code. */
export function e164Phone(typed: string | null | undefined): string | null {
  const phone = parsePhoneNumberFromString(typed ?? '');
  return phone?.isValid() ? phone.number : null;
}
