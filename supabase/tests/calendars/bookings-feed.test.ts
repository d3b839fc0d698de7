// Each host's secret webcal:// feed of their own bookings: valid iCalendar (read back with ical.js,
// and RFC 5545's content-line rules as served), the token stored only as a hash, and a regenerated
// token ends the old one.
import ICAL from 'ical.js';
import { expect, it } from 'vitest';
import { sql } from '../../../scripts/local/test-stack/harness.ts';
import { call } from '../api/client.ts';
import { at, guestBody, newHost } from '../api/fixtures.ts';
import { rfc5545Problems } from '../../functions/_shared/calendars/test-helpers.ts';

it('serves the host\'s bookings to anyone holding the token, and only while it is current', async () => {
  const host = await newHost();
  const start = at(5, 10);
  const booked = await call('/bookings', { body: guestBody(host.eventTypeId, start, 30, { guestName: 'Grace Hopper' }) });
  expect(booked.status).toBe(201);
  const other = await newHost();
  expect((await call('/bookings', { body: guestBody(other.eventTypeId, start) })).status).toBe(201);

  expect((await host.client.rpc('calendar_feed_created_at')).data).toBeNull();
  const { data: token, error } = await host.client.rpc('regenerate_calendar_feed');
  expect(error).toBeNull();
  expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
  expect((await host.client.rpc('calendar_feed_created_at')).data).not.toBeNull();
  const stored = await sql(`select token_hash from public.calendar_feeds where user_id = $1`, [host.id]);
  expect(stored[0].token_hash).not.toContain(token);
  expect((await host.client.from('calendar_feeds').select('*')).error?.message).toMatch(/permission denied/);

  const res = await call(`/calendars/feed/${token}.ics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
  const cal = new ICAL.Component(ICAL.parse(res.body as string));
  expect(cal.getFirstPropertyValue('version')).toBe('2.0');
  const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  expect(events).toHaveLength(1);
  expect(events[0].uid).toBe((await sql(`select ical_uid from public.bookings where id = $1`, [booked.body.id]))[0].ical_uid);
  expect(events[0].summary).toBe('Intro call with Grace Hopper');
  expect(events[0].startDate.toJSDate().toISOString()).toBe(start.toISOString());
  expect(events[0].endDate.toJSDate().getTime() - start.getTime()).toBe(30 * 60_000);

  const { data: next } = await host.client.rpc('regenerate_calendar_feed');
  expect(next).not.toBe(token);
  expect((await call(`/calendars/feed/${token}.ics`)).status).toBe(404);
  expect((await call(`/calendars/feed/${next}.ics`)).status).toBe(200);
  expect((await call('/calendars/feed/not-a-token.ics')).status).toBe(404);
});

it('is served as RFC 5545 text: CRLF after every line, folds within 75 octets, each parameter once', async () => {
  const host = await newHost();
  const guestName = 'Zoë Ødegård-Ñúñez 山田 花子 de la Cruz y Villaseñor 👩🏽‍💻 and the whole delegation';
  expect((await call('/bookings', { body: guestBody(host.eventTypeId, at(6, 11), 30, { guestName }) })).status).toBe(201);
  const { data: token } = await host.client.rpc('regenerate_calendar_feed');
  const res = await call(`/calendars/feed/${token}.ics`);
  expect(res.status).toBe(200);
  const text = res.body as string;
  expect(rfc5545Problems(text)).toEqual([]);
  expect(text).toContain('\r\nREFRESH-INTERVAL;VALUE=DURATION:PT15M\r\n');
  expect(new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!).summary).toBe(`Intro call with ${guestName}`);
});

it("tells each booking's place: an address as LOCATION, an online meeting's link as URL and CONFERENCE", async () => {
  const host = await newHost();
  const locations = [{ kind: 'in_person', address: '221B Baker Street, London' }, { kind: 'link', url: 'https://example.com/room/9' }];
  const put = await call(`/api/event-types/${host.eventTypeId}`, {
    method: 'PUT', body: { title: 'Intro call', description: null, duration: 30, color: '#10b981', isActive: true, autoConfirm: true, locations }, token: host.accessToken,
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  for (const [hour, locationKind] of [[10, 'in_person'], [11, 'link']] as const) {
    expect((await call('/bookings', { body: guestBody(host.eventTypeId, at(7, hour), 30, { locationKind }) })).status).toBe(201);
  }
  const { data: token } = await host.client.rpc('regenerate_calendar_feed');
  const text = (await call(`/calendars/feed/${token}.ics`)).body as string;
  expect(rfc5545Problems(text)).toEqual([]);
  const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');
  const placeOf = (v: InstanceType<typeof ICAL.Component>) => [v.getFirstPropertyValue('location'), v.getFirstPropertyValue('url'), v.getFirstProperty('conference')?.getFirstValue() ?? null];
  expect(events.map(placeOf)).toEqual([
    ['221B Baker Street, London', null, null],
    ['https://example.com/room/9', 'https://example.com/room/9', 'https://example.com/room/9'],
  ]);
});

it("shows a group slot once: the slot's UID, every seat's guest an attendee (docs/seats.md)", async () => {
  const host = await newHost();
  await sql('update public.event_types set seats_per_slot = 3 where id = $1', [host.eventTypeId]);
  const start = at(8, 10);
  for (const [guestName, guestEmail] of [['Ann Able', 'ann@example.test'], ['Bob Baker', 'bob@example.test']]) {
    expect((await call('/bookings', { body: guestBody(host.eventTypeId, start, 30, { guestName, guestEmail }) })).status).toBe(201);
  }
  expect((await call('/bookings', { body: guestBody(host.eventTypeId, at(8, 12), 30, { guestName: 'Cy Cole' }) })).status).toBe(201);
  const { data: token } = await host.client.rpc('regenerate_calendar_feed');
  const text = (await call(`/calendars/feed/${token}.ics`)).body as string;
  expect(rfc5545Problems(text)).toEqual([]);
  const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  const slots = await sql(`select ical_uid from public.seat_slots where event_type_id = $1 order by start_time`, [host.eventTypeId]);
  expect(events.map((e) => [e.uid, e.summary, e.component.getAllProperties('attendee').map((p) => String(p.getFirstValue()))])).toEqual([
    [slots[0].ical_uid, 'Intro call: 2 guests', ['mailto:ann@example.test', 'mailto:bob@example.test']],
    [slots[1].ical_uid, 'Intro call: 1 guest', ['mailto:guest@example.com']],
  ]);
  expect(String(events[0].component.getFirstPropertyValue('organizer'))).toBe(`mailto:${host.email}`);
});
