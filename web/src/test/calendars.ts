// msw handlers for what the Calendars section (on the Availability page) reads, for component tests.
import { http, HttpResponse } from 'msw';
import { api, restGet, rpc } from './utils.tsx';

/** No calendar connected, no feed yet, Google and Zoom not configured, no Zoom account. */
export const noCalendars = [
  restGet('calendar_connections', []),
  rpc('calendar_feed_created_at', null),
  restGet('zoom_connections', []),
  http.get(api('/functions/v1/calendars/providers'), () => HttpResponse.json({ caldav: true, ics: true, google: false, zoom: false })),
];
