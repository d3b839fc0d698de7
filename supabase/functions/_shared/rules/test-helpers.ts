// Builders shared by the _shared tests.
import type { SchedulingSettings } from './constants.ts';
import type { AvailabilityRule, SlotQuery } from './slots.ts';

export const NO_SETTINGS: SchedulingSettings = { bufferBefore: 0, bufferAfter: 0, minimumNotice: 0, maxFutureBookings: 60 };

/** The same range on each of the given weekdays (0 = Sunday). */
export function weekly(days: number[], startTime: string, endTime: string, isEnabled = true): AvailabilityRule[] {
  return days.map((dayOfWeek) => ({ dayOfWeek, startTime, endTime, isEnabled }));
}

export const WEEKDAYS = [1, 2, 3, 4, 5];
export const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

/** A query over [from, to) with no buffers, notice or bookings, `now` a day before `from`, unless overridden. */
export function query(overrides: Partial<SlotQuery> & Pick<SlotQuery, 'range'>): SlotQuery {
  return {
    availability: weekly(WEEKDAYS, '09:00', '17:00'),
    hostTimeZone: 'UTC',
    visitorTimeZone: 'UTC',
    duration: 30,
    settings: NO_SETTINGS,
    busy: [],
    now: new Date(Date.parse(String(overrides.range.from)) - 86_400_000).toISOString(),
    ...overrides,
  };
}

type Dated = { slots: { date: string; label: string }[] };

/** Visitor-zone labels of the slots on one visitor date. */
export function labelsOn(result: Dated, date: string): string[] {
  return result.slots.filter((s) => s.date === date).map((s) => s.label);
}

/** The visitor dates with slots, in order: the days a date picker enables. */
export function datesOf(result: Dated): string[] {
  return [...new Set(result.slots.map((s) => s.date))];
}

/** Each visitor date with slots and its labels, in order. */
export function labelsByDate(result: Dated): [string, string[]][] {
  return datesOf(result).map((date) => [date, labelsOn(result, date)]);
}

/** ISO start instants of all slots. */
export function starts(result: { slots: { start: string }[] }): string[] {
  return result.slots.map((s) => s.start);
}
