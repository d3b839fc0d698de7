// The booking form's messages in the page's language, by id: one place says every one of them as it is
// shown, field message or toast. A shared rule's message (its issues' and the booking functions' 400s'
// id and values, supabase/functions/_shared/rules/messages.ts) is the catalogue's `booking.rule.<id>`;
// the form's own are catalogue ids. Types only from the rules: zod and libphonenumber-js stay out of a
// booking page's first load.
import { useCallback } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { MessageId } from '../../i18n/catalogue.ts';
import type { RuleId, RuleMessage } from '../../lib/shared.ts';
import { serverMessage } from '../../lib/api.ts';
import { bookingFailure } from '../../lib/bookingErrors.ts';

/** A message the form shows: a rule's (by id and values), or one of the form's own (a catalogue id). */
export type Said = RuleMessage | MessageId;

/** The catalogue's message of a rule (TypeScript refuses a rule id the English catalogue lacks). */
export const ruleMessageId = (id: RuleId): MessageId => `booking.rule.${id}` satisfies MessageId;

/** A rule after a label ("Size: must be at least 1"): a clause goes on in lower case, a full sentence keeps its capital (as the English, i18n/rules/en.ts). */
const asClause = (rule: string, locale: string) => (/[.!?。؟]$/.test(rule) ? rule : rule.charAt(0).toLocaleLowerCase(locale) + rule.slice(1));

/** A message of the form or the rules in the page's language. */
export function ruleWords(intl: IntlShape, said: Said): string {
  if (typeof said === 'string') return intl.formatMessage({ id: said });
  const values = Object.fromEntries(
    Object.entries(said.values ?? {}).map(([name, value]) => {
      if (typeof value !== 'object') return [name, value];
      const words = ruleWords(intl, value);
      return [name, said.id === 'answerFault' ? asClause(words, intl.locale) : words];
    }),
  );
  return intl.formatMessage({ id: ruleMessageId(said.id) }, values);
}

/** `ruleWords` in the page's language; an absent message stays absent (a field without a fault). */
export function useRuleWords(): (said: Said | undefined) => string | undefined {
  const intl = useIntl();
  return useCallback((said: Said | undefined) => (said === undefined ? said : ruleWords(intl, said)), [intl]);
}

/**
 * A refused booking in the page's language: the rule's message by id, the function's own words (a rule
 * this page's catalogues do not hold, such as a host form's, included), else the catalogue's "try again".
 */
export function bookingFailureWords(intl: IntlShape, error: unknown): string {
  const said = bookingFailure(error);
  if (typeof said === 'object' && ruleMessageId(said.id) in intl.messages) return ruleWords(intl, said);
  return serverMessage(error) ?? intl.formatMessage({ id: 'booking.toast.failedRetry' });
}
