// The slot engine: which start times a visitor may book. One place for every rule: weekly hours, date
// overrides, time off, busy intervals (bookings and external calendars alike), buffers, notice,
// horizon, the slot interval and booking limits, for a person or a team.
// Used by the `slots` function (listing), the booking functions (re-validation) and the web date picker.
import { DEFAULT_SETTINGS, MAX_HORIZON_DAYS, type SchedulingSettings, SLOT_STEP_MINUTES, type SlotInterval } from './constants.ts';
import { containedIn, type Interval, mergeSpans, overlapsAny, type Span, toSpans } from './intervals.ts';
import {
  dateOfDay,
  DAY_MS,
  dayNumber,
  formatHHMM,
  formatTimeInZone,
  type InstantInput,
  localDayNumber,
  MINUTE_MS,
  offsetMs,
  parseHHMM,
  resolveTimeZone,
  toIsoString,
  toMs,
  weekdayOfDay,
  zonedDayToMs,
} from './time.ts';

export interface AvailabilityRule {
  dayOfWeek: number;
  startTime: string;
  endTime: string;
  isEnabled: boolean;
}

/** One range of a date override's hours, 'HH:MM' in the schedule's zone. */
export interface TimeRange {
  startTime: string;
  endTime: string;
}

/** A date whose hours replace the weekly rules: `ranges` empty means unavailable all day. */
export interface DateOverride {
  date: string;
  ranges: readonly TimeRange[];
}

/** Whole days off, [startDate, endDate] inclusive, YYYY-MM-DD in the person's zone. */
export interface DayRange {
  startDate: string;
  endDate: string;
}

/** An event type's own rules; a missing or null one falls back to the host's (or the team's) setting. */
export interface EventRules {
  bufferBefore?: number | null;
  bufferAfter?: number | null;
  minimumNotice?: number | null;
  maxFutureBookings?: number | null;
  slotInterval?: SlotInterval;
  maxBookingsPerDay?: number | null;
  maxBookingsPerWeek?: number | null;
}

/** The settings that apply to an event type: its own rules over the defaults. */
export function effectiveSettings(defaults: SchedulingSettings, rules: EventRules): SchedulingSettings {
  return {
    bufferBefore: rules.bufferBefore ?? defaults.bufferBefore,
    bufferAfter: rules.bufferAfter ?? defaults.bufferAfter,
    minimumNotice: rules.minimumNotice ?? defaults.minimumNotice,
    maxFutureBookings: rules.maxFutureBookings ?? defaults.maxFutureBookings,
  };
}

/** Limits on bookings of one event type, per local day and per local week (Monday first). */
export interface BookingLimits {
  perDay?: number | null;
  perWeek?: number | null;
  /** Starts of the event type's non-cancelled bookings (enough of them to cover the weeks asked about). */
  booked: readonly InstantInput[];
}

/** A team member as the engine sees them: who, when they are already occupied, and their days off. */
export interface SlotMember {
  id: string;
  busy: readonly Interval[];
  /** Whole days off, read in `timeZone` (the member's own; fallback UTC). */
  timeOff?: readonly DayRange[];
  timeZone?: string | null;
}

/**
 * A group event's seats (docs/seats.md): `perSlot` guests a slot, and its slots that have seats taken,
 * with the seats left (0: full). Their time is not in `busy`: a taken slot is the host's busy time for
 * every other start, but its own start stays offered while a seat is left.
 */
export interface SlotSeats {
  perSlot: number;
  taken: readonly (Interval & { left: number })[];
}

