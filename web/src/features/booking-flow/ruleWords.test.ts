// Every message the booking form can show, made by the real rules (the shared ones the booking functions
// check with, and the form's own), is said in the page's language by its id; in English, word for word
// as the rules word it for the functions' 400s.
import { createIntl, type IntlShape } from 'react-intl';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../i18n/catalogue.ts';
import { LOCALES, type Locale } from '../../i18n/locales.ts';
import {
  askedGuestFields,
  attendeesSchema,
  answersSchema,
  english,
  fieldRule,
  issueRule,
  PHONE_RULE,
  RULE_IDS,
  ruleMessage,
  type Question,
  type RuleMessage,
} from '../../lib/shared.ts';
import { MESSAGES, PLACE_RULE } from './guestWords.ts';
import { ruleMessageId, ruleWords, type Said } from '../../i18n/ruleWords.ts';
import { guestSchema } from './schemas.ts';

const questions: Question[] = [
  { type: 'short_text', slug: 'goal', label: 'Goal', required: true },
  { type: 'long_text', slug: 'story', label: 'Story', required: false },
  { type: 'number', slug: 'range', label: 'Range', required: false, min: 1, max: 9 },
  { type: 'number', slug: 'least', label: 'Least', required: false, min: 2 },
  { type: 'number', slug: 'most', label: 'Most', required: false, max: 5 },
  { type: 'email', slug: 'mail', label: 'Mail', required: false },
  { type: 'phone', slug: 'tel', label: 'Tel', required: false },
  { type: 'single_choice', slug: 'plan', label: 'Plan', required: false, options: ['A'], display: 'radio' },
  { type: 'multiple_choice', slug: 'topics', label: 'Topics', required: false, options: ['A'] },
  { type: 'yes_no', slug: 'yes', label: 'Yes?', required: false },
  { type: 'date', slug: 'day', label: 'Day', required: false },
] as Question[];

/** Each fault the rules find, in both its wordings: under its field, and naming it (a toast's, a 400's). */
function everyFault(): RuleMessage[] {
  const answers = answersSchema(questions).safeParse({
    story: 'x'.repeat(5001),
    range: '12',
    least: '1',
    most: '6',
    mail: 'not-mail',
    tel: '12',
    plan: 'B',
    topics: ['C'],
    yes: 'maybe',
    day: 'soon',
    other: 'x',
  });
  const text = answersSchema([{ type: 'short_text', slug: 's', label: 'S', required: false } as Question]).safeParse({ s: 3 });
  const number = answersSchema([{ type: 'number', slug: 'n', label: 'N', required: false } as Question]).safeParse({ n: 'many' });
  const unanswered = answersSchema([{ type: 'short_text', slug: 's', label: 'S', required: true } as Question]).safeParse({});
  const guests = [
    attendeesSchema(1, 'me@example.com').safeParse(['', 'bad', 'me@example.com', 'ann@example.com', 'ann@example.com']),
    attendeesSchema(1, null).safeParse(['a@example.com', 'b@example.com']),
    attendeesSchema(2, null).safeParse(['a@example.com', 'b@example.com', 'c@example.com']),
    attendeesSchema(0, null).safeParse(['a@example.com']),
    attendeesSchema(1, null).safeParse('a@example.com'),
    attendeesSchema(9, 'me@example.com').safeParse(['', 'bad', 'me@example.com', 'ann@example.com', 'ann@example.com']),
  ];
  const guest = guestSchema().safeParse({ guestName: '', guestEmail: 'grace@', notes: 'x'.repeat(2001) });
  const missingEmail = guestSchema().safeParse({ guestName: 'Grace', guestEmail: '' });
  // The fields the host requires (phone, company, notes), left empty.
  const asked = askedGuestFields({ phone: 'required', company: 'required', notes: 'required' }, {}, false);
  const issues = [answers, text, number, unanswered, ...guests, guest, missingEmail].flatMap((result) => (result.success ? [] : result.error.issues));
  const rules = issues.flatMap((issue) => [issueRule(issue), fieldRule(issue)]);
  expect(rules).not.toContain(null);
  return [...(rules as RuleMessage[]), PLACE_RULE, PHONE_RULE, ...('errors' in asked ? Object.values(asked.errors) : [])];
}

/** The guest details' words of the functions' booking bodies (rules/schemas.ts), which the form words its own way. */
/** And the booking functions' refusals (_shared/booking/create.ts, payments/checkout.ts, http/rate-limit.ts), which the page says as a toast. */
const BODY_RULES = [
  ruleMessage('publicGuest'),
  ruleMessage('validEmail'),
  ruleMessage('hostGuestName'),
  ...(['slotTaken', 'invalidTime', 'wrongDuration', 'slotInPast', 'slotTooSoon', 'slotTooFar', 'slotOutsideHours', 'limitReached', 'tooManyBookings', 'paymentUnavailable'] as const).map((id) => ruleMessage(id)),
];

const intls = new Map<Locale, IntlShape>();
beforeAll(async () => {
  for (const locale of LOCALES) intls.set(locale, createIntl({ locale, messages: await loadMessages(locale), onError: (error) => { throw error; } }));
});

describe("the booking form's messages", () => {
  const faults = everyFault();
  const own: Said[] = Object.values(MESSAGES).flatMap((words) => Object.values(words));

  it('are all the rules a booking page can say', () => {
    const ids = new Set([...faults, ...BODY_RULES].map((fault) => fault.id));
    // Every rule id in the open pages' catalogue met by a fault the real rules raised (none only in the
    // catalogue); the host forms' rules are in the app's (i18n/hostRules.test.ts).
    expect(RULE_IDS.filter((id) => ruleMessageId(id) in intls.get('en')!.messages && !ids.has(id))).toEqual([]);
  });

  it.each(LOCALES)('has every rule id a booking page meets in %s', (locale) => {
    const messages = intls.get(locale)!.messages;
    expect([...faults, ...BODY_RULES].filter((fault) => typeof messages[ruleMessageId(fault.id)] === 'undefined')).toEqual([]);
  });

  it('read in English exactly as the rules word them', () => {
    for (const fault of [...faults, ...BODY_RULES]) expect(ruleWords(intls.get('en')!, fault)).toBe(english(fault));
    expect(own.map((said) => ruleWords(intls.get('en')!, said))).toEqual([
      'Please provide your name and email address.',
      'Please select a date and time for your booking.',
      'Please fill in your name and email.',
      'Please select a date and time.',
      'Please agree to the terms and conditions.',
    ]);
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))('are each translated in %s', (locale) => {
    const untranslated = [...faults, ...BODY_RULES].filter((fault) => ruleWords(intls.get(locale)!, fault) === english(fault));
    expect(untranslated).toEqual([]);
    expect(own.filter((said) => ruleWords(intls.get(locale)!, said) === ruleWords(intls.get('en')!, said))).toEqual([]);
  });

  it('say counts in the language’s plural and numbers in its digits, a rule after a label as a clause', () => {
    expect(ruleWords(intls.get('de')!, ruleMessage('guestsMax', { max: 3 }))).toBe('Es können höchstens 3 weitere Personen hinzugefügt werden.');
    expect(ruleWords(intls.get('ar')!, ruleMessage('guestsMax', { max: 2 }))).toBe('لا يمكن إضافة أكثر من شخصين آخرين.');
    const size = ruleMessage('answerFault', { question: 'Size', rule: ruleMessage('numberMin', { min: 1 }) });
    expect(ruleWords(intls.get('fr')!, size)).toBe('Size : doit être au moins égal à 1');
  });
});
