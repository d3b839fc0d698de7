import { describe, expect, it } from 'vitest';
import {
  askedGuestFields,
  answersSchema,
  answerSnapshot,
  answerText,
  guestAnswers,
  guestFieldsSchema,
  questionsSchema,
  type Question,
} from './questions.ts';

const q = (question: Partial<Question> & Pick<Question, 'type'>): Question =>
  ({ slug: question.type.replace('_', '-'), label: 'The question', required: false, ...question }) as Question;

/** The first message of the answers' check, or the parsed answers. */
function check(questions: Question[], answers: unknown) {
  const result = answersSchema(questions).safeParse(answers);
  return result.success ? { answers: result.data } : { message: result.error.issues[0]!.message, path: result.error.issues[0]!.path };
}

describe('a question definition', () => {
  it('takes every type with its own fields', () => {
    const list: Question[] = [
      q({ type: 'short_text', slug: 'topic', label: 'Topic', help: 'A few words', required: true }),
      q({ type: 'long_text', slug: 'agenda', label: 'Agenda' }),
      q({ type: 'number', slug: 'size', label: 'Company size', min: 1, max: 10000 }),
      q({ type: 'email', slug: 'cc', label: 'Who else?' }),
      q({ type: 'phone', slug: 'mobile', label: 'Mobile' }),
      q({ type: 'single_choice', slug: 'plan', label: 'Plan', options: ['Free', 'Pro'], display: 'select' }),
      q({ type: 'multiple_choice', slug: 'topics', label: 'Topics', options: ['Billing', 'Setup'] }),
      q({ type: 'yes_no', slug: 'customer', label: 'Already a customer?' }),
      q({ type: 'date', slug: 'deadline', label: 'Deadline' }),
    ];
    expect(questionsSchema.parse(list)).toEqual(list);
    expect(questionsSchema.parse([])).toEqual([]);
  });

  it('refuses what would break a form, with the rule in words', () => {
    const refused = (list: unknown) => {
      const result = questionsSchema.safeParse(list);
      return result.success ? null : result.error.issues[0]!.message;
    };
    expect(refused([q({ type: 'short_text', label: '  ' })])).toBe('Question is required');
    expect(refused([q({ type: 'short_text', slug: 'Topic!' })])).toBe('A question key can only contain lowercase letters, numbers and hyphens');
    expect(refused([q({ type: 'short_text', slug: 'a' }), q({ type: 'long_text', slug: 'a' })])).toBe('Each question needs its own key');
    expect(refused([q({ type: 'single_choice', options: [] })])).toBe('A choice needs at least one option');
    expect(refused([q({ type: 'single_choice', options: ['A', 'A'] })])).toBe('Each option can be listed once');
    expect(refused([q({ type: 'number', min: 5, max: 1 })])).toBe('The minimum must not be above the maximum');
    expect(refused([q({ type: 'colour' as Question['type'] })])).toBe('Please choose one of the question types');
    expect(refused([q({ type: 'yes_no', slug: 'later', showIf: { question: 'first', equals: true } })])).toBe(
      'A question can only depend on an earlier one',
    );
    expect(
      refused([q({ type: 'single_choice', slug: 'plan', options: ['Free'] }), q({ type: 'short_text', slug: 'why', showIf: { question: 'plan', equals: 'Gold' } })]),
    ).toBe('The condition must be one of the earlier question’s answers');
    expect(refused([q({ type: 'yes_no', slug: 'ok' }), q({ type: 'short_text', slug: 'why', showIf: { question: 'ok', equals: 'yes' } })])).toBe(
      'The condition must be one of the earlier question’s answers',
    );
    expect(refused(Array.from({ length: 31 }, (_, i) => q({ type: 'short_text', slug: `q${i}` })))).toBe('At most 30 questions');
    expect(refused({})).toBe('Questions must be a list');
  });

  it('asks phone, company and notes as the host chose; optional when not said', () => {
    expect(guestFieldsSchema.parse({})).toEqual({ phone: 'optional', company: 'optional', notes: 'optional' });
    expect(guestFieldsSchema.parse({ phone: 'required', notes: 'hidden' })).toEqual({ phone: 'required', company: 'optional', notes: 'hidden' });
    expect(guestFieldsSchema.safeParse({ phone: 'sometimes' }).success).toBe(false);
    expect(guestFieldsSchema.safeParse({ name: 'hidden' }).success).toBe(false);
  });
});

