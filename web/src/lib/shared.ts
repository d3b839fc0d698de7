// The web's door to supabase/functions/_shared: the same rules the functions enforce.
export { SLOT_TAKEN, type ErrorCode } from '../../../supabase/functions/_shared/rules/errors.ts';
export { formatDuration, sanitizeHandle, slugify } from '../../../supabase/functions/_shared/rules/format.ts';
export { TIME_ZONE_GROUPS } from '../../../supabase/functions/_shared/rules/timezones.ts';
export { eventTypeColumns, teamEventTypeColumns } from '../../../supabase/functions/_shared/rules/event-types.ts';
export {
  COLORS,
  DEFAULT_COLOR,
  DURATIONS,
  eventTypeSchema,
  GUEST_CHANGE_NOTICE_CHOICES,
  inviteSchema,
  loginSchema,
  registerSchema,
  teamCreateSchema,
  teamEventTypeSchema,
  teamSettingsSchema,
  type LoginInput,
  type RegisterInput,
} from '../../../supabase/functions/_shared/rules/schemas.ts';
export { MAX_HORIZON_DAYS, type OfferedSlot, type SlotResult } from '../../../supabase/functions/_shared/rules/slots.ts';
