// A booking page's data asked for as the app starts, beside the download of the page's own code
// rather than after it: the page's queries find the answers in flight (same keys, same requests).
import type { QueryClient } from '@tanstack/react-query';
import { horizonSlotsQuery, publicEventTypeQuery, slotSource } from './hooks.ts';
import { pickerZone } from './pickerState.ts';

/** /book/{id} and /embed/{id}: the event type and its slots in the visitor's zone (the page's URL may name it), as the page will ask. */
export function prefetchBookingPage(client: QueryClient, pathname: string, search = ''): void {
  const match = /^\/(?:book|embed)\/([^/]+)\/?$/.exec(pathname);
  const eventTypeId = Number(match?.[1]);
  if (!match || !Number.isInteger(eventTypeId) || eventTypeId <= 0) return;
  void client.prefetchQuery(publicEventTypeQuery(eventTypeId));
  void client.prefetchQuery(horizonSlotsQuery(slotSource({ kind: 'personal', eventTypeId }), pickerZone(new URLSearchParams(search))));
}
