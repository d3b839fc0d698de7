// A booking page's data asked for as the app starts, beside the download of the page's own code
// rather than after it: the page's queries find the answers in flight (same keys, same requests).
import { startOfMonth } from 'date-fns';
import type { QueryClient } from '@tanstack/react-query';
import { browserTimeZone } from '../../lib/time.ts';
import { monthSlotsQuery, publicEventTypeQuery } from './hooks.ts';

/** /book/{id} and /embed/{id}: the event type and this month's slots in the visitor's zone, as the page will ask. */
export function prefetchBookingPage(client: QueryClient, pathname: string): void {
  const match = /^\/(?:book|embed)\/([^/]+)\/?$/.exec(pathname);
  const eventTypeId = Number(match?.[1]);
  if (!match || !Number.isInteger(eventTypeId) || eventTypeId <= 0) return;
  void client.prefetchQuery(publicEventTypeQuery(eventTypeId));
  void client.prefetchQuery(monthSlotsQuery({ kind: 'personal', eventTypeId }, startOfMonth(new Date()), browserTimeZone()));
}
