// Google Calendar through the official client (@googleapis/calendar, with google-auth-library's
// OAuth2 client): consent URL, code exchange, the account's calendars, busy times, and the events of
// bookings written into the host's booking calendar. Busy times of a calendar Kairos may write to come
// from its events (expanded by Google), so the bookings Kairos wrote there are told apart and never
// block their own time; a read-only calendar is asked through the freeBusy API, which is all a
// free/busy-only share allows. Only available where the project's secrets name
// a Google client. Every request (token and Calendar API) goes through the fetch it is given: the
// functions give it the outbound guard's (_shared/net), tests under Node may give Node's.
import { auth, calendar, type calendar_v3 } from '@googleapis/calendar';
import type { Span } from '../rules/intervals.ts';
import { ruleMessage } from '../rules/messages.ts';
import { DAY_MS, zonedToInstant } from '../rules/time.ts';
import type { SeatAttendee } from './booking-feed.ts';
import { CalendarAccessError, type RemoteCalendar } from './caldav.ts';

export const GOOGLE_SCOPES = ['https://www.googleapis.com/auth/calendar.readonly', 'https://www.googleapis.com/auth/calendar.events'];

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  /** Overrides of Google's public endpoints: the test stack's stand-in for Google. */
  authUrl?: string;
  tokenUrl?: string;
  apiRoot?: string;
}

/**
 * The project's Google client, the same one Supabase Auth's Google sign-in uses, from function
 * secrets of its own: `supabase secrets set` refuses names that start with SUPABASE_, so Auth's
 * SUPABASE_AUTH_EXTERNAL_GOOGLE_* cannot reach a hosted function. A hosted project never sets the
 * GOOGLE_* endpoint overrides.
 */
export function googleConfig(get: (name: string) => string | undefined): GoogleConfig | null {
  const clientId = get('GOOGLE_OAUTH_CLIENT_ID');
  const clientSecret = get('GOOGLE_OAUTH_CLIENT_SECRET');
  if (!clientId || !clientSecret) return null;
  const endpoints = { authUrl: get('GOOGLE_OAUTH_AUTH_URL'), tokenUrl: get('GOOGLE_OAUTH_TOKEN_URL'), apiRoot: get('GOOGLE_CALENDAR_API_ROOT') };
  return { clientId, clientSecret, ...Object.fromEntries(Object.entries(endpoints).filter(([, v]) => v)) };
}

/** A booking's event as Kairos writes it into a Google calendar. */
export interface GoogleBookingEvent {
  /** The booking's calendar UID (bookings.ical_uid), the one its mails' invites carry. */
  icalUid: string;
  summary: string;
  /** ISO instants. */
  start: string;
  end: string;
  /** The booking's place as the event's location (null: none). */
  location?: string | null;
  /**
   * Asks Google for a Meet conference on the event (conferenceData.createRequest). The id is the
   * request's: the same id again (a retried write) makes no second conference.
   */
  meetRequestId?: string;
  /** A group slot's guests (docs/seats.md): on the host's event, never told of it or of each other. */
  attendees?: readonly SeatAttendee[];
}

/** Where Kairos wrote an event: its Google event id and ETag. */
export interface GoogleStoredEvent {
  id: string;
  etag: string | null;
  /** The event's Google Meet link, when it has a conference. */
  meetLink?: string | null;
}

/** The private extended property that marks an event as a Kairos booking's (holding its UID). */
export const BOOKING_PROPERTY = 'kairosBooking';

export interface GoogleAccess {
  /** Where to send the host to grant access; Google returns to `redirectUri` with ?code=&state=. */
  consentUrl(redirectUri: string, state: string): string;
  /** Exchanges the code; the refresh token is what Kairos keeps. */
  exchange(code: string, redirectUri: string): Promise<{ refreshToken: string; email: string | null; calendars: RemoteCalendar[] }>;
  /**
   * Busy spans per calendar id over [from, to). `writable` calendars may hold events Kairos wrote for
   * this host: `writtenBack` names their UIDs, left out (the bookings block their time already).
   */
  busy(refreshToken: string, calendars: { id: string; writable: boolean; writtenBack?: ReadonlySet<string> }[], from: number, to: number): Promise<Map<string, Span[]>>;
  /** Creates the booking's event, or brings the one written before (`previous`) up to date. */
  writeEvent(refreshToken: string, calendarId: string, event: GoogleBookingEvent, previous: GoogleStoredEvent | null): Promise<GoogleStoredEvent>;
  /** Removes an event Kairos wrote; one already gone counts as removed. */
  removeEvent(refreshToken: string, calendarId: string, event: GoogleStoredEvent): Promise<void>;
}

