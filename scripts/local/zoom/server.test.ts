// The Zoom stand-in, driven over fetch in Zoom's documented REST shapes (Zoom has no official Node
// client for its REST API): user-level OAuth with HTTP Basic client authentication, expiring access
// tokens and rotating refresh tokens, and scheduled meetings created, moved and deleted through
// /v2 (docs/stand-ins.md, "Zoom").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startZoomStandIn, zoomControl, type ZoomStandIn } from './server.ts';

const REDIRECT = 'https://app.example.com/settings/zoom';
let zoom: ZoomStandIn;
let control: ReturnType<typeof zoomControl>;

beforeAll(async () => {
  zoom = await startZoomStandIn();
  control = zoomControl(zoom.url);
});
afterAll(() => zoom.stop());

interface Tokens {
  access_token: string;
  token_type: string;
  refresh_token: string;
  expires_in: number;
  scope: string;
  api_url: string;
}

const basic = (id = zoom.clientId, secret = zoom.clientSecret) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

function authorizeUrl(state: string): string {
  const url = new URL(`${zoom.env.ZOOM_OAUTH_URL}/oauth/authorize`);
  url.search = new URLSearchParams({ response_type: 'code', client_id: zoom.clientId, redirect_uri: REDIRECT, state }).toString();
  return url.href;
}

