// Connecting an account that is connected already updates that connection (its login, its calendars)
// instead of adding a second one beside it: two connections of one CalDAV account each read its
// calendars, and only the first received bookings. The host's choices stay as they were.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../../scripts/local/test-stack/harness.ts';
import { call } from '../api/client.ts';
import { at, guestBody, newHost } from '../api/fixtures.ts';
import { eventually, feedServer, ics, makeCalendar, newDavUser, objectsOf, vevent, day, type FeedServer } from './fixtures.ts';

let feeds: FeedServer;
beforeAll(async () => {
  feeds = await feedServer();
});
afterAll(() => feeds.close());

async function connectionsOf(userId: string) {
  return sql<{ id: number; label: string; status: string; calendars: string[] }>(
    `select c.id::int as id, c.label, c.status, array_agg(s.name order by s.name) as calendars
     from public.calendar_connections c join public.calendar_sources s on s.connection_id = c.id
     where c.user_id = $1 group by c.id order by c.id`,
    [userId],
  );
}

describe('connecting an account a second time', () => {
  it('CalDAV, however the server address is written: one connection, its calendars brought up to date, the host\'s choices kept', async () => {
    const host = await newHost();
    const dav = newDavUser();
    const work = await makeCalendar(dav, 'work', 'Work');
    await makeCalendar(dav, 'home', 'Home');
    const login = { provider: 'caldav', username: dav.username, password: dav.password };
    const first = await call('/calendars/connections', { body: { ...login, serverUrl: dav.url }, token: host.accessToken });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    // The host renames it, stops checking Home and sends bookings to Work; then the connection fails.
    expect((await host.client.from('calendar_connections').update({ label: 'Office' }).eq('id', first.body.id)).error).toBeNull();
    const [{ id: home }] = await sql(`select id from public.calendar_sources where connection_id = $1 and name = 'Home'`, [first.body.id]);
    expect((await host.client.from('calendar_sources').update({ checks_conflicts: false }).eq('id', home)).error).toBeNull();
    const [{ id: workId }] = await sql(`select id from public.calendar_sources where connection_id = $1 and name = 'Work'`, [first.body.id]);
    expect((await host.client.rpc('set_booking_calendar', { p_source_id: workId })).error).toBeNull();
    await sql(`update public.calendar_connections set status = 'error', last_error = 'The server refused the user name or app password' where id = $1`, [first.body.id]);
    await makeCalendar(dav, 'travel', 'Travel');

    const again = await call('/calendars/connections', { body: { ...login, serverUrl: `${dav.url}/${dav.username}/` }, token: host.accessToken });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body).toMatchObject({ id: first.body.id, synced: true, error: null });
    expect(await connectionsOf(host.id)).toEqual([{ id: first.body.id, label: 'Office', status: 'ok', calendars: ['Home', 'Travel', 'Work'] }]);
    const sources = await sql(`select name, checks_conflicts, receives_bookings from public.calendar_sources where user_id = $1 order by name`, [host.id]);
    expect(sources).toEqual([
      { name: 'Home', checks_conflicts: false, receives_bookings: false },
      { name: 'Travel', checks_conflicts: true, receives_bookings: false },
      { name: 'Work', checks_conflicts: true, receives_bookings: true },
    ]);

    // Bookings go to the one connection's booking calendar.
    const booked = await call('/bookings', { body: guestBody(host.eventTypeId, at(8, 9)) });
    expect(booked.status).toBe(201);
    const [{ ical_uid: uid }] = await sql(`select ical_uid from public.bookings where id = $1`, [booked.body.id]);
    const written = await eventually(() => objectsOf(dav, work), (objects) => [...objects.values()].some((text) => text.includes(uid)));
    expect([...written.values()].filter((text) => text.includes(uid))).toHaveLength(1);
  });

  it('a calendar that left the account leaves the connection', async () => {
    const host = await newHost();
    const dav = newDavUser();
    await makeCalendar(dav, 'work', 'Work');
    const old = await makeCalendar(dav, 'old', 'Old');
    const body = { provider: 'caldav', serverUrl: dav.url, username: dav.username, password: dav.password };
    expect((await call('/calendars/connections', { body, token: host.accessToken })).status).toBe(201);
    const removed = await fetch(old, { method: 'DELETE', headers: { authorization: `Basic ${Buffer.from(`${dav.username}:${dav.password}`).toString('base64')}` } });
    expect(removed.status).toBeLessThan(300);
    expect((await call('/calendars/connections', { body, token: host.accessToken })).body).toMatchObject({ synced: true });
    expect((await connectionsOf(host.id)).map((c) => c.calendars)).toEqual([['Work']]);
  });

  it('an iCalendar subscription at the same address', async () => {
    const host = await newHost();
    const url = feeds.serve('/family.ics', ics('X-WR-CALNAME:Family', vevent(['UID:school', `DTSTART:${day(8)}T100000Z`, `DTEND:${day(8)}T110000Z`])));
    const first = await call('/calendars/connections', { body: { provider: 'ics', url }, token: host.accessToken });
    expect(first.status).toBe(201);
    const again = await call('/calendars/connections', { body: { provider: 'ics', url: url.replace(/^http:/, 'HTTP:') }, token: host.accessToken });
    expect(again.body).toMatchObject({ id: first.body.id, synced: true });
    const other = await call('/calendars/connections', { body: { provider: 'ics', url: feeds.serve('/work.ics', ics()) }, token: host.accessToken });
    expect(other.body.id).not.toBe(first.body.id);
    expect((await connectionsOf(host.id)).map((c) => c.id)).toEqual([first.body.id, other.body.id]);
  });

  it('is the host\'s own: another host connects the same account as a connection of theirs', async () => {
    const [host, other] = [await newHost(), await newHost()];
    const url = feeds.serve('/shared.ics', ics());
    const mine = await call('/calendars/connections', { body: { provider: 'ics', url }, token: host.accessToken });
    const theirs = await call('/calendars/connections', { body: { provider: 'ics', url }, token: other.accessToken });
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
  });
});