/** The HTTP status of a failed Google call (gaxios puts it on the error). */
function statusOf(e: unknown): number | undefined {
  const err = e as { status?: unknown; response?: { status?: unknown } } | null;
  const status = err?.response?.status ?? err?.status;
  return typeof status === 'number' ? status : undefined;
}

/** A failed write as the outbox records it: Google's status, without the request its error echoes. */
function writeFailure(e: unknown): CalendarAccessError {
  const status = statusOf(e);
  return new CalendarAccessError(status ? ruleMessage('googleAnswered', { status }) : ruleMessage('remoteUnreachable', { host: 'Google' }));
}

/** The freeBusy API answers for at most about two months per call; the window is asked in parts. */
const FREEBUSY_SPAN_MS = 30 * DAY_MS;

/**
 * Whether an event takes the calendar owner's time: not cancelled, not free, not declined, and not
 * one Kairos wrote for them into this calendar (`writtenBack`, by its iCalUID).
 */
function blocks(e: calendar_v3.Schema$Event, writtenBack: ReadonlySet<string>): boolean {
  return (
    e.status !== 'cancelled' &&
    e.transparency !== 'transparent' &&
    !e.attendees?.some((a) => a.self && a.responseStatus === 'declined') &&
    !(e.iCalUID && writtenBack.has(e.iCalUID))
  );
}

/** The busy spans of a calendar's events over [from, to), recurring ones expanded by Google (singleEvents). */
async function eventBusy(google: calendar_v3.Calendar, calendarId: string, writtenBack: ReadonlySet<string>, from: number, to: number): Promise<Span[]> {
  const spans: Span[] = [];
  let pageToken: string | undefined;
  do {
    const page = await google.events.list({
      calendarId,
      timeMin: new Date(from).toISOString(),
      timeMax: new Date(to).toISOString(),
      singleEvents: true,
      maxResults: 2500,
      pageToken,
    });
    // An all-day event's dates are days of the calendar's own time zone.
    const zone = page.data.timeZone ?? 'UTC';
    const instant = (t: calendar_v3.Schema$EventDateTime | undefined) =>
      t?.dateTime ? Date.parse(t.dateTime) : t?.date ? zonedToInstant(t.date, 0, zone).getTime() : NaN;
    for (const e of page.data.items ?? []) {
      const span = { start: instant(e.start), end: instant(e.end) };
      if (blocks(e, writtenBack) && span.start < span.end) spans.push(span);
    }
    pageToken = page.data.nextPageToken ?? undefined;
  } while (pageToken);
  return spans;
}