function token(form: Record<string, string>, authorization = basic()) {
  return fetch(`${zoom.env.ZOOM_OAUTH_URL}/oauth/token`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
}

/** Consents as `email` and exchanges the code: the tokens Zoom hands back. */
async function connect(email: string): Promise<Tokens> {
  const back = new URL(await control.consent(authorizeUrl('s1'), email));
  expect(back.origin + back.pathname).toBe(REDIRECT);
  expect(back.searchParams.get('state')).toBe('s1');
  const res = await token({ grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: REDIRECT });
  expect(res.status).toBe(200);
  return res.json();
}

function api(path: string, accessToken: string, init: { method?: string; body?: unknown } = {}) {
  return fetch(`${zoom.env.ZOOM_API_ROOT}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${accessToken}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

const meeting = {
  topic: 'Intro call with Ada',
  type: 2,
  start_time: '2031-03-09T09:00:00',
  duration: 30,
  timezone: 'Asia/Kathmandu',
  agenda: 'Booked through Kairos',
  settings: { join_before_host: true, waiting_room: false },
};

describe('Zoom stand-in: OAuth', () => {
  it('sends a declined consent back with access_denied and the state, and no code', async () => {
    const form = new URLSearchParams(new URL(authorizeUrl('s9')).searchParams);
    form.set('action', 'decline');
    const res = await fetch(`${zoom.env.ZOOM_OAUTH_URL}/oauth/authorize`, { method: 'POST', body: form, redirect: 'manual' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(Object.fromEntries(back.searchParams)).toEqual({ state: 's9', error: 'access_denied', error_description: 'The user declined to authorize the app' });
  });

  it('consents on its page and exchanges the code with HTTP Basic client auth for tokens in Zoom\'s shape', async () => {
    const page = await fetch(authorizeUrl('s0'));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form');
    const tokens = await connect('ada@zoom.example');
    expect(tokens).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      refresh_token: expect.any(String),
      expires_in: 3599,
      scope: expect.stringContaining('meeting:write'),
      api_url: zoom.url,
    });
    const me = await (await api('/users/me', tokens.access_token)).json();
    expect(me).toMatchObject({ email: 'ada@zoom.example', status: 'active', id: expect.any(String), account_id: expect.any(String) });
  });

  it('refuses a wrong client secret, a code used twice or for another redirect, and an unknown grant type', async () => {
    const code = new URL(await control.consent(authorizeUrl('s2'), 'bo@zoom.example')).searchParams.get('code')!;
    const wrongClient = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT }, basic(zoom.clientId, 'nope'));
    expect([wrongClient.status, await wrongClient.json()]).toEqual([401, { reason: 'Invalid client_id or client_secret', error: 'invalid_client' }]);
    const elsewhere = await token({ grant_type: 'authorization_code', code, redirect_uri: 'https://elsewhere.example.com/' });
    expect([elsewhere.status, await elsewhere.json()]).toEqual([400, { reason: 'Redirect URI mismatch.', error: 'invalid_request' }]);
    const fresh = new URL(await control.consent(authorizeUrl('s3'), 'bo@zoom.example')).searchParams.get('code')!;
    expect((await token({ grant_type: 'authorization_code', code: fresh, redirect_uri: REDIRECT })).status).toBe(200);
    const twice = await token({ grant_type: 'authorization_code', code: fresh, redirect_uri: REDIRECT });
    expect([twice.status, await twice.json()]).toEqual([400, { reason: 'Invalid authorization code', error: 'invalid_request' }]);
    const grant = await token({ grant_type: 'password' });
    expect([grant.status, (await grant.json()).error]).toEqual([400, 'unsupported_grant_type']);
  });

  it('expires access tokens (Zoom\'s 124) and rotates the refresh token on each refresh', async () => {
    await control.tokenLifetime('cy@zoom.example', 1);
    const first = await connect('cy@zoom.example');
    expect(first.expires_in).toBe(1);
    expect((await connect('other.user@zoom.example')).expires_in).toBe(3599);
    await new Promise((r) => setTimeout(r, 1_100));
    const expired = await api('/users/me', first.access_token);
    expect([expired.status, await expired.json()]).toEqual([401, { code: 124, message: 'Access token is expired.' }]);
    await control.tokenLifetime('cy@zoom.example', 3599);

    const refreshed: Tokens = await (await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token })).json();
    expect(refreshed.refresh_token).not.toBe(first.refresh_token);
    expect((await api('/users/me', refreshed.access_token)).status).toBe(200);
    const reused = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect([reused.status, await reused.json()]).toEqual([400, { reason: 'Invalid Token!', error: 'invalid_request' }]);
    expect((await control.user('cy@zoom.example')).refreshTokens).toEqual([refreshed.refresh_token]);

    const bogus = await api('/users/me', 'not-a-token');
    expect([bogus.status, await bogus.json()]).toEqual([401, { code: 124, message: 'Invalid access token.' }]);
  });

  it('revokes a token: its refresh token stops working', async () => {
    const tokens = await connect('dee@zoom.example');
    const res = await fetch(`${zoom.env.ZOOM_OAUTH_URL}/oauth/revoke?token=${encodeURIComponent(tokens.refresh_token)}`, { method: 'POST', headers: { authorization: basic() } });
    expect([res.status, await res.json()]).toEqual([200, { status: 'success' }]);
    expect((await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })).status).toBe(400);
    expect((await api('/users/me', tokens.access_token)).status).toBe(401);
  });
});

describe('Zoom stand-in: meetings', () => {
  it('creates a scheduled meeting: start in the meeting\'s zone answered in UTC, with join and start links and passcodes', async () => {
    const { access_token } = await connect('eve@zoom.example');
    const res = await api('/users/me/meetings', access_token, { method: 'POST', body: meeting });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({
      topic: meeting.topic,
      type: 2,
      status: 'waiting',
      // 09:00 in Kathmandu (+05:45).
      start_time: '2031-03-09T03:15:00Z',
      duration: 30,
      timezone: 'Asia/Kathmandu',
      agenda: meeting.agenda,
      host_email: 'eve@zoom.example',
      settings: expect.objectContaining({ join_before_host: true, waiting_room: false }),
    });
    expect(created.id).toBeGreaterThan(10_000_000_000);
    expect(created.join_url).toMatch(new RegExp(`^https://us05web\\.zoom\\.us/j/${created.id}\\?pwd=\\w+$`));
    expect(created.start_url).toMatch(new RegExp(`^https://us05web\\.zoom\\.us/s/${created.id}\\?zak=`));
    expect(created.password).toMatch(/^\w{6,10}$/);
    expect(created.uuid).toEqual(expect.any(String));
    const read = await (await api(`/meetings/${created.id}`, access_token)).json();
    expect(read).toEqual(created);
  });

  it('reads an instant with Z as UTC, and refuses a body that breaks Zoom\'s validation', async () => {
    const { access_token } = await connect('fay@zoom.example');
    const utc = await (await api('/users/me/meetings', access_token, { method: 'POST', body: { ...meeting, start_time: '2031-10-26T00:30:00Z', timezone: 'Europe/London' } })).json();
    expect(utc.start_time).toBe('2031-10-26T00:30:00Z');
    const bad = await api('/users/me/meetings', access_token, { method: 'POST', body: { ...meeting, start_time: 'next tuesday' } });
    expect([bad.status, await bad.json()]).toEqual([400, { code: 300, message: 'Validation Failed.', errors: [{ field: 'start_time', message: 'Invalid field.' }] }]);
    const notJson = await fetch(`${zoom.env.ZOOM_API_ROOT}/users/me/meetings`, { method: 'POST', headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' }, body: '{' });
    expect([notJson.status, await notJson.json()]).toEqual([400, { code: 300, message: 'Request Body should be a valid JSON object.' }]);
  });

  it('moves a meeting (PATCH answers 204) across a DST change and deletes it (204, then 3001)', async () => {
    const { access_token } = await connect('gus@zoom.example');
    const created = await (await api('/users/me/meetings', access_token, { method: 'POST', body: { ...meeting, timezone: 'America/New_York', start_time: '2031-03-08T10:00:00' } })).json();
    expect(created.start_time).toBe('2031-03-08T15:00:00Z');
    const patch = await api(`/meetings/${created.id}`, access_token, { method: 'PATCH', body: { start_time: '2031-03-10T10:00:00', duration: 45 } });
    expect([patch.status, await patch.text()]).toEqual([204, '']);
    const moved = await (await api(`/meetings/${created.id}`, access_token)).json();
    // The next Monday, after the clocks went forward: 10:00 is 14:00 UTC.
    expect([moved.start_time, moved.duration, moved.join_url]).toEqual(['2031-03-10T14:00:00Z', 45, created.join_url]);

    const del = await api(`/meetings/${created.id}`, access_token, { method: 'DELETE' });
    expect([del.status, await del.text()]).toEqual([204, '']);
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const gone = await api(`/meetings/${created.id}`, access_token, { method, body: method === 'PATCH' ? { duration: 15 } : undefined });
      expect([gone.status, await gone.json()]).toEqual([404, { code: 3001, message: `Meeting does not exist: ${created.id}.` }]);
    }
    expect((await control.user('gus@zoom.example')).meetings).toEqual([expect.objectContaining({ id: created.id, deleted: true })]);
  });

  it('keeps one user\'s meetings from another', async () => {
    const host = await connect('hal@zoom.example');
    const other = await connect('ivy@zoom.example');
    const created = await (await api('/users/me/meetings', host.access_token, { method: 'POST', body: meeting })).json();
    const res = await api(`/meetings/${created.id}`, other.access_token);
    expect([res.status, (await res.json()).code]).toEqual([404, 3001]);
  });

  it('answers 503 for a user while the outage switch is on, and again after it is off', async () => {
    const tokens = await connect('jo@zoom.example');
    await control.outage('jo@zoom.example', true);
    const down = await api('/users/me/meetings', tokens.access_token, { method: 'POST', body: meeting });
    expect(down.status).toBe(503);
    expect((await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })).status).toBe(503);
    expect((await api('/users/me', (await connect('kai@zoom.example')).access_token)).status).toBe(200);
    await control.outage('jo@zoom.example', false);
    expect((await api('/users/me/meetings', tokens.access_token, { method: 'POST', body: meeting })).status).toBe(201);
  });

  it('logs how each request was made, for tests that check the client', async () => {
    const since = (await control.requests()).length;
    const tokens = await connect('lu@zoom.example');
    const [, exchange] = await control.requests(since);
    expect([exchange.method, exchange.path, exchange.authorization]).toEqual(['POST', '/oauth/token', basic()]);
    await api('/users/me/meetings', tokens.access_token, { method: 'POST', body: meeting });
    const [create] = await control.requests(since + 2);
    expect([create.user, create.path, JSON.parse(create.body).topic, create.status]).toEqual(['lu@zoom.example', '/v2/users/me/meetings', meeting.topic, 201]);
  });
});
