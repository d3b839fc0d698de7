// The shared rules' messages in the page's language, by id: one place says every one of them as it is
// shown, field message or toast, on the booking form and the host's screens. A rule's message (its
// issues' and the functions' refusals' id and values, supabase/functions/_shared/rules/messages.ts) is
// the rules' catalogue's (supabase/functions/_shared/i18n/rules/<locale>.json, the functions' too), merged
// into the page's as `booking.rule.<id>`; a form's own are catalogue ids. Types only from the rules: zod and libphonenumber-js stay out of a
// booking page's first load.
import { useCallback } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { MessageId } from './catalogue.ts';
import { RULE_PREFIX } from './locales.ts';
import { SLOT_TAKEN_RULE, type RuleId, type RuleMessage } from '../lib/shared.ts';
import { DbError, HttpError, serverMessage } from '../lib/api.ts';
import { isSlotTaken } from '../lib/bookingErrors.ts';

/** A message the form shows: a rule's (by id and values), or one of the form's own (a catalogue id). */
export type Said = RuleMessage | MessageId;

/** The catalogue's message of a rule (TypeScript refuses a rule id the English catalogue lacks). */
export const ruleMessageId = (id: RuleId): MessageId => `${RULE_PREFIX}${id}` satisfies MessageId;

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

/** A failure a function kept (a calendar's last sync, say): by its rule where this page holds its words, else in the English kept with it. */
export function keptWords(intl: IntlShape, rule: RuleMessage | null, english: string | null): string | null {
  return rule && ruleMessageId(rule.id) in intl.messages ? ruleWords(intl, rule) : english;
}

/** A function's or the database's refusal in the page's language: its rule by id where this page holds its words, else the server's own words. */
export function refusalWords(intl: IntlShape, error: unknown): string | undefined {
  const rule = error instanceof HttpError || error instanceof DbError ? error.rule : undefined;
  return rule && ruleMessageId(rule.id) in intl.messages ? ruleWords(intl, rule) : serverMessage(error);
}

/** `refusalWords` in the page's language: for hooks whose toasts are said later. */
export function useRefusalWords(): (error: unknown) => string | undefined {
  const intl = useIntl();
  return useCallback((error: unknown) => refusalWords(intl, error), [intl]);
}

/** A refused booking in the page's language: a taken time in its own words, the refusal's, else the catalogue's "try again". */
export function bookingFailureWords(intl: IntlShape, error: unknown): string {
  return (isSlotTaken(error) ? ruleWords(intl, SLOT_TAKEN_RULE) : refusalWords(intl, error)) ?? intl.formatMessage({ id: 'booking.toast.failedRetry' });
}
