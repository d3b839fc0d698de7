// Bookings written into the host's chosen CalDAV calendar (Radicale) through the outbox: created
// with the booking's UID (the one its mails' invites carry), moved when its time changes, removed
// when cancelled; a rejected request never appears; a server that is down delays the write only.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BOOKING_TOKEN_SECRET } from '../../../scripts/local/config.ts';
import { startRadicale, type Radicale } from '../../../scripts/local/radicale/radicale.ts';
import { manageToken } from '../../functions/_shared/lifecycle/manage-token.ts';
import { sql, stack } from '../../../scripts/local/test-stack/harness.ts';
import { call } from '../api/client.ts';
import { at, guestBody, newHost, type Host } from '../api/fixtures.ts';
import { eventually, makeCalendar, newDavUser, objectsOf, putObject, type DavUser, failedCalendarWrite, retryCalendarWriteNow } from './fixtures.ts';

interface Writer {
  host: Host;
  dav: DavUser;
  calendar: string;
}

async function connectedHost(server = stack().caldav!, opts: { autoConfirm?: boolean } = {}): Promise<Writer> {
  const host = await newHost(opts);
  const dav = newDavUser(server);
  const calendar = await makeCalendar(dav, 'kairos', 'Kairos');
  const res = await call('/calendars/connections', {
    body: { provider: 'caldav', serverUrl: server.url, username: dav.username, password: dav.password },
    token: host.accessToken,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { host, dav, calendar };
}

/** The events in the calendar, by UID, once `done` says the calendar looks as expected. */
async function eventsWhen(w: Writer, done: (events: Map<string, InstanceType<typeof ICAL.Event>>) => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const events = new Map<string, InstanceType<typeof ICAL.Event>>();
    for (const text of (await objectsOf(w.dav, w.calendar)).values()) {
      for (const v of new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent')) {
        const e = new ICAL.Event(v);
        events.set(e.uid, e);
      }
    }
    if (done(events)) return events;
    if (Date.now() > deadline) throw new Error(`calendar never matched; it holds ${[...events.keys()].join(', ') || 'nothing'}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function icalUid(bookingId: number): Promise<string> {
  return (await sql(`select ical_uid from public.bookings where id = $1`, [bookingId]))[0].ical_uid;
}

describe('write-back to a CalDAV calendar', () => {
  let w: Writer;
  beforeAll(async () => {
    w = await connectedHost();
  });

  it('writes a confirmed booking with its UID, moves it on reschedule, and removes it when cancelled', async () => {
    const start = at(6, 9);
    const booked = await call('/bookings', { body: guestBody(w.host.eventTypeId, start, 30, { guestName: 'Ada Lovelace' }) });
    expect(booked.status).toBe(201);
    const uid = await icalUid(booked.body.id);
    expect(uid).toMatch(/@kairos$/);

    const created = await eventsWhen(w, (events) => events.has(uid));
    const event = created.get(uid)!;
    expect(event.summary).toBe('Intro call with Ada Lovelace');
    expect(event.startDate.toJSDate().toISOString()).toBe(start.toISOString());
    expect(event.endDate.toJSDate().toISOString()).toBe(new Date(start.getTime() + 30 * 60_000).toISOString());
    // Kairos's own events do not come back as external busy time at the next sync, once the worker has
    // recorded what it wrote (it does so after the server's answer, so the event can show first).
    await eventually(() => sql(`select 1 from public.calendar_events where ical_uid = $1`, [uid]), (r) => r.length === 1);
    const sync = await call('/calendars/connections/' + (await w.host.client.from('calendar_connections').select('id').single()).data!.id + '/sync', {
      method: 'POST',
      token: w.host.accessToken,
    });
    expect(sync.body.synced).toBe(true);
    expect(await sql(`select count(*)::int as n from public.external_busy where user_id = $1`, [w.host.id])).toEqual([{ n: 0 }]);

    // The guest reschedules through their manage link: the event moves (same UID, higher SEQUENCE).
    const moved = at(6, 11);
    const [{ uid: bookingUid }] = await sql(`select uid from public.bookings where id = $1`, [booked.body.id]);
    const token = await manageToken(DEMO_BOOKING_TOKEN_SECRET, bookingUid);
    const rescheduled = await call(`/api/booking/${bookingUid}/reschedule`, { body: { token, startTime: moved.toISOString() } });
    expect(rescheduled.status, JSON.stringify(rescheduled.body)).toBe(200);
    const after = await eventsWhen(w, (events) => events.get(uid)?.startDate.toJSDate().getTime() === moved.getTime());
    expect(after.size).toBe(1);
    expect(Number(after.get(uid)!.component.getFirstPropertyValue('sequence'))).toBeGreaterThan(Number(event.component.getFirstPropertyValue('sequence')));

    const [current] = await sql(`select id from public.bookings where uid = $1`, [rescheduled.body.booking.uid]);
    expect((await call(`/api/bookings/${current.id}/cancel`, { method: 'POST', token: w.host.accessToken })).status).toBe(200);
    await eventsWhen(w, (events) => !events.has(uid));
    const rows = () => sql(`select 1 from public.calendar_events where ical_uid = $1`, [uid]);
    expect(await eventually(rows, (r) => r.length === 0)).toEqual([]);
  });

  it("writes the booking's place: LOCATION, and the meeting's link as URL and RFC 7986 CONFERENCE", async () => {
    const locations = [{ kind: 'jitsi', server: 'meet.jit.si' }];
    const put = await call(`/api/event-types/${w.host.eventTypeId}`, {
      method: 'PUT', body: { title: 'Intro call', description: null, duration: 30, color: '#10b981', isActive: true, autoConfirm: true, locations }, token: w.host.accessToken,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const booked = await call('/bookings', { body: guestBody(w.host.eventTypeId, at(6, 15)) });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const room = booked.body.location.value;
    const uid = await icalUid(booked.body.id);
    const event = (await eventsWhen(w, (events) => events.has(uid))).get(uid)!;
    expect(event.location).toBe(room);
    expect(event.component.getFirstPropertyValue('url')).toBe(room);
    const conference = event.component.getFirstProperty('conference')!;
    expect([conference.getFirstValue(), conference.getParameter('feature'), conference.getParameter('label')]).toEqual([room, 'VIDEO', 'Jitsi Meet']);
  });
});

describe('a group slot (docs/seats.md)', () => {
  it('is one event with every seat\'s guest as an attendee, updated as seats come and go, and removed with the last', async () => {
    const w = await connectedHost();
    const locations = [{ kind: 'jitsi', server: 'meet.jit.si' }];
    const put = await call(`/api/event-types/${w.host.eventTypeId}`, {
      method: 'PUT',
      body: { title: 'Yoga class', description: null, duration: 30, color: '#10b981', isActive: true, autoConfirm: true, locations, seatsPerSlot: 3 },
      token: w.host.accessToken,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const start = at(6, 13);
    const guests = [['Ann Able', 'ann@example.test'], ['Bob Baker', 'bob@example.test'], ['Cy Cole', 'cy@example.test']];
    const seats: { id: number; location: { value: string } }[] = [];
    for (const [guestName, guestEmail] of guests) {
      const res = await call('/bookings', { body: guestBody(w.host.eventTypeId, start, 30, { guestName, guestEmail }) });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      seats.push(res.body);
    }
    // One meeting, one room: every seat joins the first seat's.
    expect(new Set(seats.map((b) => b.location.value)).size).toBe(1);
    const [{ ical_uid: uid, email }] = await sql(
      `select s.ical_uid, p.email from public.seat_slots s join public.profiles p on p.id = s.user_id where s.event_type_id = $1`,
      [w.host.eventTypeId],
    );
    const attendeesOf = (e: InstanceType<typeof ICAL.Event>) =>
      e.component.getAllProperties('attendee').map((p) => [p.getParameter('cn'), String(p.getFirstValue()), p.getParameter('partstat')]);
    const sequenceOf = (e: InstanceType<typeof ICAL.Event>) => Number(e.component.getFirstPropertyValue('sequence'));

    const full = await eventsWhen(w, (events) => events.get(uid)?.component.getAllProperties('attendee').length === 3);
    expect([...full.keys()]).toEqual([uid]);
    const event = full.get(uid)!;
    expect(attendeesOf(event)).toEqual(guests.map(([name, mail]) => [name, `mailto:${mail}`, 'ACCEPTED']));
    expect(String(event.component.getFirstPropertyValue('organizer'))).toBe(`mailto:${email}`);
    expect(event.summary).toBe('Yoga class: 3 guests');
    expect(event.location).toBe(seats[0].location.value);
    expect(event.startDate.toJSDate().toISOString()).toBe(start.toISOString());

    expect((await call(`/api/bookings/${seats[1].id}/cancel`, { method: 'POST', token: w.host.accessToken })).status).toBe(200);
    const fewer = await eventsWhen(w, (events) => events.get(uid)?.component.getAllProperties('attendee').length === 2);
    expect([...fewer.keys()]).toEqual([uid]);
    expect(attendeesOf(fewer.get(uid)!).map(([name]) => name)).toEqual(['Ann Able', 'Cy Cole']);
    expect(sequenceOf(fewer.get(uid)!)).toBeGreaterThan(sequenceOf(event));

    for (const seat of [seats[0], seats[2]]) {
      expect((await call(`/api/bookings/${seat.id}/cancel`, { method: 'POST', token: w.host.accessToken })).status).toBe(200);
    }
    await eventsWhen(w, (events) => events.size === 0);
    expect(await eventually(() => sql(`select 1 from public.calendar_events where ical_uid = $1`, [uid]), (r) => r.length === 0)).toEqual([]);
  });
});

describe('updates of an event Kairos wrote', () => {
  interface Seen {
    method: string;
    path: string;
    ifMatch: string | null;
    status: number;
  }
  const seen: Seen[] = [];
  let proxyUrl: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    // A recording pass-through in front of Radicale: what Kairos sends is seen, Radicale answers.
    const target = stack().caldav!.url;
    const proxy = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !['host', 'connection', 'content-length'].includes(k))) as Record<string, string>;
      const answer = await fetch(`${new URL(target).origin}${req.url}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks).toString('utf8') : undefined }).catch(() => null);
      if (!answer) return void res.writeHead(502).end();
      seen.push({ method: req.method!, path: req.url!, ifMatch: (req.headers['if-match'] as string | undefined) ?? null, status: answer.status });
      const out: Record<string, string> = {};
      answer.headers.forEach((v, k) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(k)) out[k] = v;
      });
      res.writeHead(answer.status, out).end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    close = async () => {
      proxy.closeAllConnections();
      await new Promise((r) => proxy.close(r));
    };
  });
  afterAll(async () => {
    await close();
  });

  it('are sent with If-Match, and one made in the calendar since is written over with its new ETag', async () => {
    const w = await connectedHost({ url: proxyUrl, users: stack().caldav!.users });
    const booked = await call('/bookings', { body: guestBody(w.host.eventTypeId, at(9, 9)) });
    expect(booked.status).toBe(201);
    const uid = await icalUid(booked.body.id);
    await eventsWhen(w, (events) => events.has(uid));
    const etag = async () => (await eventually(() => sql(`select etag from public.calendar_events where ical_uid = $1`, [uid]), (r) => r.length > 0))[0]?.etag as string;
    const first = await etag();
    expect(first).toBeTruthy();

    const reschedule = async (bookingUid: string, start: Date) => {
      const res = await call(`/api/booking/${bookingUid}/reschedule`, { body: { token: await manageToken(DEMO_BOOKING_TOKEN_SECRET, bookingUid), startTime: start.toISOString() } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await eventsWhen(w, (events) => events.get(uid)?.startDate.toJSDate().getTime() === start.getTime());
      // Every delivery of the event done (a retry after a 412 may still be under way).
      const open = () => sql(`select 1 from public.outbox where kind = 'calendar' and payload->>'icalUid' = $1 and status <> 'sent'`, [uid]);
      expect(await eventually(open, (r) => r.length === 0)).toEqual([]);
      return res.body.booking.uid as string;
    };
    const [{ uid: bookingUid }] = await sql(`select uid from public.bookings where id = $1`, [booked.body.id]);
    // Writes of the event after its creation (a reschedule's two bookings may both deliver it).
    const updates = (since: number) => seen.slice(since).filter((r) => r.method === 'PUT' && r.path.includes(encodeURIComponent(uid)));
    let mark = seen.length;
    const next = await reschedule(bookingUid, at(9, 10));
    const moved = updates(mark);
    expect(moved[0]).toMatchObject({ ifMatch: first });
    expect(moved.every((r) => r.ifMatch !== null)).toBe(true);
    expect(moved.at(-1)!.status).toBeLessThan(300);

    // The host edits the event in their calendar app: its ETag changes.
    const [href, text] = [...(await objectsOf(w.dav, w.calendar))].find(([, t]) => t.includes(uid))!;
    await putObject(w.dav, w.calendar, decodeURIComponent(href.split('/').pop()!.replace(/\.ics$/, '')), text.replace(/SUMMARY:[^\r\n]*/, 'SUMMARY:Edited in the calendar'));
    const auth = { authorization: `Basic ${Buffer.from(`${w.dav.username}:${w.dav.password}`).toString('base64')}` };
    const edited = (await fetch(`${new URL(stack().caldav!.url).origin}${href}`, { headers: auth })).headers.get('etag');
    expect(edited).toBeTruthy();
    mark = seen.length;
    await reschedule(next, at(9, 11));
    const over = updates(mark);
    // The stale ETag is refused, and the booking's time is written over the edit with its new ETag.
    expect(over[0].status).toBe(412);
    expect(over.find((r) => r.status < 300)?.ifMatch).toBe(edited);
  });
});

