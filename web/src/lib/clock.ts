// The hour cycle every time of the app is shown in: the browser locale's (9:00 AM in en-US, 09:00 in
// en-GB or sv-SE) until the visitor picks 12- or 24-hour on a booking page; the pick is remembered
// where the browser allows storage (an embed on another site gets none, and keeps the locale's).
import { useSyncExternalStore } from 'react';
import { forget, readStored, store } from './deviceStorage.ts';

export type HourCycle = 'h12' | 'h23';

const KEY = 'kairos-hour-cycle';
const listeners = new Set<() => void>();

function localeCycle(): HourCycle {
  try {
    const cycle = new Intl.DateTimeFormat(undefined, { hour: 'numeric' }).resolvedOptions().hourCycle;
    return cycle === 'h11' || cycle === 'h12' ? 'h12' : 'h23';
  } catch {
    return 'h12';
  }
}

function stored(): HourCycle | null {
  const value = readStored(KEY);
  return value === 'h12' || value === 'h23' ? value : null;
}

let current: HourCycle | undefined;

/** The hour cycle times are shown in now. */
export function hourCycle(): HourCycle {
  return (current ??= stored() ?? localeCycle());
}

/** Shows every time in `cycle` from now on, and remembers it where storage is allowed. */
export function setHourCycle(cycle: HourCycle): void {
  current = cycle;
  store(KEY, cycle);
  for (const listener of listeners) listener();
}

/** Forgets a pick (tests start from the locale's cycle). */
export function resetHourCycle(): void {
  current = undefined;
  forget(KEY);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The current hour cycle; the component renders again when the visitor changes it. */
export function useHourCycle(): HourCycle {
  return useSyncExternalStore(subscribe, hourCycle, hourCycle);
}
