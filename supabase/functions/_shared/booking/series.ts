// A recurring series' occurrences (docs/series.md): the first start's wall-clock time in the owner's
// zone, repeated by an RFC 5545 rule that ical.js expands over floating times, each then an instant
// of that zone. So a 10:00 Europe/Berlin weekly series stays 10:00 across a DST change.
import ICAL from 'ical.js';
import type { Database } from '../db/connection.ts';
import type { SeriesFrequency } from '../rules/constants.ts';
import { invalid } from '../rules/errors.ts';
import { ruleMessage } from '../rules/messages.ts';
import type { SeriesQuery } from '../rules/schemas.ts';
import { checkSlot, computeSlots, type SlotRejection, type SlotRules } from '../rules/slots.ts';
import { DAY_MS, dayNumber, instantToZoned, MINUTE_MS, toIsoString, toMs, zonedDayToMs } from '../rules/time.ts';
import { eventTypeRef, readSchedule, type ReadOptions, type ScheduledEventType } from './schedule.ts';

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/** The rule of a frequency for a series starting on `date` (YYYY-MM-DD, its weekday `dayOfWeek`). */
function ruleOf(frequency: SeriesFrequency, date: string, dayOfWeek: number, count: number): InstanceType<typeof ICAL.Recur> {
  if (frequency === 'monthly') {
    // The same weekday of the month: the 2nd Tuesday stays the 2nd Tuesday.
    const nth = Math.ceil(Number(date.slice(8, 10)) / 7);
    return ICAL.Recur.fromString(`FREQ=MONTHLY;BYDAY=${nth}${WEEKDAYS[dayOfWeek]};COUNT=${count}`);
  }
  return ICAL.Recur.fromString(`FREQ=WEEKLY;INTERVAL=${frequency === 'biweekly' ? 2 : 1};COUNT=${count}`);
}

/** The RFC 5545 rule of a series whose first start is `first` in `timeZone` (the series' invite writes it as RRULE). */
export function seriesRule(first: number, frequency: SeriesFrequency, count: number, timeZone: string): InstanceType<typeof ICAL.Recur> {
  const wall = instantToZoned(first, timeZone);
  return ruleOf(frequency, wall.date, wall.dayOfWeek, count);
}

/** The `count` starts (epoch ms) of a series whose first start is `first`, in `timeZone`. */
export function seriesStarts(first: number, frequency: SeriesFrequency, count: number, timeZone: string): number[] {
  const wall = instantToZoned(first, timeZone);
  const [year, month, day] = wall.date.split('-').map(Number);
  // Floating (no zone): the rule counts wall-clock dates; the zone is applied to each below.
  const dtstart = ICAL.Time.fromData({ year, month, day, hour: Math.floor(wall.minutes / 60), minute: wall.minutes % 60, second: 0, isDate: false });
  const it = new ICAL.RecurIterator({ rule: seriesRule(first, frequency, count, timeZone), dtstart });
  const starts: number[] = [];
  for (let next = it.next(); next && starts.length < count; next = it.next()) {
    const date = `${next.year}-${String(next.month).padStart(2, '0')}-${String(next.day).padStart(2, '0')}`;
    starts.push(zonedDayToMs(dayNumber(date), next.hour * 60 + next.minute, timeZone));
  }
  return starts;
}

/** The host-zone week (Monday to Monday) an instant falls in: where a taken occurrence's alternative is sought. */
export function weekAround(start: number, timeZone: string): { from: number; to: number } {
  const wall = instantToZoned(start, timeZone);
  const monday = dayNumber(wall.date) - ((wall.dayOfWeek + 6) % 7);
  return { from: zonedDayToMs(monday, 0, timeZone), to: zonedDayToMs(monday + 7, 0, timeZone) };
}

/** One occurrence as the preview answers it: free to book, or taken and the nearest free start of its week. */
export interface OccurrenceCheck {
  start: string;
  end: string;
  free: boolean;
  /** Why it cannot be booked (a slot engine rejection), when it cannot. */
  reason?: SlotRejection;
  alternative?: { start: string; end: string } | null;
}

/** How far a series of `count` may reach past its first start, for the one read of its schedule. */
const REACH_DAYS: Record<SeriesFrequency, number> = { weekly: 7, biweekly: 14, monthly: 35 };
export const seriesReach = (frequency: SeriesFrequency, count: number) => REACH_DAYS[frequency] * count * DAY_MS;

/** The event type offers this series, or a 400 that says it does not. */
export function allowSeries(eventType: ScheduledEventType, frequency: SeriesFrequency, count: number): void {
  const r = eventType.recurrence;
  if (!r || !r.frequencies.includes(frequency)) throw invalid(ruleMessage('seriesOffer'));
  if (count > r.maxCount) throw invalid(ruleMessage('seriesAtMost', { max: r.maxCount }));
}

/** The rules occurrence `i` of `starts` is checked with: the first's horizon decides for the later ones. */
export function occurrenceRules(rules: SlotRules, starts: readonly number[], i: number): SlotRules {
  return i === 0 ? rules : { ...rules, latestStart: weekAround(Math.max(...starts), rules.hostTimeZone ?? 'UTC').to };
}

/**
 * Each start checked with the slot engine exactly as a single booking is (`checkSlot`): the first
 * within the horizon, the later ones with the horizon moved to the series' end (their first's
 * decides). A start that cannot be booked gets the free start of its host-zone week nearest to it.
 */
export function checkOccurrences(rules: SlotRules, starts: readonly number[], visitorTimeZone: string): OccurrenceCheck[] {
  const zone = rules.hostTimeZone ?? 'UTC';
  const durationMs = rules.duration * MINUTE_MS;
  const span = (s: number) => ({ start: toIsoString(s), end: toIsoString(s + durationMs) });
  return starts.map((start, i) => {
    const own = occurrenceRules(rules, starts, i);
    const check = checkSlot(own, start);
    if (check.ok) return { ...span(start), free: true };
    const offered = computeSlots({ ...own, range: weekAround(start, zone), visitorTimeZone }).slots.map((s) => toMs(s.start));
    const nearest = offered.sort((a, b) => Math.abs(a - start) - Math.abs(b - start) || a - b)[0];
    return { ...span(start), free: false, reason: check.reason, alternative: nearest === undefined ? null : span(nearest) };
  });
}

/** GET /slots/series: every occurrence of the series a guest is about to book, checked before anything is written. */
export async function previewSeries(db: Database, query: SeriesQuery, claims: ReadOptions['claims'], now = new Date()) {
  const first = toMs(query.start);
  const ref = eventTypeRef(query);
  const read = await readSchedule(db, ref, first - 8 * DAY_MS, first + seriesReach(query.frequency, query.count) + 8 * DAY_MS, now, { claims });
  const { schedule } = read;
  allowSeries(schedule.eventType, query.frequency, query.count);
  const starts = seriesStarts(first, query.frequency, query.count, schedule.timeZone);
  return {
    ...(ref.team ? { teamEventTypeId: schedule.eventType.id } : { eventTypeId: schedule.eventType.id }),
    frequency: query.frequency,
    duration: schedule.eventType.duration,
    hostTimeZone: schedule.timeZone,
    occurrences: checkOccurrences(read.rules, starts, query.timeZone),
  };
}