/** Everything that decides whether a start time is bookable. */
export interface SlotRules {
  availability: readonly AvailabilityRule[];
  /** Dates whose hours replace the weekly rules (one entry per date). */
  overrides?: readonly DateOverride[];
  /** The host's days off (personal event types), in the host's zone: nothing is offered on them. */
  timeOff?: readonly DayRange[];
  /** Zone the availability windows are read in: the host's, or the team's (fallback UTC). */
  hostTimeZone?: string | null;
  /** Meeting length in minutes. */
  duration: number;
  /** The effective settings: see `effectiveSettings`. */
  settings?: SchedulingSettings;
  /** Minutes between offered starts (default 30). */
  slotInterval?: SlotInterval;
  limits?: BookingLimits;
  /**
   * Intervals occupying the host: non-cancelled bookings and external calendar events alike (buffers
   * apply to all of them); for teams, intervals that block everyone.
   */
  busy?: readonly Interval[];
  /**
   * Team event types: a slot also needs a free member (or every member when `requireAllMembers`).
   * Leave undefined for personal event types; an empty array means nobody can take the meeting.
   */
  members?: readonly SlotMember[];
  requireAllMembers?: boolean;
  /** A group event's seats; undefined for one guest a slot. */
  seats?: SlotSeats;
  now: InstantInput;
  /**
   * The latest start offered, in place of now + the horizon: a series' later occurrences (docs/series.md),
   * whose horizon is their first occurrence's.
   */
  latestStart?: InstantInput;
}

export interface SlotQuery extends SlotRules {
  /** Instants [from, to) to list slot starts in; see `zonedDateRange` for visitor dates. */
  range: { from: InstantInput; to: InstantInput };
  /** Zone of the labels and dates (fallback UTC). */
  visitorTimeZone?: string | null;
}

export interface OfferedSlot {
  /** ISO 8601 UTC instants; end = start + duration. */
  start: string;
  end: string;
  /** Visitor's local date (YYYY-MM-DD) and time 'HH:mm' ('01:30 EST' when the time occurs twice that day). */
  date: string;
  label: string;
  /** A group event's seats left at this start (docs/seats.md); absent for one guest a slot. */
  seatsLeft?: number;
}

export interface SlotResult {
  timeZone: string;
  /** In order of start; a page groups them by `date` (sending them grouped as well doubled the answer). */
  slots: OfferedSlot[];
}

export type SlotRejection =
  | 'invalid' // the start (or end) is not a valid instant
  | 'wrong_duration' // end given and not start + duration
  | 'past'
  | 'notice' // earlier than now + minimum notice
  | 'horizon' // later than now + max future bookings (at most 60 days)
  | 'outside_hours' // not an offered start of the day's hours (weekly, override, day off), or would not fit
  | 'limit' // the event type's bookings of that day or week are at their limit
  | 'busy'; // overlaps an existing booking (with buffers), or no member is free

/** On a team event type, `free` names the members free for the meeting: the one answer to "who is free". */
export type SlotCheck = { ok: true; free?: string[] } | { ok: false; reason: SlotRejection };

/** Minutes of a local day [start, end). */
interface Window {
  start: number;
  end: number;
}

interface MemberSpans {
  id: string;
  busy: Span[];
  /** Days off as instants: the meeting itself may not touch them (buffers do not apply). */
  away: Span[];
}

interface Engine {
  hostZone: string;
  durationMs: number;
  stepMs: number;
  beforeMs: number;
  afterMs: number;
  earliest: number; // now + notice
  now: number;
  latest: number; // last allowed start, inclusive
  weekly: Window[][];
  overrides: Map<number, Window[]>;
  daysOff: { from: number; to: number }[]; // day numbers, inclusive
  busy: Span[];
  members?: MemberSpans[];
  requireAll: boolean;
  seats?: { perSlot: number; taken: (Span & { left: number })[] };
  perDay: number;
  perWeek: number;
  bookedByDay: Map<number, number>; // host-local day number → bookings
  bookedByWeek: Map<number, number>; // day number of the week's Monday → bookings
}

function nonNegative(n: number): number {
  return Number.isFinite(n) && n > 0 ? n : 0;
}

function windowOf(startTime: string, endTime: string): Window | null {
  const start = parseHHMM(startTime);
  const end = parseHHMM(endTime);
  return start === null || end === null || start >= end ? null : { start, end };
}

