// How the busy cache is kept fresh and how slots use it: the scheduled sweep (what pg_cron or the
// local stack's timer calls) syncs connections whose cache is a few minutes old and skips fresh ones; a
// slot request that finds a stale cache is answered from it and asks for a sync without waiting; and
// cached busy times take the host's buffers with them.
import { describe, expect, it } from 'vitest';
import { sql, stack } from '../../../scripts/local/test-stack/harness.ts';
import { call } from '../api/client.ts';
import { newHost, type Host } from '../api/fixtures.ts';
import { day, ics, makeCalendar, newDavUser, putObject, slotLabels, vevent, type DavUser } from './fixtures.ts';

const D = 12;

interface Connected {
  host: Host;
  dav: DavUser;
  calendar: string;
  connectionId: number;
}

async function connected(settings: Parameters<typeof newHost>[0] = {}): Promise<Connected> {
  const host = await newHost(settings);
  const dav = newDavUser();
  const calendar = await makeCalendar(dav, 'work', 'Work');
  await putObject(dav, calendar, 'review', ics(vevent(['UID:review', `DTSTART:${day(D)}T130000Z`, `DTEND:${day(D)}T140000Z`])));
  const res = await call('/calendars/connections', {
    body: { provider: 'caldav', serverUrl: dav.url, username: dav.username, password: dav.password },
    token: host.accessToken,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { host, dav, calendar, connectionId: res.body.id };
}

/** Makes the connection's last sync `minutes` old, as if time had passed. */
async function age(c: Connected, minutes: number) {
  await sql(`update public.calendar_connections set last_attempt_at = now() - make_interval(mins => $2), last_synced_at = now() - make_interval(mins => $2) where id = $1`, [
    c.connectionId,
    minutes,
  ]);
}

const sweep = (userIds: string[]) =>
  call('/calendars/sync', { body: { userIds }, headers: { authorization: `Bearer ${stack().serviceRoleKey}` } });

describe('the scheduled sweep', () => {
  it('syncs a connection whose cache is a few minutes old, and leaves a fresh one alone', async () => {
    const c = await connected();
    await putObject(c.dav, c.calendar, 'late', ics(vevent(['UID:late', `DTSTART:${day(D)}T200000Z`, `DTEND:${day(D)}T203000Z`])));
    // Synced at connect a moment ago: nothing is due.
    expect((await sweep([c.host.id])).body).toEqual({ synced: 0, failed: 0 });
    expect(await slotLabels(c.host.eventTypeId, D)).toContain('20:00');

    await age(c, 6);
    expect((await sweep([c.host.id])).body).toEqual({ synced: 1, failed: 0 });
    expect(await slotLabels(c.host.eventTypeId, D)).not.toContain('20:00');
    const [{ fresh }] = await sql(`select last_synced_at > now() - interval '1 minute' as fresh from public.calendar_connections where id = $1`, [c.connectionId]);
    expect(fresh).toBe(true);
  });

  it('two sweeps at once sync a connection once', async () => {
    const c = await connected();
    await age(c, 6);
    const answers = await Promise.all([sweep([c.host.id]), sweep([c.host.id])]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.reduce((n, a) => n + a.body.synced, 0)).toBe(1);
  });
});

describe('a slot request that finds a stale cache', () => {
  it('is answered from the cache and starts a sync of that host\'s calendars', async () => {
    const c = await connected();
    await putObject(c.dav, c.calendar, 'late', ics(vevent(['UID:late', `DTSTART:${day(D)}T200000Z`, `DTEND:${day(D)}T203000Z`])));
    await age(c, 6);
    // This answer comes from the cache as it was: 20:00 is still offered.
    expect(await slotLabels(c.host.eventTypeId, D)).toContain('20:00');
    const deadline = Date.now() + 15_000;
    let labels: string[] = [];
    while (Date.now() < deadline) {
      labels = await slotLabels(c.host.eventTypeId, D);
      if (!labels.includes('20:00')) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(labels).not.toContain('20:00');
  });

  it('a fresh cache is read as it is, with no sync', async () => {
    const c = await connected();
    const [before] = await sql(`select last_attempt_at from public.calendar_connections where id = $1`, [c.connectionId]);
    await slotLabels(c.host.eventTypeId, D);
    await new Promise((r) => setTimeout(r, 1000));
    const [after] = await sql(`select last_attempt_at from public.calendar_connections where id = $1`, [c.connectionId]);
    expect(after.last_attempt_at).toEqual(before.last_attempt_at);
  });
});

describe('cached busy times with buffers', () => {
  it('keep the host\'s buffers before and after a meeting clear of calendar events', async () => {
    const c = await connected({ settings: { bufferBefore: 30, bufferAfter: 30 } });
    const labels = await slotLabels(c.host.eventTypeId, D);
    // The event is 13:00-14:00: a meeting ending at 13:00 needs 30 minutes after it, one starting at
    // 14:00 needs 30 minutes before it.
    expect(labels).toContain('12:00');
    expect(labels).not.toContain('12:30');
    expect(labels).not.toContain('13:00');
    expect(labels).not.toContain('13:30');
    expect(labels).not.toContain('14:00');
    expect(labels).toContain('14:30');
  });
});
