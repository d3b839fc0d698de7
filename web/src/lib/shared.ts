// The web's door to supabase/functions/_shared: the same rules the functions enforce.
export { SLOT_TAKEN, type ErrorCode } from '../../../supabase/functions/_shared/rules/errors.ts';
export { formatDuration, sanitizeHandle, slugify } from '../../../supabase/functions/_shared/rules/format.ts';
export { TIME_ZONE_GROUPS } from '../../../supabase/functions/_shared/rules/timezones.ts';
export { eventTypeColumns, teamEventTypeColumns } from '../../../supabase/functions/_shared/rules/event-types.ts';
