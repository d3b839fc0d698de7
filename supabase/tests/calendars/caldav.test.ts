// A host connects a CalDAV account (Radicale, a real server): Kairos discovers its calendars, reads
// their events into the busy cache, and the public slots and the booking function follow.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../../scripts/local/test-stack/harness.ts';
import { call } from '../api/client.ts';
import { guestBody, newHost, type Host } from '../api/fixtures.ts';
import { day, ics, isoDay, KOLKATA, makeCalendar, newDavUser, putObject, slotLabels, vevent, type DavUser } from './fixtures.ts';

const D = 7; // the day the events are on, a week from now

let host: Host;
let dav: DavUser;
let work: string;
let connectionId: number;

beforeAll(async () => {
  host = await newHost();
  dav = newDavUser();
  work = await makeCalendar(dav, 'work', 'Work');
  const personal = await makeCalendar(dav, 'personal', 'Personal');
  await putObject(dav, work, 'single', ics(vevent(['UID:single', `DTSTART:${day(D)}T090000Z`, `DTEND:${day(D)}T100000Z`, 'SUMMARY:Dentist'])));
  await putObject(dav, work, 'free', ics(vevent(['UID:free', `DTSTART:${day(D)}T110000Z`, `DTEND:${day(D)}T120000Z`, 'TRANSP:TRANSPARENT'])));
  await putObject(dav, work, 'india', ics(KOLKATA, vevent(['UID:india', `DTSTART;TZID=Asia/Kolkata:${day(D)}T220000`, `DTEND;TZID=Asia/Kolkata:${day(D)}T230000`])));
  await putObject(
    dav,
    work,
    'daily',
    ics(
      vevent(['UID:daily', `DTSTART:${day(D - 2)}T120000Z`, `DTEND:${day(D - 2)}T123000Z`, 'RRULE:FREQ=DAILY;COUNT=10', `EXDATE:${day(D + 1)}T120000Z`]),
      vevent(['UID:daily', `RECURRENCE-ID:${day(D + 2)}T120000Z`, `DTSTART:${day(D + 2)}T130000Z`, `DTEND:${day(D + 2)}T133000Z`]),
    ),
  );
  await putObject(dav, work, 'holiday', ics(vevent(['UID:holiday', `DTSTART;VALUE=DATE:${day(D + 3)}`, `DTEND;VALUE=DATE:${day(D + 4)}`])));
  await putObject(dav, personal, 'gym', ics(vevent(['UID:gym', `DTSTART:${day(D)}T180000Z`, `DTEND:${day(D)}T190000Z`])));

  const res = await call('/calendars/connections', {
    body: { provider: 'caldav', serverUrl: `${dav.url}/`, username: dav.username, password: dav.password },
    token: host.accessToken,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.synced).toBe(true);
  connectionId = res.body.id;
});

describe('connecting a CalDAV account', () => {
  it('discovers the account\'s calendars; the first receives bookings, all check for conflicts', async () => {
    const { data, error } = await host.client.from('calendar_sources').select('name, remote_id, checks_conflicts, receives_bookings, can_write').order('name');
    expect(error).toBeNull();
    expect(data!.map((s) => [s.name, s.checks_conflicts, s.can_write])).toEqual([
      ['Personal', true, true],
      ['Work', true, true],
    ]);
    expect(data!.filter((s) => s.receives_bookings)).toHaveLength(1);
    const { data: conn } = await host.client.from('calendar_connections').select('provider, status, username, last_synced_at').single();
    expect(conn).toMatchObject({ provider: 'caldav', status: 'ok', username: dav.username });
    expect(conn!.last_synced_at).not.toBeNull();
  });

  it('refuses a wrong app password with the reason, and stores nothing', async () => {
    const other = await newHost();
    const res = await call('/calendars/connections', {
      body: { provider: 'caldav', serverUrl: `${dav.url}/`, username: dav.username, password: 'wrong' },
      token: other.accessToken,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Could not connect: The server refused the user name or app password');
    expect((await other.client.from('calendar_connections').select('id')).data).toEqual([]);
  });

  it('needs a signed-in host', async () => {
    const res = await call('/calendars/connections', { body: { provider: 'caldav', serverUrl: `${dav.url}/`, username: 'x', password: 'y' } });
    expect(res.status).toBe(401);
  });
});

describe('busy times from the events', () => {
  it('removes the slots of single, other-zone (+05:30) and other-calendar events; transparent ones stay free', async () => {
    const labels = await slotLabels(host.eventTypeId, D);
    for (const busy of ['09:00', '09:30', '16:30', '17:00', '18:00', '18:30']) expect(labels).not.toContain(busy);
    for (const free of ['08:30', '10:00', '11:00', '11:30', '16:00', '17:30', '19:00']) expect(labels).toContain(free);
  });

  it('expands a recurring event with its EXDATE and its moved occurrence', async () => {
    expect(await slotLabels(host.eventTypeId, D)).not.toContain('12:00');
    expect(await slotLabels(host.eventTypeId, D + 1)).toContain('12:00'); // excluded date
    const moved = await slotLabels(host.eventTypeId, D + 2);
    expect(moved).toContain('12:00');
    expect(moved).not.toContain('13:00');
  });

  it('blocks the whole host-local day of an all-day event', async () => {
    expect(await slotLabels(host.eventTypeId, D + 3)).toEqual([]);
    expect((await slotLabels(host.eventTypeId, D + 4)).length).toBeGreaterThan(40);
  });

  it('the booking function re-checks the cache: a busy time is refused', async () => {
    const start = new Date(`${isoDay(D)}T09:30:00Z`);
    const res = await call('/bookings', { body: guestBody(host.eventTypeId, start) });
    expect(res.status).toBe(409);
  });

  it('stores intervals only, per host and calendar, in the cache', async () => {
    const rows = await sql(
      `select count(*)::int as n, count(distinct source_id)::int as sources from public.external_busy where user_id = $1`,
      [host.id],
    );
    expect(rows[0].sources).toBe(2);
    expect(rows[0].n).toBeGreaterThanOrEqual(9);
  });

  it('a calendar the host stops checking no longer blocks, after a sync', async () => {
    const { error } = await host.client.from('calendar_sources').update({ checks_conflicts: false }).eq('name', 'Personal');
    expect(error).toBeNull();
    const sync = await call(`/calendars/connections/${connectionId}/sync`, { method: 'POST', token: host.accessToken });
    expect(sync.body).toMatchObject({ synced: true });
    expect(await slotLabels(host.eventTypeId, D)).toContain('18:00');
    await host.client.from('calendar_sources').update({ checks_conflicts: true }).eq('name', 'Personal');
    await call(`/calendars/connections/${connectionId}/sync`, { method: 'POST', token: host.accessToken });
    expect(await slotLabels(host.eventTypeId, D)).not.toContain('18:00');
  });

  it('an event added in the calendar blocks its slot after the next sync', async () => {
    await putObject(dav, work, 'late', ics(vevent(['UID:late', `DTSTART:${day(D)}T200000Z`, `DTEND:${day(D)}T203000Z`])));
    expect(await slotLabels(host.eventTypeId, D)).toContain('20:00');
    await call(`/calendars/connections/${connectionId}/sync`, { method: 'POST', token: host.accessToken });
    expect(await slotLabels(host.eventTypeId, D)).not.toContain('20:00');
  });
});

describe('who may see what', () => {
  it('keeps credentials out of the API, even for their owner', async () => {
    const { data, error } = await host.client.from('calendar_credentials').select('*');
    expect(data).toBeNull();
    expect(error?.message).toMatch(/permission denied/);
    const stored = await sql(`select secret from public.calendar_credentials where connection_id = $1`, [connectionId]);
    expect(stored[0].secret).toMatch(/^v1\./);
    expect(stored[0].secret).not.toContain(dav.password);
  });

  it('shows a host\'s connections, calendars and busy times to nobody else', async () => {
    const stranger = await newHost();
    for (const table of ['calendar_connections', 'calendar_sources', 'external_busy']) {
      const { data } = await stranger.client.from(table).select('id');
      expect(data, table).toEqual([]);
    }
    const { error } = await stranger.client.from('calendar_sources').update({ checks_conflicts: false }).eq('user_id', host.id).select();
    const { data: mine } = await host.client.from('calendar_sources').select('checks_conflicts');
    expect(error === null || /permission/.test(error.message)).toBe(true);
    expect(mine!.every((s) => s.checks_conflicts)).toBe(true);
    const sync = await call(`/calendars/connections/${connectionId}/sync`, { method: 'POST', token: stranger.accessToken });
    expect(sync.status).toBe(404);
  });

  it('lets a host change only which calendars check for conflicts, not what Kairos may write', async () => {
    const { error } = await host.client.from('calendar_sources').update({ can_write: false }).eq('name', 'Work');
    expect(error?.message).toMatch(/permission denied/);
  });

  it('moves the booking calendar with set_booking_calendar, only to the host\'s own writable calendars', async () => {
    const { data: sources } = await host.client.from('calendar_sources').select('id, name').order('name');
    const personal = sources!.find((s) => s.name === 'Personal')!.id;
    expect((await host.client.rpc('set_booking_calendar', { p_source_id: personal })).error).toBeNull();
    const { data } = await host.client.from('calendar_sources').select('name').eq('receives_bookings', true);
    expect(data).toEqual([{ name: 'Personal' }]);
    const stranger = await newHost();
    expect((await stranger.client.rpc('set_booking_calendar', { p_source_id: personal })).error?.message).toMatch(/Choose one of your calendars/);
  });

  it('the sweep is for the service role only', async () => {
    const res = await call('/calendars/sync', { method: 'POST', body: {}, token: host.accessToken });
    expect(res.status).toBe(403);
  });
});
