// The shared rules' messages a host's form or an /api body can meet (sign-in, event types and their places,
// questions and price, hours, overrides, time off, bookings, teams, profiles, webhooks), made by the real
// schemas, and the refusals of the calendars, Zoom and Stripe a host connects, are said by their rule id in every language: in English word for word as the functions' 400s
// say them, in the others translated. The booking form's own rules are ruleWords.test.ts's.
import { createIntl, type IntlShape } from 'react-intl';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { loadMessages } from './catalogue.ts';
import { LOCALES, type Locale } from './locales.ts';
import { messageWords } from './fieldWords.ts';
import { ruleMessageId, ruleWords } from './ruleWords.ts';
import {
  answersSchema,
  availabilitySchema,
  english,
  issueRule,
  parsePrice,
  RULE_IDS,
  ruleMessage,
  type RuleMessage,
  bookingStatusSchema,
  dateOverrideSchema,
  dateRangeQuerySchema,
  eventRulesSchema,
  eventTypeSchema,
  handleSchema,
  hostBookingSchema,
  inviteSchema,
  loginSchema,
  profileFieldsSchema,
  questionsSchema,
  registerSchema,
  rotateSecretSchema,
  teamCreateSchema,
  teamEventTypeSchema,
  teamSettingsSchema,
  timeframeSchema,
  timeOffSchema,
  webhookSchema,
  webhookUpdateSchema,
} from '../lib/shared.ts';

const long = (n: number) => 'x'.repeat(n);
const question = (fields: Record<string, unknown>) => ({ type: 'short_text', slug: 'q', label: 'Q', required: false, ...fields });
const choice = (options: unknown) => question({ type: 'single_choice', options });

