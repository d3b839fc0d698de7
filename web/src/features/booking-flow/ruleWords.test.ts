// Every message the booking form can show, made by the real rules (the shared ones the booking functions
// check with, and the form's own), is said in the page's language; in English, word for word as before.
import { createIntl, type IntlShape } from 'react-intl';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../i18n/catalogue.ts';
import { LOCALES, type Locale } from '../../i18n/locales.ts';
import { askedGuestFields, attendeesSchema, answersSchema, fieldMessage, PHONE_MESSAGE, type Question } from '../../lib/shared.ts';
import { FIELD_MESSAGES, MESSAGES, PLACE_MESSAGE } from './guestWords.ts';
import { ruleWords } from './ruleWords.ts';
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

/** Each fault the rules find, in both its wordings: under its field, and naming it (a toast's). */
function everyFault(): string[] {
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
  });
  const text = answersSchema([{ type: 'short_text', slug: 's', label: 'S', required: false } as Question]).safeParse({ s: 3 });
  const number = answersSchema([{ type: 'number', slug: 'n', label: 'N', required: false } as Question]).safeParse({ n: 'many' });
  const guests = [
    attendeesSchema(1, 'me@example.com').safeParse(['', 'bad', 'me@example.com', 'ann@example.com', 'ann@example.com']),
    attendeesSchema(1, null).safeParse(['a@example.com', 'b@example.com']),
    attendeesSchema(2, null).safeParse(['a@example.com', 'b@example.com', 'c@example.com']),
    attendeesSchema(0, null).safeParse(['a@example.com']),
    attendeesSchema(1, null).safeParse('a@example.com'),
    attendeesSchema(9, 'me@example.com').safeParse(['', 'bad', 'me@example.com', 'ann@example.com', 'ann@example.com']),
  ];
  const guest = guestSchema().safeParse({ guestName: '', guestEmail: 'grace@' });
  const missingEmail = guestSchema().safeParse({ guestName: 'Grace', guestEmail: '' });
  // The fields the host requires (phone, company, notes), left empty.
  const asked = askedGuestFields({ phone: 'required', company: 'required', notes: 'required' }, {}, false);
  const issues = [answers, text, number, ...guests, guest, missingEmail].flatMap((result) => (result.success ? [] : result.error.issues));
  return [
    ...issues.flatMap((issue) => [issue.message, fieldMessage(issue)]),
    ...Object.values(FIELD_MESSAGES),
    PLACE_MESSAGE,
    ...Object.values(MESSAGES).flatMap((words) => Object.values(words)),
    ...('errors' in asked ? Object.values(asked.errors) : []),
    PHONE_MESSAGE,
  ];
}

const intls = new Map<Locale, IntlShape>();
beforeAll(async () => {
  for (const locale of LOCALES) intls.set(locale, createIntl({ locale, messages: await loadMessages(locale), onError: (error) => { throw error; } }));
});

describe("the booking form's messages", () => {
  const faults = everyFault();

  it('are all the rules can say', () => {
    // Questions' faults (14 rules, each twice), the guests' (7 kinds), the guest's details (2): each one met.
    expect(new Set(faults).size).toBeGreaterThan(40);
  });

  it('read in English exactly as the rules word them', () => {
    for (const fault of faults) expect(ruleWords(intls.get('en')!, fault)).toBe(fault);
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))('are each translated in %s', (locale) => {
    const untranslated = faults.filter((fault) => ruleWords(intls.get(locale)!, fault) === fault);
    expect(untranslated).toEqual([]);
  });

  it('say counts in the language’s plural and numbers in its digits', () => {
    const max = 'At most 3 other people can be added.';
    expect(ruleWords(intls.get('de')!, max)).toBe('Es können höchstens 3 weitere Personen hinzugefügt werden.');
    expect(ruleWords(intls.get('ar')!, 'At most 2 other people can be added.')).toBe('لا يمكن إضافة أكثر من شخصين آخرين.');
    expect(ruleWords(intls.get('fr')!, 'Size: must be at least 1')).toBe('Size : doit être au moins égal à 1');
  });
});
