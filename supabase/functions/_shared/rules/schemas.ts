// zod schemas of every request body of docs/product/api.md, with the exact messages of docs/product/validation.md.
// Shared by the web forms (react-hook-form) and the functions (server validation).
// Where the product notes give no message, the message is ours and reads like theirs.
import { z } from 'zod';
import { ruleMessage, ruleText } from './messages.ts';
import { PHONE_MESSAGE } from './phone.ts';
import {
  ASSIGNMENT_TYPES,
  BUFFER_CHOICES,
  COLORS,
  DAY_LIMIT_MAX,
  DEFAULT_ASSIGNMENT,
  DEFAULT_COLOR,
  DEFAULT_DURATION,
  DEFAULT_ROLE,
  DEFAULT_TIME_ZONE,
  DURATIONS,
  FUTURE_CHOICES,
  INVITABLE_ROLES,
  MAX_EXTRA_ATTENDEES,
  MAX_SEATS_PER_SLOT,
  MAX_SERIES_COUNT,
  NOTICE_CHOICES,
  SERIES_FREQUENCIES,
  SLOT_INTERVALS,
  TEAM_DURATION_MAX,
  TEAM_DURATION_STEP,
  TEAM_SLUG_MAX,
  TIME_OFF_MAX_DAYS,
  WEEK_LIMIT_MAX,
} from './constants.ts';
import { email, guestFields, optionalText, requiredText } from './fields.ts';
import { LOCALES } from './locales.ts';
import { guestFieldsSchema, questionsSchema } from './questions.ts';
import { chargeable, CURRENCIES } from './money.ts';
import { dayNumber, isValidDate, isValidTimeZone, parseHHMM } from './time.ts';

// -- building blocks ---------------------------------------------------------------------------

/** One of a set of numbers. */
function oneOf<T extends readonly number[]>(values: T, message: string) {
  return z.number({ error: message }).refine((v): v is T[number] => values.includes(v), message);
}

/** A positive integer id; form selects give strings, so digit strings are accepted too. */
function idNumber(message: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z.number({ error: message }).int(message).min(1, message).max(Number.MAX_SAFE_INTEGER, message),
  );
}

const timeZoneMessage = ruleText('timeZone');
const timeZone = z.string({ error: timeZoneMessage }).refine(isValidTimeZone, timeZoneMessage);
const userId = (message: string) => z.guid({ error: message });
// The pickers offer half hours only, and the availability tables' CHECK constraints insist on it.
const hhmmMessage = ruleText('halfHour');
const hhmm = z.string({ error: hhmmMessage }).regex(/^([01]\d|2[0-3]):(00|30)$/, hhmmMessage);
const isoInstant = (message: string) => z.iso.datetime({ offset: true, error: message });
// -- authentication ------------------------------------------------------------------------------

const passwordMin = ruleText('passwordMin');
const password = z.string({ error: passwordMin }).min(6, passwordMin).max(72, ruleText('passwordMax'));

export const loginSchema = z.object({
  email: email(ruleMessage('emailAddress')),
  password,
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  email: email(ruleMessage('emailAddress')),
  password,
  firstName: requiredText(ruleMessage('firstName'), 100),
  lastName: requiredText(ruleMessage('lastName'), 100),
});
export type RegisterInput = z.infer<typeof registerSchema>;

// -- event types ---------------------------------------------------------------------------------

const bufferMessage = ruleText('buffer');
const noticeMessage = ruleText('notice');
const futureMessage = ruleText('future');

/** A limit on bookings: a whole number from 1 to `max`. */
function bookingLimit(max: number, message: string) {
  return z.number({ error: message }).int(message).min(1, message).max(max, message);
}

/**
 * An event type's own scheduling rules (its 'Advanced' section), personal and team alike. A rule left
 * out is not changed (a new event type gets the default); null means the host's setting (for a team,
 * no buffer, no notice and the 60-day horizon) or no limit.
 */
