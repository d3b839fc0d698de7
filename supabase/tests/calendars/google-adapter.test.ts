// Google's adapter at its HTTP boundary: the real Google cannot be reached from our machines, so the
// official client (@googleapis/calendar, google-auth-library) talks to a stand-in that answers
// Google's OAuth token endpoint and Calendar API (calendarList, freeBusy, events) in the shapes Google
// documents. It is the test stack's, the one the functions use as Google (google.test.ts); each test
// uses accounts of its own.
import { beforeAll, describe, expect, it } from 'vitest';
import { googleControl } from '../../../scripts/local/google/server.ts';
import { stack } from '../../../scripts/local/test-stack/harness.ts';
import { CalendarAccessError } from '../../functions/_shared/calendars/caldav.ts';
import { BOOKING_PROPERTY, googleAccess, googleConfig, type GoogleAccess } from '../../functions/_shared/calendars/google.ts';

const standIn = stack().google!;
let google: GoogleAccess;
let control: ReturnType<typeof googleControl>;
const DAY = 86_400_000;
const REDIRECT = 'https://app.example.com/availability';

beforeAll(() => {
  google = googleAccess(googleConfig((name) => standIn.env[name])!, fetch);
  control = googleControl(standIn.url);
});

/** Consents as `email` the way a browser follows Google's redirect: the code Google hands back. */
async function consent(email: string): Promise<string> {
  const url = new URL(google.consentUrl(REDIRECT, 'state-xyz'));
  url.searchParams.set('login_hint', email);
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!).searchParams.get('code')!;
}

async function connected(email: string): Promise<string> {
  return (await google.exchange(await consent(email), REDIRECT)).refreshToken;
}

