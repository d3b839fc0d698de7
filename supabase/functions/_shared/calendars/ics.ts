// Busy time from iCalendar (RFC 5545) data: what an external calendar says the host is doing.
// Pure: ical.js parses, recurrence.ts expands recurrence rules within a budget; instants come from
// the file's own VTIMEZONE definitions, else from the IANA zone its TZID names, else (floating
// times, all-day dates) from the host's zone, because a floating "09:00" means 09:00 wherever the
// calendar's owner is.
import ICAL from 'ical.js';
import { mergeSpans, type Span } from '../rules/intervals.ts';
import { ruleMessage } from '../rules/messages.ts';
import { DAY_MS, isValidTimeZone, zonedToInstant } from '../rules/time.ts';
import { CalendarDataError } from './errors.ts';
import { startsOf, wallOf, type Start } from './recurrence.ts';
import { RecurrenceBudget } from './recurrence-budget.ts';

export { CalendarDataError };

type Time = InstanceType<typeof ICAL.Time>;

const ZONE_REACH_MS = 14 * 3_600_000;
type Component = InstanceType<typeof ICAL.Component>;

export interface BusyWindow {
  /** Epoch ms: only occurrences overlapping [from, to) are returned. */
  from: number;
  to: number;
  /** IANA zone for floating times and all-day dates (the host's zone). */
  hostTimeZone: string;
  /** Events to leave out by UID: Kairos's own bookings written back, which already block their time. */
  ignoreUid?: (uid: string) => boolean;
}

function tzidOf(component: Component, property: string): string | null {
  const tzid = component.getFirstProperty(property)?.getParameter('tzid');
  return typeof tzid === 'string' ? tzid : null;
}

/**
 * The instant a time denotes. ical.js resolves UTC and zones defined in the file itself; a TZID
 * without a definition (allowed by many producers for IANA names) is read as that IANA zone.
 */
function instantOf(time: Time, tzid: string | null, hostZone: string): number {
  if (time.isDate) return zonedToInstant(dateOf(time), 0, hostZone).getTime();
  const zone = time.zone;
  if (zone && (zone.tzid === 'UTC' || zone.component)) return time.toUnixTime() * 1000;
  const wallZone = tzid && isValidTimeZone(tzid) ? tzid : hostZone;
  return zonedToInstant(dateOf(time), time.hour * 60 + time.minute, wallZone).getTime() + time.second * 1000;
}

function dateOf(time: Time): string {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;
}

function isCancelled(component: Component): boolean {
  return String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';
}

/** An event that does not occupy its owner's time: cancelled, or marked transparent ("free"). */
function isFree(component: Component): boolean {
  return isCancelled(component) || String(component.getFirstPropertyValue('transp') ?? '').toUpperCase() === 'TRANSPARENT';
}

/** [start, end) of one event component (a single event, or one overridden occurrence). */
function spanOf(event: InstanceType<typeof ICAL.Event>, hostZone: string): Span {
  const c = event.component;
  const start = instantOf(event.startDate, tzidOf(c, 'dtstart'), hostZone);
  const end = c.hasProperty('dtend')
    ? instantOf(event.endDate, tzidOf(c, 'dtend'), hostZone)
    : instantOf(event.endDate, tzidOf(c, 'dtstart'), hostZone);
  return { start, end };
}

interface Series {
  master?: InstanceType<typeof ICAL.Event>;
  /** Overridden occurrences (RECURRENCE-ID), keyed by the instant of the occurrence they replace. */
  overrides: Map<number, InstanceType<typeof ICAL.Event>>;
}

/** VEVENTs of every VCALENDAR in `text`, grouped by UID into a series (master + overrides). */
function seriesOf(text: string, hostZone: string, ignoreUid: (uid: string) => boolean): Series[] {
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text);
  } catch (e) {
    throw new CalendarDataError(ruleMessage('calendarUnreadable'));
  }
  const roots = (Array.isArray(parsed) && typeof parsed[0] === 'string' ? [parsed] : (parsed as unknown[])) as unknown[];
  const byUid = new Map<string, Series>();
  let anonymous = 0;
  for (const root of roots) {
    const calendar = new ICAL.Component(root as never);
    for (const vevent of calendar.getAllSubcomponents('vevent')) {
      const uid = String(vevent.getFirstPropertyValue('uid') ?? `no-uid-${anonymous++}`);
      if (ignoreUid(uid)) continue;
      const series: Series = byUid.get(uid) ?? { overrides: new Map() };
      byUid.set(uid, series);
      const event = new ICAL.Event(vevent, { strictExceptions: false, exceptions: [] });
      if (!vevent.hasProperty('dtstart')) continue;
      if (vevent.hasProperty('recurrence-id')) {
        series.overrides.set(instantOf(event.recurrenceId, tzidOf(vevent, 'recurrence-id'), hostZone), event);
      } else {
        series.master = event;
      }
    }
  }
  return [...byUid.values()];
}

/**
 * Wall-clock length of a master event, so every occurrence of "10:00-11:00" lasts until 11:00 local
 * time even across a DST change (and an all-day event lasts whole days).
 */
