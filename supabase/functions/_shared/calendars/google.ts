// Google Calendar through the official client (@googleapis/calendar, with google-auth-library's
// OAuth2 client): consent URL, code exchange, the account's calendars, and busy times from the
// freeBusy API (Google expands recurrences, transparency and declined invitations itself).
// Only available where the project's secrets name a Google client.
import { auth, calendar, type calendar_v3 } from '@googleapis/calendar';
import type { Span } from '../rules/intervals.ts';
import { DAY_MS } from '../rules/time.ts';
import { CalendarAccessError, type RemoteCalendar } from './caldav.ts';

export const GOOGLE_SCOPES = ['https://www.googleapis.com/auth/calendar.readonly', 'https://www.googleapis.com/auth/calendar.events'];

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  /** Overrides of Google's public endpoints (another deployment of the same API). */
  apiRoot?: string;
  tokenUrl?: string;
}

/** The project's Google client, from the same secrets Supabase Auth's Google sign-in uses. */
export function googleConfig(get: (name: string) => string | undefined): GoogleConfig | null {
  const clientId = get('SUPABASE_AUTH_EXTERNAL_GOOGLE_CLIENT_ID');
  const clientSecret = get('SUPABASE_AUTH_EXTERNAL_GOOGLE_SECRET');
  return clientId && clientSecret ? { clientId, clientSecret } : null;
}

export interface GoogleAccess {
  /** Where to send the host to grant access; Google returns to `redirectUri` with ?code=&state=. */
  consentUrl(redirectUri: string, state: string): string;
  /** Exchanges the code; the refresh token is what Kairos keeps. */
  exchange(code: string, redirectUri: string): Promise<{ refreshToken: string; email: string | null; calendars: RemoteCalendar[] }>;
  /** Busy spans per calendar id over [from, to). */
  busy(refreshToken: string, calendarIds: string[], from: number, to: number): Promise<Map<string, Span[]>>;
}

/** The freeBusy API answers for at most about two months per call; the window is asked in parts. */
const FREEBUSY_SPAN_MS = 30 * DAY_MS;

export function googleAccess(config: GoogleConfig): GoogleAccess {
  const oauth = (redirectUri?: string) =>
    new auth.OAuth2({
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      redirectUri,
      ...(config.tokenUrl ? { endpoints: { oauth2TokenUrl: config.tokenUrl } } : {}),
    });
  const api = (client: InstanceType<typeof auth.OAuth2>) =>
    calendar({ version: 'v3', auth: client, ...(config.apiRoot ? { rootUrl: config.apiRoot } : {}) });

  async function listCalendars(client: InstanceType<typeof auth.OAuth2>): Promise<{ email: string | null; calendars: RemoteCalendar[] }> {
    const items: calendar_v3.Schema$CalendarListEntry[] = [];
    let pageToken: string | undefined;
    do {
      const page = await api(client).calendarList.list({ pageToken, maxResults: 250 });
      items.push(...(page.data.items ?? []));
      pageToken = page.data.nextPageToken ?? undefined;
    } while (pageToken);
    const primary = items.find((c) => c.primary);
    return {
      email: primary?.id ?? null,
      calendars: items
        .filter((c) => c.id && c.accessRole !== 'none')
        .map((c) => ({
          remoteId: c.id!,
          name: (c.summaryOverride ?? c.summary ?? c.id!).slice(0, 200),
          color: c.backgroundColor ?? null,
          canWrite: c.accessRole === 'owner' || c.accessRole === 'writer',
        })),
    };
  }

  return {
    consentUrl: (redirectUri, state) =>
      oauth(redirectUri).generateAuthUrl({ access_type: 'offline', prompt: 'consent', scope: GOOGLE_SCOPES, state, include_granted_scopes: true }),

    async exchange(code, redirectUri) {
      const client = oauth(redirectUri);
      const { tokens } = await client.getToken(code);
      if (!tokens.refresh_token) throw new CalendarAccessError('Google did not grant offline access; remove Kairos in your Google account and connect again');
      client.setCredentials(tokens);
      return { refreshToken: tokens.refresh_token, ...(await listCalendars(client)) };
    },

    async busy(refreshToken, calendarIds, from, to) {
      const client = oauth();
      client.setCredentials({ refresh_token: refreshToken });
      const out = new Map<string, Span[]>(calendarIds.map((id) => [id, []]));
      if (calendarIds.length === 0) return out;
      for (let start = from; start < to; start += FREEBUSY_SPAN_MS) {
        const end = Math.min(to, start + FREEBUSY_SPAN_MS);
        const res = await api(client).freebusy.query({
          requestBody: { timeMin: new Date(start).toISOString(), timeMax: new Date(end).toISOString(), items: calendarIds.map((id) => ({ id })) },
        });
        for (const id of calendarIds) {
          const entry = res.data.calendars?.[id];
          // A calendar Google could not read is an error, never an empty (free) calendar.
          if (!entry || entry.errors?.length) {
            throw new CalendarAccessError(`Google could not read calendar ${id}: ${entry?.errors?.map((e) => e.reason).join(', ') || 'missing'}`);
          }
          for (const b of entry.busy ?? []) out.get(id)!.push({ start: Date.parse(b.start!), end: Date.parse(b.end!) });
        }
      }
      return out;
    },
  };
}