/** Every input a host's form or an /api body can get wrong, with the schema that refuses it. */
const REFUSED: [{ safeParse: (input: unknown) => unknown }, unknown][] = [
  [loginSchema, { email: 'x', password: '1' }],
  [registerSchema, { email: '', password: long(80), firstName: '', lastName: '' }],
  [
    eventTypeSchema,
    {
      title: '', duration: 7, color: 'puce', locations: 'x', maxExtraAttendees: 99, seatsPerSlot: 1, recurrence: { frequencies: [], maxCount: 1 },
      priceCents: -1, currency: 'xxx', lateCancelRefundPercent: 101, bufferBefore: 3, minimumNotice: 7, maxFutureBookings: 8, slotInterval: 7,
      maxBookingsPerDay: 0, maxBookingsPerWeek: 0, questions: 'x',
    },
  ],
  [eventTypeSchema, { title: 'x', duration: 30, maxBookingsPerDay: 5, maxBookingsPerWeek: 2 }],
  [eventTypeSchema, { title: 'x', duration: 30, priceCents: 5123, currency: 'kwd' }],
  [eventTypeSchema, { title: 'x', duration: 30, priceCents: 1500, currency: 'usd', recurrence: { frequencies: ['weekly'], maxCount: 4 } }],
  [eventRulesSchema, 'x'],
  [eventRulesSchema, {}],
  [
    eventTypeSchema,
    { title: 'x', duration: 30, locations: [{ kind: 'in_person', address: '' }, { kind: 'link', url: 'http://a.example' }, { kind: 'jitsi', server: 'bad' }, { kind: 'nope' }] },
  ],
  [eventTypeSchema, { title: 'x', duration: 30, locations: [{ kind: 'in_person', address: long(501) }, { kind: 'link', url: `https://a.example/${long(2000)}` }] }],
  [eventTypeSchema, { title: 'x', duration: 30, locations: Array.from({ length: 8 }, () => ({ kind: 'zoom' })) }],
  [eventTypeSchema, { title: 'x', duration: 30, locations: [{ kind: 'zoom' }, { kind: 'zoom' }] }],
  [eventTypeSchema, { title: 'x', duration: 30, locations: [{ kind: 'phone_guest_calls', number: '12' }] }],
  [teamEventTypeSchema, { title: 'x', duration: 7, assignmentType: 'x', specificMemberId: 'x' }],
  [teamEventTypeSchema, { title: 'x', duration: 1455 }],
  [availabilitySchema, 'x'],
  [availabilitySchema, [{ dayOfWeek: 9, startTime: '9', endTime: '10:00' }, { dayOfWeek: 1, startTime: '10:00', endTime: '09:00' }]],
  [availabilitySchema, Array.from({ length: 7 * 48 + 1 }, () => ({ dayOfWeek: 1, startTime: '09:00', endTime: '10:00' }))],
  [dateOverrideSchema, { ranges: 'x' }],
  [dateOverrideSchema, { ranges: [{ startTime: '09:00', endTime: '11:00' }, { startTime: '10:00', endTime: '12:00' }] }],
  [timeOffSchema, { startDate: 'x', endDate: '2026-01-01' }],
  [timeOffSchema, { startDate: '2026-02-01', endDate: '2026-01-01' }],
  [timeOffSchema, { startDate: '2026-01-01', endDate: '2027-06-01' }],
  [hostBookingSchema, { eventTypeId: 'x', guestName: 'A', guestEmail: 'a@example.com', startTime: 'x', endTime: 'x', guestLocale: 'xx', locationKind: 'x', guestTimeZone: 'Nowhere/Zone' }],
  [bookingStatusSchema, { status: 'x' }],
  [dateRangeQuerySchema, { startDate: 'x' }],
  [timeframeSchema, 'x'],
  [teamCreateSchema, { name: '', slug: '' }],
  [teamCreateSchema, { name: 'x', slug: long(101) }],
  [teamCreateSchema, { name: 'x', slug: 'A B' }],
  [teamSettingsSchema, { name: 'x', slug: '' }],
  [teamSettingsSchema, { name: 'x', slug: long(101) }],
  [teamSettingsSchema, { name: 'x', slug: 'A B' }],
  [inviteSchema, { email: 'x', role: 'owner' }],
  [handleSchema, 'ab'],
  [handleSchema, 'a b c'],
  [profileFieldsSchema.partial(), { locale: 'xx', profileImageUrl: 'x' }],
  [questionsSchema, [{ type: 'x' }]],
  [questionsSchema, [question({ slug: 'A', label: '', required: 'x', help: long(501) })]],
  [questionsSchema, [choice('x')]],
  [questionsSchema, [choice([])]],
  [questionsSchema, [choice([''])]],
  [questionsSchema, [choice(Array.from({ length: 51 }, (_, i) => `o${i}`))]],
  [questionsSchema, [choice(['a', 'a'])]],
  [questionsSchema, [question({ type: 'number', min: 'x' })]],
  [questionsSchema, [question({ type: 'number', min: 5, max: 1 })]],
  [questionsSchema, [question({}), question({}), question({ slug: 'r', showIf: { question: 'later', equals: 'x' } })]],
  [questionsSchema, [question({ type: 'yes_no' }), question({ slug: 'r', showIf: { question: 'q', equals: 'x' } })]],
  [questionsSchema, Array.from({ length: 31 }, (_, i) => question({ slug: `q${i}` }))],
  [answersSchema([]), 'x'],
  [webhookSchema, { url: 'x', events: [] }],
  [webhookSchema, { url: `https://a.example/${long(2000)}`, events: ['nope'] }],
  [webhookUpdateSchema, {}],
  [webhookUpdateSchema, { isActive: 'x' }],
  [rotateSecretSchema, { overlapHours: 5 }],
];

/** Each fault the host's schemas find (its words, and the rule behind them); and the typed prices' (the price field's own parse, said by rule). */
function hostFaults() {
  const issues = REFUSED.flatMap(([schema, input]) => {
    const result = (schema as z.ZodType).safeParse(input);
    expect(result.success, JSON.stringify(input).slice(0, 80)).toBe(false);
    return result.success ? [] : result.error.issues;
  });
  const prices = [parsePrice('abc', 'usd'), parsePrice('15.5', 'jpy'), parsePrice('19.999', 'usd'), parsePrice('1000000', 'usd')].flatMap((p) => (p.ok ? [] : [p.rule]));
  return { issues: issues.map((issue) => ({ rule: issueRule(issue), message: issue.message })), prices };
}