const eventRuleFields = {
  bufferBefore: oneOf(BUFFER_CHOICES, bufferMessage).nullable().optional(),
  bufferAfter: oneOf(BUFFER_CHOICES, bufferMessage).nullable().optional(),
  minimumNotice: oneOf(NOTICE_CHOICES, noticeMessage).nullable().optional(),
  maxFutureBookings: oneOf(FUTURE_CHOICES, futureMessage).nullable().optional(),
  slotInterval: z.literal(SLOT_INTERVALS, { error: ruleText('slotInterval') }).optional(),
  maxBookingsPerDay: bookingLimit(DAY_LIMIT_MAX, ruleText('dayLimit', { max: DAY_LIMIT_MAX })).nullable().optional(),
  maxBookingsPerWeek: bookingLimit(WEEK_LIMIT_MAX, ruleText('weekLimit', { max: WEEK_LIMIT_MAX })).nullable().optional(),
};

const weekLimitNotBelowDay: [
  (v: { maxBookingsPerDay?: number | null; maxBookingsPerWeek?: number | null }) => boolean,
  { message: string; path: string[] },
] = [
  (v) => v.maxBookingsPerDay == null || v.maxBookingsPerWeek == null || v.maxBookingsPerWeek >= v.maxBookingsPerDay,
  { message: ruleText('weekBelowDay'), path: ['maxBookingsPerWeek'] },
];

/** PUT /api/event-types/{id}/rules and /api/teams/{teamId}/event-types/{id}/rules: some or all rules. */
export const eventRulesSchema = z
  .object(eventRuleFields, { error: ruleText('rulesObject') })
  .refine((v) => Object.values(v).some((rule) => rule !== undefined), ruleText('rulesNone'))
  .refine(...weekLimitNotBelowDay);

// -- meeting places ------------------------------------------------------------------------------

/** A phone number in E.164 form; the database's private.is_e164 holds the same. */
export const E164 = /^\+[1-9][0-9]{6,14}$/;
const e164 = z.string({ error: PHONE_MESSAGE }).regex(E164, PHONE_MESSAGE);
const place = <K extends string, S extends z.ZodRawShape>(kind: K, fields: S) => z.strictObject({ kind: z.literal(kind), ...fields });

/**
 * One place an event type's meetings can take place; the database's private.is_event_locations
 * checks the same (supabase/tests/db/locations.test.ts holds both to one set of cases).
 */
