// A stand-in for Zoom's user-level OAuth and its Meetings API, for tests: the real Zoom cannot be
// reached from our machines. It answers at Zoom's paths, in the shapes Zoom documents
// (docs/stand-ins.md, "Zoom"):
//
//   GET  /oauth/authorize            consent page; POST /oauth/authorize (its form) redirects to redirect_uri with
//                                    ?code=&state= (Allow) or ?error=access_denied&state= (Decline)
//   POST /oauth/token                HTTP Basic client auth; authorization_code and refresh_token grants
//   POST /oauth/revoke               revokes a token
//   GET  /v2/users/me                the token's user
//   POST /v2/users/me/meetings       create a meeting (201)
//   GET|PATCH|DELETE /v2/meetings/:meetingId   read (200), update (204), delete (204)
//
// Zoom serves OAuth at https://zoom.us and the API at https://api.zoom.us/v2; here both share one
// origin. Errors are Zoom's: `{code, message}` from the API, `{reason, error}` from OAuth. Tests drive
// it through /__control/ (token lifetime and an outage per user, the request log); no real client calls
// those. A test dependency only; `npm run dev` does not start it.
import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, controlPoster, listenLoopback, readBody, type StandIn } from '../stand-in-http.ts';
import { isValidTimeZone, zonedToInstant } from '../../../supabase/functions/_shared/rules/time.ts';

export interface ZoomStandIn extends StandIn {
  clientSecret: string;
}

export interface ZoomUser {
  id: string;
  first_name: string;
  last_name: string;
  display_name: string;
  email: string;
  type: 1 | 2;
  pmi: number;
  timezone: string;
  verified: 0 | 1;
  dept: string;
  created_at: string;
  last_login_time: string;
  language: string;
  phone_number: string;
  status: 'active';
  role_id: string;
  account_id: string;
  account_number: number;
  cluster: string;
  user_created_at: string;
}

export interface ZoomMeeting {
  uuid: string;
  id: number;
  host_id: string;
  host_email: string;
  topic: string;
  type: 1 | 2 | 3 | 8 | 10;
  status: 'waiting';
  /** UTC, `yyyy-MM-ddTHH:mm:ssZ`. */
  start_time: string;
  duration: number;
  timezone: string;
  agenda: string;
  created_at: string;
  start_url: string;
  join_url: string;
  password: string;
  h323_password: string;
  pstn_password: string;
  encrypted_password: string;
  settings: Record<string, unknown>;
  pre_schedule: boolean;
}

/** A request the stand-in answered (control requests aside), for tests that check how a client asked. */
export interface SeenRequest {
  /** The user the request acted as (by its token or grant), when known. */
  user: string | null;
  method: string;
  path: string;
  query: string;
  authorization: string | null;
  body: string;
  status: number;
}

/** What a test reads back: a user's meetings (deleted ones marked) and live refresh tokens. */
export interface UserView {
  user: ZoomUser;
  meetings: (ZoomMeeting & { deleted: boolean })[];
  refreshTokens: string[];
}

const SCOPE = 'meeting:read:meeting meeting:write:meeting meeting:update:meeting meeting:delete:meeting user:read:user';

/** Zoom's API error (`{code, message}`, sometimes `errors`) or OAuth error (`{reason, error}`). */
class ZoomError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(JSON.stringify(body));
  }
}
const apiError = (status: number, code: number, message: string, errors?: { field: string; message: string }[]) =>
  new ZoomError(status, { code, message, ...(errors ? { errors } : {}) });
const oauthError = (status: number, error: string, reason: string) => new ZoomError(status, { reason, error });
const invalidField = (field: string) => apiError(400, 300, 'Validation Failed.', [{ field, message: 'Invalid field.' }]);

const alphanumeric = (n: number) => randomBytes(n).toString('base64url').replace(/[-_]/g, 'x').slice(0, n);
const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');
const utc = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

/**
 * Zoom's `start_time`: `yyyy-MM-ddTHH:mm:ssZ` is UTC; without the Z it is a wall time in the
 * meeting's `timezone` (else the user's).
 */