describe('bookings that need approval', () => {
  it('appear once confirmed; a rejected request never does', async () => {
    const w = await connectedHost(stack().caldav!, { autoConfirm: false });
    const first = await call('/bookings', { body: guestBody(w.host.eventTypeId, at(7, 9)) });
    const second = await call('/bookings', { body: guestBody(w.host.eventTypeId, at(7, 10)) });
    expect([first.body.status, second.body.status]).toEqual(['pending', 'pending']);
    const [a, b] = [await icalUid(first.body.id), await icalUid(second.body.id)];

    expect((await call(`/api/bookings/${second.body.id}/cancel`, { method: 'POST', token: w.host.accessToken })).status).toBe(200);
    expect((await call(`/api/bookings/${first.body.id}/confirm`, { method: 'POST', token: w.host.accessToken })).status).toBe(200);
    const events = await eventsWhen(w, (e) => e.has(a));
    expect(events.has(b)).toBe(false);
    const rows = await sql(`select status from public.outbox where kind = 'calendar' and booking_id = $1`, [second.body.id]);
    expect(rows.every((r) => r.status !== 'failed')).toBe(true);
  });
});

describe('a calendar server that is down', () => {
  let radicale: Radicale;
  beforeAll(async () => {
    radicale = await startRadicale();
  });
  afterAll(async () => {
    await radicale.stop();
  });

  it('delays the write, retried with backoff, and loses nothing', async () => {
    const w = await connectedHost({ url: radicale.url, users: radicale.usersFile });
    await radicale.process.stop();
    const booked = await call('/bookings', { body: guestBody(w.host.eventTypeId, at(8, 9)) });
    expect(booked.status).toBe(201);
    const uid = await icalUid(booked.body.id);

    const row = await failedCalendarWrite(booked.body.id);
    expect(row).toMatchObject({ status: 'pending' });
    expect(row!.last_error).toBeTruthy();

    await radicale.process.restart();
    await retryCalendarWriteNow(booked.body.id);
    await eventsWhen(w, (events) => events.has(uid));
    // The event is in the calendar a moment before the worker records the delivery.
    for (let i = 0; i < 100 && (await sql(`select status from public.outbox where kind = 'calendar' and booking_id = $1`, [booked.body.id]))[0].status !== 'sent'; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await sql(`select status from public.outbox where kind = 'calendar' and booking_id = $1`, [booked.body.id])).toEqual([{ status: 'sent' }]);
  });
});
