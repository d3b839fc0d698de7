// Listing the slots of an event type (a host's or a team's) for a visitor: the `slots` function and
// GET /api/slots share it, as does a guest's reschedule listing.
import type { Database } from '../db/connection.ts';
import { MAX_HORIZON_DAYS } from '../rules/constants.ts';
import { invalid } from '../rules/errors.ts';
import { ruleMessage } from '../rules/messages.ts';
import type { SlotsQuery } from '../rules/schemas.ts';
import { computeSlots, type SlotRules } from '../rules/slots.ts';
import { DAY_MS, toMs, zonedDateRange } from '../rules/time.ts';
import { eventTypeRef, type ReadOptions, readSchedule } from './schedule.ts';

/** A range wider than the horizon (and a day either side for time zones) can never hold more slots; refusing it bounds the work. */
const MAX_RANGE_DAYS = MAX_HORIZON_DAYS + 2;

type ListOptions = Pick<ReadOptions, 'ifVersion' | 'staleBefore' | 'cache'> & { now?: Date; adjustRules?: (rules: SlotRules) => SlotRules };
export interface Listed {
  version: string;
  /** People whose calendar caches are stale. */
  stale: string[];
  /** The answer, computed when asked: a process that kept this version's need not compute it again. */
  answer(): SlotAnswer;
}
type SlotAnswer = ({ eventTypeId: number } | { teamEventTypeId: number }) & { duration: number; hostTimeZone: string } & ReturnType<typeof computeSlots>;
/** The viewer's verified JWT claims, or null for a guest. */
type Claims = ReadOptions['claims'];
/**
 * The slots of `query` with the version of the schedule they were computed at, or 'not-modified'
 * when `opts.ifVersion` is still current, for the viewer whose `claims` are given (null: a guest); a
 * member also sees their private team's event types. `stale` names the people whose calendar caches
 * were last tried before `opts.staleBefore`. The answer names the event type as the query did.
 */
export function listSlots(db: Database, query: SlotsQuery, claims: Claims, opts?: ListOptions & { ifVersion?: undefined }): Promise<Listed>;
export function listSlots(db: Database, query: SlotsQuery, claims: Claims, opts: ListOptions): Promise<Listed | 'not-modified'>;
export async function listSlots(db: Database, query: SlotsQuery, claims: Claims, opts: ListOptions = {}): Promise<Listed | 'not-modified'> {
  const now = opts.now ?? new Date();
  const range = zonedDateRange(query.startDate, query.endDate, query.timeZone);
  const from = toMs(range.from);
  const to = toMs(range.to);
  if (to - from > MAX_RANGE_DAYS * DAY_MS) throw invalid(ruleMessage('rangeMax', { days: MAX_RANGE_DAYS }));
  const ref = eventTypeRef(query);
  const read = await readSchedule(db, ref, from, to, now, { claims, ifVersion: opts.ifVersion, staleBefore: opts.staleBefore, cache: opts.cache });
  if (read === 'not-modified') return read;
  const { schedule } = read;
  const rules = opts.adjustRules ? opts.adjustRules(read.rules) : read.rules;
  return {
    version: read.version,
    stale: read.stale ? read.people : [],
    answer: () => ({
      ...(ref.team ? { teamEventTypeId: schedule.eventType.id } : { eventTypeId: schedule.eventType.id }),
      duration: schedule.eventType.duration,
      hostTimeZone: schedule.timeZone,
      ...computeSlots({ ...rules, range, visitorTimeZone: query.timeZone }),
    }),
  };
}
