// msw handlers for what the Calendars section (on the Availability page) reads, for component tests.
import { http, HttpResponse } from 'msw';
import { server } from './server.ts';
import { api, restGet, rpc, signedInAs } from './utils.tsx';

/** No calendar connected, no feed yet, Google, Zoom and Stripe not configured, no Zoom or Stripe account. */
export const noCalendars = [
  restGet('calendar_connections', []),
  rpc('calendar_feed_created_at', null),
  restGet('zoom_connections', []),
  restGet('stripe_connections', []),
  http.get(api('/functions/v1/calendars/providers'), () => HttpResponse.json({ caldav: true, ics: true, google: false, zoom: false, stripe: false })),
];

/** The rest of the Availability page, empty. */
export const emptyAvailability = [restGet('availability_rules', []), restGet('user_settings', []), restGet('event_types', []), restGet('date_overrides', []), restGet('time_off', [])];

/**
 * Availability, signed in, with one OAuth provider offered on the project (`zoom` or `stripe`); its
 * connections table answers `answers` in turn (the last one from then on; set `rows` to change it).
 */
export function availabilityWithAccount(provider: 'zoom' | 'stripe', ...answers: unknown[][]) {
  signedInAs();
  let read = 0;
  const account = { rows: () => answers[Math.min(read++, answers.length - 1)] };
  server.use(
    ...emptyAvailability,
    // Before noCalendars: the first handler that matches answers.
    http.get(api('/functions/v1/calendars/providers'), () => HttpResponse.json({ caldav: true, ics: true, google: false, zoom: provider === 'zoom', stripe: provider === 'stripe' })),
    http.get(api(`/rest/v1/${provider}_connections`), () => HttpResponse.json(account.rows())),
    ...noCalendars,
  );
  return account;
}