/** A limit of n ≥ 1 bookings, or Infinity when unset or not a positive number. */
function limitOf(n: number | null | undefined): number {
  return n != null && Number.isFinite(n) && n >= 1 ? n : Infinity;
}

function mondayOf(day: number): number {
  return day - ((weekdayOfDay(day) + 6) % 7);
}

/** Days off as instants in a zone: from the first day's midnight to the midnight after the last. */
export function timeOffSpans(days: readonly DayRange[], timeZone: string | null | undefined): Span[] {
  const zone = resolveTimeZone(timeZone);
  return mergeSpans(
    days.map((d) => ({ start: zonedDayToMs(dayNumber(d.startDate), 0, zone), end: zonedDayToMs(dayNumber(d.endDate) + 1, 0, zone) })),
  );
}

function prepare(rules: SlotRules): Engine {
  const settings = rules.settings ?? DEFAULT_SETTINGS;
  const hostZone = resolveTimeZone(rules.hostTimeZone);
  const now = toMs(rules.now);
  const horizonDays = Math.min(nonNegative(settings.maxFutureBookings), MAX_HORIZON_DAYS);
  const durationMs = nonNegative(rules.duration) * MINUTE_MS;
  const weekly: Window[][] = [[], [], [], [], [], [], []];
  for (const r of rules.availability) {
    const w = r.isEnabled ? windowOf(r.startTime, r.endTime) : null;
    if (w) weekly[r.dayOfWeek]?.push(w);
  }
  const overrides = new Map<number, Window[]>();
  for (const o of rules.overrides ?? []) {
    const windows = o.ranges.map((r) => windowOf(r.startTime, r.endTime)).filter((w): w is Window => w !== null);
    overrides.set(dayNumber(o.date), windows);
  }
  const perDay = limitOf(rules.limits?.perDay);
  const perWeek = limitOf(rules.limits?.perWeek);
  const bookedByDay = new Map<number, number>();
  const bookedByWeek = new Map<number, number>();
  if (perDay !== Infinity || perWeek !== Infinity) {
    for (const b of rules.limits?.booked ?? []) {
      const ms = toMs(b);
      if (!Number.isFinite(ms)) continue;
      const day = localDayNumber(ms, hostZone);
      bookedByDay.set(day, (bookedByDay.get(day) ?? 0) + 1);
      bookedByWeek.set(mondayOf(day), (bookedByWeek.get(mondayOf(day)) ?? 0) + 1);
    }
  }
  const interval = rules.slotInterval ?? SLOT_STEP_MINUTES;
  return {
    hostZone,
    durationMs,
    stepMs: interval === 'duration' ? durationMs : nonNegative(interval) * MINUTE_MS,
    beforeMs: nonNegative(settings.bufferBefore) * MINUTE_MS,
    afterMs: nonNegative(settings.bufferAfter) * MINUTE_MS,
    now,
    earliest: now + nonNegative(settings.minimumNotice) * MINUTE_MS,
    latest: rules.latestStart === undefined ? now + horizonDays * DAY_MS : toMs(rules.latestStart),
    weekly,
    overrides,
    daysOff: (rules.timeOff ?? []).map((d) => ({ from: dayNumber(d.startDate), to: dayNumber(d.endDate) })),
    busy: busySpans(rules.busy ?? []),
    members: rules.members?.map(memberSpans),
    requireAll: rules.requireAllMembers ?? false,
    seats: rules.seats && {
      perSlot: rules.seats.perSlot,
      taken: rules.seats.taken.map((t) => ({ start: toMs(t.start), end: toMs(t.end), left: t.left })),
    },
    perDay,
    perWeek,
    bookedByDay,
    bookedByWeek,
  };
}

/** The day's hours: none on a day off, else the date's override, else the weekday's rules. */
function windowsOn(e: Engine, day: number): Window[] {
  for (const off of e.daysOff) if (off.from <= day && day <= off.to) return [];
  return e.overrides.get(day) ?? e.weekly[weekdayOfDay(day)];
}

