// Series fixtures shared by the api and the lifecycle tests: an event type that offers series, and a
// host zone whose clocks change soon (to see wall-clock times kept across the change).
import { expect } from 'vitest';
import { call } from './client.ts';
import type { Host } from './fixtures.ts';

export const DAY = 86_400_000;
export const WEEK = 7 * DAY;

/** The event type allows weekly series of up to 12, through the api's event type body. */
export async function allowSeries(host: Host) {
  const res = await call(`/api/event-types/${host.eventTypeId}`, {
    method: 'PUT',
    body: { title: 'Coaching', description: null, duration: 30, color: '#10b981', isActive: true, autoConfirm: true, recurrence: { frequencies: ['weekly', 'monthly'], maxCount: 12 } },
    token: host.accessToken,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toMatchObject({ recurrenceFrequencies: ['weekly', 'monthly'], recurrenceMaxCount: 12 });
}

/** A zone's UTC offset at an instant, in minutes, as Intl tells it. */
export function offsetOf(zone: string, t: number): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(t).find((p) => p.type === 'timeZoneName')!.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** A zone whose clocks change between 3 and 130 days from now (Europe/Berlin when it does), and the day they change. */
export function zoneChangingSoon(): { zone: string; change: number } {
  const zones = ['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'America/Santiago', 'Africa/Cairo', ...Intl.supportedValuesOf('timeZone')];
  for (const zone of zones) {
    for (let d = 3; d <= 130; d++) {
      const t = Date.now() + d * DAY;
      if (offsetOf(zone, t) !== offsetOf(zone, t - DAY)) return { zone, change: t };
    }
  }
  throw new Error('no time zone changes its clocks in the next 130 days');
}

/** The wall-clock reading HH:mm of an instant in a zone, as Intl tells it. */
export const wallClock = (iso: string, zone: string) => new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

/** 10:00 in `zone` a few weeks before its clock change `change` (within the 60-day horizon): a weekly series' first start. */
export function tenOClockBefore(zone: string, change: number): Date {
  const day = Math.min(Math.max(change - 35 * DAY, Date.now() + 2 * DAY), Date.now() + 55 * DAY);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(day);
  return new Date(Date.parse(`${date}T10:00:00Z`) - offsetOf(zone, Date.parse(`${date}T10:00:00Z`)) * 60_000);
}
