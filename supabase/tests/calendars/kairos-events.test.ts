// Which events a calendar sync leaves out: only those Kairos wrote for this host itself (its
// write-back rows; their bookings block the time already). An invitation to another Kairos host's
// booking that this host accepted, or another host's Kairos bookings feed this host subscribes to,
// carries a Kairos booking's UID as well: those events block like any other.
import { describe, expect, it } from 'vitest';
import { sql, stack } from '../../../scripts/local/test-stack/harness.ts';
import { call } from '../api/client.ts';
import { at, guestBody, newHost, type Host } from '../api/fixtures.ts';
import { eventually, ics, makeCalendar, newDavUser, putObject, slotLabels, vevent } from './fixtures.ts';

const D = 10;

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** Another host's booking at `start` (30 minutes), and its calendar UID. */
async function bookingOf(host: Host, start: Date): Promise<{ id: number; uid: string }> {
  const booked = await call('/bookings', { body: guestBody(host.eventTypeId, start) });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const [{ ical_uid: uid }] = await sql(`select ical_uid from public.bookings where id = $1`, [booked.body.id]);
  expect(uid).toMatch(/@kairos$/);
  return { id: booked.body.id, uid };
}

async function externalBusy(userId: string): Promise<string[]> {
  const rows = await sql<{ during: string }>(`select lower(during)::text as during from public.external_busy where user_id = $1 order by during`, [userId]);
  return rows.map((r) => new Date(r.during).toISOString());
}

describe('events with a Kairos booking\'s UID', () => {
  it('an accepted invitation to another host\'s booking blocks its time; the host\'s own written-back booking stays out of the cache', async () => {
    const other = await newHost();
    const invited = await bookingOf(other, at(D, 10));
    const host = await newHost();
    const dav = newDavUser();
    const calendar = await makeCalendar(dav, 'home', 'Home');
    // What a calendar app keeps of the accepted invitation: the event, with the booking's UID.
    await putObject(
      dav,
      calendar,
      'invitation',
      ics(vevent([`UID:${invited.uid}`, 'SEQUENCE:0', `DTSTART:${stamp(at(D, 10))}`, `DTEND:${stamp(at(D, 10, 30))}`, 'SUMMARY:Intro call', 'STATUS:CONFIRMED'])),
    );
    const connected = await call('/calendars/connections', {
      body: { provider: 'caldav', serverUrl: dav.url, username: dav.username, password: dav.password },
      token: host.accessToken,
    });
    expect(connected.body).toMatchObject({ synced: true });
    expect(await slotLabels(host.eventTypeId, D)).not.toContain('10:00');

    // The host's own booking, written back into the same calendar, is not read back as external busy time.
    const own = await bookingOf(host, at(D, 14));
    await eventually(() => sql(`select 1 from public.calendar_events where ical_uid = $1`, [own.uid]), (rows) => rows.length === 1);
    const sync = await call(`/calendars/connections/${connected.body.id}/sync`, { method: 'POST', token: host.accessToken });
    expect(sync.body).toMatchObject({ synced: true });
    expect(await externalBusy(host.id)).toEqual([at(D, 10).toISOString()]);
  });

  it('leaves out the host\'s own events past the first thousand write-back rows (read page by page)', async () => {
    const host = await newHost();
    const dav = newDavUser();
    const calendar = await makeCalendar(dav, 'kairos', 'Kairos');
    const connected = await call('/calendars/connections', {
      body: { provider: 'caldav', serverUrl: dav.url, username: dav.username, password: dav.password },
      token: host.accessToken,
    });
    const [{ id: source }] = await sql(`select id from public.calendar_sources where connection_id = $1`, [connected.body.id]);
    // 1,001 events Kairos wrote for the host (as years of bookings leave); the last, in the order read, is in the calendar.
    await sql(
      `insert into public.calendar_events (ical_uid, user_id, source_id, href)
       select format('written-%s@kairos', lpad(g::text, 5, '0')), $1, $2, format('%s/written-%s.ics', $3::text, g) from generate_series(1, 1001) g`,
      [host.id, source, calendar],
    );
    await putObject(dav, calendar, 'written-01001', ics(vevent(['UID:written-01001@kairos', `DTSTART:${stamp(at(D, 16))}`, `DTEND:${stamp(at(D, 16, 30))}`])));
    const sync = await call(`/calendars/connections/${connected.body.id}/sync`, { method: 'POST', token: host.accessToken });
    expect(sync.body).toMatchObject({ synced: true });
    expect(await externalBusy(host.id)).toEqual([]);
  });

  it('another host\'s Kairos bookings feed blocks the times of those bookings', async () => {
    const other = await newHost();
    await bookingOf(other, at(D, 13));
    const { data: token } = await other.client.rpc('regenerate_calendar_feed');
    const host = await newHost();
    const res = await call('/calendars/connections', {
      body: { provider: 'ics', url: `${stack().apiUrl}/functions/v1/calendars/feed/${token}.ics` },
      token: host.accessToken,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ synced: true });
    const labels = await slotLabels(host.eventTypeId, D);
    expect(labels).not.toContain('13:00');
    expect(labels).toContain('13:30');
  });
});
