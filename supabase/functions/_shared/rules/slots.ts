// The slot engine of spec section 5: which start times a visitor may book.
// Used by the `slots` function (listing), the booking functions (re-validation) and the web date picker.
import { containedIn, type Interval, mergeSpans, overlapsAny, type Span, toSpans } from './intervals.ts';
import {
  addDays,
  dayOfWeek,
  DAY_MS,
  formatHHMM,
  formatTimeInZone,
  type InstantInput,
  instantToZoned,
  MINUTE_MS,
  parseHHMM,
  resolveTimeZone,
  toMs,
  zonedDateRange,
  zonedToInstant,
} from './time.ts';

export const SLOT_STEP_MINUTES = 30;
/** Spec section 9: the booking horizon is never more than 60 days ahead, whatever the host's setting. */
export const MAX_HORIZON_DAYS = 60;

export interface AvailabilityRule {
  dayOfWeek: number;
  startTime: string;
  endTime: string;
  isEnabled: boolean;
}

/** Minutes for buffers and notice, days for maxFutureBookings (spec section 3). */
export interface SchedulingSettings {
  bufferBefore: number;
  bufferAfter: number;
  minimumNotice: number;
  maxFutureBookings: number;
}

/** Spec section 3 defaults, for hosts without a settings row. */
export const DEFAULT_SETTINGS: SchedulingSettings = {
  bufferBefore: 10,
  bufferAfter: 10,
  minimumNotice: 1440,
  maxFutureBookings: 60,
};

/** A team member as the engine sees them: who, and when they are already occupied. */
export interface SlotMember {
  id: string;
  busy: readonly Interval[];
}

/** Everything that decides whether a start time is bookable. */
export interface SlotRules {
  availability: readonly AvailabilityRule[];
  /** Zone the availability windows are read in: the host's, or the team's (fallback UTC). */
  hostTimeZone?: string | null;
  /** Meeting length in minutes. */
  duration: number;
  settings?: SchedulingSettings;
  /** Occupied intervals (non-cancelled bookings) of the host; for teams, intervals that block everyone. */
  busy?: readonly Interval[];
  /**
   * Team event types: a slot also needs a free member (or every member when `requireAllMembers`).
   * Leave undefined for personal event types; an empty array means nobody can take the meeting.
   */
  members?: readonly SlotMember[];
  requireAllMembers?: boolean;
  now: InstantInput;
}

export interface SlotQuery extends SlotRules {
  /** Instants [from, to) to list slot starts in; see `zonedDateRange` for visitor dates. */
  range: { from: InstantInput; to: InstantInput };
  /** Zone of the labels and the date grouping (fallback UTC). */
  visitorTimeZone?: string | null;
}

export interface OfferedSlot {
  /** ISO 8601 UTC instants; end = start + duration. */
  start: string;
  end: string;
  /** Visitor's local date (YYYY-MM-DD) and time 'HH:mm' ('01:30 EST' when the time occurs twice that day). */
  date: string;
  label: string;
}

export interface SlotResult {
  timeZone: string;
  slots: OfferedSlot[];
  /** The same slots grouped by the visitor's local date, dates ascending, only dates with slots. */
  days: { date: string; slots: OfferedSlot[] }[];
}

export type SlotRejection =
  | 'invalid' // the start (or end) is not a valid instant
  | 'wrong_duration' // end given and not start + duration
  | 'past'
  | 'notice' // earlier than now + minimum notice
  | 'horizon' // later than now + max future bookings (at most 60 days)
  | 'outside_hours' // not one of the 30-minute starts, or the meeting would not fit in a window
  | 'busy'; // overlaps an existing booking (with buffers), or no member is free

export type SlotCheck = { ok: true } | { ok: false; reason: SlotRejection };

interface Engine {
  hostZone: string;
  durationMs: number;
  beforeMs: number;
  afterMs: number;
  earliest: number; // now + notice
  now: number;
  latest: number; // last allowed start, inclusive
  rulesByDay: { start: number; end: number }[][];
  busy: Span[];
  members?: Span[][];
  requireAll: boolean;
}

function nonNegative(n: number): number {
  return Number.isFinite(n) && n > 0 ? n : 0;
}

function prepare(rules: SlotRules): Engine {
  const settings = rules.settings ?? DEFAULT_SETTINGS;
  const now = toMs(rules.now);
  const horizonDays = Math.min(nonNegative(settings.maxFutureBookings), MAX_HORIZON_DAYS);
  const rulesByDay: { start: number; end: number }[][] = [[], [], [], [], [], [], []];
  for (const r of rules.availability) {
    const start = parseHHMM(r.startTime);
    const end = parseHHMM(r.endTime);
    if (!r.isEnabled || start === null || end === null || start >= end) continue;
    rulesByDay[r.dayOfWeek]?.push({ start, end });
  }
  return {
    hostZone: resolveTimeZone(rules.hostTimeZone),
    durationMs: nonNegative(rules.duration) * MINUTE_MS,
    beforeMs: nonNegative(settings.bufferBefore) * MINUTE_MS,
    afterMs: nonNegative(settings.bufferAfter) * MINUTE_MS,
    now,
    earliest: now + nonNegative(settings.minimumNotice) * MINUTE_MS,
    latest: now + horizonDays * DAY_MS,
    rulesByDay,
    busy: toSpans(rules.busy ?? []),
    members: rules.members?.map((m) => toSpans(m.busy)),
    requireAll: rules.requireAllMembers ?? false,
  };
}

