// The one invite of a recurring series (docs/series.md; RFC 5545 3.8.5, RFC 5546): the booking
// invite's VEVENT under the series' UID and SEQUENCE, its DTSTART the rule's first start in the
// series' zone (TZID, with a VTIMEZONE of that zone's offsets over the series, so a DST change keeps
// the wall-clock time), an RRULE (cut before "this and all later"), an EXDATE for each start of the
// rule no booked occurrence stands for (skipped when booking, cancelled, declined), and one more
// VEVENT with RECURRENCE-ID for each occurrence booked away from its rule's start. Written with
// ical.js's components; every line as icalText puts it on the wire.
import ICAL from 'ical.js';
import { seriesRule, seriesStarts } from '../booking/series.ts';
import { icalText } from '../calendars/ical-text.ts';
import { DAY_MS, MINUTE_MS, offsetMs, toMs } from '../rules/time.ts';
import { inviteCalendar, type InviteOptions } from './ics.ts';
import type { BookingMailPayload } from './messages.ts';
import { beforeCut, bookedOccurrences, type SeriesSnapshot } from './series.ts';

type Component = InstanceType<typeof ICAL.Component>;

/** A floating date-time: the wall-clock time of instant `ms` at UTC offset `offset` (ms). */
function wallTime(ms: number, offset: number) {
  const d = new Date(ms + offset);
  return ICAL.Time.fromData({
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    isDate: false,
  });
}

/** The instants in [from, to] where the zone's UTC offset changes, to the minute, with the offsets either side. */
function offsetChanges(timeZone: string, from: number, to: number): { at: number; from: number; to: number }[] {
  const changes = [];
  let before = offsetMs(timeZone, from);
  for (let day = from + DAY_MS; day < to + DAY_MS; day += DAY_MS) {
    const after = offsetMs(timeZone, day);
    if (after === before) continue;
    // The first minute with the new offset (zones change on a minute).
    let [lo, hi] = [Math.floor((day - DAY_MS) / MINUTE_MS), Math.ceil(day / MINUTE_MS)];
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (offsetMs(timeZone, mid * MINUTE_MS) === before) lo = mid;
      else hi = mid;
    }
    changes.push({ at: hi * MINUTE_MS, from: before, to: after });
    before = after;
  }
  return changes;
}

/**
 * The VTIMEZONE of `timeZone` over [from, to], from the zone database the runtime carries (Intl): the
 * offset in force at `from`, then each change as its own observance (DTSTART in the time it replaces).
 */
export function zoneComponent(timeZone: string, from: number, to: number): Component {
  const first = offsetMs(timeZone, from);
  const changes = offsetChanges(timeZone, from, to);
  const lowest = Math.min(first, ...changes.map((c) => c.to));
  const zone = new ICAL.Component('vtimezone');
  zone.addPropertyWithValue('tzid', timeZone);
  for (const o of [{ at: from, from: first, to: first }, ...changes]) {
    // Summer time is the observance ahead of the zone's lowest offset in the span.
    const observance = new ICAL.Component(o.to > lowest ? 'daylight' : 'standard');
    observance.addPropertyWithValue('dtstart', wallTime(o.at, o.from));
    observance.addPropertyWithValue('tzoffsetfrom', ICAL.UtcOffset.fromSeconds(o.from / 1000));
    observance.addPropertyWithValue('tzoffsetto', ICAL.UtcOffset.fromSeconds(o.to / 1000));
    zone.addSubcomponent(observance);
  }
  return zone;
}

/** Sets property `name` of `event` to instant `ms` as the wall-clock time of `zone` (TZID). */
function setZoned(event: Component, name: string, ms: number, zone: InstanceType<typeof ICAL.Timezone>, add = false): void {
  const time = ICAL.Time.fromJSDate(new Date(ms), true).convertToZone(zone);
  const property = add ? event.addPropertyWithValue(name, time) : event.updatePropertyWithValue(name, time);
  property.setParameter('tzid', zone.tzid);
}

/** What the invite of a series says: the rule's starts it keeps, those it excludes, and the occurrences moved off their start. */
export function seriesShape(series: SeriesSnapshot) {
  const all = seriesStarts(toMs(series.firstStart), series.frequency, series.count, series.timeZone);
  const booked = bookedOccurrences(series);
  const kept = all.filter((s) => beforeCut(series, s));
  const standing = new Set(booked.map((o) => toMs(o.recurrenceId)));
  return {
    all,
    kept,
    booked,
    excluded: kept.filter((s) => !standing.has(s)),
    moved: booked.filter((o) => toMs(o.start) !== toMs(o.recurrenceId)),
  };
}

/**
 * The invite of a series mail: REQUEST while a date is booked, else CANCEL of the whole series. Its
 * texts, people and place are the mail's booking's (every occurrence shares them).
 */
export function seriesInvite(p: BookingMailPayload & { series: SeriesSnapshot }, opts: InviteOptions): string {
  const { series } = p;
  const shape = seriesShape(series);
  const cancel = shape.booked.length === 0;
  const duration = toMs(p.booking.end) - toMs(p.booking.start);
  // The master's status stands for the series: confirmed once a date is, else awaiting approval.
  const status = shape.booked.some((o) => o.status === 'confirmed') ? 'confirmed' : p.booking.status;
  const calendar = inviteCalendar({ ...p, booking: { ...p.booking, icalUid: series.icalUid, sequence: series.sequence, status } }, cancel, opts);
  const master = calendar.getFirstSubcomponent('vevent')!;
  calendar.removeSubcomponent(master);
  const times = [...shape.all, ...shape.moved.map((o) => toMs(o.start))];
  const vtimezone = zoneComponent(series.timeZone, Math.min(...times) - DAY_MS, Math.max(...times) + DAY_MS);
  calendar.addSubcomponent(vtimezone);
  const zone = new ICAL.Timezone(vtimezone);
  // A cancelled series is cancelled whole, as it was sent.
  const starts = cancel ? shape.all : shape.kept;
  const moved = cancel ? [] : shape.moved;
  const overrides = moved.map((o) => {
    const event = new ICAL.Component(structuredClone(master.toJSON()));
    setZoned(event, 'dtstart', toMs(o.start), zone);
    setZoned(event, 'dtend', toMs(o.end), zone);
    setZoned(event, 'recurrence-id', toMs(o.recurrenceId), zone, true);
    event.updatePropertyWithValue('status', o.status === 'confirmed' ? 'CONFIRMED' : 'TENTATIVE');
    return event;
  });
  setZoned(master, 'dtstart', starts[0]!, zone);
  setZoned(master, 'dtend', starts[0]! + duration, zone);
  master.addPropertyWithValue('rrule', seriesRule(toMs(series.firstStart), series.frequency, starts.length, series.timeZone));
  for (const s of cancel ? [] : shape.excluded) setZoned(master, 'exdate', s, zone, true);
  for (const event of [master, ...overrides]) calendar.addSubcomponent(event);
  return icalText(calendar);
}
