// Wall-clock ↔ instant conversion for the slot engine and the web app.
// Pure: Intl and date-fns-tz only, no Deno or DOM globals.
//
// Offsets come from Intl directly. date-fns-tz's `getTimezoneOffset` reads its Date argument as a wall
// time (it answered -4h for New York at 05:00Z on 2026-03-08, two hours before the change), and
// `toZonedTime` builds a Date in the runtime's own zone, which breaks inside that zone's DST gaps in a
// browser. So date-fns-tz is used only to name a zone ('EST').
import { formatInTimeZone } from 'date-fns-tz';

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

/** A moment as accepted from callers: a Date, an ISO 8601 string or epoch milliseconds. */
export type InstantInput = Date | string | number;

/** A local calendar reading: `date` is YYYY-MM-DD, `minutes` since local midnight, `dayOfWeek` 0 = Sunday. */
export interface WallTime {
  date: string;
  minutes: number;
  dayOfWeek: number;
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Milliseconds since the epoch; NaN when the input is not a valid moment. */
export function toMs(value: InstantInput): number {
  if (typeof value === 'number') return value;
  return typeof value === 'string' ? Date.parse(value) : value.getTime();
}

/** 'HH:MM' → minutes since midnight. '24:00' is accepted as the end of the day; anything else invalid → null. */
export function parseHHMM(value: string): number | null {
  if (value === '24:00') return 1440;
  const m = HHMM.exec(value);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

// Every 'HH:MM' of a day, built once: the slot engine formats a label per slot.
const HHMM_TABLE = Array.from({ length: 1441 }, (_, m) => `${pad2(Math.floor(m / 60))}:${pad2(m % 60)}`);

/** Minutes since midnight → 'HH:MM' (1440 → '24:00'). */
export function formatHHMM(minutes: number): string {
  return HHMM_TABLE[minutes] ?? `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

/** True when `date` is a real calendar date written YYYY-MM-DD. */
export function isValidDate(date: string): boolean {
  const m = DATE.exec(date);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === date;
}

function dateToUtcMs(date: string): number {
  const m = DATE.exec(date);
  if (!m) throw new RangeError(`Invalid date: ${date}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

// Calendar dates as day numbers (days since 1970-01-01), so loops over dates are integer steps.
/** YYYY-MM-DD → its day number. */
export function dayNumber(date: string): number {
  return dateToUtcMs(date) / DAY_MS;
}

const dateCache = new Map<number, string>();
const DATE_CACHE_LIMIT = 100_000;

/** Day number → YYYY-MM-DD; remembered, as the slot engine asks once per slot. */
export function dateOfDay(day: number): string {
  let date = dateCache.get(day);
  if (date === undefined) {
    date = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (dateCache.size >= DATE_CACHE_LIMIT) dateCache.clear();
    dateCache.set(day, date);
  }
  return date;
}

/** 0 = Sunday … 6 = Saturday of a day number (1970-01-01 was a Thursday). */
export function weekdayOfDay(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** Calendar arithmetic on YYYY-MM-DD, independent of any zone. */
export function addDays(date: string, days: number): string {
  return dateOfDay(dayNumber(date) + days);
}

/** 0 = Sunday … 6 = Saturday, as stored in availability rules. */
export function dayOfWeek(date: string): number {
  return weekdayOfDay(dayNumber(date));
}

/**
 * The ISO 8601 UTC form of an instant, as `Date#toISOString` writes it. Whole minutes (every slot) are
 * assembled from the cached date and the HH:MM table: three `toISOString` calls per slot were most of
 * the engine's time.
 */
export function toIsoString(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  const minutes = (ms - day * DAY_MS) / MINUTE_MS;
  return Number.isInteger(minutes) ? `${dateOfDay(day)}T${HHMM_TABLE[minutes]}:00.000Z` : new Date(ms).toISOString();
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Intl formatter reading an instant's wall clock in a zone; throws RangeError for an unknown zone. */
function wallFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

// 'Area/Location' as spelled in the IANA database. Intl also takes 'america/new_york', 'EST' or
// 'GMT+5', which the database's pg_timezone_names check refuses, so they are refused here too.
const IANA_NAME = /^(UTC|[A-Z][A-Za-z]*(\/[A-Z0-9][A-Za-z0-9_+-]*)+)$/;

/** True for 'UTC' or an IANA 'Area/Location' name known to the runtime's Intl data. */
export function isValidTimeZone(timeZone: string): boolean {
  if (typeof timeZone !== 'string' || !IANA_NAME.test(timeZone)) return false;
  try {
    wallFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone to use for a possibly missing or unknown value: docs/product/validation.md falls back to UTC. */
export function resolveTimeZone(timeZone: string | null | undefined): string {
  return timeZone && isValidTimeZone(timeZone) ? timeZone : 'UTC';
}

/** Offset of the zone from UTC at an instant, in ms (Kathmandu: +5:45 → 20 700 000). */
export function offsetMs(timeZone: string, instantMs: number): number {
  return zoneOffsets(timeZone).at(instantMs);
}

const HOUR_MS = 3_600_000;
const OFFSET_CACHE_LIMIT = 200_000;

/**
 * One zone's offsets, remembered per UTC hour. Intl is slow (tens of µs a call) and a 60-day slot
 * listing asks thousands of times, so an hour's offset is asked once, and only hours that begin and
 * end on the same offset (no transition inside) are kept. Keys are numbers: a string key per lookup
 * cost more than the lookup.
 */
class ZoneOffsets {
  private readonly hours = new Map<number, number>();
  constructor(private readonly timeZone: string) {}

  at(instantMs: number): number {
    const hour = Math.floor(instantMs / HOUR_MS);
    const cached = this.hours.get(hour);
    if (cached !== undefined) return Number.isNaN(cached) ? intlOffset(this.timeZone, instantMs) : cached;
    const first = intlOffset(this.timeZone, hour * HOUR_MS);
    const holdsTransition = first !== intlOffset(this.timeZone, (hour + 1) * HOUR_MS - 1000);
    if (this.hours.size >= OFFSET_CACHE_LIMIT) this.hours.clear();
    // NaN marks an hour with a transition: asked of Intl every time, at the instant itself.
    this.hours.set(hour, holdsTransition ? Number.NaN : first);
    return holdsTransition ? intlOffset(this.timeZone, instantMs) : first;
  }
}

const zones = new Map<string, ZoneOffsets>();

function zoneOffsets(timeZone: string): ZoneOffsets {
  let z = zones.get(timeZone);
  if (!z) {
    z = new ZoneOffsets(timeZone);
    zones.set(timeZone, z);
  }
  return z;
}

function intlOffset(timeZone: string, instantMs: number): number {
  const seconds = Math.floor(instantMs / 1000) * 1000;
  const parts: Record<string, number> = {};
  for (const p of wallFormatter(timeZone).formatToParts(seconds)) parts[p.type] = Number(p.value);
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour % 24, parts.minute, parts.second);
  return wall - seconds;
}

/** The wall-clock reading of an instant in a zone. */
export function instantToZoned(instant: InstantInput, timeZone: string): WallTime {
  const ms = toMs(instant);
  const local = ms + offsetMs(timeZone, ms);
  const day = Math.floor(local / DAY_MS);
  return {
    date: dateOfDay(day),
    minutes: Math.floor((local - day * DAY_MS) / MINUTE_MS),
    dayOfWeek: weekdayOfDay(day),
  };
}

/** The day number of the local date an instant falls on in a zone. */
export function localDayNumber(instantMs: number, timeZone: string): number {
  return Math.floor((instantMs + offsetMs(timeZone, instantMs)) / DAY_MS);
}

/**
 * The instant at which the wall clock of `timeZone` reads `minutes` after midnight on `date`.
 *
 * DST is resolved deliberately rather than left to date-fns-tz's `fromZonedTime`, which picks
 * different sides of an overlap per zone and moves gap times backwards:
 * - a reading that happens twice (fall back) is the EARLIER instant, as Temporal's 'compatible';
 * - a reading that never happens (spring forward) is the moment the clocks jump, so a window
 *   "02:00-05:00" on the New York spring-forward day starts at 03:00 EDT and one ending inside the gap
 *   ends there.
 */
export function zonedToInstant(date: string, minutes: number, timeZone: string): Date {
  return new Date(zonedDayToMs(dayNumber(date), minutes, timeZone));
}

/** `zonedToInstant` for a day number, in epoch ms: the engine's form, without parsing or a Date. */
export function zonedDayToMs(day: number, minutes: number, timeZone: string): number {
  const zone = zoneOffsets(timeZone);
  const wall = day * DAY_MS + minutes * MINUTE_MS;
  // No zone changes its offset twice within two days, so these are the only candidate offsets.
  const before = zone.at(wall - DAY_MS);
  const after = zone.at(wall + DAY_MS);
  const early = wall - before;
  const late = wall - after;
  const earlyValid = zone.at(early) + early === wall;
  const lateValid = late === early ? earlyValid : zone.at(late) + late === wall;
  if (earlyValid || lateValid) return earlyValid && lateValid ? Math.min(early, late) : earlyValid ? early : late;
  // Gap: the transition lies in (wall - after, wall - before]; find the first minute on the new offset.
  let lo = Math.floor(late / MINUTE_MS);
  let hi = Math.ceil(early / MINUTE_MS);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (zone.at(mid * MINUTE_MS) === after) hi = mid;
    else lo = mid;
  }
  return hi * MINUTE_MS;
}

/** The instants bounding the local calendar dates [startDate, endDate] in a zone: [start of startDate, start of endDate + 1). */
export function zonedDateRange(startDate: string, endDate: string, timeZone: string): { from: Date; to: Date } {
  return {
    from: zonedToInstant(startDate, 0, timeZone),
    to: zonedToInstant(addDays(endDate, 1), 0, timeZone),
  };
}

/** 'HH:mm' of an instant in a zone; with `withZone`, the zone's abbreviation too ('01:30 EST'). */
export function formatTimeInZone(instant: InstantInput, timeZone: string, withZone = false): string {
  const time = formatHHMM(instantToZoned(instant, timeZone).minutes);
  return withZone ? `${time} ${formatInTimeZone(toMs(instant), timeZone, 'zzz')}` : time;
}
