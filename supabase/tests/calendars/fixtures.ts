// Calendars for the tests: accounts and events in Radicale (a real CalDAV server) and iCalendar
// files, written as calendar apps write them.
import { appendFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { sql, stack } from '../../../scripts/local/test-stack/harness.ts';
import { call } from '../api/client.ts';
import type { Host } from '../api/fixtures.ts';

export interface DavUser {
  url: string;
  username: string;
  password: string;
}

/** A new Radicale login on the shared server (or on `url` with its own users file). */
export function newDavUser(server: { url: string; users: string } = stack().caldav!): DavUser {
  const username = `host-${randomUUID().slice(0, 8)}`;
  const password = `app-${randomUUID().slice(0, 12)}`;
  appendFileSync(server.users, `${username}:${password}\n`);
  return { url: server.url, username, password };
}

function auth(u: DavUser) {
  return { authorization: `Basic ${Buffer.from(`${u.username}:${u.password}`).toString('base64')}` };
}

/** Creates a calendar collection with a display name; returns its URL. */
export async function makeCalendar(u: DavUser, slug: string, name: string): Promise<string> {
  const url = `${u.url}/${u.username}/${slug}/`;
  const body = `<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>
<D:displayname>${name}</D:displayname>
<C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>
</D:prop></D:set></C:mkcalendar>`;
  const res = await fetch(url, { method: 'MKCALENDAR', headers: { ...auth(u), 'content-type': 'application/xml' }, body });
  expect(res.status).toBe(201);
  return url;
}

export async function putObject(u: DavUser, calendarUrl: string, name: string, ics: string): Promise<void> {
  const res = await fetch(`${calendarUrl}${name}.ics`, { method: 'PUT', headers: { ...auth(u), 'content-type': 'text/calendar' }, body: ics });
  expect(res.status, await res.text()).toBeLessThan(300);
}

export async function deleteObject(u: DavUser, calendarUrl: string, name: string): Promise<void> {
  const res = await fetch(`${calendarUrl}${name}.ics`, { method: 'DELETE', headers: auth(u) });
  expect(res.status).toBeLessThan(300);
}

/** The calendar's objects as Radicale stores them: href → iCalendar text. */
export async function objectsOf(u: DavUser, calendarUrl: string): Promise<Map<string, string>> {
  const body = `<?xml version="1.0" encoding="utf-8"?>
<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/><C:calendar-data/></D:prop>
<C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT"/></C:comp-filter></C:filter></C:calendar-query>`;
  const res = await fetch(calendarUrl, { method: 'REPORT', headers: { ...auth(u), depth: '1', 'content-type': 'application/xml' }, body });
  const xml = await res.text();
  const out = new Map<string, string>();
  for (const m of xml.matchAll(/<(?:\w+:)?href>([^<]+)<\/(?:\w+:)?href>[\s\S]*?<(?:\w+:)?calendar-data[^>]*>([\s\S]*?)<\/(?:\w+:)?calendar-data>/gi)) {
    out.set(m[1], m[2].replace(/&#13;/g, '\r').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
  }
  return out;
}

export interface FeedServer {
  /** http://127.0.0.1:port (the local stack allows loopback addresses by configuration). */
  base: string;
  /** Serves `body` at `path` from now on; returns its address. */
  serve(path: string, body: string, status?: number): string;
  /** How many times `path` has been asked for. */
  hits(path: string): number;
  close(): Promise<void>;
}

/** A local HTTP server of iCalendar subscriptions, as Google, Outlook or iCloud publish them. */
export async function feedServer(): Promise<FeedServer> {
  const feeds = new Map<string, { status: number; body: string }>();
  const hits = new Map<string, number>();
  const server = createServer((req, res) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
    const feed = feeds.get(req.url!);
    if (!feed) return res.writeHead(404).end('not here');
    res.writeHead(feed.status, { 'content-type': 'text/calendar' }).end(feed.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    serve(path, body, status = 200) {
      feeds.set(path, { status, body });
      return `${base}${path}`;
    },
    hits: (path) => hits.get(path) ?? 0,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

export const KOLKATA = `BEGIN:VTIMEZONE
TZID:Asia/Kolkata
BEGIN:STANDARD
TZOFFSETFROM:+0530
TZOFFSETTO:+0530
TZNAME:IST
DTSTART:19700101T000000
END:STANDARD
END:VTIMEZONE`;

export function ics(...parts: string[]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Kairos tests//EN', ...parts, 'END:VCALENDAR', ''].join('\r\n');
}

export function vevent(lines: string[]): string {
  return ['BEGIN:VEVENT', 'DTSTAMP:20260101T000000Z', ...lines, 'END:VEVENT'].join('\r\n');
}

/** YYYYMMDD of a date `days` from today (UTC). */
export function day(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
}

/** YYYY-MM-DD of a date `days` from today (UTC). */
export function isoDay(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Labels (UTC) of the slots an event type offers on the day `days` from now. */
export async function slotLabels(eventTypeId: number, days: number): Promise<string[]> {
  const res = await call(`/slots?eventTypeId=${eventTypeId}&startDate=${isoDay(days)}&endDate=${isoDay(days)}&timeZone=UTC`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.slots.map((s: { label: string }) => s.label);
}

/** `read()` once `done` holds of it: a calendar write lands a moment before the worker records it. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export type OutboxRow = { status: string; attempts: number; last_error: string | null };

/** The booking's calendar write once it has failed and waits for its retry (not mid-attempt); after 30 s, as last read. */
export async function failedCalendarWrite(bookingId: number): Promise<OutboxRow | undefined> {
  const deadline = Date.now() + 30_000;
  let row: OutboxRow | undefined;
  while (Date.now() < deadline) {
    [row] = await sql<OutboxRow>(`select status, attempts, last_error from public.outbox where kind = 'calendar' and booking_id = $1`, [bookingId]);
    if (row && row.attempts > 0 && row.status === 'pending') break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return row;
}

/** Brings the booking's calendar write retry forward instead of waiting out the backoff, and wakes the worker. */
export async function retryCalendarWriteNow(bookingId: number): Promise<void> {
  await sql(`update public.outbox set available_at = now() where kind = 'calendar' and booking_id = $1`, [bookingId]);
  await sql(`select pg_notify('kairos_outbox', '')`);
}

/** The booking's place and its link's state, as the host reads them. */
export async function hostRead(host: Host, id: number) {
  const { data, error } = await host.client.from('bookings').select('status, location, link_state').eq('id', id).single();
  expect(error).toBeNull();
  return data as { status: string; location: { kind: string; value: string | null }; link_state: { status: string; error: string | null } | null };
}