/**
 * A calendar's, Zoom's or Stripe's refusal (supabase/functions/_shared/calendars, net, meetings,
 * payments): raised by the functions against the other side, which their stack tests reach.
 */
const REMOTE_RULES: RuleMessage[] = [
  ...(['calendarLogin', 'calendarNone', 'calendarNoEvents', 'calendarUnreadable', 'calendarRuleUnreadable', 'feedAddress', 'feedScheme', 'feedNotIcs'] as const).map((id) => ruleMessage(id)),
  ...(['googleOffline', 'googleSignIn', 'stripeSignIn', 'stripeRefused', 'remoteHttps', 'remoteCredentials', 'remoteTimeout', 'remoteRedirects', 'remoteClosed', 'remoteUnpack'] as const).map((id) => ruleMessage(id)),
  ...(['calendarAnswered', 'calendarWrite', 'calendarRemove', 'feedGone', 'feedAnswered', 'googleAnswered', 'zoomRefused'] as const).map((id) => ruleMessage(id, { status: 503 })),
  ...(['remoteBlocked', 'remoteNoAddress', 'remoteRefused', 'remoteReset', 'remoteCertificate', 'remoteUnreachable'] as const).map((id) => ruleMessage(id, { host: 'cal.example.com' })),
  ruleMessage('expansionSteps', { steps: 20_000, scope: 'file' }),
  ruleMessage('expansionTime', { seconds: 5, scope: 'sync' }),
  ruleMessage('remoteTooLarge', { mib: 10 }),
  ruleMessage('googleCalendar', { calendar: 'team@example.com' }),
  ruleMessage('signInExpired', { provider: 'Zoom' }),
  ruleMessage('connectFailed', { reason: ruleMessage('calendarLogin') }),
];

const intls = new Map<Locale, IntlShape>();
beforeAll(async () => {
  for (const locale of LOCALES) {
    const messages = { ...(await loadMessages(locale)), ...(await loadMessages(locale, 'app')) };
    intls.set(locale, createIntl({ locale, messages, onError: (error) => { throw error; } }));
  }
});

describe("the host forms' and the /api's rule messages", () => {
  const { issues: faults, prices } = hostFaults();
  const rules = [...faults.map((f) => f.rule).filter((rule): rule is RuleMessage => rule !== null), ...prices, ...REMOTE_RULES];

  it('are each a rule, said by id', () => {
    expect(faults.filter((f) => f.rule === null).map((f) => f.message)).toEqual([]);
  });

  it('with the booking form’s, are every rule there is', async () => {
    const publicIds = new Set(Object.keys(await loadMessages('en')));
    const hostIds = new Set(rules.map((rule) => rule.id));
    expect(RULE_IDS.filter((id) => !hostIds.has(id) && !publicIds.has(ruleMessageId(id)))).toEqual([]);
  });

  it('read in English exactly as the functions word them', () => {
    for (const rule of rules) expect(ruleWords(intls.get('en')!, rule)).toBe(english(rule));
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))('are each translated in %s, and found by their words as a form keeps them', (locale) => {
    const intl = intls.get(locale)!;
    expect(rules.filter((rule) => ruleWords(intl, rule) === english(rule)).map((rule) => rule.id)).toEqual([]);
    expect(faults.filter((f) => messageWords(intl, f.message) === f.message).map((f) => f.message)).toEqual([]);
  });

  it('say values in the language', () => {
    const [teamSlug] = teamCreateSchema.safeParse({ name: 'x', slug: long(101) }).error!.issues;
    expect(messageWords(intls.get('de')!, teamSlug.message)).toBe('Die Team-Kennung darf höchstens 100 Zeichen lang sein');
  });
});