describe('Google Calendar adapter', () => {
  it('is offered only when the project names a Google client, on Google\'s own endpoints unless told otherwise', () => {
    expect(googleConfig(() => undefined)).toBeNull();
    const env: Record<string, string> = { GOOGLE_OAUTH_CLIENT_ID: 'id', GOOGLE_OAUTH_CLIENT_SECRET: 'secret' };
    const config = googleConfig((n) => env[n]);
    expect(config).toEqual({ clientId: 'id', clientSecret: 'secret' });
    const url = new URL(googleAccess(config!, fetch).consentUrl(REDIRECT, 's'));
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
  });

  it('asks for offline calendar access with the state it is given', () => {
    const url = new URL(google.consentUrl(REDIRECT, 'state-xyz'));
    expect(url.origin).toBe(standIn.url);
    expect(url.searchParams.get('client_id')).toBe(standIn.clientId);
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(url.searchParams.get('state')).toBe('state-xyz');
    expect(url.searchParams.get('scope')!.split(' ')).toEqual(['https://www.googleapis.com/auth/calendar.readonly', 'https://www.googleapis.com/auth/calendar.events']);
  });

  it('exchanges the code and lists the calendars, writable ones marked', async () => {
    const code = await consent('ada@example.com');
    const before = (await control.requests()).length;
    const granted = await google.exchange(code, REDIRECT);
    expect(granted.refreshToken).toBe((await control.account('ada@example.com')).refreshTokens[0]);
    expect(granted.email).toBe('ada@example.com');
    expect(granted.calendars).toEqual([
      { remoteId: 'ada@example.com', name: 'ada@example.com', color: '#9fe1e7', canWrite: true },
      { remoteId: 'en.usa#holiday@group.v.calendar.google.com', name: 'Holidays in United States', color: null, canWrite: false },
      { remoteId: 'team.ada@group.calendar.google.com', name: 'Our team', color: null, canWrite: true },
      { remoteId: 'colleague.ada@example.org', name: 'Colleague', color: null, canWrite: false },
    ]);
    const [tokenRequest, listRequest] = await control.requests(before, 'ada@example.com');
    const form = new URLSearchParams(tokenRequest.body);
    expect([tokenRequest.path, form.get('grant_type'), form.get('code'), form.get('redirect_uri')]).toEqual(['/token', 'authorization_code', code, REDIRECT]);
    expect(listRequest.path).toBe('/calendar/v3/users/me/calendarList');
    expect(listRequest.authorization).toMatch(/^Bearer ya29\./);
  });

  it('refuses a code Google refuses: unknown, used twice, or for another redirect address', async () => {
    await expect(google.exchange('4/0Aunknown', REDIRECT)).rejects.toThrow();
    const code = await consent('ada@example.com');
    await expect(google.exchange(code, 'https://elsewhere.example.com/availability')).rejects.toThrow();
    await expect(google.exchange(code, REDIRECT)).rejects.toThrow();
  });

  it('reads a free/busy-only calendar through freeBusy with a refreshed token, in parts of at most 30 days', async () => {
    const email = 'busy@example.com';
    const shared = 'colleague.busy@example.org';
    const refresh = await connected(email);
    const from = Date.parse('2026-12-01T00:00:00Z');
    for (const start of [from + DAY, from + 31 * DAY, from + 61 * DAY]) {
      await control.addEvent(email, { calendarId: shared, start: new Date(start).toISOString(), end: new Date(start + 3_600_000).toISOString() });
    }
    await control.addEvent(email, { calendarId: shared, start: new Date(from + 2 * DAY).toISOString(), end: new Date(from + 2 * DAY + 3_600_000).toISOString(), transparency: 'transparent' });
    const before = (await control.requests()).length;
    const busy = await google.busy(refresh, [{ id: shared, writable: false }], from, from + 63 * DAY);
    const asked = await control.requests(before, email);
    expect(asked[0]).toMatchObject({ path: '/token', status: 200 });
    expect(new URLSearchParams(asked[0].body).get('grant_type')).toBe('refresh_token');
    const queries = asked.filter((s) => s.path === '/calendar/v3/freeBusy');
    expect(queries).toHaveLength(3);
    for (const q of queries) {
      const body = JSON.parse(q.body);
      expect(Date.parse(body.timeMax) - Date.parse(body.timeMin)).toBeLessThanOrEqual(30 * DAY);
      expect(q.authorization).toMatch(/^Bearer ya29\./);
    }
    expect(busy.get(shared)!.map((s) => new Date(s.start).toISOString())).toEqual([
      '2026-12-02T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
      '2027-01-31T00:00:00.000Z',
    ]);
  });

  it('reads a writable calendar from its events: free, declined and the events Kairos wrote for this host do not block, all-day ones block the day of the calendar\'s zone', async () => {
    const email = 'events@example.com';
    const refresh = await connected(email);
    const from = Date.parse('2026-12-01T00:00:00Z');
    const hour = (day: number, h: number) => new Date(from + day * DAY + h * 3_600_000).toISOString();
    await control.addEvent(email, { start: hour(1, 9), end: hour(1, 10), summary: 'Standup' });
    await control.addEvent(email, { start: hour(1, 11), end: hour(1, 12), transparency: 'transparent' });
    await control.addEvent(email, { start: hour(1, 13), end: hour(1, 14), declined: true });
    // The primary calendar's zone is Asia/Kolkata: 3 December there is 2 Dec 18:30 to 3 Dec 18:30 UTC.
    await control.addEvent(email, { start: '2026-12-03', end: '2026-12-04', summary: 'Offsite' });
    // An event outside the window is not asked for.
    await control.addEvent(email, { start: hour(40, 9), end: hour(40, 10) });
    const own = '00000000-0000-4000-8000-000000000001@kairos';
    await google.writeEvent(refresh, email, { icalUid: own, summary: 'Intro call', start: hour(1, 15), end: hour(1, 16) }, null);
    // Written by Kairos into this shared calendar for someone else: it blocks this host like any event.
    await google.writeEvent(refresh, email, { icalUid: '00000000-0000-4000-8000-000000000002@kairos', summary: 'Demo', start: hour(1, 17), end: hour(1, 18) }, null);

    const before = (await control.requests()).length;
    const busy = await google.busy(refresh, [{ id: email, writable: true, writtenBack: new Set([own]) }], from, from + 30 * DAY);
    expect((await control.requests(before, email)).some((r) => r.path === '/calendar/v3/freeBusy')).toBe(false);
    expect(busy.get(email)!.map((s) => [new Date(s.start).toISOString(), new Date(s.end).toISOString()])).toEqual([
      [hour(1, 9), hour(1, 10)],
      ['2026-12-02T18:30:00.000Z', '2026-12-03T18:30:00.000Z'],
      [hour(1, 17), hour(1, 18)],
    ]);
  });

  it('treats a calendar Google reports an error for as an error, never as free', async () => {
    const refresh = await connected('ada@example.com');
    const from = Date.now();
    await expect(google.busy(refresh, [{ id: 'broken@example.com', writable: false }], from, from + DAY)).rejects.toThrow(CalendarAccessError);
    await expect(google.busy(refresh, [{ id: 'broken@example.com', writable: true }], from, from + DAY)).rejects.toThrow();
  });
});