export function googleAccess(config: GoogleConfig, fetcher: typeof fetch): GoogleAccess {
  const oauth = (redirectUri?: string) =>
    new auth.OAuth2({
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      redirectUri,
      // The Calendar API calls go through this client's transporter too.
      transporterOptions: { fetchImplementation: fetcher },
      endpoints: {
        ...(config.authUrl ? { oauth2AuthBaseUrl: config.authUrl } : {}),
        ...(config.tokenUrl ? { oauth2TokenUrl: config.tokenUrl } : {}),
      },
    });
  const api = (client: InstanceType<typeof auth.OAuth2>) =>
    calendar({ version: 'v3', auth: client, ...(config.apiRoot ? { rootUrl: config.apiRoot } : {}) });
  /** The Calendar API as the host who granted `refreshToken` (an access token is fetched per use). */
  const as = (refreshToken: string) => {
    const client = oauth();
    client.setCredentials({ refresh_token: refreshToken });
    return api(client);
  };
  /**
   * If-Match with the ETag Kairos last saw: a change made in Google since answers 412. Typed `object`
   * because under Deno's type-check gaxios' options lose `headers` (they extend Node's RequestInit).
   */
  const ifMatch = (etag: string | null): object => (etag ? { headers: { 'If-Match': etag } } : {});

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
      if (!tokens.refresh_token) throw new CalendarAccessError(ruleMessage('googleOffline'));
      client.setCredentials(tokens);
      return { refreshToken: tokens.refresh_token, ...(await listCalendars(client)) };
    },

    async busy(refreshToken, calendars, from, to) {
      const google = as(refreshToken);
      const out = new Map<string, Span[]>(calendars.map((c) => [c.id, []]));
      for (const c of calendars.filter((c) => c.writable)) out.set(c.id, await eventBusy(google, c.id, c.writtenBack ?? new Set(), from, to));
      const shared = calendars.filter((c) => !c.writable).map((c) => c.id);
      if (shared.length === 0) return out;
      for (let start = from; start < to; start += FREEBUSY_SPAN_MS) {
        const end = Math.min(to, start + FREEBUSY_SPAN_MS);
        const res = await google.freebusy.query({
          requestBody: { timeMin: new Date(start).toISOString(), timeMax: new Date(end).toISOString(), items: shared.map((id) => ({ id })) },
        });
        for (const id of shared) {
          const entry = res.data.calendars?.[id];
          // A calendar Google could not read is an error, never an empty (free) calendar.
          if (!entry || entry.errors?.length) {
            throw new CalendarAccessError(ruleMessage('googleCalendar', { calendar: id }));
          }
          for (const b of entry.busy ?? []) out.get(id)!.push({ start: Date.parse(b.start!), end: Date.parse(b.end!) });
        }
      }
      return out;
    },

    async writeEvent(refreshToken, calendarId, event, previous) {
      const { events } = as(refreshToken);
      const body: calendar_v3.Schema$Event = {
        summary: event.summary,
        location: event.location,
        start: { dateTime: event.start },
        end: { dateTime: event.end },
        // Also brings back an event that was removed (a booking reassigned away and back).
        status: 'confirmed',
        transparency: 'opaque',
        extendedProperties: { private: { [BOOKING_PROPERTY]: event.icalUid } },
        // sendUpdates 'none' mails no one; guests who use Google Calendar may still see the event,
        // so they are not shown each other.
        ...(event.attendees && {
          attendees: event.attendees.map((a) => ({ email: a.email, displayName: a.name, responseStatus: a.partstat === 'ACCEPTED' ? 'accepted' : 'needsAction' })),
          guestsCanSeeOtherGuests: false,
        }),
        ...(event.meetRequestId && { conferenceData: { createRequest: { requestId: event.meetRequestId, conferenceSolutionKey: { type: 'hangoutsMeet' } } } }),
      };
      // Google reads conferenceData only with conferenceDataVersion=1.
      const conference = event.meetRequestId ? { conferenceDataVersion: 1 } : {};
      const stored = (data: calendar_v3.Schema$Event): GoogleStoredEvent => ({
        id: data.id!,
        etag: data.etag ?? null,
        meetLink: data.hangoutLink ?? data.conferenceData?.entryPoints?.find((e) => e.entryPointType === 'video')?.uri ?? null,
      });
      const patch = async (id: string, etag: string | null) =>
        stored((await events.patch({ calendarId, eventId: id, sendUpdates: 'none', requestBody: body, ...conference }, ifMatch(etag))).data);
      try {
        if (previous) {
          try {
            return await patch(previous.id, previous.etag);
          } catch (e) {
            // Changed in Google since: Kairos's booking is the truth for its own event.
            if (statusOf(e) === 412) return await patch(previous.id, null);
            // Gone for good: written anew below.
            if (statusOf(e) !== 404 && statusOf(e) !== 410) throw e;
          }
        }
        try {
          return stored((await events.insert({ calendarId, sendUpdates: 'none', requestBody: { ...body, iCalUID: event.icalUid }, ...conference })).data);
        } catch (e) {
          // 409: the calendar holds an event with this UID already (a delivery whose record was lost,
          // or one removed before): that event is the booking's, brought up to date.
          if (statusOf(e) !== 409) throw e;
          const found = await events.list({ calendarId, iCalUID: event.icalUid, showDeleted: true, maxResults: 1 });
          const id = found.data.items?.[0]?.id;
          if (!id) throw e;
          return await patch(id, null);
        }
      } catch (e) {
        throw writeFailure(e);
      }
    },

    async removeEvent(refreshToken, calendarId, event) {
      const { events } = as(refreshToken);
      const remove = (etag: string | null) => events.delete({ calendarId, eventId: event.id, sendUpdates: 'none' }, ifMatch(etag));
      try {
        await remove(event.etag).catch((e) => {
          if (statusOf(e) === 412) return remove(null);
          throw e;
        });
      } catch (e) {
        // 404 and 410 (deleted already): the event is not there, as wanted.
        if (statusOf(e) !== 404 && statusOf(e) !== 410) throw writeFailure(e);
      }
    },
  };
}
