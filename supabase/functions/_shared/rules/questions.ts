// Booking questions: what a host asks a guest beyond the built-in fields. One definition per event
// type (a list of questions), from which one zod schema of the answers is built: the guest's form
// checks with it in the browser, and the booking functions check again with it (guestAnswers), so
// both say the same words. The database checks a definition's shape too (private.is_event_questions,
// supabase/tests/db/questions.test.ts holds the two to one set of cases). In `zod/mini`, as
// fields.ts: a guest's booking page loads these rules.
import { z } from 'zod/mini';
import { DEFAULT_GUEST_FIELDS, FIELD_MODES, type GuestFieldsConfig } from './constants.ts';
import { invalidIssue } from './errors.ts';
import { email, requiredText } from './fields.ts';
import { ruleIssue, ruleMessage, ruleText, type RuleMessage } from './messages.ts';
import { e164Phone, PHONE_RULE } from './phone.ts';
import { isValidDate } from './time.ts';

export const QUESTION_TYPES = ['short_text', 'long_text', 'number', 'email', 'phone', 'single_choice', 'multiple_choice', 'yes_no', 'date'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const MAX_QUESTIONS = 30;
export const MAX_OPTIONS = 50;
/** The longest answer of a short and of a long text. */
export const TEXT_MAX = { short_text: 500, long_text: 5000 } as const;


// -- the definition ------------------------------------------------------------------------------

const SLUG = /^[a-z0-9][a-z0-9-]{0,39}$/;
const slug = z.string({ error: ruleText('questionKey') }).check(z.regex(SLUG, ruleText('questionKey')));
const answerValue = z.union([z.string(), z.number(), z.boolean()]);

const common = {
  /** Stable across edits: the answers, the URL prefill (`?q.<slug>=`) and the CSV columns are keyed by it. */
  slug,
  label: requiredText(ruleMessage('question'), 200),
  help: z.optional(z.string().check(z.trim(), z.maxLength(500, ruleText('helpLong')))),
  required: z.boolean({ error: ruleText('requiredFlag') }),
  /** Shown only when the answer to an earlier question equals this value (for a multiple choice: includes it). */
  showIf: z.optional(z.strictObject({ question: slug, equals: answerValue })),
};

const options = z
  .array(requiredText(ruleMessage('optionRequired'), 200), { error: ruleText('optionsList') })
  .check(
    z.minLength(1, ruleText('optionsNone')),
    z.maxLength(MAX_OPTIONS, ruleText('optionsMax', { max: MAX_OPTIONS })),
    z.refine((list) => new Set(list).size === list.length, ruleText('optionTwice')),
  );
const bound = z.optional(z.number({ error: ruleText('bounds') }).check(z.refine(Number.isFinite, ruleText('bounds'))));

const plain = (type: Exclude<QuestionType, 'number' | 'single_choice' | 'multiple_choice'>) => z.strictObject({ type: z.literal(type), ...common });

export const questionSchema = z.discriminatedUnion(
  'type',
  [
    plain('short_text'),
    plain('long_text'),
    z
      .strictObject({ type: z.literal('number'), ...common, min: bound, max: bound })
      .check(z.refine((v) => v.min === undefined || v.max === undefined || v.min <= v.max, ruleText('minMax'))),
    plain('email'),
    plain('phone'),
    z.strictObject({ type: z.literal('single_choice'), ...common, options, display: z.optional(z.enum(['radio', 'select'])) }),
    z.strictObject({ type: z.literal('multiple_choice'), ...common, options }),
    plain('yes_no'),
    plain('date'),
  ],
  { error: ruleText('questionType') },
);
export type Question = z.output<typeof questionSchema>;
export type AnswerValue = string | number | boolean | string[];
export type Answers = Record<string, AnswerValue>;

/** Whether `equals` is an answer the earlier question `target` can have. */
function canEqual(target: Question, equals: string | number | boolean): boolean {
  switch (target.type) {
    case 'single_choice':
    case 'multiple_choice':
      return typeof equals === 'string' && target.options.includes(equals);
    case 'yes_no':
      return typeof equals === 'boolean';
    case 'number':
      return typeof equals === 'number';
    default:
      return typeof equals === 'string';
  }
}

/** An event type's questions, in the order the guest sees them; a condition names an earlier question. */
export const questionsSchema = z.array(questionSchema, { error: ruleText('questionsList') }).check(
  z.maxLength(MAX_QUESTIONS, ruleText('questionsMax', { max: MAX_QUESTIONS })),
  z.superRefine((list, ctx) => {
    const seen = new Map<string, Question>();
    list.forEach((question, index) => {
      const fault = (id: 'questionKeyTwice' | 'questionEarlier' | 'questionAnswer', key: string) =>
        ctx.issues.push({ code: 'custom', ...ruleIssue(ruleMessage(id)), input: question, path: [index, key] });
      if (seen.has(question.slug)) return fault('questionKeyTwice', 'slug');
      const target = question.showIf && seen.get(question.showIf.question);
      if (question.showIf && !target) fault('questionEarlier', 'showIf');
      else if (question.showIf && target && !canEqual(target, question.showIf.equals)) fault('questionAnswer', 'showIf');
      seen.set(question.slug, question);
    });
  }),
);

/** Phone, company and notes, each hidden, optional or required; optional when not said (the form before questions). */
export const guestFieldsSchema = z.strictObject({
  phone: z._default(z.enum(FIELD_MODES), DEFAULT_GUEST_FIELDS.phone),
  company: z._default(z.enum(FIELD_MODES), DEFAULT_GUEST_FIELDS.company),
  notes: z._default(z.enum(FIELD_MODES), DEFAULT_GUEST_FIELDS.notes),
});
export type { GuestFieldsConfig };

/** What a required built-in field says when it is left blank (the phone: when it is no real number either). */
export const GUEST_FIELD_MESSAGES = { guestPhone: PHONE_RULE, guestCompany: ruleMessage('company'), notes: ruleMessage('notes') } as const;
type AskedField = keyof typeof GUEST_FIELD_MESSAGES;
const FIELD_CONFIG: Record<AskedField, keyof GuestFieldsConfig> = { guestPhone: 'phone', guestCompany: 'company', notes: 'notes' };
type AskedFields = Partial<Record<AskedField, string | null>>;

/**
 * Phone, company and notes as the host asks them: a hidden one is not kept (the phone is, when the
 * chosen place needs it: `keepPhone`), a required one must be given, and a required phone must be a
 * real number, kept in E.164. The fields, or each faulty field's message.
 */
export function askedGuestFields<G extends AskedFields>(config: GuestFieldsConfig, guest: G, keepPhone = false): { values: G } | { errors: Partial<Record<AskedField, RuleMessage>> } {
  const values = { ...guest };
  const errors: Partial<Record<AskedField, RuleMessage>> = {};
  for (const field of Object.keys(FIELD_CONFIG) as AskedField[]) {
    const mode = config[FIELD_CONFIG[field]];
    const given = values[field]?.trim() || null;
    if (mode === 'hidden' && !(field === 'guestPhone' && keepPhone)) values[field] = null as G[AskedField];
    else if (mode === 'required' && field === 'guestPhone') {
      const phone = e164Phone(given);
      if (phone) values.guestPhone = phone as G[AskedField];
      else errors.guestPhone = GUEST_FIELD_MESSAGES.guestPhone;
    } else if (mode === 'required' && !given) errors[field] = GUEST_FIELD_MESSAGES[field];
  }
  return Object.keys(errors).length ? { errors } : { values };
}

// -- the answers ---------------------------------------------------------------------------------

/** Nothing given: no value, or a blank text, or no option chosen. */
function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

const emailAnswer = email(ruleMessage('answerEmail'));

/** One answer read by its question's rule: the value to keep, or the rule's words (without the label). */
function readAnswer(question: Question, value: unknown): { value: AnswerValue } | { rule: RuleMessage } {
  const text = typeof value === 'string' ? value.trim() : null;
  const fault = (rule: RuleMessage) => ({ rule });
  switch (question.type) {
    case 'short_text':
    case 'long_text': {
      if (text === null) return fault(ruleMessage('text'));
      const max = TEXT_MAX[question.type];
      return text.length > max ? fault(ruleMessage('textMax', { max })) : { value: text };
    }
    case 'number': {
      // A form's input gives digits as text.
      const n = typeof value === 'number' ? value : text !== null && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
      if (!Number.isFinite(n)) return fault(ruleMessage('number'));
      const { min, max } = question;
      if ((min !== undefined && n < min) || (max !== undefined && n > max)) {
        if (min !== undefined && max !== undefined) return fault(ruleMessage('numberRange', { min, max }));
        return fault(min !== undefined ? ruleMessage('numberMin', { min }) : ruleMessage('numberMax', { max: max! }));
      }
      return { value: n };
    }
    case 'email':
      return text !== null && emailAnswer.safeParse(text).success ? { value: text } : fault(ruleMessage('answerEmail'));
    case 'phone': {
      const phone = text === null ? null : e164Phone(text);
      return phone ? { value: phone } : fault(PHONE_RULE);
    }
    case 'single_choice':
      return text !== null && question.options.includes(value as string) ? { value: value as string } : fault(ruleMessage('option'));
    case 'multiple_choice': {
      const chosen = Array.isArray(value) ? value : [];
      const fits = Array.isArray(value) && new Set(chosen).size === chosen.length && chosen.every((c) => question.options.includes(c as string));
      return fits ? { value: chosen as string[] } : fault(ruleMessage('options'));
    }
    case 'yes_no':
      if (typeof value === 'boolean') return { value };
      return text === 'yes' || text === 'no' ? { value: text === 'yes' } : fault(ruleMessage('yesNo'));
    case 'date':
      return text !== null && isValidDate(text) ? { value: text } : fault(ruleMessage('date'));
  }
}

/** Whether a question is asked, given the answers read so far (a question hangs only on earlier ones). */
function isShown(question: Question, shown: Set<string>, answers: Answers): boolean {
  if (!question.showIf) return true;
  const { question: target, equals } = question.showIf;
  if (!shown.has(target)) return false;
  const answer = answers[target];
  return Array.isArray(answer) ? answer.includes(equals as string) : answer === equals;
}

/**
 * A wrong answer in two wordings: `field`, shown under the labelled field (the rule alone, as a
 * sentence), and `message`, the functions' 400, which names the question by its label.
 */
type Fault = { slug: string; message: RuleMessage; field: RuleMessage };

/** Every question in order: which are shown, the answers read, and each fault by slug. */
function readAll(questions: readonly Question[], given: Record<string, unknown>) {
  const shown = new Set<string>();
  const answers: Answers = {};
  const faults: Fault[] = [];
  for (const question of questions) {
    if (!isShown(question, shown, answers)) continue;
    shown.add(question.slug);
    const value = given[question.slug];
    if (isEmpty(value)) {
      if (question.required) faults.push({ slug: question.slug, message: ruleMessage('answerNamed', { question: question.label }), field: ruleMessage('unanswered') });
      continue;
    }
    const read = readAnswer(question, value);
    if ('value' in read) answers[question.slug] = read.value;
    else faults.push({ slug: question.slug, message: ruleMessage('answerFault', { question: question.label, rule: read.rule }), field: read.rule });
  }
  return { shown, answers, faults };
}

/** The slugs of the questions asked, given the answers so far: the form shows these. */
export function shownQuestions(questions: readonly Question[], given: Record<string, unknown>): Set<string> {
  return readAll(questions, given).shown;
}

/**
 * The schema of a guest's answers to `questions`: an object keyed by the questions' slugs. Each
 * shown question's answer is read by its type's rule (required ones must be given); a hidden
 * conditional question is never required and its answer is dropped; a key that is no question is
 * refused, naming it. Every issue's path is the question's slug; its message names the question,
 * its `params.field` says the same under the question's field (messages.ts, fieldRule). The output holds the
 * shown, answered questions only.
 */
export function answersSchema(questions: readonly Question[]) {
  return z.pipe(
    z.optional(z.record(z.string(), z.unknown(), { error: ruleText('answersObject') })),
    z.transform((raw: Record<string, unknown> | undefined, ctx): Answers => {
      const given = raw ?? {};
      const known = new Set(questions.map((q) => q.slug));
      for (const key of Object.keys(given)) {
        if (!known.has(key)) ctx.issues.push({ code: 'custom', ...ruleIssue(ruleMessage('unknownQuestion', { key })), input: given[key], path: [key] });
      }
      const { answers, faults } = readAll(questions, given);
      for (const { slug, message, field } of faults) ctx.issues.push({ code: 'custom', ...ruleIssue(message, field), input: given[slug], path: [slug] });
      return answers;
    }),
  );
}

/** The server's check (the booking functions): the answers, or `invalid_request` with the first message. */
export function guestAnswers(questions: readonly Question[], raw: unknown): Answers {
  const result = answersSchema(questions).safeParse(raw);
  if (result.success) return result.data;
  throw invalidIssue(result.error.issues[0]);
}

// -- what a booking keeps --------------------------------------------------------------------------

/** An answer as a booking keeps it: with the label and type it was given under, so later edits of the questions change nothing. */
export type StoredAnswer = {
  slug: string;
  label: string;
  type: QuestionType;
  value: AnswerValue;
};

/** The answers as the booking stores them, in the questions' order. */
export function answerSnapshot(questions: readonly Question[], answers: Answers): StoredAnswer[] {
  return questions.filter((q) => answers[q.slug] !== undefined).map((q) => ({ slug: q.slug, label: q.label, type: q.type, value: answers[q.slug]! }));
}

/** An answer as people read it in a list, a mail or a calendar entry; a yes or no in the reader's words. */
export function answerText(answer: StoredAnswer, words: { yes: string; no: string } = { yes: 'Yes', no: 'No' }): string {
  const { value } = answer;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  return Array.isArray(value) ? value.join(', ') : String(value);
}