describe('bookings written to a Google calendar', () => {
  const email = 'writer@example.com';
  const event = (uid: string, hour: number) => ({
    icalUid: uid,
    summary: 'Intro call with Ada Lovelace',
    start: `2026-12-07T${String(hour).padStart(2, '0')}:00:00.000Z`,
    end: `2026-12-07T${String(hour).padStart(2, '0')}:30:00.000Z`,
  });
  const eventsOf = async (calendarId = email) => (await control.account(email)).events[calendarId];
  let refresh: string;
  beforeAll(async () => {
    refresh = await connected(email);
  });

  it('inserts the event with the booking\'s UID as its iCalUID and in a private extended property', async () => {
    const stored = await google.writeEvent(refresh, email, event('a1@kairos', 9), null);
    const [written] = (await eventsOf()).filter((e) => e.id === stored.id);
    expect(written).toMatchObject({
      iCalUID: 'a1@kairos',
      status: 'confirmed',
      summary: 'Intro call with Ada Lovelace',
      start: { dateTime: '2026-12-07T09:00:00.000Z' },
      end: { dateTime: '2026-12-07T09:30:00.000Z' },
      extendedProperties: { private: { [BOOKING_PROPERTY]: 'a1@kairos' } },
    });
    expect(stored.etag).toBe(written.etag);
  });

  it('moves the same event with If-Match, and writes over a change made in Google since', async () => {
    const first = await google.writeEvent(refresh, email, event('a2@kairos', 9), null);
    const before = (await control.requests()).length;
    const moved = await google.writeEvent(refresh, email, event('a2@kairos', 11), first);
    expect(moved.id).toBe(first.id);
    const patches = (await control.requests(before, email)).filter((r) => r.method === 'PATCH');
    expect(patches.map((r) => [r.ifMatch, r.status])).toEqual([[first.etag, 200]]);

    // `first` is stale now: Google answers 412, and the booking's time is written over the current version.
    const after = (await control.requests()).length;
    const again = await google.writeEvent(refresh, email, event('a2@kairos', 13), first);
    expect((await control.requests(after, email)).filter((r) => r.method === 'PATCH').map((r) => [r.ifMatch, r.status])).toEqual([
      [first.etag, 412],
      [null, 200],
    ]);
    const mine = (await eventsOf()).filter((e) => e.iCalUID === 'a2@kairos');
    expect(mine.map((e) => [e.id, e.start.dateTime, e.etag])).toEqual([[first.id, '2026-12-07T13:00:00.000Z', again.etag]]);
  });

  it('never makes a second event for a UID the calendar already holds, even a removed one', async () => {
    const first = await google.writeEvent(refresh, email, event('a3@kairos', 9), null);
    // A delivery whose record was lost writes again from nothing: Google's 409 leads to the same event.
    const second = await google.writeEvent(refresh, email, event('a3@kairos', 10), null);
    expect(second.id).toBe(first.id);
    await google.removeEvent(refresh, email, second);
    const third = await google.writeEvent(refresh, email, event('a3@kairos', 12), null);
    expect(third.id).toBe(first.id);
    const mine = (await eventsOf()).filter((e) => e.iCalUID === 'a3@kairos');
    expect(mine.map((e) => [e.status, e.start.dateTime])).toEqual([['confirmed', '2026-12-07T12:00:00.000Z']]);
  });

  it('removes the event, one already removed counting as removed', async () => {
    const stored = await google.writeEvent(refresh, email, event('a4@kairos', 9), null);
    const newer = await google.writeEvent(refresh, email, event('a4@kairos', 10), stored);
    // With the stale ETag: 412, then removed all the same.
    await google.removeEvent(refresh, email, stored);
    expect((await eventsOf()).find((e) => e.id === newer.id)?.status).toBe('cancelled');
    await google.removeEvent(refresh, email, newer);
  });

  it('fails, to be retried, when Google refuses or is down', async () => {
    await expect(google.writeEvent(refresh, 'en.usa#holiday@group.v.calendar.google.com', event('a5@kairos', 9), null)).rejects.toThrow(CalendarAccessError);
    await expect(google.writeEvent('1//revoked', email, event('a5@kairos', 9), null)).rejects.toThrow(CalendarAccessError);
    await control.outage(email, true);
    try {
      await expect(google.writeEvent(refresh, email, event('a5@kairos', 9), null)).rejects.toThrow(/503/);
    } finally {
      await control.outage(email, false);
    }
  });
});
