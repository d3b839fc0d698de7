// A host form's messages in the page's language. react-hook-form keeps only an issue's message, so a form
// says its own messages by catalogue id (the schema's message is the id), and a shared rule's message by
// the rule behind its words (rules/messages.ts `issueRule`); any other stays as written.
import { useCallback } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { issueRule } from '../lib/shared.ts';
import { ruleWords } from './ruleWords.ts';
import type { MessageId } from './catalogue.ts';
import type { RuleFieldError } from '../lib/ruleResolver.ts';

/** `message` in the page's language. */
export function messageWords(intl: IntlShape, message: string): string {
  if (message in intl.messages) return intl.formatMessage({ id: message as MessageId });
  const rule = issueRule({ message });
  return rule ? ruleWords(intl, rule) : message;
}

/**
 * `(error) => words`: a field's message in the page's language (by its rule, with the rule's values, where
 * the form's resolver kept one: lib/ruleResolver.ts); nothing for a field without a fault.
 */
export function useFieldWords(): (error: RuleFieldError | undefined) => string | undefined {
  const intl = useIntl();
  return useCallback((error) => (error?.rule ? ruleWords(intl, error.rule) : error?.message ? messageWords(intl, error.message) : undefined), [intl]);
}
