// Listing the slots of a personal or team event type for a visitor: the `slots` function and
// GET /api/slots share it.
import type { SupabaseClient } from '@supabase/supabase-js';
import { MAX_HORIZON_DAYS } from '../rules/constants.ts';
import { invalid } from '../rules/errors.ts';
import type { SlotsQuery } from '../rules/schemas.ts';
import { computeSlots, type SlotRules } from '../rules/slots.ts';
import { DAY_MS, toMs, zonedDateRange } from '../rules/time.ts';
import { loadPersonalSchedule, loadTeamSchedule, personalRules, teamRules } from './schedule.ts';

/** A range wider than the horizon (and a day either side for time zones) can never hold more slots; refusing it bounds the work. */
const MAX_RANGE_DAYS = MAX_HORIZON_DAYS + 2;

/**
 * The slots of `query` for `viewer` (the caller's client, or the anon one for a guest): of the event
 * types they may book (schedule.ts), computed from what the service role reads. `readBusyOf` learns
 * whose busy times were read (their calendar caches may want a refresh).
 */
export async function listSlots(
  service: SupabaseClient,
  viewer: SupabaseClient,
  query: SlotsQuery,
  opts: { now?: Date; readBusyOf?: (userIds: string[]) => void; adjustRules?: (rules: SlotRules) => SlotRules } = {},
) {
  const now = opts.now ?? new Date();
  const range = zonedDateRange(query.startDate, query.endDate, query.timeZone);
  const from = toMs(range.from);
  const to = toMs(range.to);
  if (to - from > MAX_RANGE_DAYS * DAY_MS) throw invalid(`The date range must not exceed ${MAX_RANGE_DAYS} days`);

  if (query.eventTypeId !== undefined) {
    const schedule = await loadPersonalSchedule(service, viewer, query.eventTypeId);
    opts.readBusyOf?.([schedule.eventType.userId]);
    const read = await personalRules(service, schedule, from, to, now);
    const rules = opts.adjustRules ? opts.adjustRules(read) : read;
    return {
      eventTypeId: schedule.eventType.id,
      duration: schedule.eventType.duration,
      hostTimeZone: schedule.hostTimeZone,
      ...computeSlots({ ...rules, range, visitorTimeZone: query.timeZone }),
    };
  }
  const schedule = await loadTeamSchedule(service, viewer, query.teamEventTypeId!);
  opts.readBusyOf?.(schedule.members.map((m) => m.userId));
  const { rules } = await teamRules(service, schedule, from, to, now);
  return {
    teamEventTypeId: schedule.eventType.id,
    duration: schedule.eventType.duration,
    hostTimeZone: schedule.teamTimeZone,
    ...computeSlots({ ...rules, range, visitorTimeZone: query.timeZone }),
  };
}