/** Has the event type reached its limit on this host-local day or in its week? */
function limitReached(e: Engine, day: number): boolean {
  return (e.bookedByDay.get(day) ?? 0) >= e.perDay || (e.bookedByWeek.get(mondayOf(day)) ?? 0) >= e.perWeek;
}

/**
 * Start times offered on one host-local day, ascending and unique: every slot interval (30 minutes
 * unless the event type says otherwise) from each window's start, up to but excluding its end.
 *
 * Decision: the whole meeting must also fit inside the hours, not just its start — a 60-minute meeting
 * is not offered at 16:30 in a 09:00-17:00 window. Windows of the same day that overlap or touch count
 * as one stretch, so 09:00-12:00 plus 12:00-15:00 offers 11:30 for an hour.
 * Steps are real intervals from the window's start instant, so a window spanning a DST change offers
 * the hours that really exist (fall back: 01:00 and 01:30 twice; spring forward: none at 02:xx).
 */
function startsOnDay(e: Engine, day: number): number[] {
  const local = windowsOn(e, day);
  if (local.length === 0 || e.stepMs === 0) return [];
  const windows = local.map((w) => ({ start: zonedDayToMs(day, w.start, e.hostZone), end: zonedDayToMs(day, w.end, e.hostZone) }));
  const stretches = windows.length === 1 ? windows : mergeSpans(windows);
  const starts: number[] = [];
  for (const w of windows) {
    for (let t = w.start; t < w.end; t += e.stepMs) {
      if (containedIn(stretches, t, t + e.durationMs)) starts.push(t);
    }
  }
  if (windows.length === 1) return starts;
  starts.sort((a, b) => a - b);
  return starts.filter((t, i) => i === 0 || t !== starts[i - 1]);
}

/**
 * Busy intervals as merged spans, once per list: the slot listing's cache hands the same lists back
 * while a schedule's version holds (booking/schedule.ts), and a 50-member team's are 100,000 intervals.
 * A list is never changed once read, so the list itself is the key.
 */
const MERGED = new WeakMap<readonly Interval[], Span[]>();
function busySpans(busy: readonly Interval[]): Span[] {
  let spans = MERGED.get(busy);
  if (!spans) MERGED.set(busy, (spans = toSpans(busy)));
  return spans;
}

function memberSpans(m: SlotMember): MemberSpans {
  return { id: m.id, busy: busySpans(m.busy), away: timeOffSpans(m.timeOff ?? [], m.timeZone) };
}

/**
 * Is a member free for a meeting [start, end)? No busy time within the buffers [from, to), and no day
 * off under the meeting itself (buffers do not reach into time off). The slot engine and assignment
 * both ask this, here.
 */
function isFree(m: MemberSpans, from: number, to: number, start: number, end: number): boolean {
  return !overlapsAny(m.busy, from, to) && !overlapsAny(m.away, start, end);
}

/** The members free for a meeting at `start`, with the engine's buffers. */
function freeAt(e: Engine, members: readonly MemberSpans[], start: number): string[] {
  const end = start + e.durationMs;
  return members.filter((m) => isFree(m, start - e.beforeMs, end + e.afterMs, start, end)).map((m) => m.id);
}

/** The members free for `slot`, keeping `bufferBefore`/`bufferAfter` minutes around it. */
export function freeMembers(members: readonly SlotMember[], slot: Interval, bufferBefore = 0, bufferAfter = 0): string[] {
  const start = toMs(slot.start);
  const end = toMs(slot.end);
  const from = start - nonNegative(bufferBefore) * MINUTE_MS;
  const to = end + nonNegative(bufferAfter) * MINUTE_MS;
  if (!(from < to)) return []; // an unparsable or empty slot: nobody can take it
  return members.map(memberSpans).filter((m) => isFree(m, from, to, start, end)).map((m) => m.id);
}

