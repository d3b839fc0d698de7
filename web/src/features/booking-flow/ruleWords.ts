// The booking form's messages (its own and the shared rules', which the booking functions answer with
// in English) in the page's language: one place translates every one of them as it is shown, field
// message or toast. The rules word their faults in English for the server's 400s; the form knows
// each by its words, and says it with the catalogue's message of the same rule.
import { useCallback } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { MessageId } from '../../i18n/catalogue.ts';
import { FIELD_MESSAGES, MESSAGES, PLACE_MESSAGE } from './guestWords.ts';

type Values = Record<string, string | number>;
type Words = (intl: IntlShape, match: RegExpExecArray) => string;

const say = (id: MessageId, values?: (match: RegExpExecArray) => Values): Words => (intl, match) => intl.formatMessage({ id }, values?.(match));

/** Rules worded the same every time, by their English words. */
const FIXED = new Map<string, MessageId>([
  [FIELD_MESSAGES.name, 'booking.rule.name'],
  [FIELD_MESSAGES.missingEmail, 'booking.rule.missingEmail'],
  [FIELD_MESSAGES.invalidEmail, 'booking.rule.invalidEmail'],
  [PLACE_MESSAGE, 'booking.rule.place'],
  [MESSAGES.page.guest, 'booking.rule.page.guest'],
  [MESSAGES.page.time, 'booking.rule.page.time'],
  [MESSAGES.dialog.guest, 'booking.rule.dialog.guest'],
  [MESSAGES.dialog.time, 'booking.rule.dialog.time'],
  [MESSAGES.dialog.terms, 'booking.rule.dialog.terms'],
  // The shared rules' own (rules/phone.ts, questions.ts, attendees.ts), written out: importing them would
  // bring zod and libphonenumber-js to a booking page's first load. ruleWords.test.ts holds them equal.
  ['Please enter a valid phone number with its country code.', 'booking.rule.phone'],
  ['Please enter your company.', 'booking.rule.company'],
  ['Please add a note for your host.', 'booking.rule.notes'],
  ['Please answer this question.', 'booking.rule.unanswered'],
  ['Must be a list of email addresses.', 'booking.rule.guestsList'],
  ['This event type does not take other guests.', 'booking.rule.guestsNone'],
  ['Please enter an email address or remove this guest.', 'booking.rule.guestEmpty'],
  // An answer's rule under its field (rules/questions.ts: the rule alone, as a sentence).
  ['Must be text', 'booking.rule.text'],
  ['Must be a number', 'booking.rule.number'],
  ['Must be a valid email address', 'booking.rule.answerEmail'],
  ['Please choose one of the offered options', 'booking.rule.option'],
  ['Please choose among the offered options', 'booking.rule.options'],
  ['Please answer yes or no', 'booking.rule.yesNo'],
  ['Must be a date (YYYY-MM-DD)', 'booking.rule.date'],
]);

const number = (group: number) => (match: RegExpExecArray) => Number(match[group]);

/** Rules with a value in their words (a count, an address, a question's label). */
const WORDED: [RegExp, Words][] = [
  [/^Must be at most (\d+) characters$/, say('booking.rule.textMax', (m) => ({ max: number(1)(m) }))],
  [/^Must be a number from (-?[\d.]+) to (-?[\d.]+)$/, say('booking.rule.numberRange', (m) => ({ min: number(1)(m), max: number(2)(m) }))],
  [/^Must be at least (-?[\d.]+)$/, say('booking.rule.numberMin', (m) => ({ min: number(1)(m) }))],
  [/^Must be at most (-?[\d.]+)$/, say('booking.rule.numberMax', (m) => ({ max: number(1)(m) }))],
  [/^At most (\d+) other (?:person|people) can be added\.$/, say('booking.rule.guestsMax', (m) => ({ max: number(1)(m) }))],
  [/^“(.*)” is not a valid email address\.$/s, say('booking.rule.guestInvalid', (m) => ({ email: m[1] }))],
  [/^(.+) is your own email\. Add other people only\.$/, say('booking.rule.guestOwn', (m) => ({ email: m[1] }))],
  [/^(.+) is added twice\.$/, say('booking.rule.guestTwice', (m) => ({ email: m[1] }))],
  [/^Please answer “(.+)”\.$/s, say('booking.rule.answerNamed', (m) => ({ question: m[1] }))],
  // A toast's words: the fault naming its field (the guests, or a question by its label).
  [/^Guests: (.+)$/s, (intl, m) => intl.formatMessage({ id: 'booking.rule.guests' }, { rule: ruleWords(intl, m[1]) })],
  [/^(.+): ((?:must|please) .+)$/is, (intl, m) => intl.formatMessage({ id: 'booking.rule.answerFault' }, { question: m[1], rule: sameCase(m[2], ruleWords(intl, upperFirst(m[2])), intl.locale) })],
];

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** `words` begun in lower case when the rule was (after a label: "Size: must be at least 1"). */
const sameCase = (rule: string, words: string, locale: string) =>
  rule.charAt(0) === rule.charAt(0).toUpperCase() ? words : words.charAt(0).toLocaleLowerCase(locale) + words.slice(1);

/** A message of the form or the rules in the page's language; a message it does not know (a server's) as it is. */
export function ruleWords(intl: IntlShape, message: string): string {
  const fixed = FIXED.get(message);
  if (fixed) return intl.formatMessage({ id: fixed });
  for (const [pattern, words] of WORDED) {
    const match = pattern.exec(message);
    if (match) return words(intl, match);
  }
  return message;
}

/** `ruleWords` in the page's language; an absent message stays absent (a field without a fault). */
export function useRuleWords(): <T extends string | undefined>(message: T) => T {
  const intl = useIntl();
  return useCallback(<T extends string | undefined>(message: T) => (message === undefined ? message : (ruleWords(intl, message) as T)), [intl]);
}
