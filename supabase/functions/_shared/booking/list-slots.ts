// Listing the slots of a personal or team event type for a visitor: the `slots` function and
// GET /api/slots share it.
import { slotsQuerySchema } from '../rules/schemas.ts';
import { computeSlots } from '../rules/slots.ts';
import { DAY_MS, toMs, zonedDateRange } from '../rules/time.ts';
import { serviceClient } from '../http/clients.ts';
import type { FunctionEnv } from '../http/env.ts';
import { badRequest, parseOrThrow } from '../http/errors.ts';
import { loadPersonalSchedule, loadTeamSchedule, personalRules, teamRules } from './schedule.ts';

/** A range wider than the 60-day horizon can never hold more slots; refusing it bounds the work. */
const MAX_RANGE_DAYS = 62;

/** Query parameters as sent; `from`, `to` and `timezone` are accepted as aliases. */
function slotsQueryFrom(url: URL) {
  const q = url.searchParams;
  const pick = (...names: string[]) => names.map((n) => q.get(n)).find((v) => v !== null && v !== '') ?? undefined;
  return parseOrThrow(slotsQuerySchema, {
    eventTypeId: pick('eventTypeId'),
    teamEventTypeId: pick('teamEventTypeId'),
    startDate: pick('startDate', 'from'),
    endDate: pick('endDate', 'to'),
    timeZone: pick('timeZone', 'timezone'),
  });
}

export async function listSlots(env: FunctionEnv, url: URL, callerId: string | undefined, now = new Date()) {
  const query = slotsQueryFrom(url);
  const range = zonedDateRange(query.startDate, query.endDate, query.timeZone);
  const from = toMs(range.from);
  const to = toMs(range.to);
  if (to - from > MAX_RANGE_DAYS * DAY_MS) throw badRequest(`The date range must not exceed ${MAX_RANGE_DAYS} days`);
  const service = serviceClient(env);

  if (query.eventTypeId !== undefined) {
    const schedule = await loadPersonalSchedule(service, query.eventTypeId);
    const rules = await personalRules(service, schedule, from, to, now);
    return {
      eventTypeId: schedule.eventType.id,
      duration: schedule.eventType.duration,
      hostTimeZone: schedule.hostTimeZone,
      ...computeSlots({ ...rules, range, visitorTimeZone: query.timeZone }),
    };
  }
  const schedule = await loadTeamSchedule(service, query.teamEventTypeId!, { callerId });
  const { rules } = await teamRules(service, schedule, from, to, now);
  return {
    teamEventTypeId: schedule.eventType.id,
    duration: schedule.eventType.duration,
    hostTimeZone: schedule.teamTimeZone,
    ...computeSlots({ ...rules, range, visitorTimeZone: query.timeZone }),
  };
}