function startInstant(value: unknown, timeZone: string): number {
  const m = typeof value === 'string' ? /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})(Z)?$/.exec(value) : null;
  if (!m || Number(m[2]) > 23 || Number(m[3]) > 59 || Number(m[4]) > 59) throw invalidField('start_time');
  if (m[5]) return Date.parse(value as string);
  return zonedToInstant(m[1], Number(m[2]) * 60 + Number(m[3]), timeZone).getTime() + Number(m[4]) * 1000;
}

export async function startZoomStandIn(opts: { port?: number } = {}): Promise<ZoomStandIn> {
  const clientId = alphanumeric(22);
  const clientSecret = alphanumeric(32);
  const users = new Map<string, ZoomUser>(); // email → user
  const meetings = new Map<number, ZoomMeeting & { deleted: boolean }>();
  const codes = new Map<string, { email: string; redirectUri: string; expires: number }>();
  const refreshTokens = new Map<string, string>(); // token → email
  const accessTokens = new Map<string, { email: string; expires: number }>();
  const seen: SeenRequest[] = [];
  const actingAs = new WeakMap<IncomingMessage, string>();
  const down = new Set<string>();
  // Per user, so tests sharing the stand-in never shorten each other's tokens.
  const tokenLifetimes = new Map<string, number>();

  function user(email: string): ZoomUser {
    let u = users.get(email);
    if (!u) {
      const now = utc(Date.now());
      const [first, last = 'Example'] = email.split('@')[0].split('.');
      u = {
        id: alphanumeric(22),
        first_name: first,
        last_name: last,
        display_name: `${first} ${last}`,
        email,
        type: 1,
        pmi: Number(`9${digits(9)}`),
        timezone: 'America/Los_Angeles',
        verified: 1,
        dept: '',
        created_at: now,
        last_login_time: now,
        language: 'en-US',
        phone_number: '',
        status: 'active',
        role_id: '2',
        account_id: alphanumeric(22),
        account_number: Number(digits(10)),
        cluster: 'us05',
        user_created_at: now,
      };
      users.set(email, u);
    }
    return u;
  }

  function issue(email: string) {
    const access = `eyJ${randomBytes(32).toString('base64url')}`;
    const lifetime = tokenLifetimes.get(email) ?? 3599;
    accessTokens.set(access, { email, expires: Date.now() + lifetime * 1000 });
    const refresh = `eyJ${randomBytes(40).toString('base64url')}`;
    refreshTokens.set(refresh, email);
    return { access_token: access, token_type: 'bearer', refresh_token: refresh, expires_in: lifetime, scope: SCOPE, api_url: url };
  }

  function checkClient(req: IncomingMessage) {
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const [id, secret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : [];
    if (!id && !secret) throw oauthError(400, 'invalid_request', 'Client ID or client secret is missing.');
    if (id !== clientId || secret !== clientSecret) throw oauthError(401, 'invalid_client', 'Invalid client_id or client_secret');
  }

  /** The consent page's form: Zoom signs the user in and asks them to allow the app. */
  function consentPage(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    if (q.get('client_id') !== clientId || !q.get('redirect_uri') || q.get('response_type') !== 'code') {
      return res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Zoom</title><p>Invalid client_id or redirect_uri.</p>');
    }
    const hidden = [...q].map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`).join('');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Zoom - Authorize app</title></head>
<body><main><h1>Allow this app to use your Zoom account?</h1>
<form method="post" action="/oauth/authorize">${hidden}
<label>Email <input type="email" name="email" required autocomplete="email"></label>
<button type="submit">Allow</button>
<button type="submit" name="action" value="decline" formnovalidate>Decline</button></form></main></body></html>`);
  }

  async function consent(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    const redirectUri = form.get('redirect_uri');
    const email = form.get('email');
    if (form.get('client_id') !== clientId || !redirectUri) throw oauthError(400, 'invalid_request', 'Invalid request.');
    const back = new URL(redirectUri);
    if (form.get('state')) back.searchParams.set('state', form.get('state')!);
    // Declining answers as RFC 6749 section 4.1.2.1 says an authorization server does.
    if (form.get('action') === 'decline') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user declined to authorize the app');
      return res.writeHead(302, { location: back.href }).end();
    }
    if (!email) throw oauthError(400, 'invalid_request', 'Invalid request.');
    user(email);
    actingAs.set(req, email);
    const code = alphanumeric(32);
    // Zoom's authorization codes live five minutes and are used once.
    codes.set(code, { email, redirectUri, expires: Date.now() + 5 * 60_000 });
    back.searchParams.set('code', code);
    res.writeHead(302, { location: back.href }).end();
  }

  async function token(req: IncomingMessage, reqUrl: URL, res: ServerResponse) {
    checkClient(req);
    // Zoom takes the parameters in the query or as a form body.
    const form = new URLSearchParams(await readBody(req));
    for (const [k, v] of reqUrl.searchParams) if (!form.has(k)) form.set(k, v);
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      const code = form.get('code') ?? '';
      const issued = codes.get(code);
      codes.delete(code);
      if (!issued || issued.expires < Date.now()) throw oauthError(400, 'invalid_request', 'Invalid authorization code');
      actingAs.set(req, issued.email);
      if (issued.redirectUri !== form.get('redirect_uri')) throw oauthError(400, 'invalid_request', 'Redirect URI mismatch.');
      return sendJson(res, 200, issue(issued.email));
    }
    if (grant === 'refresh_token') {
      const old = form.get('refresh_token') ?? '';
      const email = refreshTokens.get(old);
      if (!email) throw oauthError(400, 'invalid_request', 'Invalid Token!');
      actingAs.set(req, email);
      if (down.has(email)) throw apiError(503, 503, 'Service Unavailable.');
      // Zoom rotates refresh tokens: the one just used stops working.
      refreshTokens.delete(old);
      return sendJson(res, 200, issue(email));
    }
    throw oauthError(400, 'unsupported_grant_type', 'Unsupported grant type');
  }

  function revoke(req: IncomingMessage, reqUrl: URL, res: ServerResponse) {
    checkClient(req);
    const t = reqUrl.searchParams.get('token') ?? '';
    const email = refreshTokens.get(t) ?? accessTokens.get(t)?.email;
    if (!email) throw oauthError(400, 'invalid_request', 'Invalid Token!');
    actingAs.set(req, email);
    // Revoking ends the app's grant: every token of the user goes.
    for (const [k, v] of refreshTokens) if (v === email) refreshTokens.delete(k);
    for (const [k, v] of accessTokens) if (v.email === email) accessTokens.delete(k);
    sendJson(res, 200, { status: 'success' });
  }

  function caller(req: IncomingMessage): ZoomUser {
    const t = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const access = t ? accessTokens.get(t) : undefined;
    if (!access) throw apiError(401, 124, 'Invalid access token.');
    actingAs.set(req, access.email);
    if (access.expires < Date.now()) throw apiError(401, 124, 'Access token is expired.');
    if (down.has(access.email)) throw apiError(503, 503, 'Service Unavailable.');
    return user(access.email);
  }

  async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
    try {
      const body = JSON.parse(await readBody(req));
      if (body && typeof body === 'object' && !Array.isArray(body)) return body;
    } catch {
      // answered below, as Zoom answers any body that is not a JSON object
    }
    throw apiError(400, 300, 'Request Body should be a valid JSON object.');
  }

  /** The fields a create or update sets, checked as Zoom checks them. */
  function meetingFields(body: Record<string, unknown>, current: Partial<ZoomMeeting>, host: ZoomUser): Partial<ZoomMeeting> {
    const out: Partial<ZoomMeeting> = {};
    if ('topic' in body) {
      if (typeof body.topic !== 'string' || body.topic.length > 200) throw invalidField('topic');
      out.topic = body.topic;
    }
    if ('type' in body) {
      if (![1, 2, 3, 8, 10].includes(body.type as number)) throw invalidField('type');
      out.type = body.type as ZoomMeeting['type'];
    }
    if ('duration' in body) {
      if (!Number.isInteger(body.duration) || (body.duration as number) < 0) throw invalidField('duration');
      out.duration = body.duration as number;
    }
    if ('agenda' in body) {
      if (typeof body.agenda !== 'string' || body.agenda.length > 2000) throw invalidField('agenda');
      out.agenda = body.agenda;
    }
    if ('timezone' in body) {
      if (typeof body.timezone !== 'string' || !isValidTimeZone(body.timezone)) throw invalidField('timezone');
      out.timezone = body.timezone;
    }
    if ('start_time' in body) out.start_time = utc(startInstant(body.start_time, out.timezone ?? current.timezone ?? host.timezone));
    if ('settings' in body) {
      if (!body.settings || typeof body.settings !== 'object') throw invalidField('settings');
      out.settings = { ...current.settings, ...(body.settings as Record<string, unknown>) };
    }
    return out;
  }

  function createMeeting(host: ZoomUser, body: Record<string, unknown>): ZoomMeeting & { deleted: boolean } {
    let id: number;
    do id = Number(`8${digits(10)}`);
    while (meetings.has(id));
    const encrypted = alphanumeric(32);
    const defaults = {
      host_video: false,
      participant_video: false,
      join_before_host: false,
      mute_upon_entry: false,
      waiting_room: true,
      approval_type: 2,
      audio: 'voip',
      auto_recording: 'none',
      meeting_authentication: false,
    };
    const fields = meetingFields(body, { settings: defaults, timezone: host.timezone }, host);
    const meeting: ZoomMeeting & { deleted: boolean } = {
      uuid: `${randomBytes(16).toString('base64').slice(0, 22)}==`,
      id,
      host_id: host.id,
      host_email: host.email,
      topic: 'Zoom meeting',
      type: 2,
      status: 'waiting',
      start_time: utc(Date.now()),
      duration: 60,
      timezone: host.timezone,
      agenda: '',
      created_at: utc(Date.now()),
      start_url: `https://us05web.zoom.us/s/${id}?zak=eyJ${randomBytes(48).toString('base64url')}`,
      join_url: `https://us05web.zoom.us/j/${id}?pwd=${encrypted}`,
      password: alphanumeric(6),
      h323_password: digits(6),
      pstn_password: digits(6),
      encrypted_password: encrypted,
      settings: defaults,
      pre_schedule: false,
      ...fields,
      deleted: false,
    };
    meetings.set(id, meeting);
    return meeting;
  }

  function meetingOf(host: ZoomUser, idText: string) {
    const meeting = meetings.get(Number(idText));
    // Another user's meeting is as unknown to the caller as one that never was.
    if (!meeting || meeting.deleted || meeting.host_id !== host.id) throw apiError(404, 3001, `Meeting does not exist: ${idText}.`);
    return meeting;
  }

  const publicMeeting = ({ deleted: _internal, ...m }: ZoomMeeting & { deleted: boolean }): ZoomMeeting => m;

  async function api(req: IncomingMessage, reqUrl: URL, res: ServerResponse) {
    const host = caller(req);
    const path = reqUrl.pathname.slice('/v2'.length);
    if (req.method === 'GET' && path === '/users/me') return sendJson(res, 200, host);
    const create = /^\/users\/([^/]+)\/meetings$/.exec(path);
    if (create && req.method === 'POST') {
      const who = decodeURIComponent(create[1]);
      if (who !== 'me' && who !== host.id && who !== host.email) throw apiError(404, 1001, `User does not exist: ${who}.`);
      return sendJson(res, 201, publicMeeting(createMeeting(host, await jsonBody(req))));
    }
    const one = /^\/meetings\/(\d+)$/.exec(path);
    if (!one) throw apiError(404, 404, 'Not Found');
    const meeting = meetingOf(host, one[1]);
    if (req.method === 'GET') return sendJson(res, 200, publicMeeting(meeting));
    if (req.method === 'PATCH') {
      Object.assign(meeting, meetingFields(await jsonBody(req), meeting, host));
      return res.writeHead(204).end();
    }
    if (req.method === 'DELETE') {
      meeting.deleted = true;
      return res.writeHead(204).end();
    }
    throw apiError(405, 405, 'Method Not Allowed');
  }

  async function control(req: IncomingMessage, reqUrl: URL, res: ServerResponse) {
    const body = req.method === 'POST' ? JSON.parse((await readBody(req)) || '{}') : {};
    const m = /^\/__control\/users\/([^/]+)$/.exec(reqUrl.pathname);
    if (m) {
      const email = decodeURIComponent(m[1]);
      const u = user(email);
      const view: UserView = {
        user: u,
        meetings: [...meetings.values()].filter((x) => x.host_id === u.id),
        refreshTokens: [...refreshTokens].filter(([, e]) => e === email).map(([t]) => t),
      };
      return sendJson(res, 200, view);
    }
    if (reqUrl.pathname === '/__control/token-lifetime') {
      tokenLifetimes.set(body.email, Number(body.seconds));
      return sendJson(res, 200, { seconds: Number(body.seconds) });
    }
    if (reqUrl.pathname === '/__control/outage') {
      // Per user, so tests sharing the stand-in never see each other's outages.
      if (body.down) down.add(body.email);
      else down.delete(body.email);
      return sendJson(res, 200, { down: down.has(body.email) });
    }
    if (reqUrl.pathname === '/__control/requests') return sendJson(res, 200, seen.slice(Number(reqUrl.searchParams.get('since') ?? 0)));
    throw apiError(404, 404, 'Not Found');
  }

  const server = createServer((req, res) => {
    const reqUrl = new URL(req.url ?? '/', 'http://zoom.invalid');
    if (!reqUrl.pathname.startsWith('/__control/')) {
      res.on('finish', async () => {
        const authorization = typeof req.headers.authorization === 'string' ? req.headers.authorization : null;
        seen.push({ user: actingAs.get(req) ?? null, method: req.method!, path: reqUrl.pathname, query: reqUrl.search, authorization, body: await readBody(req), status: res.statusCode });
      });
    }
    const route = (): unknown => {
      if (reqUrl.pathname === '/oauth/authorize' && req.method === 'GET') return consentPage(reqUrl, res);
      if (reqUrl.pathname === '/oauth/authorize' && req.method === 'POST') return consent(req, res);
      if (reqUrl.pathname === '/oauth/token' && req.method === 'POST') return token(req, reqUrl, res);
      if (reqUrl.pathname === '/oauth/revoke' && req.method === 'POST') return revoke(req, reqUrl, res);
      if (reqUrl.pathname.startsWith('/v2/')) return api(req, reqUrl, res);
      if (reqUrl.pathname.startsWith('/__control/')) return control(req, reqUrl, res);
      throw apiError(404, 404, 'Not Found');
    };
    Promise.resolve()
      .then(route)
      .catch((e: unknown) => {
        const err = e instanceof ZoomError ? e : new ZoomError(500, { code: 500, message: String(e) });
        if (!res.headersSent) sendJson(res, err.status, err.body);
      });
  });
  const url = await listenLoopback(server, opts.port);
  return {
    url,
    clientId,
    clientSecret,
    env: { ZOOM_CLIENT_ID: clientId, ZOOM_CLIENT_SECRET: clientSecret, ZOOM_OAUTH_URL: url, ZOOM_API_ROOT: `${url}/v2` },
    stop: async () => {
      await closeServer(server);
    },
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' }).end(JSON.stringify(body));
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The stand-in's control API, as tests use it. */
export function zoomControl(url: string) {
  const post = controlPoster(url, 'Zoom');
  return {
    /** Signs in as `email` on the consent page of `authorizeUrl` and allows: the address Zoom redirects to. */
    consent: async (authorizeUrl: string, email: string): Promise<string> => {
      const form = new URLSearchParams(new URL(authorizeUrl).searchParams);
      form.set('email', email);
      const res = await fetch(`${url}/oauth/authorize`, { method: 'POST', body: form, redirect: 'manual' });
      if (res.status !== 302) throw new Error(`Zoom stand-in consent: ${res.status} ${await res.text()}`);
      return res.headers.get('location')!;
    },
    user: async (email: string): Promise<UserView> => (await fetch(`${url}/__control/users/${encodeURIComponent(email)}`)).json(),
    /** Lifetime in seconds of the access tokens issued to the user from now on (Zoom's: 3599). */
    tokenLifetime: (email: string, seconds: number) => post('/token-lifetime', { email, seconds }),
    /** The API and token refreshes answer the user 503 while `down`. */
    outage: (email: string, down: boolean) => post('/outage', { email, down }),
    /** Requests answered so far, from the `since`-th on. */
    requests: async (since = 0): Promise<SeenRequest[]> => (await fetch(`${url}/__control/requests?since=${since}`)).json(),
  };
}
