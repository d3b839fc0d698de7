// A day-and-time picker over a source of bookable times: the booking flows' and a guest's reschedule.
import { useMemo, useState } from 'react';
import { format, parseISO, startOfMonth } from 'date-fns';
import { dateKey, useHorizonSlots, type OfferedSlot, type SlotSource } from './hooks.ts';
import { useHourCycle } from '../../lib/clock.ts';
import { usePickerPlace } from './pickerState.ts';

/**
 * The horizon's times in the guest's zone and where the guest is among them (pickerState.ts). The
 * month shown is the one the guest moved to, else the chosen day's, else the first month with a free
 * day (while they load, the month shown before); `nextAvailable` is the first free day from the month shown on (or the first of all).
 */
export function useSlotPicker(source: SlotSource, { inUrl = false, initialZone }: { inUrl?: boolean; initialZone?: string } = {}) {
  useHourCycle(); // whatever shows the picker's times renders again when the guest changes the clock
  const [place, change] = usePickerPlace(inUrl, initialZone);
  const slots = useHorizonSlots(source, place.zone);
  const days = slots.data?.days;

  // Days offered: those with slots; none until the answer is here, or when it failed (never every day as bookable).
  const offered = useMemo(() => new Set((days ?? []).map((day) => day.date)), [days]);
  const firstDay = days?.[0]?.date ?? null;
  const placeMonth = place.month ?? place.date?.slice(0, 7) ?? firstDay?.slice(0, 7) ?? null;
  // While another zone's times load, the month shown stays: it would otherwise go back to this month and
  // on again once they are in (its caption is announced each time).
  const [lastMonth, setLastMonth] = useState(placeMonth);
  if (placeMonth !== null && placeMonth !== lastMonth) setLastMonth(placeMonth);
  const monthKey = placeMonth ?? lastMonth;
  const month = monthKey ? parseISO(`${monthKey}-01`) : startOfMonth(new Date());
  const daySlots = useMemo(() => (place.date ? (days?.find((day) => day.date === place.date)?.slots ?? []) : []), [days, place.date]);
  const slot = place.time ? (daySlots.find((candidate) => candidate.start === place.time) ?? null) : null;
  const shownMonth = format(month, 'yyyy-MM');
  const nextAvailable = days ? (days.find((day) => day.date.slice(0, 7) >= shownMonth)?.date ?? firstDay) : null;

  return {
    slots,
    offered,
    /** The answer came and holds no free day at all. */
    noTimes: Boolean(days && days.length === 0),
    month,
    setMonth: (next: Date) => change({ month: format(next, 'yyyy-MM') }),
    date: place.date ? parseISO(place.date) : null,
    selectDate: (day: Date) => change({ date: dateKey(day), month: null, time: null, push: true }),
    /** The first free day from the month shown on, or the first of all; null until known or when there is none. */
    nextAvailable: nextAvailable ? parseISO(nextAvailable) : null,
    daySlots,
    slot,
    setSlot: (next: OfferedSlot | null) => change({ time: next?.start ?? null }),
    timeZone: place.zone,
    setTimeZone: (zone: string) => change({ zone, time: null, push: true }),
    /** Back to no day and no time (after a booking). */
    clear: () => change({ date: null, time: null, month: null }),
  };
}

export type SlotPicker = ReturnType<typeof useSlotPicker>;