export const eventLocationSchema = z.discriminatedUnion(
  'kind',
  [
    place('in_person', { address: z.string({ error: ruleText('address') }).trim().min(1, ruleText('address')).max(500, ruleText('addressLong')) }),
    place('phone_host_calls', {}),
    place('phone_guest_calls', { number: e164 }),
    place('link', {
      url: z.url({ protocol: /^https$/, error: ruleText('linkHttps') }).max(2000, ruleText('linkLong')).regex(/^https:\/\/[^\s/?#]+\S*$/, ruleText('linkHttps')),
    }),
    place('jitsi', { server: z.string({ error: ruleText('jitsiHost') }).regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/, ruleText('jitsiHost')) }),
    place('google_meet', {}),
    place('zoom', {}),
  ],
  { error: ruleText('locationChoice') },
);
export type EventLocation = z.infer<typeof eventLocationSchema>;
export type LocationKind = EventLocation['kind'];
const LOCATION_KINDS = eventLocationSchema.options.map((o) => o.shape.kind.value) as [LocationKind, ...LocationKind[]];

/** An event type's places, in the host's order, one of each kind (none: "Video Conference"). */
export const eventLocationsSchema = z
  .array(eventLocationSchema, { error: ruleText('locationsList') })
  .max(7, ruleText('locationsMany'))
  .refine((list) => new Set(list.map((l) => l.kind)).size === list.length, ruleText('locationTwice'));

/** Seats per slot out of range (null, or empty in the form, is one guest per slot). */
/** A recurring series (docs/series.md): what an event type allows, and what a guest chooses. */
const SERIES_FREQUENCY_MESSAGE = ruleText('seriesFrequency');
const SERIES_COUNT_MESSAGE = ruleText('seriesCount', { max: MAX_SERIES_COUNT });
const seriesFrequency = z.enum(SERIES_FREQUENCIES, { error: SERIES_FREQUENCY_MESSAGE });
const seriesCount = z.number({ error: SERIES_COUNT_MESSAGE }).int(SERIES_COUNT_MESSAGE).min(2, SERIES_COUNT_MESSAGE).max(MAX_SERIES_COUNT, SERIES_COUNT_MESSAGE);
/** An event type's series: the frequencies a guest may choose and the most occurrences (event_types_recurrence_range). */
export const recurrenceSettingsSchema = z.object({
  frequencies: z.array(seriesFrequency).min(1, SERIES_FREQUENCY_MESSAGE).transform((f) => [...new Set(f)]),
  maxCount: seriesCount,
});
export type RecurrenceSettings = z.infer<typeof recurrenceSettingsSchema>;
export const SERIES_ONE_FREE_GUEST_MESSAGE = ruleText('seriesFreeOnly');
/** A series is booked by one guest for free (bookSeries refuses the rest): a form cannot offer it with a price or seats. */
const seriesOnlyFreeAndSingle: [(v: { recurrence?: RecurrenceSettings | null; priceCents?: number; seatsPerSlot?: number | null }) => boolean, { message: string; path: string[] }] = [
  (v) => !v.recurrence || (!(v.priceCents && v.priceCents > 0) && !v.seatsPerSlot),
  { message: SERIES_ONE_FREE_GUEST_MESSAGE, path: ['recurrence'] },
];

const SEATS_MESSAGE = ruleText('seats', { max: MAX_SEATS_PER_SLOT });

/** A late cancellation's refund share typed out of range (full and none are their own choices). */
const REFUND_PERCENT_MESSAGE = ruleText('refundPercent');

const EXTRA_GUESTS_MESSAGE = ruleText('extraGuests', { max: MAX_EXTRA_ATTENDEES });
const PRICE_MESSAGE = ruleText('price');

const eventTypeFields = {
  title: requiredText(ruleMessage('title')),
  description: optionalText(2000),
  color: z.enum(COLORS, { error: ruleText('colour') }).default(DEFAULT_COLOR),
  isActive: z.boolean().default(true),
  autoConfirm: z.boolean().default(true),
  // Left out: an update keeps the event type's places.
  locations: eventLocationsSchema.optional(),
  // Left out: an update keeps the guest's form as it is (rules/questions.ts).
  questions: z.optional(questionsSchema),
  guestFields: z.optional(guestFieldsSchema),
  // How many other people a guest may invite by email (0: none); left out, an update keeps it.
  maxExtraAttendees: z.number({ error: EXTRA_GUESTS_MESSAGE }).int(EXTRA_GUESTS_MESSAGE).min(0, EXTRA_GUESTS_MESSAGE).max(MAX_EXTRA_ATTENDEES, EXTRA_GUESTS_MESSAGE).optional(),
  // A group event's guests per slot (docs/seats.md): null is one guest a slot; left out, an update keeps it.
  seatsPerSlot: z
    .number({ error: SEATS_MESSAGE })
    .int(SEATS_MESSAGE)
    .min(2, SEATS_MESSAGE)
    .max(MAX_SEATS_PER_SLOT, SEATS_MESSAGE)
    .nullable()
    .optional(),
  // A recurring series (docs/series.md): null allows none; left out, an update keeps it.
  recurrence: recurrenceSettingsSchema.nullable().optional(),
  // In the currency's minor unit (rules/money.ts); left out, an update keeps the price. 0 is free.
  priceCents: z.number({ error: PRICE_MESSAGE }).int(PRICE_MESSAGE).min(0, PRICE_MESSAGE).optional(),
  currency: z.enum(CURRENCIES, { error: ruleText('currency') }).optional(),
  // What a paid booking's guest gets back on cancelling inside the host's notice for guest changes:
  // 100 (full), 0 (none) or a share of 1–99 percent; left out, an update keeps it.
  lateCancelRefundPercent: z
    .number({ error: REFUND_PERCENT_MESSAGE })
    .int(REFUND_PERCENT_MESSAGE)
    .min(0, REFUND_PERCENT_MESSAGE)
    .max(100, REFUND_PERCENT_MESSAGE)
    .optional(),
  ...eventRuleFields,
};

/** A price Stripe can charge in its currency (a whole number of krónur, a last 0 of a dinar's fils). */
const priceFitsCurrency: [(v: { priceCents?: number; currency?: string }) => boolean, { message: string; path: string[] }] = [
  (v) => v.priceCents === undefined || chargeable(v.priceCents, v.currency ?? 'usd'),
  { message: ruleText('priceCurrency'), path: ['priceCents'] },
];

export const eventTypeSchema = z
  .object({
    ...eventTypeFields,
    duration: oneOf(DURATIONS, ruleText('duration')),
  })
  .refine(...weekLimitNotBelowDay)
  .refine(...priceFitsCurrency)
  .refine(...seriesOnlyFreeAndSingle);
export type EventTypeInput = z.infer<typeof eventTypeSchema>;
/** The rules part of an event type's form, as parsed. */
export type EventRulesInput = z.infer<typeof eventRulesSchema>;

/** Team version (docs/product/validation.md): duration minimum 15, step 15; no teamId (it is in the path). */
export const teamEventTypeSchema = z
  .object({
    ...eventTypeFields,
    duration: z
      .number({ error: ruleText('durationMin', { min: TEAM_DURATION_STEP }) })
      .int(ruleText('durationStep', { step: TEAM_DURATION_STEP }))
      .min(TEAM_DURATION_STEP, ruleText('durationMin', { min: TEAM_DURATION_STEP }))
      .max(TEAM_DURATION_MAX, ruleText('durationMax', { max: TEAM_DURATION_MAX }))
      .multipleOf(TEAM_DURATION_STEP, ruleText('durationStep', { step: TEAM_DURATION_STEP }))
      .default(DEFAULT_DURATION),
    requiresAllMembers: z.boolean().default(false),
    assignmentType: z.enum(ASSIGNMENT_TYPES, { error: ruleText('assignment') }).default(DEFAULT_ASSIGNMENT),
    specificMemberId: userId(ruleText('member')).nullish().transform((v) => v ?? null),
  })
  .refine((v) => v.assignmentType !== 'specific_member' || v.specificMemberId !== null, {
    message: ruleText('member'),
    path: ['specificMemberId'],
  })
  .refine(...weekLimitNotBelowDay)
  .refine(...priceFitsCurrency)
  .refine(...seriesOnlyFreeAndSingle);
export type TeamEventTypeInput = z.infer<typeof teamEventTypeSchema>;

// -- availability and settings -------------------------------------------------------------------

const DAY_MESSAGE = ruleText('dayOfWeek');

/** One weekly range; extra keys the client sends back (id, userId, teamId) are dropped. */
export const availabilityRuleSchema = z
  .object({
    dayOfWeek: z.number({ error: DAY_MESSAGE }).int(DAY_MESSAGE).min(0, DAY_MESSAGE).max(6, DAY_MESSAGE),
    startTime: hhmm,
    endTime: hhmm,
    isEnabled: z.boolean().default(true),
  })
  .refine((r) => (parseHHMM(r.startTime) ?? 0) < (parseHHMM(r.endTime) ?? 0), {
    message: ruleText('endTime'),
    path: ['endTime'],
  });
export type AvailabilityRuleInput = z.infer<typeof availabilityRuleSchema>;

/** POST /api/availability and PUT /api/teams/{id}/availability: the whole week, replacing what was there. */
export const availabilitySchema = z.array(availabilityRuleSchema, { error: ruleText('availabilityList') }).max(7 * 48, ruleText('tooManyRanges'));
export type AvailabilityInput = z.infer<typeof availabilitySchema>;

export const settingsSchema = z.object({
  bufferBefore: oneOf(BUFFER_CHOICES, bufferMessage),
  bufferAfter: oneOf(BUFFER_CHOICES, bufferMessage),
  minimumNotice: oneOf(NOTICE_CHOICES, noticeMessage),
  maxFutureBookings: oneOf(FUTURE_CHOICES, futureMessage),
});
export type SettingsInput = z.infer<typeof settingsSchema>;

const localDate = z.string({ error: ruleText('calendarDate') }).refine(isValidDate, ruleText('calendarDate'));

/** A calendar date: the path of /api/date-overrides/{date}, and `?from=` of the override and time-off lists. */
export const calendarDateSchema = localDate;

const timeRangeSchema = z
  .object({ startTime: hhmm, endTime: hhmm })
  .refine((r) => (parseHHMM(r.startTime) ?? 0) < (parseHHMM(r.endTime) ?? 0), { message: ruleText('endTime'), path: ['endTime'] });

/** PUT /api/date-overrides/{date}: the date's hours, replacing the weekly ones; no ranges: unavailable all day. */
export const dateOverrideSchema = z.object({
  ranges: z
    .array(timeRangeSchema, { error: ruleText('rangesList') })
    .max(48, ruleText('tooManyRanges'))
    .refine((ranges) => {
      const sorted = [...ranges].sort((a, b) => a.startTime.localeCompare(b.startTime));
      return sorted.every((r, i) => i === 0 || sorted[i - 1].endTime <= r.startTime);
    }, ruleText('overlap')),
});
export type DateOverrideInput = z.infer<typeof dateOverrideSchema>;


/** POST /api/time-off: whole days [startDate, endDate] and a private note. */
export const timeOffSchema = z
  .object({
    startDate: localDate,
    endDate: localDate,
    note: optionalText(500),
  })
  .refine((t) => t.startDate <= t.endDate, { message: ruleText('endDate'), path: ['endDate'] })
  .refine((t) => !isValidDate(t.startDate) || !isValidDate(t.endDate) || dayNumber(t.endDate) - dayNumber(t.startDate) < TIME_OFF_MAX_DAYS, {
    message: ruleText('timeOffSpan', { days: TIME_OFF_MAX_DAYS }),
    path: ['endDate'],
  });
export type TimeOffInput = z.infer<typeof timeOffSchema>;

// -- bookings ------------------------------------------------------------------------------------

const startEndOrder = <T extends { startTime: string; endTime: string }>(v: T) => Date.parse(v.endTime) > Date.parse(v.startTime);
const endAfterStart = { message: ruleText('endTime'), path: ['endTime'] };

/** The host's Create Booking wording. */
export const HOST_GUEST_MESSAGES = { name: ruleMessage('hostGuestName'), missingEmail: ruleMessage('validEmail'), invalidEmail: ruleMessage('validEmail') };
/** The guest's own wording on the public pages (the dialog's; the event page says it another way). */
export const PUBLIC_GUEST_MESSAGES = {
  name: ruleMessage('publicGuest'),
  missingEmail: ruleMessage('publicGuest'),
  invalidEmail: ruleMessage('validEmail'),
};

const bookedTime = {
  startTime: isoInstant(ruleText('dateTime')),
  endTime: isoInstant(ruleText('dateTime')),
  /** The zone the guest picked on the booking page; their mails show times in it. */
  guestTimeZone: timeZone.optional(),
  /** The language the guest read the booking page in; their mails are written in it (English when absent). */
  guestLocale: z.enum(LOCALES, { error: ruleText('language') }).optional(),
};

/** Which of the event type's places the guest chose (needed when there are several; the database checks it is offered). */
const placeChoice = {
  locationKind: z.enum(LOCATION_KINDS, { error: ruleText('locationChoice') }).optional(),
  /** Answers to the event type's questions, by slug: book() checks them against its definition (rules/questions.ts). */
  answers: z.unknown().optional(),
  /** Other people the guest invites, by email: book() checks them against the event type's cap (rules/attendees.ts). */
  attendees: z.unknown().optional(),
};

/** POST /api/bookings: a host books on one of their own event types. */
export const hostBookingSchema = z
  .object({ eventTypeId: idNumber(ruleText('eventType')), ...guestFields(HOST_GUEST_MESSAGES), ...bookedTime, ...placeChoice })
  .refine(startEndOrder, endAfterStart);
export type HostBookingInput = z.infer<typeof hostBookingSchema>;

const publicGuest = { ...guestFields(PUBLIC_GUEST_MESSAGES), ...bookedTime, ...placeChoice };

/** POST /api/bookings/public: a guest books without an account. */
export const publicBookingSchema = z
  .object({ eventTypeId: idNumber(ruleText('eventType')), ...publicGuest })
  .refine(startEndOrder, endAfterStart);
export type PublicBookingInput = z.infer<typeof publicBookingSchema>;

/** POST /api/teams/{teamId}/bookings: as a booking, with teamEventTypeId in place of eventTypeId. */
export const teamBookingSchema = z
  .object({ teamEventTypeId: idNumber(ruleText('eventType')), ...publicGuest })
  .refine(startEndOrder, endAfterStart);
export type TeamBookingInput = z.infer<typeof teamBookingSchema>;

/**
 * A guest's series (POST /bookings `recurrence`): the frequency, how many occurrences counting the
 * first (startTime), the rule's starts they skip and those they move (taken ones, say); never the first.
 */
export const seriesChoiceSchema = z.object({
  frequency: seriesFrequency,
  count: seriesCount,
  skip: z.array(isoInstant(ruleText('dateTime'))).max(MAX_SERIES_COUNT).optional(),
  /** Later occurrences booked at another time (a taken one's alternative, say): the rule's start, and when. */
  moved: z
    .array(z.object({ from: isoInstant(ruleText('dateTime')), to: isoInstant(ruleText('dateTime')) }))
    .max(MAX_SERIES_COUNT)
    .optional(),
});
export type SeriesChoice = z.infer<typeof seriesChoiceSchema>;

/** GET /slots/series: each occurrence of a series that would start at `start`, free or taken. */
export const seriesQuerySchema = z
  .object({
    eventTypeId: idNumber(ruleText('eventType')).optional(),
    teamEventTypeId: idNumber(ruleText('eventType')).optional(),
    start: isoInstant(ruleText('dateTime')),
    frequency: seriesFrequency,
    count: z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), seriesCount),
    timeZone: timeZone.default(DEFAULT_TIME_ZONE),
  })
  .refine((q) => (q.eventTypeId === undefined) !== (q.teamEventTypeId === undefined), { message: ruleText('eventType'), path: ['eventTypeId'] });