/** Why an on-grid start is not bookable for timing or occupation, or null when it is. */
function timingOrBusy(e: Engine, start: number): SlotRejection | null {
  if (start < e.now) return 'past';
  if (start < e.earliest) return 'notice';
  if (start > e.latest) return 'horizon';
  const from = start - e.beforeMs;
  const end = start + e.durationMs;
  const to = end + e.afterMs;
  if (overlapsAny(e.busy, from, to)) return 'busy';
  if (e.seats && e.seats.taken.some((t) => (t.start === start ? t.left <= 0 : t.start < to && from < t.end))) return 'busy';
  if (e.members) {
    // The first free member settles it (the first busy one, when all are needed): a 50-member team's
    // slot is rarely 50 lookups.
    const free = (m: MemberSpans) => isFree(m, from, to, start, end);
    if (e.requireAll ? !e.members.every(free) : !e.members.some(free)) return 'busy';
  }
  return null;
}

/** The seats left at an offered start of a group event: all of them unless the slot is taken. */
function seatsLeftAt(seats: NonNullable<Engine['seats']>, start: number): number {
  return seats.taken.find((t) => t.start === start)?.left ?? seats.perSlot;
}

/** The bookable slots in a range, in the visitor's zone. */
export function computeSlots(query: SlotQuery): SlotResult {
  const e = prepare(query);
  const visitorZone = resolveTimeZone(query.visitorTimeZone);
  const from = Math.max(toMs(query.range.from), e.earliest);
  const to = Math.min(toMs(query.range.to), e.latest + 1);
  const slots: OfferedSlot[] = [];
  if (!(from < to) || e.durationMs === 0) return { timeZone: visitorZone, slots };

  // A fall-back hour shows the same clock time twice on one visitor date: those dates are relabelled.
  const repeats = new Set<string>();
  let previousDate = '';
  let previousLocal = -Infinity;
  // Host days whose windows can reach into [from, to): windows never leave their own local date.
  const lastDay = localDayNumber(to - 1, e.hostZone);
  for (let day = localDayNumber(from, e.hostZone); day <= lastDay; day++) {
    if (limitReached(e, day)) continue;
    for (const start of startsOnDay(e, day)) {
      if (start < from || start >= to || timingOrBusy(e, start) !== null) continue;
      const local = start + offsetMs(visitorZone, start);
      const localDay = Math.floor(local / DAY_MS);
      const slot: OfferedSlot = {
        start: toIsoString(start),
        end: toIsoString(start + e.durationMs),
        date: dateOfDay(localDay),
        label: formatHHMM(Math.floor((local - localDay * DAY_MS) / MINUTE_MS)),
        ...(e.seats && { seatsLeft: seatsLeftAt(e.seats, start) }),
      };
      slots.push(slot);
      if (previousDate === slot.date && local <= previousLocal) repeats.add(slot.date);
      previousDate = slot.date;
      previousLocal = local;
    }
  }
  if (repeats.size) {
    const onRepeated = slots.filter((s) => repeats.has(s.date));
    const shown = (s: OfferedSlot) => `${s.date} ${s.label}`;
    const seen = new Map<string, number>();
    for (const s of onRepeated) seen.set(shown(s), (seen.get(shown(s)) ?? 0) + 1);
    for (const s of onRepeated) {
      if ((seen.get(shown(s)) ?? 0) > 1) s.label = formatTimeInZone(s.start, visitorZone, true);
    }
  }
  return { timeZone: visitorZone, slots };
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
  const day = localDayNumber(s, e.hostZone);
  if (e.durationMs === 0 || !startsOnDay(e, day).includes(s)) return { ok: false, reason: 'outside_hours' };
  if (limitReached(e, day)) return { ok: false, reason: 'limit' };
  if (timing) return { ok: false, reason: timing };
  return e.members ? { ok: true, free: freeAt(e, e.members, s) } : { ok: true };
}
