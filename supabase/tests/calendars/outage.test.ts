// A CalDAV server that goes down: the connection is marked and shown to its host, while the slots
// keep using the last good cache (its events never read as free); back up, the next sync clears it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startRadicale, type Radicale } from '../../../scripts/local/radicale/radicale.ts';
import { call } from '../api/client.ts';
import { newHost, type Host } from '../api/fixtures.ts';
import { day, ics, makeCalendar, newDavUser, putObject, slotLabels, vevent } from './fixtures.ts';

const D = 9;
let radicale: Radicale; // this file's own server, so stopping it disturbs no other test
let host: Host;
let connectionId: number;

beforeAll(async () => {
  radicale = await startRadicale();
  const dav = newDavUser({ url: radicale.url, users: radicale.usersFile });
  const cal = await makeCalendar(dav, 'work', 'Work');
  await putObject(dav, cal, 'review', ics(vevent(['UID:review', `DTSTART:${day(D)}T130000Z`, `DTEND:${day(D)}T140000Z`])));
  host = await newHost();
  const res = await call('/calendars/connections', {
    body: { provider: 'caldav', serverUrl: radicale.url, username: dav.username, password: dav.password, label: 'Office' },
    token: host.accessToken,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  connectionId = res.body.id;
});

afterAll(async () => {
  await radicale.stop();
});

async function connection() {
  return (await host.client.from('calendar_connections').select('label, status, last_error, last_synced_at').eq('id', connectionId).single()).data!;
}

it('marks the connection while the server is down, and slots keep the last good busy times', async () => {
  expect(await slotLabels(host.eventTypeId, D)).not.toContain('13:00');
  const synced = (await connection()).last_synced_at;

  await radicale.process.stop();
  const sync = await call(`/calendars/connections/${connectionId}/sync`, { method: 'POST', token: host.accessToken });
  expect(sync.body.synced).toBe(false);
  const down = await connection();
  expect(down).toMatchObject({ label: 'Office', status: 'error' });
  // In words the host can act on, not the socket's code.
  expect(down.last_error).toMatch(/nothing answers at 127\.0\.0\.1:\d+/);
  expect(down.last_error).not.toMatch(/ECONNREFUSED/);
  expect(down.last_synced_at).toBe(synced);
  const labels = await slotLabels(host.eventTypeId, D);
  expect(labels).not.toContain('13:00');
  expect(labels).not.toContain('13:30');
  expect(labels).toContain('14:00');

  await radicale.process.restart();
  const again = await call(`/calendars/connections/${connectionId}/sync`, { method: 'POST', token: host.accessToken });
  expect(again.body).toMatchObject({ synced: true, error: null });
  expect(await connection()).toMatchObject({ status: 'ok', last_error: null });
});
