// One definition, one verdict: for any questions and any answers, the guest's form (answersCheck,
// what the booking page runs) and the booking functions (guestAnswers, what _shared/booking/create.ts
// runs) accept the same answers with the same values, and refuse the same ones: the form under the
// question with the rule alone, the functions naming the question.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answersSchema, english, guestAnswers, questionsSchema, ruleMessage, type Question, type RuleMessage } from '../../lib/shared.ts';
import { answersCheck } from './schemas.ts';

const slugs = ['a', 'b', 'c', 'd', 'e'];
const options = fc.uniqueArray(fc.constantFrom('Red', 'Green', 'Blue', 'x'), { minLength: 1, maxLength: 4 });
const common = { slug: fc.constantFrom(...slugs), label: fc.constantFrom('Topic', 'Size', 'Why?'), required: fc.boolean() };

const question: fc.Arbitrary<Question> = fc.oneof(
  fc.record({ type: fc.constantFrom('short_text', 'long_text', 'email', 'phone', 'yes_no', 'date'), ...common }),
  fc.record({ type: fc.constant('number'), ...common, min: fc.option(fc.integer({ min: -5, max: 5 }), { nil: undefined }), max: fc.option(fc.integer({ min: 5, max: 50 }), { nil: undefined }) }, { requiredKeys: ['type', 'slug', 'label', 'required'] }),
  fc.record({ type: fc.constantFrom('single_choice', 'multiple_choice'), ...common, options }),
) as fc.Arbitrary<Question>;

/** A list the definition schema accepts: distinct slugs, and some questions shown on an earlier answer. */
const definition = fc
  .tuple(fc.uniqueArray(question, { selector: (q) => q.slug, maxLength: 5 }), fc.array(fc.tuple(fc.nat(4), fc.nat(4)), { maxLength: 3 }))
  .map(([list, links]) => {
    const withConditions = list.map((q) => ({ ...q }));
    for (const [from, to] of links) {
      const target = withConditions[from];
      const dependent = withConditions[to];
      if (!target || !dependent || from >= to) continue;
      const equals =
        target.type === 'single_choice' || target.type === 'multiple_choice' ? target.options[0]! : target.type === 'yes_no' ? true : target.type === 'number' ? 3 : 'yes';
      dependent.showIf = { question: target.slug, equals };
    }
    return questionsSchema.parse(withConditions);
  });

const value = fc.oneof(
  fc.constantFrom('', '  ', 'Red', 'Blue', 'yes', 'no', '3', '2027-02-28', '2027-02-30', 'grace@example.com', 'grace@', '+91 98765 43210', '415 555 2671'),
  fc.integer({ min: -10, max: 60 }),
  fc.boolean(),
  fc.constant(null),
  fc.uniqueArray(fc.constantFrom('Red', 'Green', 'Blue', 'Gold'), { maxLength: 3 }),
  fc.string({ maxLength: 8 }),
);
const answers = fc.dictionary(fc.constantFrom(...slugs, 'zz'), value, { maxKeys: 6 });

describe('answers: the browser and the server agree', () => {
  it('same verdict, same values, same words, for any definition and any answers', () => {
    fc.assert(
      fc.property(definition, answers, (questions, given) => {
        const browser = answersCheck(questions)(given);
        let server: { values: unknown } | { message: string; rule?: RuleMessage };
        try {
          server = { values: guestAnswers(questions, given) };
        } catch (error) {
          server = { message: (error as Error).message, rule: (error as Error & { rule?: RuleMessage }).rule };
        }
        if ('values' in browser) {
          expect(server).toEqual({ values: browser.values });
        } else {
          expect('message' in server).toBe(true);
          // The same message as the form's toast, naming the question its field marks with the rule alone.
          expect(server).toEqual({ message: english(browser.message), rule: browser.message });
          const issue = answersSchema(questions).safeParse(given).error?.issues.find((i) => i.message === english(browser.message));
          expect(browser.errors).toHaveProperty(String(issue?.path[0]));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('the form names each wrong answer at its question', () => {
    const questions = questionsSchema.parse([{ type: 'number', slug: 'size', label: 'Size', required: true, min: 1 }]);
    // Under the labelled field, the rule alone; the server's 400 names the question.
    const unknown = ruleMessage('unknownQuestion', { key: 'zz' });
    expect(answersCheck(questions)({ size: '0', zz: 'x' })).toEqual({ errors: { size: ruleMessage('numberMin', { min: 1 }), zz: unknown }, message: unknown });
    expect(answersCheck(questions)({})).toEqual({ errors: { size: ruleMessage('unanswered') }, message: ruleMessage('answerNamed', { question: 'Size' }) });
    expect(() => guestAnswers(questions, { size: '0' })).toThrow('Size: must be at least 1');
  });
});
