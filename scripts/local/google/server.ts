// A stand-in for Google's OAuth 2.0 and Calendar API endpoints, for tests: the real Google cannot be
// reached from our machines. It answers the requests the official clients (google-auth-library,
// @googleapis/calendar) make, at Google's paths and in the shapes Google documents:
//
//   GET  /o/oauth2/v2/auth                      consent: redirects to redirect_uri with ?code=&state=
//   POST /token                                 authorization_code and refresh_token grants
//   GET  /calendar/v3/users/me/calendarList     calendarList.list
//   POST /calendar/v3/freeBusy                  freebusy.query
//   POST|GET /calendar/v3/calendars/:id/events  events.insert, events.list (iCalUID, showDeleted, privateExtendedProperty)
//   GET|PATCH|DELETE /calendar/v3/calendars/:id/events/:eventId   events.get, events.patch (If-Match), events.delete
//
// events.insert and events.patch create Google Meet conferences as Google documents them: only with
// conferenceDataVersion=1, from conferenceData.createRequest (see conferences.ts).
//
// Errors are Google's JSON error bodies ({error: {code, message, errors: [{domain, reason, message}]}}).
// Tests drive it through /__control/ (accounts, events made "in Google", an outage); no real client
// ever calls those. A test dependency only; `npm run dev` does not start it.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, controlPoster, listenLoopback, readBody, type StandIn } from '../stand-in-http.ts';
import { zonedToInstant } from '../../../supabase/functions/_shared/rules/time.ts';
import { conferenceFor, type ConferenceData } from './conferences.ts';
import { googleError, HttpError } from './errors.ts';

export interface GoogleCalendarEntry {
  kind: 'calendar#calendarListEntry';
  id: string;
  summary: string;
  summaryOverride?: string;
  timeZone: string;
  backgroundColor?: string;
  accessRole: 'owner' | 'writer' | 'reader' | 'freeBusyReader';
  primary?: boolean;
}

export interface GoogleEvent {
  kind: 'calendar#event';
  etag: string;
  id: string;
  status: 'confirmed' | 'tentative' | 'cancelled';
  htmlLink: string;
  created: string;
  updated: string;
  summary?: string;
  location?: string;
  start: { dateTime?: string; date?: string; timeZone?: string };
  end: { dateTime?: string; date?: string; timeZone?: string };
  transparency?: 'opaque' | 'transparent';
  iCalUID: string;
  sequence: number;
  extendedProperties?: { private?: Record<string, string>; shared?: Record<string, string> };
  attendees?: { email: string; self?: boolean; organizer?: boolean; responseStatus: 'needsAction' | 'declined' | 'tentative' | 'accepted' }[];
  hangoutLink?: string;
  conferenceData?: ConferenceData;
  reminders: { useDefault: boolean };
  eventType: 'default';
}

interface Account {
  email: string;
  calendars: GoogleCalendarEntry[];
}

export interface GoogleStandIn extends StandIn {
  clientSecret: string;
}

/** A request the stand-in answered (control requests aside), for tests that check how a client asked. */
export interface SeenRequest {
  /** The account the request acted as (by its token or grant), when known. */
  account: string | null;
  method: string;
  path: string;
  query: string;
  authorization: string | null;
  ifMatch: string | null;
  body: string;
  status: number;
}

/** What a test reads back: an account's calendars, every event (removed ones too) and its live refresh tokens. */
export interface AccountView {
  email: string;
  calendars: GoogleCalendarEntry[];
  events: Record<string, GoogleEvent[]>;
  refreshTokens: string[];
}

const HOLIDAYS = 'en.usa#holiday@group.v.calendar.google.com';


/** Google's event ids: base32hex (a-v, 0-9). */
function eventId(): string {
  const alphabet = '0123456789abcdefghijklmnopqrstuv';
  return [...randomBytes(26)].map((b) => alphabet[b % 32]).join('');
}

/** The part of [from, to) the event takes; an all-day event's dates are days of its calendar's zone. */
function overlaps(e: GoogleEvent, from: number, to: number, timeZone: string): { start: number; end: number } | null {
  const at = (t: GoogleEvent['start']) => (t.dateTime ? Date.parse(t.dateTime) : zonedToInstant(t.date!, 0, timeZone).getTime());
  const [start, end] = [at(e.start), at(e.end)];
  return start < to && end > from ? { start: Math.max(start, from), end: Math.min(end, to) } : null;
}