export type SeriesQuery = z.infer<typeof seriesQuerySchema>;

/** PUT /api/bookings/{id}: only Reject, i.e. cancelling, goes through this route. */
export const bookingStatusSchema = z.object({
  status: z.literal('cancelled', { error: ruleText('cancelledOnly') }),
});
export type BookingStatusInput = z.infer<typeof bookingStatusSchema>;

/** The guest's manage link: its token, and what a cancel or a reschedule sends. A missing token reads as a wrong one. */
const manageToken = z.string().max(200).default('');
export const guestCancelSchema = z.object({ token: manageToken, reason: optionalText(500) });
export type GuestCancelInput = z.infer<typeof guestCancelSchema>;
export const guestRescheduleSchema = z.object({ token: manageToken, startTime: isoInstant(ruleText('dateTime')) });
export type GuestRescheduleInput = z.infer<typeof guestRescheduleSchema>;

// -- teams ---------------------------------------------------------------------------------------

/** The create and settings forms word the same rule differently (docs/product/validation.md). */
function slug(words: { required: string; max: string; chars: string }) {
  return z.string({ error: words.required }).trim().min(1, words.required).max(TEAM_SLUG_MAX, words.max).regex(/^[a-z0-9-]+$/, words.chars);
}

export const teamCreateSchema = z.object({
  name: requiredText(ruleMessage('teamName'), 100),
  slug: slug({ required: ruleText('teamSlug'), max: ruleText('teamSlugMax', { max: TEAM_SLUG_MAX }), chars: ruleText('slugChars') }),
  description: optionalText(1000),
  timezone: timeZone.default(DEFAULT_TIME_ZONE),
  isPublic: z.boolean().default(false),
});
export type TeamCreateInput = z.infer<typeof teamCreateSchema>;