function occurrenceEnd(master: InstanceType<typeof ICAL.Event>, occurrence: Start, hostZone: string): number {
  const c = master.component;
  const sameClock = !c.hasProperty('dtend') || tzidOf(c, 'dtend') === tzidOf(c, 'dtstart');
  if (sameClock) {
    const end = occurrence.time.clone();
    end.addDuration(c.hasProperty('duration') ? master.duration : master.endDate.subtractDate(master.startDate));
    return instantOf(end, occurrence.tzid, hostZone);
  }
  const { start, end } = spanOf(master, hostZone);
  return instantOf(occurrence.time, occurrence.tzid, hostZone) + (end - start);
}

type Recur = InstanceType<typeof ICAL.Recur>;

const FREQ_SECONDS: Record<string, number> = { SECONDLY: 1, MINUTELY: 60, HOURLY: 3_600, DAILY: 86_400, WEEKLY: 604_800 };

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * Where to start expanding a series so that nothing at or after `from` (wall clock) is missed:
 * DTSTART moved forward by whole cycles of its rule (whole days holding a whole number of its
 * periods), which keeps every later occurrence, since the rule's phase, time of day and weekday stay
 * the same. Without it a daily event begun years ago costs a step for every day since. Counted rules
 * (COUNT), months and years (whose lengths vary) and series of several RRULEs expand from DTSTART.
 */
function expansionStart(master: InstanceType<typeof ICAL.Event>, rule: Recur | null, from: number): Time {
  const start = master.startDate;
  const seconds = rule && !rule.count ? FREQ_SECONDS[rule.freq] : undefined;
  if (!rule || !seconds) return start;
  const period = seconds * (rule.interval || 1);
  const cycleDays = period / gcd(period, 86_400);
  const cycles = Math.floor((from - wallOf(start)) / (cycleDays * DAY_MS));
  if (cycles <= 0) return start;
  const moved = start.clone();
  moved.addDuration(ICAL.Duration.fromData({ days: cycles * cycleDays }));
  return moved;
}

function* occurrences(series: Series, window: BusyWindow, step: () => void): Generator<Span> {
  const { master, overrides } = series;
  const zone = window.hostTimeZone;
  // A cancelled series frees its moved occurrences too; each override has its own transparency.
  if (master && isCancelled(master.component)) return;
  for (const override of overrides.values()) {
    if (!isFree(override.component)) yield spanOf(override, zone);
  }
  if (!master || isFree(master.component)) return;
  if (!master.isRecurring()) {
    yield spanOf(master, zone);
    return;
  }
  const c = master.component;
  const startTzid = tzidOf(c, 'dtstart');
  // EXDATEs are matched by instant, so one written in UTC still removes an occurrence in a TZID zone.
  const excluded = new Set<number>();
  for (const prop of c.getAllProperties('exdate')) {
    const tzid = typeof prop.getParameter('tzid') === 'string' ? (prop.getParameter('tzid') as string) : startTzid;
    for (const value of prop.getValues() as Time[]) excluded.add(instantOf(value, tzid, zone));
  }
  // The wall-clock reading is within 14 hours of the instant in any zone: a cheap test that skips
  // the zone arithmetic for occurrences before the window.
  const longest = Math.max(0, occurrenceEnd(master, { time: master.startDate, tzid: startTzid }, zone) - instantOf(master.startDate, startTzid, zone));
  const rules = c.getAllProperties('rrule').map((p) => p.getFirstValue() as Recur);
  // An expansion moved to just before the window yields its own start first (on the rule or not);
  // that occurrence ends before the window, like every other one before `reach`.
  const reach = window.from - ZONE_REACH_MS - longest - 2 * DAY_MS;
  const start = expansionStart(master, rules.length === 1 ? rules[0] : null, reach);
  for (const next of startsOf(master, start, window.to + ZONE_REACH_MS, step)) {
    if (wallOf(next.time) + ZONE_REACH_MS + longest + DAY_MS < window.from) continue;
    const start = instantOf(next.time, next.tzid, zone);
    if (start >= window.to || excluded.has(start) || overrides.has(start)) continue;
    yield { start, end: occurrenceEnd(master, next, zone) };
  }
}

/**
 * Busy spans of the host in [from, to), merged and sorted, from one or more VCALENDARs (a feed, or
 * the calendar objects of a CalDAV collection joined together). Recurring events are expanded with
 * their EXDATEs and RECURRENCE-ID overrides; cancelled and transparent events and occurrences are free.
 * Each text is a file of `budget` (by default a budget of its own): over a limit, it throws an
 * ExpansionLimitError, a CalendarDataError.
 */
export function busyFromICalendar(texts: string | readonly string[], window: BusyWindow, budget = new RecurrenceBudget()): Span[] {
  const spans: Span[] = [];
  for (const text of typeof texts === 'string' ? [texts] : texts) {
    budget.file((step) => {
      for (const series of seriesOf(text, window.hostTimeZone, window.ignoreUid ?? (() => false))) {
        for (const s of occurrences(series, window, step)) {
          if (s.end > window.from && s.start < window.to && s.end > s.start) spans.push(s);
        }
      }
    });
  }
  return mergeSpans(spans);
}
