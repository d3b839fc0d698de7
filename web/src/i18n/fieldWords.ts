// A host form's messages in the page's language. react-hook-form keeps only an issue's message, so a form
// says its own messages by catalogue id (the schema's message is the id), a shared rule's message without
// values (its English words, rules/messages.ts) by that rule's id, and the scheduling schemas' messages,
// the profile's, the webhooks' and the teams', which have no rule id yet, by their English words (SCHEMA_WORDS); any other stays as written.
import { useCallback } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { english, RULE_IDS, ruleMessage, TEAM_SLUG_MAX, TIME_OFF_MAX_DAYS, WEBHOOK_EVENTS_MESSAGE, WEBHOOK_URL_MESSAGE, type RuleId } from '../lib/shared.ts';
import { ruleWords } from '../features/booking-flow/ruleWords.ts';
import type { MessageId } from './catalogue.ts';
import type { RuleFieldError } from '../lib/ruleResolver.ts';

/** The messages of the shared schemas' dates, time ranges, time off, profile fields, webhooks, teams and event types, as they are in English. */
const SCHEMA_WORDS: Record<string, { id: MessageId; values?: Record<string, number> }> = {
  'Date must be YYYY-MM-DD': { id: 'rules.date' },
  'End date must not be before start date': { id: 'rules.endDate' },
  [`Time off can span at most ${TIME_OFF_MAX_DAYS} days`]: { id: 'rules.timeOffSpan', values: { days: TIME_OFF_MAX_DAYS } },
  'End time must be after start time': { id: 'rules.endTime' },
  'Time ranges must not overlap': { id: 'rules.overlap' },
  'Too many time ranges': { id: 'rules.tooManyRanges' },
  'First name is required': { id: 'rules.firstName' },
  'Last name is required': { id: 'rules.lastName' },
  'Handle must be 3-30 characters': { id: 'rules.handleLength' },
  'Handle can only contain lowercase letters, numbers, underscores and hyphens': { id: 'rules.handleChars' },
  'Please choose a language Kairos speaks': { id: 'rules.locale' },
  [WEBHOOK_URL_MESSAGE]: { id: 'rules.webhookUrl' },
  [WEBHOOK_EVENTS_MESSAGE]: { id: 'rules.webhookEvents' },
  'Team name is required': { id: 'rules.teamName' },
  'Team slug is required': { id: 'rules.teamSlug' },
  [`Team slug must be at most ${TEAM_SLUG_MAX} characters`]: { id: 'rules.teamSlugMax', values: { max: TEAM_SLUG_MAX } },
  'Slug can only contain lowercase letters, numbers, and hyphens': { id: 'rules.slugChars' },
  'Team URL is required': { id: 'rules.teamUrl' },
  [`Team URL must be at most ${TEAM_SLUG_MAX} characters`]: { id: 'rules.teamUrlMax', values: { max: TEAM_SLUG_MAX } },
  'URL can only contain lowercase letters, numbers, and hyphens': { id: 'rules.urlChars' },
  'Invalid email address': { id: 'rules.inviteEmail' },
  'Role must be member or admin': { id: 'rules.inviteRole' },
  // The event type form's: its fields, places, price and questions.
  'Title is required': { id: 'rules.title' },
  'Duration must be 15, 30, 45, 60, 90 or 120 minutes': { id: 'rules.duration' },
  'Please select a team member': { id: 'rules.member' },
  'Address is required': { id: 'rules.address' },
  'Address is too long': { id: 'rules.addressLong' },
  'The link must start with https://': { id: 'rules.linkHttps' },
  'The link is too long': { id: 'rules.linkLong' },
  'Jitsi server must be a host name': { id: 'rules.jitsiHost' },
  'Each kind of location can be added once': { id: 'rules.locationTwice' },
  'Too many locations': { id: 'rules.locationsMany' },
  'Please enter a percentage from 1 to 99': { id: 'rules.refundPercent' },
  'Please enter a valid price': { id: 'rules.price' },
  'This price cannot be charged in this currency': { id: 'rules.priceCurrency' },
  'Please enter a price such as 25 or 19.99': { id: 'rules.priceFormat' },
  'This price is too high': { id: 'rules.priceHigh' },
  'Question is required': { id: 'rules.question' },
  'An option is required': { id: 'rules.option' },
  'A choice needs at least one option': { id: 'rules.optionsNone' },
  'Each option can be listed once': { id: 'rules.optionTwice' },
  'The minimum must not be above the maximum': { id: 'rules.minMax' },
  'A question key can only contain lowercase letters, numbers and hyphens': { id: 'rules.questionKey' },
  'Each question needs its own key': { id: 'rules.questionKeyTwice' },
  'A question can only depend on an earlier one': { id: 'rules.questionEarlier' },
  'The condition must be one of the earlier question’s answers': { id: 'rules.questionAnswer' },
  'Help text must be at most 500 characters': { id: 'rules.helpLong' },
};

let ruleIdsByEnglish: Map<string, RuleId> | undefined;
/** The rules worded the same every time, by their English words. */
function ruleIdOf(message: string): RuleId | undefined {
  ruleIdsByEnglish ??= new Map(
    RULE_IDS.flatMap((id) => {
      try {
        return [[english(ruleMessage(id as never)), id] as const];
      } catch {
        // A message within a message (answerFault) has no words without it.
        return [];
      }
    }),
  );
  return ruleIdsByEnglish.get(message);
}

/** `message` in the page's language. */
export function messageWords(intl: IntlShape, message: string): string {
  if (message in intl.messages) return intl.formatMessage({ id: message as MessageId });
  const schedule = SCHEMA_WORDS[message];
  if (schedule) return intl.formatMessage({ id: schedule.id }, schedule.values);
  const rule = ruleIdOf(message);
  return rule ? ruleWords(intl, { id: rule }) : message;
}

/**
 * `(error) => words`: a field's message in the page's language (by its rule, with the rule's values, where
 * the form's resolver kept one: lib/ruleResolver.ts); nothing for a field without a fault.
 */
export function useFieldWords(): (error: RuleFieldError | undefined) => string | undefined {
  const intl = useIntl();
  return useCallback((error) => (error?.rule ? ruleWords(intl, error.rule) : error?.message ? messageWords(intl, error.message) : undefined), [intl]);
}
