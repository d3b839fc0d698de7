// The Google stand-in's conferences, driven by the official client (@googleapis/calendar and its
// OAuth2 client) as the functions drive Google: an event inserted or patched with
// conferenceDataVersion=1 and a Meet createRequest comes back with a hangoutLink and conferenceData;
// without the version the request is ignored, as Google documents (docs/stand-ins.md).
import { auth, calendar, type calendar_v3 } from '@googleapis/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGoogleStandIn, type GoogleStandIn } from './server.ts';

const REDIRECT = 'https://app.example.com/availability';
const MEET_CODE = /^[a-z]{3}-[a-z]{4}-[a-z]{3}$/;
let standIn: GoogleStandIn;
let api: calendar_v3.Calendar;
const email = 'meet-host@example.com';

beforeAll(async () => {
  standIn = await startGoogleStandIn();
  const client = new auth.OAuth2({
    clientId: standIn.clientId,
    clientSecret: standIn.clientSecret,
    redirectUri: REDIRECT,
    endpoints: { oauth2AuthBaseUrl: standIn.env.GOOGLE_OAUTH_AUTH_URL, oauth2TokenUrl: standIn.env.GOOGLE_OAUTH_TOKEN_URL },
  });
  const consent = new URL(client.generateAuthUrl({ access_type: 'offline', scope: ['https://www.googleapis.com/auth/calendar.events'], login_hint: email }));
  const code = new URL((await fetch(consent, { redirect: 'manual' })).headers.get('location')!).searchParams.get('code')!;
  client.setCredentials((await client.getToken(code)).tokens);
  api = calendar({ version: 'v3', auth: client, rootUrl: standIn.env.GOOGLE_CALENDAR_API_ROOT });
});

afterAll(() => standIn.stop());

const slot = (hour: number) => ({
  start: { dateTime: `2031-03-09T${String(hour).padStart(2, '0')}:00:00+05:45`, timeZone: 'Asia/Kathmandu' },
  end: { dateTime: `2031-03-09T${String(hour).padStart(2, '0')}:30:00+05:45`, timeZone: 'Asia/Kathmandu' },
});
const meetRequest = (requestId: string) => ({ createRequest: { requestId, conferenceSolutionKey: { type: 'hangoutsMeet' } } });

/** What Google documents a created Meet conference to look like. */
function expectMeet(event: calendar_v3.Schema$Event, requestId: string) {
  const data = event.conferenceData!;
  expect(data.conferenceId).toMatch(MEET_CODE);
  expect(event.hangoutLink).toBe(`https://meet.google.com/${data.conferenceId}`);
  expect(data.createRequest).toEqual({ requestId, conferenceSolutionKey: { type: 'hangoutsMeet' }, status: { statusCode: 'success' } });
  expect(data.conferenceSolution).toMatchObject({ key: { type: 'hangoutsMeet' }, name: 'Google Meet' });
  expect(data.entryPoints).toEqual([{ entryPointType: 'video', uri: event.hangoutLink, label: `meet.google.com/${data.conferenceId}` }]);
}

describe('Google stand-in: Meet conferences', () => {
  it('events.insert with conferenceDataVersion=1 and a hangoutsMeet createRequest answers a Meet link, and keeps it', async () => {
    const { data: event } = await api.events.insert({
      calendarId: email,
      conferenceDataVersion: 1,
      requestBody: { summary: 'Intro call', ...slot(9), conferenceData: meetRequest('booking-1') },
    });
    expectMeet(event, 'booking-1');
    const { data: read } = await api.events.get({ calendarId: email, eventId: event.id! });
    expect(read.conferenceData).toEqual(event.conferenceData);
    expect(read.hangoutLink).toBe(event.hangoutLink);
  });

  it('gives each conference its own code', async () => {
    const links = new Set<string>();
    for (const n of [1, 2, 3]) {
      const { data } = await api.events.insert({ calendarId: email, conferenceDataVersion: 1, requestBody: { ...slot(10 + n), conferenceData: meetRequest(`unique-${n}`) } });
      links.add(data.hangoutLink!);
    }
    expect(links.size).toBe(3);
  });

  it('ignores the conference request without conferenceDataVersion=1, as Google does', async () => {
    const { data: event } = await api.events.insert({ calendarId: email, requestBody: { ...slot(14), conferenceData: meetRequest('ignored') } });
    expect(event.conferenceData).toBeUndefined();
    expect(event.hangoutLink).toBeUndefined();
    const { data: patched } = await api.events.patch({ calendarId: email, eventId: event.id!, requestBody: { conferenceData: meetRequest('still-ignored') } });
    expect(patched.conferenceData).toBeUndefined();
  });

  it('events.patch adds a conference; the same requestId again changes nothing, and a version-0 move keeps it', async () => {
    const { data: event } = await api.events.insert({ calendarId: email, requestBody: slot(15) });
    const { data: withMeet } = await api.events.patch({ calendarId: email, eventId: event.id!, conferenceDataVersion: 1, requestBody: { conferenceData: meetRequest('patch-1') } });
    expectMeet(withMeet, 'patch-1');
    const { data: again } = await api.events.patch({ calendarId: email, eventId: event.id!, conferenceDataVersion: 1, requestBody: { conferenceData: meetRequest('patch-1') } });
    expect(again.hangoutLink).toBe(withMeet.hangoutLink);
    const { data: moved } = await api.events.patch({ calendarId: email, eventId: event.id!, requestBody: slot(16) });
    expect(moved.hangoutLink).toBe(withMeet.hangoutLink);
    expect(moved.start!.dateTime).toBe(slot(16).start.dateTime);
    const { data: renewed } = await api.events.patch({ calendarId: email, eventId: event.id!, conferenceDataVersion: 1, requestBody: { conferenceData: meetRequest('patch-2') } });
    expectMeet(renewed, 'patch-2');
    expect(renewed.hangoutLink).not.toBe(withMeet.hangoutLink);
  });

  it('refuses a conference type it cannot create, with Google\'s error', async () => {
    const insert = api.events.insert({
      calendarId: email,
      conferenceDataVersion: 1,
      requestBody: { ...slot(17), conferenceData: { createRequest: { requestId: 'x', conferenceSolutionKey: { type: 'eventHangout' } } } },
    });
    await expect(insert).rejects.toMatchObject({ status: 400, message: 'Invalid conference type value.' });
  });
});
