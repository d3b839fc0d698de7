// A rule's message as an id and its values, with its English words (i18n/rules/en.ts): the functions
// answer the English with the id beside it, and the web says it in the page's language by the id.
import { RULE_WORDS } from '../i18n/rules/en.ts';

export type RuleId = keyof typeof RULE_WORDS;
/** The values a message names, by its id (none for a message worded the same every time). */
export type RuleValues<I extends RuleId> = Parameters<(typeof RULE_WORDS)[I]>[0];
export type RuleValue = string | number | RuleMessage;

export interface RuleMessage {
  id: RuleId;
  values?: Record<string, RuleValue>;
}

export const RULE_IDS = Object.keys(RULE_WORDS) as RuleId[];

/** Whether `id` names a rule (a database refusal's HINT, a client's messageId). */
export const isRuleId = (id: string): id is RuleId => Object.hasOwn(RULE_WORDS, id);

/** The message `id` with its values. */
export function ruleMessage<I extends RuleId>(id: I, ...values: RuleValues<I> extends undefined ? [] : [RuleValues<I>]): RuleMessage {
  return values[0] === undefined ? { id } : { id, values: values[0] as Record<string, RuleValue> };
}

/** A message in English (the functions' 400s). */
export function english(message: RuleMessage): string {
  const words = RULE_WORDS[message.id] as (values: unknown, said: (m: RuleMessage) => string) => string;
  return words(message.values ?? {}, english);
}

/**
 * A zod custom issue's (or check's) message and params: the English words, and the id and values a
 * reader in another language is told by (`issueRule`).
 */
export function ruleIssue(message: RuleMessage, field?: RuleMessage) {
  return { message: englishOf(message), params: { ...message, ...(field && { field }) } };
}

/** Each `ruleText` said so far, by its English: the rule behind a check of zod's own (min, max, regex), which keeps only a message. */
const SAID = new Map<string, RuleMessage>();

/**
 * A rule's English for a check that cannot carry params (zod's own `min`, `regex`, an enum's error):
 * remembered by its words, so that its issue is still said by id (`issueRule`). Every such text is made
 * here from its rule, never written out, so the words lead back to one rule.
 */
export function englishOf(message: RuleMessage): string {
  const words = english(message);
  SAID.set(words, message);
  return words;
}

/** `englishOf` the message `id` with its values. */
export const ruleText = <I extends RuleId>(id: I, ...values: RuleValues<I> extends undefined ? [] : [RuleValues<I>]): string =>
  englishOf(ruleMessage(id, ...values));

type Issue = { message: string; params?: Record<string, unknown> };

const isRuleMessage = (value: unknown): value is RuleMessage =>
  typeof value === 'object' && value !== null && typeof (value as RuleMessage).id === 'string' && isRuleId((value as RuleMessage).id);

/** What an issue of the shared rules says, by id; null for an issue no rule worded (zod's own words). */
export function issueRule(issue: Issue): RuleMessage | null {
  const params = issue.params;
  if (isRuleMessage(params)) return { id: params.id, ...(params.values !== undefined && { values: params.values }) };
  return SAID.get(issue.message) ?? null;
}

/** What an issue says under its field (an answer's or a guest's rule without the field's name), by id. */
export function fieldRule(issue: Issue): RuleMessage | null {
  const field = issue.params?.field;
  return isRuleMessage(field) ? field : issueRule(issue);
}

/** A failure worded by a rule (a calendar, a remote server, a provider): its English as the message, its rule for other languages. */
export class WordedError extends Error {
  constructor(readonly rule: RuleMessage) {
    super(english(rule));
  }
}
