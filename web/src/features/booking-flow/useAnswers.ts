// The guest's answers to the event type's questions: what they chose or typed (kept as given: the
// shared rules read typed digits and yes/no), each question's message once they submit, and the check
// with the schema the booking functions use (schemas.ts, loaded with the guest form's rules).
import { useRef, useState } from 'react';
import type { GuestInput } from './guestWords.ts';
import type { Question, RuleMessage } from '../../lib/shared.ts';
import type { AnswersCheck } from './schemas.ts';

const NO_ANSWERS: Record<string, unknown> = {};

export function useAnswers(questions: readonly Question[], prefill: Record<string, unknown> = NO_ANSWERS) {
  const [values, setValues] = useState(prefill);
  const [errors, setErrors] = useState<Record<string, RuleMessage>>({});
  const submitted = useRef(false);

  const check = async (given = values, { focus = true } = {}): Promise<AnswersCheck> => {
    if (!questions.length) return { values: {} };
    submitted.current = true;
    const result = (await import('./schemas.ts')).answersCheck(questions)(given);
    setErrors('errors' in result ? result.errors : {});
    const first = 'errors' in result ? questions.find((q) => result.errors[q.slug]) : undefined;
    // The first question with a message takes the focus (QuestionFields marks each question's box).
    if (focus && first) document.querySelector<HTMLElement>(`[data-question="${first.slug}"] :is(input, textarea, select)`)?.focus();
    return result;
  };

  /** The guest answers `slug`; after a submit, the messages follow the answers. */
  const set = (slug: string, value: unknown) => {
    const next = { ...values, [slug]: value };
    setValues(next);
    if (submitted.current) void check(next, { focus: false });
  };

  const reset = () => {
    setValues(prefill);
    setErrors({});
    submitted.current = false;
  };

  return { questions, values, errors, set, check, reset };
}

export type AnswersForm = ReturnType<typeof useAnswers>;

/**
 * What a link fills in: `?name=&email=&notes=` for the guest's details, `?q.<slug>=` for an answer
 * (repeated for a multiple choice) and `?guests=a@x.com,b@y.com` for the people to invite. Only the
 * event type's questions are read; everything is checked as typed answers are, when the guest books.
 */
export function addressPrefill(params: URLSearchParams, questions: readonly Question[]) {
  const guest: Partial<GuestInput> = {};
  for (const [param, field] of [['name', 'guestName'], ['email', 'guestEmail'], ['notes', 'notes']] as const) {
    const value = params.get(param);
    if (value) guest[field] = value;
  }
  const answers: Record<string, unknown> = {};
  for (const q of questions) {
    const given = params.getAll(`q.${q.slug}`);
    if (given.length) answers[q.slug] = q.type === 'multiple_choice' ? given : given[0];
  }
  const invitees = (params.get('guests') ?? '').split(',').map((e) => e.trim()).filter(Boolean);
  return { guest, answers, invitees };
}
