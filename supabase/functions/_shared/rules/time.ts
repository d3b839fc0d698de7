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

/** Minutes since midnight → 'HH:MM' (1440 → '24:00'). */
export function formatHHMM(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
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

/** Calendar arithmetic on YYYY-MM-DD, independent of any zone. */
export function addDays(date: string, days: number): string {
  return new Date(dateToUtcMs(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday, as stored in availability rules. */
export function dayOfWeek(date: string): number {
  return new Date(dateToUtcMs(date)).getUTCDay();
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

/** The zone to use for a possibly missing or unknown value: spec section 5 falls back to UTC. */
export function resolveTimeZone(timeZone: string | null | undefined): string {
  return timeZone && isValidTimeZone(timeZone) ? timeZone : 'UTC';
}

/** Offset of the zone from UTC at an instant, in ms (Kathmandu: +5:45 → 20 700 000). */
export function offsetMs(timeZone: string, instantMs: number): number {
  // Intl is slow (tens of µs a call) and a 60-day slot listing asks thousands of times, so offsets are
  // cached per UTC hour — only for hours that begin and end on the same offset, i.e. hold no transition.
  const hour = Math.floor(instantMs / HOUR_MS);
  const key = `${timeZone}|${hour}`;
  const cached = offsetCache.get(key);
  if (cached !== undefined) return cached;
  const first = intlOffset(timeZone, hour * HOUR_MS);
  if (first !== intlOffset(timeZone, (hour + 1) * HOUR_MS - 1000)) return intlOffset(timeZone, instantMs);
  if (offsetCache.size >= OFFSET_CACHE_LIMIT) offsetCache.clear();
  offsetCache.set(key, first);
  return first;
}

const HOUR_MS = 3_600_000;
const OFFSET_CACHE_LIMIT = 200_000;
const offsetCache = new Map<string, number>();

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
  const local = new Date(ms + offsetMs(timeZone, ms));
  return {
    date: local.toISOString().slice(0, 10),
    minutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
    dayOfWeek: local.getUTCDay(),
  };
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
  const wall = dateToUtcMs(date) + minutes * MINUTE_MS;
  // No zone changes its offset twice within two days, so these are the only candidate offsets.
  const before = offsetMs(timeZone, wall - DAY_MS);
  const after = offsetMs(timeZone, wall + DAY_MS);
  const valid = [wall - before, wall - after].filter((t) => offsetMs(timeZone, t) + t === wall);
  if (valid.length > 0) return new Date(Math.min(...valid));
  // Gap: the transition lies in (wall - after, wall - before]; find the first minute on the new offset.
  let lo = Math.floor((wall - after) / MINUTE_MS);
  let hi = Math.ceil((wall - before) / MINUTE_MS);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (offsetMs(timeZone, mid * MINUTE_MS) === after) hi = mid;
    else lo = mid;
  }
  return new Date(hi * MINUTE_MS);
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
