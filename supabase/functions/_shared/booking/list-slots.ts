// Listing the slots of a personal or team event type for a visitor: the `slots` function and
// GET /api/slots share it, as does a guest's reschedule listing.
import type { Database } from '../db/connection.ts';
import { MAX_HORIZON_DAYS } from '../rules/constants.ts';
import { invalid } from '../rules/errors.ts';
import type { SlotsQuery } from '../rules/schemas.ts';
import { computeSlots, type SlotRules } from '../rules/slots.ts';
import { DAY_MS, toMs, zonedDateRange } from '../rules/time.ts';
import { type ReadOptions, readPersonal, readTeam } from './schedule.ts';

/** A range wider than the horizon (and a day either side for time zones) can never hold more slots; refusing it bounds the work. */
const MAX_RANGE_DAYS = MAX_HORIZON_DAYS + 2;

type ListOptions = Pick<ReadOptions, 'ifVersion' | 'staleBefore' | 'cache'> & { now?: Date; adjustRules?: (rules: SlotRules) => SlotRules };
export interface Listed {
  version: string;
  /** People whose calendar caches are stale. */
  stale: string[];
  answer: ({ eventTypeId: number } | { teamEventTypeId: number }) & { duration: number; hostTimeZone: string } & ReturnType<typeof computeSlots>;
}
/** The viewer's verified JWT claims, or null for a guest. */
type Claims = ReadOptions['claims'];
/**
 * The slots of `query` with the version of the schedule they were computed at, or 'not-modified'
 * when `opts.ifVersion` is still current, for the viewer whose `claims` are given (null: a guest); a
 * member also sees their private team's event types. `stale` names the people whose calendar caches
 * were last tried before `opts.staleBefore`.
 */
export function listSlots(db: Database, query: SlotsQuery, claims: Claims, opts?: ListOptions & { ifVersion?: undefined }): Promise<Listed>;
export function listSlots(db: Database, query: SlotsQuery, claims: Claims, opts: ListOptions): Promise<Listed | 'not-modified'>;
export async function listSlots(db: Database, query: SlotsQuery, claims: Claims, opts: ListOptions = {}): Promise<Listed | 'not-modified'> {
  const now = opts.now ?? new Date();
  const range = zonedDateRange(query.startDate, query.endDate, query.timeZone);
  const from = toMs(range.from);
  const to = toMs(range.to);
  if (to - from > MAX_RANGE_DAYS * DAY_MS) throw invalid(`The date range must not exceed ${MAX_RANGE_DAYS} days`);
  const read = { claims, ifVersion: opts.ifVersion, staleBefore: opts.staleBefore, cache: opts.cache };

  if (query.eventTypeId !== undefined) {
    const personal = await readPersonal(db, query.eventTypeId, from, to, now, read);
    if (personal === 'not-modified') return personal;
    const { schedule } = personal;
    const rules = opts.adjustRules ? opts.adjustRules(personal.rules) : personal.rules;
    return {
      version: personal.version,
      stale: personal.stale ? [schedule.eventType.userId] : [],
      answer: {
        eventTypeId: schedule.eventType.id,
        duration: schedule.eventType.duration,
        hostTimeZone: schedule.hostTimeZone,
        ...computeSlots({ ...rules, range, visitorTimeZone: query.timeZone }),
      },
    };
  }
  const team = await readTeam(db, query.teamEventTypeId!, from, to, now, read);
  if (team === 'not-modified') return team;
  const { schedule, rules } = team;
  return {
    version: team.version,
    stale: team.stale ? schedule.members.map((m) => m.userId) : [],
    answer: {
      teamEventTypeId: schedule.eventType.id,
      duration: schedule.eventType.duration,
      hostTimeZone: schedule.teamTimeZone,
      ...computeSlots({ ...rules, range, visitorTimeZone: query.timeZone }),
    },
  };
}
