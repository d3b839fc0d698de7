// The shared rules' messages are said by their rule id in every language: in English word for word as the
// functions' 400s say them, in the others translated. Every rule (read from the rules' English, with values
// of its types), the faults the real schemas find in a host's form or an /api body, and the database's
// refusals (read from the migrations' HINTs); each rule is said somewhere in the code. The booking form's
// own faults are ruleWords.test.ts's.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createIntl, type IntlShape } from 'react-intl';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { loadMessages } from './catalogue.ts';
import { LOCALES, type Locale } from './locales.ts';
import { messageWords } from './fieldWords.ts';
import { refusalWords, ruleWords } from './ruleWords.ts';
import { DbError } from '../lib/api.ts';
import * as shared from '../lib/shared.ts';
import type { RuleMessage } from '../lib/shared.ts';

const long = (n: number) => 'x'.repeat(n);
const question = (fields: Record<string, unknown>) => ({ type: 'short_text', slug: 'q', label: 'Q', required: false, ...fields });
const choice = (options: unknown) => question({ type: 'single_choice', options });

/** Every input a host's form or an /api body can get wrong, with the schema that refuses it. */
const REFUSED: [{ safeParse: (input: unknown) => unknown }, unknown][] = [
  [shared.loginSchema, { email: 'x', password: '1' }],
  [shared.registerSchema, { email: '', password: long(80), firstName: '', lastName: '' }],
  [
    shared.eventTypeSchema,
    {
      title: '', duration: 7, color: 'puce', locations: 'x', maxExtraAttendees: 99, seatsPerSlot: 1, recurrence: { frequencies: [], maxCount: 1 },
      priceCents: -1, currency: 'xxx', lateCancelRefundPercent: 101, bufferBefore: 3, minimumNotice: 7, maxFutureBookings: 8, slotInterval: 7,
      maxBookingsPerDay: 0, maxBookingsPerWeek: 0, questions: 'x',
    },
  ],
  [shared.eventTypeSchema, { title: 'x', duration: 30, maxBookingsPerDay: 5, maxBookingsPerWeek: 2 }],
  [shared.eventTypeSchema, { title: 'x', duration: 30, priceCents: 5123, currency: 'kwd' }],
  [shared.eventTypeSchema, { title: 'x', duration: 30, priceCents: 1500, currency: 'usd', recurrence: { frequencies: ['weekly'], maxCount: 4 } }],
  [shared.eventRulesSchema, 'x'],
  [shared.eventRulesSchema, {}],
  [
    shared.eventTypeSchema,
    { title: 'x', duration: 30, locations: [{ kind: 'in_person', address: '' }, { kind: 'link', url: 'http://a.example' }, { kind: 'jitsi', server: 'bad' }, { kind: 'nope' }] },
  ],
  [shared.eventTypeSchema, { title: 'x', duration: 30, locations: [{ kind: 'in_person', address: long(501) }, { kind: 'link', url: `https://a.example/${long(2000)}` }] }],
  [shared.eventTypeSchema, { title: 'x', duration: 30, locations: Array.from({ length: 8 }, () => ({ kind: 'zoom' })) }],
  [shared.eventTypeSchema, { title: 'x', duration: 30, locations: [{ kind: 'zoom' }, { kind: 'zoom' }] }],
  [shared.eventTypeSchema, { title: 'x', duration: 30, locations: [{ kind: 'phone_guest_calls', number: '12' }] }],
  [shared.teamEventTypeSchema, { title: 'x', duration: 7, assignmentType: 'x', specificMemberId: 'x' }],
  [shared.teamEventTypeSchema, { title: 'x', duration: 1455 }],
  [shared.availabilitySchema, 'x'],
  [shared.availabilitySchema, [{ dayOfWeek: 9, startTime: '9', endTime: '10:00' }, { dayOfWeek: 1, startTime: '10:00', endTime: '09:00' }]],
  [shared.availabilitySchema, Array.from({ length: 7 * 48 + 1 }, () => ({ dayOfWeek: 1, startTime: '09:00', endTime: '10:00' }))],
  [shared.dateOverrideSchema, { ranges: 'x' }],
  [shared.dateOverrideSchema, { ranges: [{ startTime: '09:00', endTime: '11:00' }, { startTime: '10:00', endTime: '12:00' }] }],
  [shared.timeOffSchema, { startDate: 'x', endDate: '2026-01-01' }],
  [shared.timeOffSchema, { startDate: '2026-02-01', endDate: '2026-01-01' }],
  [shared.timeOffSchema, { startDate: '2026-01-01', endDate: '2027-06-01' }],
  [shared.hostBookingSchema, { eventTypeId: 'x', guestName: 'A', guestEmail: 'a@example.com', startTime: 'x', endTime: 'x', guestLocale: 'xx', locationKind: 'x', guestTimeZone: 'Nowhere/Zone' }],
  [shared.bookingStatusSchema, { status: 'x' }],
  [shared.dateRangeQuerySchema, { startDate: 'x' }],
  [shared.timeframeSchema, 'x'],
  [shared.teamCreateSchema, { name: '', slug: '' }],
  [shared.teamCreateSchema, { name: 'x', slug: long(101) }],
  [shared.teamCreateSchema, { name: 'x', slug: 'A B' }],
  [shared.teamSettingsSchema, { name: 'x', slug: '' }],
  [shared.teamSettingsSchema, { name: 'x', slug: long(101) }],
  [shared.teamSettingsSchema, { name: 'x', slug: 'A B' }],
  [shared.inviteSchema, { email: 'x', role: 'owner' }],
  [shared.handleSchema, 'ab'],
  [shared.handleSchema, 'a b c'],
  [shared.profileFieldsSchema.partial(), { locale: 'xx', profileImageUrl: 'x' }],
  [shared.questionsSchema, [{ type: 'x' }]],
  [shared.questionsSchema, [question({ slug: 'A', label: '', required: 'x', help: long(501) })]],
  [shared.questionsSchema, [choice('x')]],
  [shared.questionsSchema, [choice([])]],
  [shared.questionsSchema, [choice([''])]],
  [shared.questionsSchema, [choice(Array.from({ length: 51 }, (_, i) => `o${i}`))]],
  [shared.questionsSchema, [choice(['a', 'a'])]],
  [shared.questionsSchema, [question({ type: 'number', min: 'x' })]],
  [shared.questionsSchema, [question({ type: 'number', min: 5, max: 1 })]],
  [shared.questionsSchema, [question({}), question({}), question({ slug: 'r', showIf: { question: 'later', equals: 'x' } })]],
  [shared.questionsSchema, [question({ type: 'yes_no' }), question({ slug: 'r', showIf: { question: 'q', equals: 'x' } })]],
  [shared.questionsSchema, Array.from({ length: 31 }, (_, i) => question({ slug: `q${i}` }))],
  [shared.answersSchema([]), 'x'],
  [shared.webhookSchema, { url: 'x', events: [] }],
  [shared.webhookSchema, { url: `https://a.example/${long(2000)}`, events: ['nope'] }],
  [shared.webhookUpdateSchema, {}],
  [shared.webhookUpdateSchema, { isActive: 'x' }],
  [shared.rotateSecretSchema, { overlapHours: 5 }],
];