/** PATCH /api/teams/{teamId}: the settings form sends every field; only name and slug are required. */
export const teamSettingsSchema = z.object({
  name: requiredText(ruleMessage('teamName'), 100),
  slug: slug({ required: ruleText('teamUrl'), max: ruleText('teamUrlMax', { max: TEAM_SLUG_MAX }), chars: ruleText('urlChars') }),
  description: optionalText(1000),
  timezone: timeZone.optional(),
  isPublic: z.boolean().optional(),
});
export type TeamSettingsInput = z.infer<typeof teamSettingsSchema>;

export const inviteSchema = z.object({
  email: email(ruleMessage('emailAddress')),
  role: z.enum(INVITABLE_ROLES, { error: ruleText('inviteRole') }).default(DEFAULT_ROLE),
});
export type InviteInput = z.infer<typeof inviteSchema>;

/** Accepting an invitation: the token of its mailed link, when the invitee opened it (the proof they read that mail). */
export const acceptInvitationSchema = z.object({
  token: z.string().min(1).max(200).optional(),
});

export const assignSchema = z.object({
  memberId: userId(ruleText('member')),
});
export type AssignInput = z.infer<typeof assignSchema>;

// -- profile and handles -------------------------------------------------------------------------

const handleLength = ruleText('handleLength');
const handleChars = ruleText('handleChars');

