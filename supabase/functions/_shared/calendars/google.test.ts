// Google's adapter at its HTTP boundary: the real Google cannot be reached from our machines, so a
// local server answers the OAuth token endpoint and the Calendar API with the shapes Google documents
// (oauth2 token responses; calendarList.list; freebusy.query), and the official client talks to it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CalendarAccessError } from './caldav.ts';
import { googleAccess, googleConfig, type GoogleAccess } from './google.ts';

interface Seen {
  method: string;
  path: string;
  auth: string | undefined;
  body: string;
}

let server: Server;
let google: GoogleAccess;
const seen: Seen[] = [];
const DAY = 86_400_000;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const path = req.url!.split('?')[0];
      seen.push({ method: req.method!, path, auth: req.headers.authorization, body });
      const send = (status: number, value: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (path === '/token') {
        const form = new URLSearchParams(body);
        if (form.get('grant_type') === 'authorization_code' && form.get('code') === 'good-code') {
          return send(200, { access_token: 'ya29.first', expires_in: 3599, refresh_token: '1//refresh', scope: 'https://www.googleapis.com/auth/calendar.readonly', token_type: 'Bearer' });
        }
        if (form.get('grant_type') === 'refresh_token' && form.get('refresh_token') === '1//refresh') {
          return send(200, { access_token: 'ya29.refreshed', expires_in: 3599, scope: 'https://www.googleapis.com/auth/calendar.readonly', token_type: 'Bearer' });
        }
        return send(400, { error: 'invalid_grant', error_description: 'Bad Request' });
      }
      if (path === '/calendar/v3/users/me/calendarList') {
        return send(200, {
          kind: 'calendar#calendarList',
          etag: '"p32g"',
          items: [
            { kind: 'calendar#calendarListEntry', id: 'ada@example.com', summary: 'ada@example.com', backgroundColor: '#9fe1e7', accessRole: 'owner', primary: true },
            { kind: 'calendar#calendarListEntry', id: 'en.usa#holiday@group.v.calendar.google.com', summary: 'Holidays in United States', accessRole: 'reader' },
            { kind: 'calendar#calendarListEntry', id: 'team@group.calendar.google.com', summary: 'Team', summaryOverride: 'Our team', accessRole: 'writer' },
          ],
        });
      }
      if (path === '/calendar/v3/freeBusy') {
        const q = JSON.parse(body) as { timeMin: string; timeMax: string; items: { id: string }[] };
        const calendars: Record<string, unknown> = {};
        for (const { id } of q.items) {
          calendars[id] =
            id === 'broken@example.com'
              ? { errors: [{ domain: 'global', reason: 'notFound' }], busy: [] }
              : { busy: [{ start: new Date(Date.parse(q.timeMin) + DAY).toISOString(), end: new Date(Date.parse(q.timeMin) + DAY + 3_600_000).toISOString() }] };
        }
        return send(200, { kind: 'calendar#freeBusy', timeMin: q.timeMin, timeMax: q.timeMax, calendars });
      }
      send(404, { error: { code: 404, message: 'Not Found' } });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  google = googleAccess({ clientId: 'client-123.apps.googleusercontent.com', clientSecret: 'shh', apiRoot: `${base}/`, tokenUrl: `${base}/token` });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('Google Calendar adapter', () => {
  it('is offered only when the project names a Google client', () => {
    expect(googleConfig(() => undefined)).toBeNull();
    const env: Record<string, string> = { SUPABASE_AUTH_EXTERNAL_GOOGLE_CLIENT_ID: 'id', SUPABASE_AUTH_EXTERNAL_GOOGLE_SECRET: 'secret' };
    expect(googleConfig((n) => env[n])).toEqual({ clientId: 'id', clientSecret: 'secret' });
  });

  it('asks for offline calendar access with the state it is given', () => {
    const url = new URL(google.consentUrl('https://app.example.com/availability', 'state-xyz'));
    expect(url.origin).toBe('https://accounts.google.com');
    expect(url.searchParams.get('client_id')).toBe('client-123.apps.googleusercontent.com');
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('redirect_uri')).toBe('https://app.example.com/availability');
    expect(url.searchParams.get('state')).toBe('state-xyz');
    expect(url.searchParams.get('scope')).toContain('https://www.googleapis.com/auth/calendar.readonly');
  });

  it('exchanges the code and lists the calendars, writable ones marked', async () => {
    seen.length = 0;
    const granted = await google.exchange('good-code', 'https://app.example.com/availability');
    expect(granted.refreshToken).toBe('1//refresh');
    expect(granted.email).toBe('ada@example.com');
    expect(granted.calendars).toEqual([
      { remoteId: 'ada@example.com', name: 'ada@example.com', color: '#9fe1e7', canWrite: true },
      { remoteId: 'en.usa#holiday@group.v.calendar.google.com', name: 'Holidays in United States', color: null, canWrite: false },
      { remoteId: 'team@group.calendar.google.com', name: 'Our team', color: null, canWrite: true },
    ]);
    const token = new URLSearchParams(seen.find((s) => s.path === '/token')!.body);
    expect(token.get('code')).toBe('good-code');
    expect(token.get('redirect_uri')).toBe('https://app.example.com/availability');
    expect(seen.find((s) => s.path.endsWith('calendarList'))!.auth).toBe('Bearer ya29.first');
  });

  it('refuses a code Google refuses', async () => {
    await expect(google.exchange('bad-code', 'https://app.example.com/availability')).rejects.toThrow();
  });

  it('reads busy times with a refreshed token, in parts of at most 30 days', async () => {
    seen.length = 0;
    const from = Date.parse('2026-12-01T00:00:00Z');
    const busy = await google.busy('1//refresh', ['ada@example.com'], from, from + 63 * DAY);
    const queries = seen.filter((s) => s.path === '/calendar/v3/freeBusy');
    expect(queries).toHaveLength(3);
    expect(queries.every((q) => q.auth === 'Bearer ya29.refreshed')).toBe(true);
    for (const q of queries) {
      const body = JSON.parse(q.body);
      expect(Date.parse(body.timeMax) - Date.parse(body.timeMin)).toBeLessThanOrEqual(30 * DAY);
    }
    expect(busy.get('ada@example.com')!.map((s) => new Date(s.start).toISOString())).toEqual([
      '2026-12-02T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
      '2027-01-31T00:00:00.000Z',
    ]);
  });

  it('treats a calendar Google reports an error for as an error, never as free', async () => {
    await expect(google.busy('1//refresh', ['ada@example.com', 'broken@example.com'], Date.now(), Date.now() + DAY)).rejects.toThrow(CalendarAccessError);
  });
});