/** Each fault the host's schemas find (its words, and the rule behind them); and the typed prices' (the price field's own parse, said by rule). */
function hostFaults() {
  const issues = REFUSED.flatMap(([schema, input]) => {
    const result = (schema as z.ZodType).safeParse(input);
    expect(result.success, JSON.stringify(input).slice(0, 80)).toBe(false);
    return result.success ? [] : result.error.issues;
  });
  const prices = [shared.parsePrice('abc', 'usd'), shared.parsePrice('15.5', 'jpy'), shared.parsePrice('19.999', 'usd'), shared.parsePrice('1000000', 'usd')].flatMap((p) => (p.ok ? [] : [p.rule]));
  return { issues: issues.map((issue) => ({ rule: shared.issueRule(issue), message: issue.message })), prices };
}

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
/** The source files below `folder` whose names end in `ext`, tests and the rules' own catalogues left out. */
const sources = (folder: string, ext: RegExp) =>
  readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => ext.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes('i18n/rules/'))
    .map((file) => read(path.join(folder, file)));

/**
 * Every rule, with values of the types its English takes (i18n/rules/en.ts, read as text): a number 3,
 * a union of literals its first, a rule within the rule one without values, any other text a word.
 */
const EVERY_RULE: RuleMessage[] = (() => {
  const typed = new Map([...read('supabase/functions/_shared/i18n/rules/en.ts').matchAll(/^ {2}(\w+): \(v: \{ ([^}]*) \}/gm)].map(([, id, fields]) => [id, fields]));
  return shared.RULE_IDS.map((id) => {
    const fields = typed.get(id);
    if (!fields) return { id };
    const values = fields
      .split(';')
      .map((field) => field.trim().split(/:\s*/))
      .filter(([name]) => name)
      .map(([name, type]) => [name, type === 'number' ? 3 : type === 'RuleMessage' ? shared.ruleMessage('calendarLogin') : (/'([^']*)'/.exec(type)?.[1] ?? `${name}-value`)]);
    return { id, values: Object.fromEntries(values) };
  });
})();

/** The rules each `raise exception` of the migrations names in its HINT. */
const HINTED = [...sources('supabase/migrations', /\.sql$/).join('\n').matchAll(/raise exception[^;]*?hint = (case [^;]*? end|'[^']*')/g)].flatMap(([, hint]) =>
  [...hint.matchAll(/'([a-z][A-Za-z]*)'/g)].map(([, id]) => id),
);

const intls = new Map<Locale, IntlShape>();
beforeAll(async () => {
  for (const locale of LOCALES) {
    const messages = { ...(await loadMessages(locale)), ...(await loadMessages(locale, 'app')) };
    intls.set(locale, createIntl({ locale, messages, onError: (error) => { throw error; } }));
  }
});

describe("the host forms' and the /api's rule messages", () => {
  const { issues: faults, prices } = hostFaults();
  const rules = [...faults.map((f) => f.rule).filter((rule): rule is RuleMessage => rule !== null), ...prices, ...EVERY_RULE];

  it("name, in the database's refusals, only rules there are", () => {
    expect(HINTED.length).toBeGreaterThan(40);
    expect(HINTED.filter((id) => !(shared.RULE_IDS as string[]).includes(id))).toEqual([]);
  });

  it("say a database's refusal by the rule its HINT names, with its DETAIL's values", () => {
    const refusal = new DbError('Open the link in the invitation mailed to ana@example.com to accept it.', 'KR002', {
      hint: 'invitationMailedTo',
      details: '{"email" : "ana@example.com"}',
    });
    expect(refusalWords(intls.get('de')!, refusal)).toBe('Öffnen Sie zum Annehmen den Link in der Einladung, die an ana@example.com gesendet wurde.');
    expect(refusalWords(intls.get('de')!, new DbError('new row violates row-level security policy', '42501'))).toBe('new row violates row-level security policy');
  });

  it('are each a rule, said by id', () => {
    expect(faults.filter((f) => f.rule === null).map((f) => f.message)).toEqual([]);
  });

  it('are each said somewhere: by the shared rules, the functions, the database or the web', () => {
    const code = [...sources('supabase/functions', /\.ts$/), ...sources('supabase/migrations', /\.sql$/), ...sources('web/src', /\.tsx?$/)].join('\n');
    expect(shared.RULE_IDS.filter((id) => !code.includes(`'${id}'`))).toEqual([]);
  });

  it('read in English exactly as the functions word them', () => {
    for (const rule of rules) expect(ruleWords(intls.get('en')!, rule)).toBe(shared.english(rule));
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))('are each translated in %s, and found by their words as a form keeps them', (locale) => {
    const intl = intls.get(locale)!;
    expect(rules.filter((rule) => ruleWords(intl, rule) === shared.english(rule)).map((rule) => rule.id)).toEqual([]);
    expect(faults.filter((f) => messageWords(intl, f.message) === f.message).map((f) => f.message)).toEqual([]);
  });

  it('say values in the language', () => {
    const [teamSlug] = shared.teamCreateSchema.safeParse({ name: 'x', slug: long(101) }).error!.issues;
    expect(messageWords(intls.get('de')!, teamSlug.message)).toBe('Die Team-Kennung darf höchstens 100 Zeichen lang sein');
  });
});
