// The web's door to supabase/functions/_shared: the same rules the functions enforce.
export { SLOT_TAKEN, type ErrorCode } from '../../../supabase/functions/_shared/rules/errors.ts';
export { formatDuration, sanitizeHandle, slugify } from '../../../supabase/functions/_shared/rules/format.ts';
export { TIME_ZONE_GROUPS } from '../../../supabase/functions/_shared/rules/timezones.ts';
export { eventRulesOf, eventTypeColumns, teamEventTypeColumns } from '../../../supabase/functions/_shared/rules/event-types.ts';
export { overrideRangesParam, overridesFromRows } from '../../../supabase/functions/_shared/rules/overrides.ts';
export {
  BUFFER_CHOICES,
  COLORS,
  DAY_LIMIT_MAX,
  dateOverrideSchema,
  DEFAULT_COLOR,
  DURATIONS,
  FUTURE_CHOICES,
  NOTICE_CHOICES,
  SLOT_INTERVALS,
  WEEK_LIMIT_MAX,
  eventTypeSchema,
  GUEST_CHANGE_NOTICE_CHOICES,
  inviteSchema,
  loginSchema,
  registerSchema,
  teamCreateSchema,
  teamEventTypeSchema,
  teamSettingsSchema,
  timeOffSchema,
  type EventRulesInput,
  type LoginInput,
  type RegisterInput,
  type TimeOffInput,
} from '../../../supabase/functions/_shared/rules/schemas.ts';
export {
  MAX_HORIZON_DAYS,
  type DateOverride,
  type OfferedSlot,
  type SlotInterval,
  type SlotResult,
  type TimeRange,
} from '../../../supabase/functions/_shared/rules/slots.ts';
