// The web's door to supabase/functions/_shared: the same rules the functions enforce.
export { SLOT_TAKEN_RULE, type ErrorCode } from '../../../supabase/functions/_shared/rules/errors.ts';
export { formatDuration, sanitizeHandle, slugify } from '../../../supabase/functions/_shared/rules/format.ts';
export { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../../../supabase/functions/_shared/rules/locales.ts';
export { paymentState, paymentSummary, type PaymentFacts } from '../../../supabase/functions/_shared/rules/payments.ts';
export { CURRENCIES, DEFAULT_CURRENCY, formatMoney, parsePrice, priceText, refundShare, type Currency } from '../../../supabase/functions/_shared/rules/money.ts';
export { foldContentLine } from '../../../supabase/functions/_shared/rules/ical.ts';
export { TIME_ZONE_GROUPS } from '../../../supabase/functions/_shared/rules/timezones.ts';
export { eventRulesOf, eventTypeColumns, teamEventTypeColumns } from '../../../supabase/functions/_shared/rules/event-types.ts';
export { profileColumn, profileColumns } from '../../../supabase/functions/_shared/rules/profiles.ts';
export { overrideRangesParam, overridesFromRows } from '../../../supabase/functions/_shared/rules/overrides.ts';
export {
  DEFAULT_HOST_SETTINGS,
  hostSettingsFromColumns,
  settingsColumns,
  type HostSettings,
} from '../../../supabase/functions/_shared/rules/settings.ts';
export {
  BOOKING_ACTIONS,
  BOOKING_LISTS,
  inList,
  isOpen,
  myBookingsFilter,
  offeredActions,
  type BookingAction,
  type BookingList,
  type GuestView,
} from '../../../supabase/functions/_shared/rules/bookings.ts';
export {
  ASSIGNMENT_TYPES,
  BUFFER_CHOICES,
  COLORS,
  DAY_LIMIT_MAX,
  DEFAULT_COLOR,
  DEFAULT_RANGE,
  DEFAULT_WORKING_DAYS,
  DEFAULT_SETTINGS,
  DEFAULT_GUEST_FIELDS,
  DEFAULT_TIME_ZONE,
  DURATIONS,
  FIELD_MODES,
  FUTURE_CHOICES,
  GUEST_CHANGE_NOTICE_CHOICES,
  INVITABLE_ROLES,
  isManagerRole,
  MAX_EXTRA_ATTENDEES,
  MAX_HORIZON_DAYS,
  MAX_SEATS_PER_SLOT,
  MAX_SERIES_COUNT,
  NOTICE_CHOICES,
  SERIES_FREQUENCIES,
  SLOT_INTERVALS,
  TEAM_SLUG_MAX,
  TIME_OFF_MAX_DAYS,
  WEEK_LIMIT_MAX,
  type AssignmentType,
  type BookingStatus,
  type FieldMode,
  type SchedulingSettings,
  type SeriesFrequency,
  type SlotInterval,
  type TeamRole,
} from '../../../supabase/functions/_shared/rules/constants.ts';
export {
  availabilitySchema,
  BIO_MAX,
  bookingStatusSchema,
  dateOverrideSchema,
  dateRangeQuerySchema,
  eventRulesSchema,
  eventTypeSchema,
  handleSchema,
  hostBookingSchema,
  HOST_GUEST_MESSAGES,
  profileFieldsSchema,
  inviteSchema,
  SERIES_ONE_FREE_GUEST_MESSAGE,
  loginSchema,
  registerSchema,
  teamCreateSchema,
  teamEventTypeSchema,
  teamSettingsSchema,
  timeframeSchema,
  timeOffSchema,
  type EventLocation,
  type EventRulesInput,
  type LocationKind,
  type LoginInput,
  type RegisterInput,
  type TimeOffInput,
} from '../../../supabase/functions/_shared/rules/schemas.ts';
export { guestFields } from '../../../supabase/functions/_shared/rules/fields.ts';
export {
  answersSchema,
  answerText,
  askedGuestFields,
  guestAnswers,
  guestFieldsSchema,
  QUESTION_TYPES,
  questionsSchema,
  shownQuestions,
  type Answers,
  type GuestFieldsConfig,
  type Question,
  type QuestionType,
  type StoredAnswer,
} from '../../../supabase/functions/_shared/rules/questions.ts';
export { ATTENDEES_FIELD, attendeesSchema } from '../../../supabase/functions/_shared/rules/attendees.ts';
export { refusalOf } from '../../../supabase/functions/_shared/rules/refusals.ts';
export { english, fieldRule, issueRule, RULE_IDS, ruleMessage, type RuleId, type RuleMessage } from '../../../supabase/functions/_shared/rules/messages.ts';
/** The ids of the rules' catalogues (i18n/rules/<locale>.json, which the web's catalogue.ts merges into its own). */
export type RuleCatalogueId = keyof typeof import('../../../supabase/functions/_shared/i18n/rules/en.json');
export { e164Phone, PHONE_MESSAGE, PHONE_RULE } from '../../../supabase/functions/_shared/rules/phone.ts';
export { PLACE_LABELS, shownPlace, type BookingLocation } from '../../../supabase/functions/_shared/rules/places.ts';
export { type DateOverride, type OfferedSlot, type SlotResult, type TimeRange } from '../../../supabase/functions/_shared/rules/slots.ts';
export * from '../../../supabase/functions/_shared/rules/webhooks.ts';