/**
 * Start times offered on one host-local date, ascending and unique: every 30 minutes from each enabled
 * window's start, up to but excluding its end (spec section 5).
 *
 * Decision: the whole meeting must also fit inside the availability, not just its start — a 60-minute
 * meeting is not offered at 16:30 in a 09:00-17:00 window. Windows of the same day that overlap or touch
 * count as one stretch, so 09:00-12:00 plus 12:00-15:00 offers 11:30 for an hour.
 * Steps are real 30-minute intervals from the window's start instant, so a window spanning a DST change
 * offers the hours that really exist (fall back: 01:00 and 01:30 twice; spring forward: none at 02:xx).
 */
function startsOnDate(e: Engine, date: string): number[] {
  const windows = e.rulesByDay[dayOfWeek(date)].map((w) => ({
    start: zonedToInstant(date, w.start, e.hostZone).getTime(),
    end: zonedToInstant(date, w.end, e.hostZone).getTime(),
  }));
  const stretches = mergeSpans(windows);
  const starts = new Set<number>();
  const step = SLOT_STEP_MINUTES * MINUTE_MS;
  for (const w of windows) {
    for (let t = w.start; t < w.end; t += step) {
      if (containedIn(stretches, t, t + e.durationMs)) starts.add(t);
    }
  }
  return [...starts].sort((a, b) => a - b);
}

/** Why an on-grid start is not bookable, or null when it is. */
function timingOrBusy(e: Engine, start: number): SlotRejection | null {
  if (start < e.now) return 'past';
  if (start < e.earliest) return 'notice';
  if (start > e.latest) return 'horizon';
  const from = start - e.beforeMs;
  const to = start + e.durationMs + e.afterMs;
  if (overlapsAny(e.busy, from, to)) return 'busy';
  if (e.members) {
    const free = e.members.filter((m) => !overlapsAny(m, from, to)).length;
    if (free === 0 || (e.requireAll && free < e.members.length)) return 'busy';
  }
  return null;
}

/** The bookable slots in a range, in the visitor's zone. */
export function computeSlots(query: SlotQuery): SlotResult {
  const e = prepare(query);
  const visitorZone = resolveTimeZone(query.visitorTimeZone);
  const from = Math.max(toMs(query.range.from), e.earliest);
  const to = Math.min(toMs(query.range.to), e.latest + 1);
  const slots: OfferedSlot[] = [];
  const days: SlotResult['days'] = [];
  if (!(from < to) || e.durationMs === 0) return { timeZone: visitorZone, slots, days };

  // Host dates whose windows can reach into [from, to): windows never leave their own local date.
  const lastDate = instantToZoned(to - 1, e.hostZone).date;
  for (let date = instantToZoned(from, e.hostZone).date; date <= lastDate; date = addDays(date, 1)) {
    for (const start of startsOnDate(e, date)) {
      if (start < from || start >= to || timingOrBusy(e, start) !== null) continue;
      const local = instantToZoned(start, visitorZone);
      const slot: OfferedSlot = {
        start: new Date(start).toISOString(),
        end: new Date(start + e.durationMs).toISOString(),
        date: local.date,
        label: formatHHMM(local.minutes),
      };
      slots.push(slot);
      const day = days[days.length - 1];
      if (day?.date === slot.date) day.slots.push(slot);
      else days.push({ date: slot.date, slots: [slot] });
    }
  }
  // A fall-back hour shows the same clock time twice on one date; the zone abbreviation tells them apart.
  for (const day of days) {
    const seen = new Map<string, number>();
    for (const s of day.slots) seen.set(s.label, (seen.get(s.label) ?? 0) + 1);
    for (const s of day.slots) {
      if ((seen.get(s.label) ?? 0) > 1) s.label = formatTimeInZone(s.start, visitorZone, true);
    }
  }
  return { timeZone: visitorZone, slots, days };
}

/**
 * Server re-validation of a requested booking: is `start` exactly a slot `computeSlots` would offer?
 * With `end`, it must also equal start + duration.
 */
export function checkSlot(rules: SlotRules, start: InstantInput, end?: InstantInput): SlotCheck {
  const e = prepare(rules);
  const s = toMs(start);
  if (!Number.isFinite(s) || (end !== undefined && !Number.isFinite(toMs(end)))) return { ok: false, reason: 'invalid' };
  if (end !== undefined && toMs(end) !== s + e.durationMs) return { ok: false, reason: 'wrong_duration' };
  const timing = timingOrBusy(e, s);
  if (timing === 'past' || timing === 'notice' || timing === 'horizon') return { ok: false, reason: timing };
  if (e.durationMs === 0 || !startsOnDate(e, instantToZoned(s, e.hostZone).date).includes(s)) {
    return { ok: false, reason: 'outside_hours' };
  }
  return timing ? { ok: false, reason: timing } : { ok: true };
}

/** `checkSlot(...).ok`, for callers that only need yes or no. */
export function isSlotOffered(rules: SlotRules, start: InstantInput, end?: InstantInput): boolean {
  return checkSlot(rules, start, end).ok;
}

/**
 * Visitor dates in [startDate, endDate] (YYYY-MM-DD, visitor's zone) that have at least one slot, for the
 * date picker. Because it runs the engine, it disables exactly what spec section 5 asks — days before
 * today, beyond the horizon, weekdays without enabled availability — and also days that notice,
 * bookings (when `busy` is given) or the meeting length leave empty.
 */
export function availableDays(rules: SlotRules & { visitorTimeZone?: string | null }, startDate: string, endDate: string): string[] {
  const visitorTimeZone = resolveTimeZone(rules.visitorTimeZone);
  const range = zonedDateRange(startDate, endDate, visitorTimeZone);
  return computeSlots({ ...rules, visitorTimeZone, range }).days.map((d) => d.date);
}
