// Every fault the booking page's rules can raise, made by the real rules: the booking form's test says each
// in every language (features/booking-flow/ruleWords.test.ts), the host rules' test counts them among every rule there is.
import { expect } from 'vitest';
import {
  askedGuestFields,
  attendeesSchema,
  answersSchema,
  fieldRule,
  issueRule,
  PHONE_RULE,
  ruleMessage,
  type Question,
  type RuleMessage,
} from '../lib/shared.ts';
import { PLACE_RULE } from '../features/booking-flow/guestWords.ts';
import { guestSchema } from '../features/booking-flow/schemas.ts';

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
export function everyFault(): RuleMessage[] {
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
export const BODY_RULES = [
  ruleMessage('publicGuest'),
  ruleMessage('validEmail'),
  ruleMessage('hostGuestName'),
  ...(['slotTaken', 'invalidTime', 'wrongDuration', 'slotInPast', 'slotTooSoon', 'slotTooFar', 'slotOutsideHours', 'limitReached', 'tooManyBookings', 'paymentUnavailable'] as const).map((id) => ruleMessage(id)),
];