/** A handle as stored: what `sanitizeHandle` leaves, 3-30 characters (docs/product/validation.md, constants.md). */
export const handleSchema = z
  .string({ error: handleLength })
  .trim()
  .toLowerCase()
  .min(3, handleLength)
  .max(30, handleLength)
  .regex(/^[a-z0-9_-]+$/, handleChars);

/** A profile's fields: the profile form edits them, PUT /api/profile takes any of them. Empty texts become null. */
/** The longest bio a profile keeps (the profile form shows it as the bio grows). */
export const BIO_MAX = 1000;

export const profileFieldsSchema = z.object({
  firstName: requiredText(ruleMessage('firstName'), 100),
  lastName: requiredText(ruleMessage('lastName'), 100),
  handle: z.union([z.literal('').transform(() => null), z.null(), handleSchema]),
  bio: optionalText(BIO_MAX),
  title: optionalText(200),
  company: optionalText(200),
  location: optionalText(200),
  website: optionalText(500),
  linkedin: optionalText(500),
  twitter: optionalText(500),
  instagram: optionalText(500),
  timezone: timeZone,
  locale: z.enum(LOCALES, { error: ruleText('locale') }),
  isPublicProfile: z.boolean(),
  isCalendarPublic: z.boolean(),
  profileImageUrl: z.union([z.literal('').transform(() => null), z.null(), z.url({ error: ruleText('imageUrl') })]),
});

