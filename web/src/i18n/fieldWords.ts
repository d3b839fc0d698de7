// A host form's field messages in the page's language. react-hook-form keeps only an issue's message, so
// a form says its own messages by catalogue id (the schema's message is the id), and a shared rule's
// message without values (its English words, rules/messages.ts) by that rule's id; any other stays as written.
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { english, RULE_IDS, ruleMessage, type RuleId } from '../lib/shared.ts';
import { ruleWords } from '../features/booking-flow/ruleWords.ts';
import type { MessageId } from './catalogue.ts';

let ruleIdsByEnglish: Map<string, RuleId> | undefined;
/** The rules worded the same every time, by their English words. */
function ruleIdOf(message: string): RuleId | undefined {
  ruleIdsByEnglish ??= new Map(
    RULE_IDS.flatMap((id) => {
      try {
        return [[english(ruleMessage(id as never)), id] as const];
      } catch {
        // A message that names values has no words without them.
        return [];
      }
    }),
  );
  return ruleIdsByEnglish.get(message);
}

/** `(error) => words`: the field's message in the page's language; nothing for a field without a fault. */
export function useFieldWords(): (error: { message?: string } | undefined) => string | undefined {
  const intl = useIntl();
  return useCallback(
    (error) => {
      const message = error?.message;
      if (!message) return undefined;
      if (message in intl.messages) return intl.formatMessage({ id: message as MessageId });
      const rule = ruleIdOf(message);
      return rule ? ruleWords(intl, { id: rule }) : message;
    },
    [intl],
  );
}
