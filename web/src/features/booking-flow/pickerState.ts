// Where a guest is in a booking picker: the month shown, the chosen day and time, the time zone. On a
// booking page it lives in the URL (?date=2026-01-07&time=…&tz=Europe/Stockholm), so a reload, Back
// and Forward keep the guest's place; in a dialog, in the dialog's own state.
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { browserTimeZone } from '../../lib/time.ts';

export interface PickerPlace {
  /** The month shown (yyyy-MM), when the guest moved to one; else the chosen day's or the first free day's. */
  month: string | null;
  /** The chosen day (yyyy-MM-dd) in the guest's zone. */
  date: string | null;
  /** The chosen start (an ISO instant). */
  time: string | null;
  zone: string;
}

/** How a change enters the browser's history: a new entry (Back returns to the place before it) or in place. */
export type PlaceChange = Partial<PickerPlace> & { push?: boolean };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;

function isZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone a page's URL names (`tz`), when the browser knows it; else the browser's own. */
export function pickerZone(params: URLSearchParams, fallback = browserTimeZone()): string {
  const zone = params.get('tz');
  return zone && isZone(zone) ? zone : fallback;
}

function placeOf(params: URLSearchParams, fallbackZone: string): PickerPlace {
  const month = params.get('month');
  const date = params.get('date');
  const time = params.get('time');
  return {
    month: month && MONTH.test(month) ? month : null,
    date: date && DATE.test(date) ? date : null,
    time: time && !Number.isNaN(Date.parse(time)) ? time : null,
    zone: pickerZone(params, fallbackZone),
  };
}

const PARAM: Record<keyof PickerPlace, string> = { month: 'month', date: 'date', time: 'time', zone: 'tz' };

/**
 * The picker's place and how to change it: in the URL (`inUrl`: other parameters, an embed's say,
 * are kept) or in state. A new day or zone is a new history entry; a month moved to or a time picked
 * replaces the current one, so Back leaves the day rather than stepping through every press.
 */
export function usePickerPlace(inUrl: boolean, initialZone?: string): [PickerPlace, (change: PlaceChange) => void] {
  const [params, setParams] = useSearchParams();
  // The address last written here, and the render's address it was written over: a change made before
  // the last one has rendered (a day pressed while a new zone still renders) builds on it rather than on
  // its render's address, which lacks the zone. A render of another address (the change's own, Back,
  // Forward, a link) is the base again.
  const written = useRef<{ over: URLSearchParams; address: URLSearchParams } | null>(null);
  const fallbackZone = initialZone ?? browserTimeZone();
  const [local, setLocal] = useState<PickerPlace>({ month: null, date: null, time: null, zone: fallbackZone });
  if (!inUrl) return [local, ({ push: _push, ...patch }) => setLocal((now) => ({ ...now, ...patch }))];
  const place = placeOf(params, fallbackZone);
  const change = ({ push, ...patch }: PlaceChange) => {
    const now = written.current?.over === params ? written.current.address : params;
    const next = new URLSearchParams(now);
    for (const [name, value] of Object.entries(patch) as [keyof PickerPlace, string | null][]) {
      if (value === null || (name === 'zone' && value === fallbackZone && !now.has('tz'))) next.delete(PARAM[name]);
      else next.set(PARAM[name], value);
    }
    written.current = { over: params, address: next };
    setParams(next, { replace: !push });
  };
  return [place, change];
}