describe('answers, per type', () => {
  it('short and long text: trimmed, at most 500 and 5000 characters', () => {
    const short = q({ type: 'short_text', slug: 'topic', label: 'Topic' });
    const long = q({ type: 'long_text', slug: 'agenda', label: 'Agenda' });
    expect(check([short, long], { topic: '  pricing ', agenda: 'a\nb' })).toEqual({ answers: { topic: 'pricing', agenda: 'a\nb' } });
    expect(check([short], { topic: 'x'.repeat(501) }).message).toBe('Topic: must be at most 500 characters');
    expect(check([long], { agenda: 'x'.repeat(5001) }).message).toBe('Agenda: must be at most 5000 characters');
    expect(check([short], { topic: 3 }).message).toBe('Topic: must be text');
  });

  // One question alone: the answers it keeps (given → stored) and those it refuses (given → message).
  it.each<[name: string, question: Question, kept: [unknown, unknown][], refused: [unknown, string][]]>([
    [
      'number: a number (typed digits too) within min and max',
      q({ type: 'number', slug: 'size', label: 'Company size', min: 1, max: 500 }),
      [['42', 42], [7.5, 7.5]],
      [['many', 'Company size: must be a number'], [0, 'Company size: must be a number from 1 to 500']],
    ],
    ['number: only a minimum', q({ type: 'number', slug: 'n', label: 'N', min: 3 }), [], [[2, 'N: must be at least 3']]],
    ['number: only a maximum', q({ type: 'number', slug: 'n', label: 'N', max: 3 }), [], [[4, 'N: must be at most 3']]],
    ['email: a valid address', q({ type: 'email', slug: 'cc', label: 'Colleague' }), [[' grace@example.com ', 'grace@example.com']], [['grace@', 'Colleague: must be a valid email address']]],
    [
      'phone: a real number with its country code, kept in E.164 (rules/phone.ts)',
      q({ type: 'phone', slug: 'mobile', label: 'Mobile' }),
      [['+91 98765 43210', '+919876543210']],
      [['415 555 2671', 'Mobile: Please enter a valid phone number with its country code.']],
    ],
    ['yes/no: a yes or a no', q({ type: 'yes_no', slug: 'ok', label: 'Customer?' }), [[false, false], ['yes', true]], [['maybe', 'Customer?: please answer yes or no']]],
    ['date: a calendar date, YYYY-MM-DD', q({ type: 'date', slug: 'day', label: 'Deadline' }), [['2027-02-28', '2027-02-28']], [['2027-02-30', 'Deadline: must be a date (YYYY-MM-DD)']]],
  ])('%s', (_, question, kept, refused) => {
    for (const [given, stored] of kept) expect(check([question], { [question.slug]: given })).toEqual({ answers: { [question.slug]: stored } });
    for (const [given, message] of refused) expect(check([question], { [question.slug]: given }).message).toBe(message);
  });

  it('single and multiple choice: only the offered options', () => {
    const plan = q({ type: 'single_choice', slug: 'plan', label: 'Plan', options: ['Free', 'Pro'], display: 'radio' });
    const topics = q({ type: 'multiple_choice', slug: 'topics', label: 'Topics', options: ['Billing', 'Setup'] });
    expect(check([plan, topics], { plan: 'Pro', topics: ['Setup', 'Billing'] })).toEqual({ answers: { plan: 'Pro', topics: ['Setup', 'Billing'] } });
    expect(check([plan], { plan: 'Gold' }).message).toBe('Plan: please choose one of the offered options');
    expect(check([topics], { topics: ['Billing', 'Gold'] }).message).toBe('Topics: please choose among the offered options');
    expect(check([topics], { topics: 'Billing' }).message).toBe('Topics: please choose among the offered options');
    expect(check([topics], { topics: ['Setup', 'Setup'] }).message).toBe('Topics: please choose among the offered options');
  });

  it('required: a missing, blank or empty answer is refused; an optional one is left out', () => {
    const topic = q({ type: 'short_text', slug: 'topic', label: 'Topic', required: true });
    const topics = q({ type: 'multiple_choice', slug: 'topics', label: 'Topics', options: ['A'], required: true });
    for (const answers of [{}, { topic: '  ' }, { topic: null }]) expect(check([topic], answers).message).toBe('Please answer “Topic”.');
    expect(check([topics], { topics: [] }).message).toBe('Please answer “Topics”.');
    expect(check([{ ...topic, required: false }], { topic: ' ' })).toEqual({ answers: {} });
    expect(check([], undefined)).toEqual({ answers: {} });
  });

  it('refuses an answer to no question of the event type, naming it', () => {
    expect(check([], { budget: '1000' })).toEqual({ message: 'Unknown question: budget', path: ['budget'] });
    expect(check([], 'x').message).toBe('Answers must be an object');
  });

  it('names the field of each message (its path is the slug)', () => {
    expect(check([q({ type: 'email', slug: 'cc', label: 'CC' })], { cc: 'x' }).path).toEqual(['cc']);
  });
});