export async function startGoogleStandIn(opts: { port?: number } = {}): Promise<GoogleStandIn> {
  const clientId = `${randomUUID().slice(0, 12)}.apps.googleusercontent.com`;
  const clientSecret = `GOCSPX-${randomBytes(12).toString('hex')}`;
  const accounts = new Map<string, Account>();
  const events = new Map<string, Map<string, GoogleEvent>>(); // calendar id → event id → event
  const codes = new Map<string, { email: string; redirectUri: string; scope: string }>();
  const refreshTokens = new Map<string, string>(); // token → email
  const accessTokens = new Map<string, string>();
  const seen: SeenRequest[] = [];
  const actingAs = new WeakMap<IncomingMessage, string>();
  const down = new Set<string>(); // accounts whose Calendar API answers 503
  let etagCounter = Date.now() * 1000;

  function account(email: string): Account {
    let a = accounts.get(email);
    if (!a) {
      const local = email.split('@')[0];
      const team = `team.${local}@group.calendar.google.com`;
      a = {
        email,
        calendars: [
          { kind: 'calendar#calendarListEntry', id: email, summary: email, timeZone: 'Asia/Kolkata', backgroundColor: '#9fe1e7', accessRole: 'owner', primary: true },
          { kind: 'calendar#calendarListEntry', id: HOLIDAYS, summary: 'Holidays in United States', timeZone: 'UTC', accessRole: 'reader' },
          { kind: 'calendar#calendarListEntry', id: team, summary: 'Team', summaryOverride: 'Our team', timeZone: 'UTC', accessRole: 'writer' },
          // A colleague's calendar shared as "see only free/busy": its events cannot be listed.
          { kind: 'calendar#calendarListEntry', id: `colleague.${local}@example.org`, summary: 'Colleague', timeZone: 'UTC', accessRole: 'freeBusyReader' },
        ],
      };
      accounts.set(email, a);
      for (const c of a.calendars) if (!events.has(c.id)) events.set(c.id, new Map());
    }
    return a;
  }

  function accessOf(req: IncomingMessage): Account {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const email = token && accessTokens.get(token);
    if (!email) throw new HttpError(401, 'authError', 'Request had invalid authentication credentials. Expected OAuth 2 access token.');
    actingAs.set(req, email);
    return account(email);
  }

  function calendarOf(a: Account, id: string, write: boolean): Map<string, GoogleEvent> {
    const entry = a.calendars.find((c) => c.id === id);
    if (!entry) throw new HttpError(404, 'notFound', 'Not Found');
    if (write && entry.accessRole !== 'owner' && entry.accessRole !== 'writer') {
      throw new HttpError(403, 'requiredAccessLevel', 'You need to have writer access to this calendar.');
    }
    if (entry.accessRole === 'freeBusyReader') throw new HttpError(403, 'forbidden', 'You need to have reader access to this calendar.');
    return events.get(id)!;
  }

  const nextEtag = () => `"${++etagCounter}"`;

  function newEvent(calendarId: string, input: Partial<GoogleEvent>): GoogleEvent {
    const id = eventId();
    const now = new Date().toISOString();
    return {
      kind: 'calendar#event',
      etag: nextEtag(),
      id,
      status: input.status ?? 'confirmed',
      htmlLink: `https://www.google.com/calendar/event?eid=${Buffer.from(`${id} ${calendarId}`).toString('base64url')}`,
      created: now,
      updated: now,
      summary: input.summary,
      ...(input.location ? { location: input.location } : {}),
      start: input.start!,
      end: input.end!,
      ...(input.transparency === 'transparent' ? { transparency: 'transparent' as const } : {}),
      iCalUID: input.iCalUID ?? `${id}@google.com`,
      sequence: input.sequence ?? 0,
      ...(input.extendedProperties ? { extendedProperties: input.extendedProperties } : {}),
      ...(input.attendees ? { attendees: input.attendees } : {}),
      reminders: { useDefault: true },
      eventType: 'default',
    };
  }

  function checkEvent(input: Partial<GoogleEvent>) {
    const at = (t: GoogleEvent['start'] | undefined) => (t?.dateTime ? Date.parse(t.dateTime) : t?.date ? Date.parse(t.date) : NaN);
    if (Number.isNaN(at(input.start)) || Number.isNaN(at(input.end))) throw new HttpError(400, 'required', 'Missing time zone definition for start time.');
    if (at(input.end) < at(input.start)) throw new HttpError(400, 'timeRangeEmpty', 'The specified time range is empty.');
  }

  async function calendarApi(req: IncomingMessage, url: URL, res: ServerResponse) {
    const send = (status: number, body?: unknown) => {
      if (body === undefined) return res.writeHead(status).end();
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...(body && typeof body === 'object' && 'etag' in body ? { etag: String(body.etag) } : {}) });
      res.end(JSON.stringify(body));
    };
    const a = accessOf(req);
    if (down.has(a.email)) return send(503, googleError(503, 'backendError', 'The service is currently unavailable.'));
    const path = url.pathname.slice('/calendar/v3'.length);
    if (req.method === 'GET' && path === '/users/me/calendarList') {
      return send(200, { kind: 'calendar#calendarList', etag: '"p33c8h0u9bm1t00o"', nextSyncToken: 'CPDAlvWDx70CEPDAlvWDx70CGAU=', items: a.calendars });
    }
    if (req.method === 'POST' && path === '/freeBusy') {
      const q = JSON.parse(await readBody(req)) as { timeMin: string; timeMax: string; items: { id: string }[] };
      const [from, to] = [Date.parse(q.timeMin), Date.parse(q.timeMax)];
      const calendars: Record<string, unknown> = {};
      for (const { id } of q.items) {
        if (!a.calendars.some((c) => c.id === id)) {
          calendars[id] = { errors: [{ domain: 'global', reason: 'notFound' }], busy: [] };
          continue;
        }
        const zone = a.calendars.find((c) => c.id === id)!.timeZone;
        const spans = [...events.get(id)!.values()]
          .filter((e) => e.status !== 'cancelled' && e.transparency !== 'transparent' && !e.attendees?.some((x) => x.self && x.responseStatus === 'declined'))
          .flatMap((e) => overlaps(e, from, to, zone) ?? [])
          .sort((x, y) => x.start - y.start);
        const merged: { start: number; end: number }[] = [];
        for (const s of spans) {
          const last = merged.at(-1);
          if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
          else merged.push({ ...s });
        }
        calendars[id] = { busy: merged.map((s) => ({ start: new Date(s.start).toISOString(), end: new Date(s.end).toISOString() })) };
      }
      return send(200, { kind: 'calendar#freeBusy', timeMin: q.timeMin, timeMax: q.timeMax, calendars });
    }
    const m = /^\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(path);
    if (!m) throw new HttpError(404, 'notFound', 'Not Found');
    const calendarId = decodeURIComponent(m[1]);
    const id = m[2] && decodeURIComponent(m[2]);
    const store = calendarOf(a, calendarId, req.method !== 'GET');
    if (!id && req.method === 'POST') {
      const input = JSON.parse(await readBody(req)) as Partial<GoogleEvent>;
      checkEvent(input);
      if (input.iCalUID && [...store.values()].some((e) => e.iCalUID === input.iCalUID)) {
        throw new HttpError(409, 'duplicate', 'The requested identifier already exists.');
      }
      const { conferenceData, hangoutLink: _readOnly, ...rest } = input;
      const event = { ...newEvent(calendarId, rest), ...conferenceFor(url, conferenceData) };
      store.set(event.id, event);
      return send(200, event);
    }
    if (!id && req.method === 'GET') {
      const uid = url.searchParams.get('iCalUID');
      const showDeleted = url.searchParams.get('showDeleted') === 'true';
      const props = url.searchParams.getAll('privateExtendedProperty').map((p) => p.split('=') as [string, string]);
      const timeZone = a.calendars.find((c) => c.id === calendarId)!.timeZone;
      // timeMin/timeMax: events overlapping the window (all-day dates are days of the calendar's zone).
      const from = Date.parse(url.searchParams.get('timeMin') ?? '0000-01-01T00:00:00Z');
      const to = Date.parse(url.searchParams.get('timeMax') ?? '9999-12-31T00:00:00Z');
      const items = [...store.values()].filter(
        (e) =>
          (showDeleted || e.status !== 'cancelled') &&
          (!uid || e.iCalUID === uid) &&
          props.every(([k, v]) => e.extendedProperties?.private?.[k] === v) &&
          overlaps(e, from, to, timeZone),
      );
      return send(200, { kind: 'calendar#events', etag: nextEtag(), summary: calendarId, updated: new Date().toISOString(), timeZone, accessRole: a.calendars.find((c) => c.id === calendarId)!.accessRole, defaultReminders: [], items });
    }
    const event = id ? store.get(id) : undefined;
    if (!event) throw new HttpError(404, 'notFound', 'Not Found');
    const ifMatch = req.headers['if-match'];
    if (ifMatch && ifMatch !== '*' && ifMatch !== event.etag) throw new HttpError(412, 'conditionNotMet', 'Precondition Failed');
    if (req.method === 'GET') return send(200, event);
    if (req.method === 'PATCH') {
      const { conferenceData, hangoutLink: _readOnly, ...input } = JSON.parse(await readBody(req)) as Partial<GoogleEvent>;
      if (input.iCalUID && input.iCalUID !== event.iCalUID) throw new HttpError(400, 'invalid', 'Invalid iCalUID value.');
      const moved = (input.start && JSON.stringify(input.start) !== JSON.stringify(event.start)) || (input.end && JSON.stringify(input.end) !== JSON.stringify(event.end));
      const next = { ...event, ...input, ...conferenceFor(url, conferenceData, event), id: event.id, iCalUID: event.iCalUID, kind: event.kind } as GoogleEvent;
      checkEvent(next);
      // Google keeps SEQUENCE itself: a change of time is a new version of the event.
      next.sequence = event.sequence + (moved ? 1 : 0);
      next.etag = nextEtag();
      next.updated = new Date().toISOString();
      store.set(event.id, next);
      return send(200, next);
    }
    if (req.method === 'DELETE') {
      if (event.status === 'cancelled') throw new HttpError(410, 'deleted', 'Resource has been deleted');
      store.set(event.id, { ...event, status: 'cancelled', etag: nextEtag(), updated: new Date().toISOString() });
      return send(204);
    }
    throw new HttpError(405, 'methodNotAllowed', 'Method Not Allowed');
  }

  /** GET /o/oauth2/v2/auth: the account in `login_hint` (or a new one) consents at once. */
  function consent(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri');
    if (q.get('client_id') !== clientId || !redirectUri) {
      return res.writeHead(400, { 'content-type': 'text/plain' }).end('Error 401: invalid_client. The OAuth client was not found.');
    }
    if (q.get('response_type') !== 'code' || !q.get('scope')) return res.writeHead(400, { 'content-type': 'text/plain' }).end('Error 400: invalid_request');
    const email = q.get('login_hint') ?? `user-${randomUUID().slice(0, 8)}@gmail.example`;
    account(email);
    const code = `4/0A${randomBytes(24).toString('base64url')}`;
    codes.set(code, { email, redirectUri, scope: q.get('scope')! });
    const back = new URL(redirectUri);
    if (q.get('state')) back.searchParams.set('state', q.get('state')!);
    back.searchParams.set('code', code);
    back.searchParams.set('scope', q.get('scope')!);
    res.writeHead(302, { location: back.href }).end();
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
      return send(401, { error: 'invalid_client', error_description: 'Unauthorized' });
    }
    const access = (email: string) => {
      const t = `ya29.${randomBytes(24).toString('base64url')}`;
      accessTokens.set(t, email);
      return t;
    };
    if (form.get('grant_type') === 'authorization_code') {
      const grant = codes.get(form.get('code') ?? '');
      // A code is single-use and bound to the redirect URI it was issued for.
      codes.delete(form.get('code') ?? '');
      if (grant) actingAs.set(req, grant.email);
      if (!grant || grant.redirectUri !== form.get('redirect_uri')) return send(400, { error: 'invalid_grant', error_description: 'Bad Request' });
      const refresh = `1//0g${randomBytes(24).toString('base64url')}`;
      refreshTokens.set(refresh, grant.email);
      return send(200, { access_token: access(grant.email), expires_in: 3599, refresh_token: refresh, scope: grant.scope, token_type: 'Bearer' });
    }
    if (form.get('grant_type') === 'refresh_token') {
      const email = refreshTokens.get(form.get('refresh_token') ?? '');
      if (!email) return send(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
      actingAs.set(req, email);
      return send(200, { access_token: access(email), expires_in: 3599, scope: 'https://www.googleapis.com/auth/calendar.readonly https://www.googleapis.com/auth/calendar.events', token_type: 'Bearer' });
    }
    return send(400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' });
  }

  async function control(req: IncomingMessage, url: URL, res: ServerResponse) {
    const send = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const view = (a: Account): AccountView => ({
      email: a.email,
      calendars: a.calendars,
      events: Object.fromEntries(a.calendars.map((c) => [c.id, [...events.get(c.id)!.values()]])),
      refreshTokens: [...refreshTokens].filter(([, e]) => e === a.email).map(([t]) => t),
    });
    const body = req.method === 'POST' ? JSON.parse((await readBody(req)) || '{}') : {};
    const m = /^\/__control\/accounts\/([^/]+)(\/events)?$/.exec(url.pathname);
    if (url.pathname === '/__control/requests') {
      const who = url.searchParams.get('account');
      return send(seen.slice(Number(url.searchParams.get('since') ?? 0)).filter((r) => !who || r.account === who));
    }
    if (url.pathname === '/__control/outage') {
      // Per account, so tests sharing the stand-in never see each other's outages.
      if (body.down) down.add(body.email);
      else down.delete(body.email);
      return send({ down: down.has(body.email) });
    }
    if (m && !m[2]) return send(view(account(decodeURIComponent(m[1]))));
    if (m && m[2] && req.method === 'POST') {
      // An event the account's owner made in Google Calendar itself.
      const a = account(decodeURIComponent(m[1]));
      const calendarId = (body.calendarId as string | undefined) ?? a.email;
      // `start`/`end`: an instant, or a YYYY-MM-DD date for an all-day event. `declined`: an invitation the owner declined.
      const when = (t: string) => (/^\d{4}-\d{2}-\d{2}$/.test(t) ? { date: t } : { dateTime: t });
      const attendees = body.declined
        ? [{ email: 'organizer@example.org', organizer: true, responseStatus: 'accepted' as const }, { email: a.email, self: true, responseStatus: 'declined' as const }]
        : undefined;
      const event = newEvent(calendarId, { summary: body.summary, start: when(body.start), end: when(body.end), transparency: body.transparency, attendees });
      if (!a.calendars.some((c) => c.id === calendarId)) throw new HttpError(404, 'notFound', 'Not Found');
      events.get(calendarId)!.set(event.id, event);
      return send(event);
    }
    throw new HttpError(404, 'notFound', 'Not Found');
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://google.invalid');
    if (!url.pathname.startsWith('/__control/')) {
      res.on('finish', async () => {
        const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : null);
        seen.push({ account: actingAs.get(req) ?? null, method: req.method!, path: url.pathname, query: url.search, authorization: header('authorization'), ifMatch: header('if-match'), body: await readBody(req), status: res.statusCode });
      });
    }
    const route = (): Promise<unknown> | unknown => {
      if (url.pathname === '/o/oauth2/v2/auth' && req.method === 'GET') return consent(url, res);
      if (url.pathname === '/token' && req.method === 'POST') return token(req, res);
      if (url.pathname.startsWith('/calendar/v3/')) return calendarApi(req, url, res);
      if (url.pathname.startsWith('/__control/')) return control(req, url, res);
      throw new HttpError(404, 'notFound', 'Not Found');
    };
    Promise.resolve()
      .then(route)
      .catch((e: unknown) => {
        const err = e instanceof HttpError ? e : new HttpError(500, 'backendError', String(e));
        if (!res.headersSent) res.writeHead(err.status, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(googleError(err.status, err.reason, err.message)));
      });
  });
  const url = await listenLoopback(server, opts.port);
  return {
    url,
    clientId,
    clientSecret,
    env: {
      GOOGLE_OAUTH_CLIENT_ID: clientId,
      GOOGLE_OAUTH_CLIENT_SECRET: clientSecret,
      GOOGLE_OAUTH_AUTH_URL: `${url}/o/oauth2/v2/auth`,
      GOOGLE_OAUTH_TOKEN_URL: `${url}/token`,
      GOOGLE_CALENDAR_API_ROOT: `${url}/`,
    },
    stop: async () => {
      await closeServer(server);
    },
  };
}

/** The stand-in's control API, as tests use it. */
export function googleControl(url: string) {
  const post = controlPoster(url, 'Google');
  return {
    account: async (email: string): Promise<AccountView> => (await fetch(`${url}/__control/accounts/${encodeURIComponent(email)}`)).json(),
    addEvent: (email: string, event: { start: string; end: string; summary?: string; calendarId?: string; transparency?: 'transparent'; declined?: boolean }): Promise<GoogleEvent> =>
      post(`/accounts/${encodeURIComponent(email)}/events`, event),
    /** The Calendar API answers the account 503 while `down`. */
    outage: (email: string, down: boolean) => post('/outage', { email, down }),
    /** Requests answered so far, from the `since`-th on (those acting as `account` only, if given). */
    requests: async (since = 0, account?: string): Promise<SeenRequest[]> =>
      (await fetch(`${url}/__control/requests?since=${since}${account ? `&account=${encodeURIComponent(account)}` : ''}`)).json(),
  };
}
