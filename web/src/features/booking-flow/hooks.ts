// The slots a visitor may book, from the `slots` function, and which days of a month have any.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { addDays, endOfMonth, formatISO, isAfter, isBefore, max, min, startOfDay, startOfMonth } from 'date-fns';
import { callFunction, callRpc } from '../../lib/api.ts';
import { useRefetchOnBroadcast } from '../../lib/realtime.ts';
import { MAX_HORIZON_DAYS, type OfferedSlot, type SlotResult } from '../../lib/shared.ts';

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

/** The month's slots query: the hook's, and the one a booking page starts before its code has loaded (prefetch.ts). */
export function monthSlotsQuery(target: BookingTarget, month: Date, timeZone: string) {
  const today = startOfDay(new Date());
  const from = max([startOfMonth(month), today]);
  const to = min([endOfMonth(month), addDays(today, MAX_HORIZON_DAYS)]);
  const id = target.kind === 'personal' ? `eventTypeId=${target.eventTypeId}` : `teamEventTypeId=${target.teamEventTypeId}`;
  return queryOptions({
    queryKey: [...slotsKey(target), dateKey(month), timeZone],
    enabled: !isAfter(from, to),
    queryFn: () =>
      callFunction<SlotsAnswer>(`slots?${id}&startDate=${dateKey(from)}&endDate=${dateKey(to)}&timeZone=${encodeURIComponent(timeZone)}`),
  });
}

const slotsKey = (target: BookingTarget) => ['slots', target.kind, target.kind === 'personal' ? target.eventTypeId : target.teamEventTypeId];

/** The visible month's slots in the visitor's zone, clipped to [today, today + 60 days]. */
export function useMonthSlots(target: BookingTarget, month: Date, timeZone: string) {
  // Someone else's booking takes its slot away at once: the database signals busy-time changes of
  // the host (or of the team's members) on a public channel that carries no booking details.
  useRefetchOnBroadcast(target.kind === 'personal' ? `slots:event_type:${target.eventTypeId}` : `slots:team:${target.teamId}`, [slotsKey(target)]);
  return useQuery(monthSlotsQuery(target, month, timeZone));
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
