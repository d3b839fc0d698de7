// The msw server web component tests answer the app's requests with.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { supabaseUrl } from '../lib/supabase.ts';
import { realtimeStandIn } from './realtime.ts';

/** Screens with a Webhooks section (the profile, team settings) find no endpoints unless a test says otherwise. */
const noWebhooks = [
  http.get(`${supabaseUrl}/functions/v1/api/webhooks`, () => HttpResponse.json([])),
  http.get(`${supabaseUrl}/functions/v1/api/teams/:teamId/webhooks`, () => HttpResponse.json([])),
];

/** The dashboard's setup checklist reads the host's weekly hours: none unless a test says otherwise. */
const noHours = http.get(`${supabaseUrl}/rest/v1/availability_rules`, () => HttpResponse.json([]));

/** No Stripe account unless a test says otherwise (the event type dialog asks whether prices can be taken). */
const noStripe = http.get(`${supabaseUrl}/rest/v1/stripe_connections`, () => HttpResponse.json([]));

/** msw stands in for the Supabase gateway (PostgREST, Auth, functions, Realtime) at the app's own origin. */
export const server = setupServer(realtimeStandIn, ...noWebhooks, noHours, noStripe);
