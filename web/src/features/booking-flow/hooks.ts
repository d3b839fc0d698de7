// The slots a visitor may book, from the `slots` function, and which days of a month have any.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { addDays, formatISO, isAfter, isBefore, parseISO, startOfDay } from 'date-fns';
import { callFunction, callRpc } from '../../lib/api.ts';
import { useRefetchOnBroadcast } from '../../lib/realtime.ts';
import { MAX_HORIZON_DAYS, type OfferedSlot, type SlotResult } from '../../lib/shared.ts';
import { formatDate } from '../../lib/time.ts';

export type BookingTarget = { kind: 'personal'; eventTypeId: number } | { kind: 'team'; teamEventTypeId: number; teamId: number };

export type SlotsAnswer = SlotResult & { duration: number; hostTimeZone: string };

/** The day's date in the browser's zone, as the slots function keys days: 2026-01-05 (no Intl: a calendar asks for 42 per render). */
export function dateKey(day: Date): string {
  return formatISO(day, { representation: 'date' });
}

/**
 * docs/product/validation.md (date picker): days before today and more than 60 days ahead are disabled, and so is
 * every day the slots function offered nothing for (weekdays with no enabled availability among them).
 */
export function isDayDisabled(day: Date, offered: ReadonlySet<string> | null, today = new Date()): boolean {
  const first = startOfDay(today);
  if (isBefore(day, first)) return true;
  if (isAfter(startOfDay(day), addDays(first, MAX_HORIZON_DAYS))) return true;
  return offered !== null && !offered.has(dateKey(day));
}

/** Where a picker's times come from: an event type's slots, or the times a guest's booking can move to. */
export interface SlotSource {
  key: readonly unknown[];
  /** The request for the days `startDate`..`endDate` (yyyy-MM-dd) in `timeZone`. */
  path: (range: { startDate: string; endDate: string; timeZone: string }) => string;
  /** The Realtime topic whose signals make the times stale (someone else booked). */
  topic?: string;
}

const slotsKey = (target: BookingTarget) => ['slots', target.kind, target.kind === 'personal' ? target.eventTypeId : target.teamEventTypeId];

/** An event type's bookable times, from the `slots` function. */
export function slotSource(target: BookingTarget): SlotSource {
  const id = target.kind === 'personal' ? `eventTypeId=${target.eventTypeId}` : `teamEventTypeId=${target.teamEventTypeId}`;
  return {
    key: slotsKey(target),
    path: ({ startDate, endDate, timeZone }) => `slots?${id}&startDate=${startDate}&endDate=${endDate}&timeZone=${encodeURIComponent(timeZone)}`,
    // Someone else's booking takes its slot away at once: the database signals busy-time changes of
    // the host (or of the team's members) on a public channel that carries no booking details.
    topic: target.kind === 'personal' ? `slots:event_type:${target.eventTypeId}` : `slots:team:${target.teamId}`,
  };
}

/** Today in `timeZone` and the horizon's last day (today + 60 days), as yyyy-MM-dd. */
export function horizonRange(timeZone: string, now = new Date()): { startDate: string; endDate: string } {
  const startDate = formatDate(now, 'yyyy-MM-dd', timeZone);
  return { startDate, endDate: dateKey(addDays(parseISO(startDate), MAX_HORIZON_DAYS)) };
}

/**
 * Every bookable time from today to the horizon in the visitor's zone, in one request (at most 62
 * days, what the slots function allows): the calendar then opens on the first month with a free day
 * and offers the next available one without asking again. The hook's query, and the one a booking
 * page starts before its code has loaded (prefetch.ts).
 */
export function horizonSlotsQuery(source: SlotSource, timeZone: string) {
  return queryOptions({
    queryKey: [...source.key, timeZone],
    queryFn: () => callFunction<SlotsAnswer>(source.path({ ...horizonRange(timeZone), timeZone })),
  });
}

/** A day's offered times: its visitor date, and its slots in order. */
export interface SlotDay {
  date: string;
  slots: OfferedSlot[];
}

/** The answer with its slots by visitor date, days in order (the slots function sends them by start). */
function withDays(answer: SlotsAnswer): SlotsAnswer & { days: SlotDay[] } {
  const byDate = new Map<string, SlotDay>();
  for (const slot of answer.slots) {
    const day = byDate.get(slot.date);
    if (day) day.slots.push(slot);
    else byDate.set(slot.date, { date: slot.date, slots: [slot] });
  }
  return { ...answer, days: [...byDate.values()] };
}

/** The bookable times of the horizon by day, refetched when the source's topic signals a change. */
export function useHorizonSlots(source: SlotSource, timeZone: string) {
  useRefetchOnBroadcast(source.topic ?? null, [source.key]);
  return useQuery({ ...horizonSlotsQuery(source, timeZone), select: withDays });
}

export type { OfferedSlot };

export function publicEventTypeQuery(eventTypeId: number) {
  return queryOptions({
    queryKey: ['event-types', 'public', eventTypeId],
    enabled: Number.isInteger(eventTypeId) && eventTypeId > 0,
    queryFn: async () => {
      const rows = await callRpc('public_event_type', { p_event_type_id: eventTypeId });
      return rows[0] ?? null;
    },
  });
}

export function usePublicEventType(eventTypeId: number) {
  return useQuery(publicEventTypeQuery(eventTypeId));
}