describe('conditional questions', () => {
  const plan = q({ type: 'single_choice', slug: 'plan', label: 'Plan', options: ['Free', 'Pro'], required: true });
  const seats = q({ type: 'number', slug: 'seats', label: 'Seats', min: 1, required: true, showIf: { question: 'plan', equals: 'Pro' } });
  const why = q({ type: 'long_text', slug: 'why', label: 'Why?', required: true, showIf: { question: 'seats', equals: 10 } });

  it('a shown conditional question is asked as any other', () => {
    expect(check([plan, seats], { plan: 'Pro' }).message).toBe('Please answer “Seats”.');
    expect(check([plan, seats], { plan: 'Pro', seats: 3 })).toEqual({ answers: { plan: 'Pro', seats: 3 } });
  });

  it('a hidden one is never required, and its answer is dropped', () => {
    expect(check([plan, seats], { plan: 'Free' })).toEqual({ answers: { plan: 'Free' } });
    expect(check([plan, seats], { plan: 'Free', seats: 'not a number' })).toEqual({ answers: { plan: 'Free' } });
  });

  it('hides a question whose condition hangs on a hidden one', () => {
    expect(check([plan, seats, why], { plan: 'Free', seats: 10 })).toEqual({ answers: { plan: 'Free' } });
    expect(check([plan, seats, why], { plan: 'Pro', seats: 10 }).message).toBe('Please answer “Why?”.');
  });

  it('a multiple choice condition holds when the option is among the answers', () => {
    const topics = q({ type: 'multiple_choice', slug: 'topics', label: 'Topics', options: ['Billing', 'Setup'] });
    const invoice = q({ type: 'short_text', slug: 'invoice', label: 'Invoice number', required: true, showIf: { question: 'topics', equals: 'Billing' } });
    expect(check([topics, invoice], { topics: ['Setup', 'Billing'] }).message).toBe('Please answer “Invoice number”.');
    expect(check([topics, invoice], { topics: ['Setup'] })).toEqual({ answers: { topics: ['Setup'] } });
  });
});

describe('the server path and what a booking keeps', () => {
  const plan = q({ type: 'single_choice', slug: 'plan', label: 'Plan', options: ['Free', 'Pro'], required: true });
  const ok = q({ type: 'yes_no', slug: 'ok', label: 'Customer?' });

  it('guestAnswers answers the parsed answers, or invalid_request with the first message', () => {
    expect(guestAnswers([plan], { plan: 'Pro' })).toEqual({ plan: 'Pro' });
    expect(() => guestAnswers([plan], { plan: 'Pro', budget: 1 })).toThrow(expect.objectContaining({ code: 'invalid_request', message: 'Unknown question: budget' }));
  });

  it('keeps each answer with the label and type it was given under, in the questions’ order', () => {
    expect(answerSnapshot([plan, ok], { ok: true, plan: 'Pro' })).toEqual([
      { slug: 'plan', label: 'Plan', type: 'single_choice', value: 'Pro' },
      { slug: 'ok', label: 'Customer?', type: 'yes_no', value: true },
    ]);
    expect(answerSnapshot([plan, ok], {})).toEqual([]);
  });

  it('reads each answer as text', () => {
    expect(answerText({ slug: 'ok', label: 'Customer?', type: 'yes_no', value: false })).toBe('No');
    expect(answerText({ slug: 't', label: 'Topics', type: 'multiple_choice', value: ['A', 'B'] })).toBe('A, B');
    expect(answerText({ slug: 'n', label: 'N', type: 'number', value: 12 })).toBe('12');
  });
});

describe('phone, company and notes as the host asks them', () => {
  const guest = { guestName: 'Ada', guestPhone: '+1 415 555 2671', guestCompany: ' ', notes: 'Hi' };

  it('keeps optional ones as given, drops hidden ones, and requires required ones', () => {
    expect(askedGuestFields({ phone: 'optional', company: 'optional', notes: 'optional' }, guest)).toEqual({ values: guest });
    expect(askedGuestFields({ phone: 'hidden', company: 'optional', notes: 'hidden' }, guest)).toEqual({
      values: { ...guest, guestPhone: null, notes: null },
    });
    expect(askedGuestFields({ phone: 'required', company: 'required', notes: 'required' }, guest)).toEqual({
      errors: { guestCompany: { id: 'company' } },
    });
    expect(askedGuestFields({ phone: 'optional', company: 'optional', notes: 'required' }, { ...guest, notes: null })).toEqual({
      errors: { notes: { id: 'notes' } },
    });
  });

  it('a required phone is a real number, kept in E.164; a hidden one is kept when the place needs it', () => {
    expect(askedGuestFields({ phone: 'required', company: 'optional', notes: 'optional' }, guest)).toEqual({ values: { ...guest, guestPhone: '+14155552671' } });
    expect(askedGuestFields({ phone: 'required', company: 'optional', notes: 'optional' }, { ...guest, guestPhone: '555' })).toEqual({
      errors: { guestPhone: { id: 'phone' } },
    });
    expect(askedGuestFields({ phone: 'hidden', company: 'optional', notes: 'optional' }, guest, true)).toEqual({ values: guest });
  });
});