/** PUT /api/profile. Every field may be left out (kept as is). */
export const profileUpdateSchema = profileFieldsSchema.partial();
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

// -- query strings -------------------------------------------------------------------------------

/** The `slots` function: one of the two ids, visitor dates [startDate, endDate], the visitor's zone. */
export const slotsQuerySchema = z
  .object({
    eventTypeId: idNumber(ruleText('eventType')).optional(),
    teamEventTypeId: idNumber(ruleText('eventType')).optional(),
    startDate: localDate,
    endDate: localDate,
    timeZone: timeZone.default(DEFAULT_TIME_ZONE),
  })
  .refine((q) => (q.eventTypeId === undefined) !== (q.teamEventTypeId === undefined), {
    message: ruleText('eventType'),
    path: ['eventTypeId'],
  })
  .refine((q) => q.startDate <= q.endDate, { message: ruleText('endDate'), path: ['endDate'] });
export type SlotsQuery = z.infer<typeof slotsQuerySchema>;

/** GET /api/booking/{uid}/slots: the days to list the times a booking can move to (its event type is its own). */
export const moveSlotsQuerySchema = z
  .object({ startDate: localDate, endDate: localDate, timeZone: timeZone.default('UTC') })
  .refine((q) => q.startDate <= q.endDate, { message: ruleText('endDate'), path: ['endDate'] });

/** ?startDate=&endDate= of the booking lists (ISO instants, both optional). */
export const dateRangeQuerySchema = z.object({
  startDate: isoInstant(ruleText('instant', { field: 'startDate' })).optional(),
  endDate: isoInstant(ruleText('instant', { field: 'endDate' })).optional(),
});
export type DateRangeQuery = z.infer<typeof dateRangeQuerySchema>;

export const timeframeSchema = z.enum(['week', 'month', 'quarter', 'year'], { error: ruleText('timeframe') });
export type Timeframe = z.infer<typeof timeframeSchema>;
