// CalDAV (RFC 4791) through tsdav: discovery of an account's calendars (what iCloud, Fastmail and
// Nextcloud need: principal, then calendar home), busy times from a calendar-query time-range
// REPORT, and writing one event object per booking. Every request goes through the given fetch, so
// the functions pass the SSRF-safe one.
import { createAccount, createCalendarObject, deleteCalendarObject, fetchCalendarObjects, fetchCalendars, getBasicAuthHeaders, updateCalendarObject } from 'tsdav';
import type { DAVAccount, DAVCalendar } from 'tsdav';
import { ruleMessage, WordedError } from '../rules/messages.ts';

export interface CalDavLogin {
  serverUrl: string;
  username: string;
  password: string;
}

export interface RemoteCalendar {
  remoteId: string;
  name: string;
  color: string | null;
  canWrite: boolean;
}

/** The calendar's server refused or could not be read: what went wrong, in a rule's words. */
export class CalendarAccessError extends WordedError {}

function headers(login: CalDavLogin): Record<string, string> {
  return getBasicAuthHeaders({ username: login.username, password: login.password });
}

/** The server refused the login: tsdav reads a 401 multistatus as "no principal", so ask plainly first. */
async function checkLogin(login: CalDavLogin, fetcher: typeof fetch): Promise<void> {
  const res = await fetcher(login.serverUrl, {
    method: 'PROPFIND',
    headers: { ...headers(login), depth: '0', 'content-type': 'application/xml; charset=utf-8' },
    body: '<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:"><d:prop><d:current-user-principal/></d:prop></d:propfind>',
  });
  await res.body?.cancel();
  if (res.status === 401 || res.status === 403) throw new CalendarAccessError(ruleMessage('calendarLogin'));
  if (res.status >= 400) throw new CalendarAccessError(ruleMessage('calendarAnswered', { status: res.status }));
}

async function account(login: CalDavLogin, fetcher: typeof fetch): Promise<DAVAccount> {
  await checkLogin(login, fetcher);
  const found = await createAccount({
    account: { serverUrl: login.serverUrl, accountType: 'caldav' },
    headers: headers(login),
    fetch: fetcher,
  });
  if (!found.homeUrl) throw new CalendarAccessError(ruleMessage('calendarNone'));
  return found;
}

function displayName(c: DAVCalendar): string {
  return typeof c.displayName === 'string' && c.displayName.trim() ? c.displayName.trim() : decodeURIComponent(c.url.replace(/\/$/, '').split('/').pop() ?? 'Calendar');
}

/**
 * The account's calendars that hold events, and its calendar home: the address the server itself
 * gives the account, the same however the host wrote the server's address.
 */
export async function discoverCalDav(login: CalDavLogin, fetcher: typeof fetch): Promise<{ home: string; calendars: RemoteCalendar[] }> {
  const acc = await account(login, fetcher);
  const calendars = await fetchCalendars({ account: acc, headers: headers(login), fetch: fetcher });
  return {
    home: new URL(acc.homeUrl!).href,
    calendars: calendars
      .filter((c) => !c.components || c.components.includes('VEVENT'))
      .map((c) => ({
        remoteId: c.url,
        name: displayName(c),
        color: typeof c.calendarColor === 'string' ? c.calendarColor.slice(0, 7) : null,
        canWrite: true,
      })),
  };
}

/** The iCalendar objects of one calendar with an event overlapping [from, to). */
export async function calendarObjectsIn(login: CalDavLogin, calendarUrl: string, from: number, to: number, fetcher: typeof fetch): Promise<string[]> {
  const objects = await fetchCalendarObjects({
    calendar: { url: calendarUrl },
    timeRange: { start: new Date(from).toISOString(), end: new Date(to).toISOString() },
    headers: headers(login),
    fetch: fetcher,
  });
  return objects.map((o) => (typeof o.data === 'string' ? o.data : '')).filter((d) => d.includes('BEGIN:VCALENDAR'));
}

export interface StoredEvent {
  url: string;
  etag: string | null;
}

function objectUrl(calendarUrl: string, uid: string): string {
  return new URL(`${encodeURIComponent(uid)}.ics`, calendarUrl.endsWith('/') ? calendarUrl : `${calendarUrl}/`).href;
}

async function stored(res: Response, url: string): Promise<StoredEvent> {
  await res.body?.cancel();
  if (!res.ok) throw new CalendarAccessError(ruleMessage('calendarWrite', { status: res.status }));
  return { url, etag: res.headers.get('etag') };
}

/** The object's current ETag, for a retry after a 412 (the event was changed in the calendar meanwhile). */
async function currentEtag(login: CalDavLogin, url: string, fetcher: typeof fetch): Promise<string | null> {
  const res = await fetcher(url, { method: 'GET', headers: headers(login) });
  await res.body?.cancel();
  return res.ok ? res.headers.get('etag') : null;
}

/**
 * Writes an event object named after its UID: created with If-None-Match when new, replaced with
 * If-Match when Kairos wrote it before. A 412 means the event changed in the calendar since: Kairos's
 * booking is the truth for its own event, so it is written again over the current version (a few
 * times: two deliveries of one booking, as a reschedule makes, may write it at the same moment).
 */
export async function putEvent(login: CalDavLogin, calendarUrl: string, uid: string, ics: string, previous: StoredEvent | null, fetcher: typeof fetch): Promise<StoredEvent> {
  const update = async (url: string, etag: string | null) =>
    updateCalendarObject({ calendarObject: { url, data: ics, etag: etag ?? undefined }, headers: headers(login), fetch: fetcher });
  const url = previous?.url ?? objectUrl(calendarUrl, uid);
  let res = previous
    ? await update(previous.url, previous.etag)
    : await createCalendarObject({
        calendar: { url: calendarUrl.endsWith('/') ? calendarUrl : `${calendarUrl}/` },
        filename: `${encodeURIComponent(uid)}.ics`,
        iCalString: ics,
        headers: headers(login),
        fetch: fetcher,
      });
  for (let retry = 0; res.status === 412 && retry < 3; retry++) {
    await res.body?.cancel();
    res = await update(url, await currentEtag(login, url, fetcher));
  }
  return stored(res, url);
}

/** Removes an event Kairos wrote; one already gone counts as removed. */
export async function deleteEvent(login: CalDavLogin, event: StoredEvent, fetcher: typeof fetch): Promise<void> {
  const remove = (etag: string | null) => deleteCalendarObject({ calendarObject: { url: event.url, etag: etag ?? undefined }, headers: headers(login), fetch: fetcher });
  let res = await remove(event.etag);
  if (res.status === 412) {
    await res.body?.cancel();
    res = await remove(await currentEtag(login, event.url, fetcher));
  }
  await res.body?.cancel();
  if (!res.ok && res.status !== 404) throw new CalendarAccessError(ruleMessage('calendarRemove', { status: res.status }));
}
