// Google Calendar in the tests: a host connects it through the stand-in's consent screen, and the
// events the stand-in holds are read back through its control API.
import { expect } from 'vitest';
import { googleControl, type GoogleEvent } from '../../../scripts/local/google/server.ts';
import { stack } from '../../../scripts/local/test-stack/harness.ts';
import { call } from '../api/client.ts';
import type { Host } from '../api/fixtures.ts';

export const REDIRECT = 'https://app.example.com/availability';
export const control = () => googleControl(stack().google!.url);

/** The host consents as `email` in Google and Kairos finishes the connection; the connect answer. */
export async function connectGoogle(host: Host, email: string) {
  const started = await call('/calendars/google/start', { body: { redirectUri: REDIRECT }, token: host.accessToken });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const consent = new URL(started.body.url);
  expect(consent.origin).toBe(stack().google!.url);
  consent.searchParams.set('login_hint', email);
  // Google sends the browser back to the redirect address with the code and the state.
  const back = await fetch(consent, { redirect: 'manual' });
  expect(back.status).toBe(302);
  const returned = new URL(back.headers.get('location')!);
  expect(returned.origin + returned.pathname).toBe(REDIRECT);
  const code = returned.searchParams.get('code')!;
  const state = returned.searchParams.get('state')!;
  return call('/calendars/google/connect', { body: { code, state, redirectUri: REDIRECT }, token: host.accessToken });
}

/** The account's events in its primary calendar, once `done` says they look as expected. */
export async function eventsWhen(email: string, done: (events: GoogleEvent[]) => boolean, timeoutMs = 30_000): Promise<GoogleEvent[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const events = (await control().account(email)).events[email];
    if (done(events)) return events;
    if (Date.now() > deadline) throw new Error(`calendar never matched: ${JSON.stringify(events.map((e) => [e.iCalUID, e.status, e.start]))}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

