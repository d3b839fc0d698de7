// An iCalendar subscription served by a local HTTP server (the local stack allows loopback
// addresses by configuration): its events block slots, personal and team; a feed that stops
// working marks the connection and keeps the last good busy times.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../../scripts/local/test-stack/harness.ts';
import { call } from '../api/client.ts';
import { guestBody, newHost, newTeam, newTeamEventType, type Host } from '../api/fixtures.ts';
import { day, feedServer, ics, isoDay, slotLabels, vevent, type FeedServer } from './fixtures.ts';

const D = 8;
let feeds: FeedServer;

beforeAll(async () => {
  feeds = await feedServer();
});

afterAll(() => feeds.close());

const serve = (path: string, body: string, status?: number) => feeds.serve(path, body, status);

/** A loopback port nothing listens on (one just given up by a listener). */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function connectFeed(token: string, url: string) {
  return call('/calendars/connections', { body: { provider: 'ics', url }, token });
}

describe('an iCalendar subscription', () => {
  let host: Host;
  let connectionId: number;
  const path = `/private/${Math.random().toString(36).slice(2)}/basic.ics`;

  beforeAll(async () => {
    host = await newHost();
    const url = serve(
      path,
      ics('X-WR-CALNAME:Family', vevent(['UID:school', `DTSTART:${day(D)}T100000Z`, `DTEND:${day(D)}T110000Z`, 'SUMMARY:School run'])),
    );
    const res = await connectFeed(host.accessToken, url);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    connectionId = res.body.id;
  });

  it('is named after the calendar and blocks its events\' slots', async () => {
    const { data } = await host.client.from('calendar_connections').select('provider, label, server_url, status').single();
    expect(data).toEqual({ provider: 'ics', label: 'Family', server_url: feeds.base, status: 'ok' });
    const labels = await slotLabels(host.eventTypeId, D);
    expect(labels).not.toContain('10:00');
    expect(labels).not.toContain('10:30');
    expect(labels).toContain('11:00');
  });

  it('keeps the secret address out of the API (only its origin is shown)', async () => {
    const rows = await sql(`select secret from public.calendar_credentials where connection_id = $1`, [connectionId]);
    expect(rows[0].secret).not.toContain('private');
    const { data } = await host.client.from('calendar_connections').select('*').single();
    expect(JSON.stringify(data)).not.toContain(path);
  });

  it('follows the feed: a removed event frees its time after a sync', async () => {
    serve(path, ics(vevent(['UID:other', `DTSTART:${day(D)}T150000Z`, `DTEND:${day(D)}T153000Z`])));
    const sync = await call(`/calendars/connections/${connectionId}/sync`, { method: 'POST', token: host.accessToken });
    expect(sync.body).toMatchObject({ synced: true, error: null });
    const labels = await slotLabels(host.eventTypeId, D);
    expect(labels).toContain('10:00');
    expect(labels).not.toContain('15:00');
  });

  it('a feed that stops working marks the connection and keeps the last good busy times', async () => {
    serve(path, 'gone', 404);
    const sync = await call(`/calendars/connections/${connectionId}/sync`, { method: 'POST', token: host.accessToken });
    // The host reads why in their language: the failure is kept by its rule too.
    expect(sync.body).toMatchObject({ synced: false, errorRule: { id: 'feedGone', values: { status: 404 } } });
    const { data } = await host.client.from('calendar_connections').select('status, last_error, last_error_rule').single();
    expect(data).toEqual({ status: 'error', last_error: 'The calendar address no longer works (404)', last_error_rule: { id: 'feedGone', values: { status: 404 } } });
    expect(await slotLabels(host.eventTypeId, D)).not.toContain('15:00');
    expect((await call('/bookings', { body: guestBody(host.eventTypeId, new Date(`${isoDay(D)}T15:00:00Z`)) })).status).toBe(409);

    serve(path, '<html>Please sign in</html>');
    await call(`/calendars/connections/${connectionId}/sync`, { method: 'POST', token: host.accessToken });
    expect((await host.client.from('calendar_connections').select('last_error').single()).data!.last_error).toMatch(/not serve an iCalendar file/);
    expect(await slotLabels(host.eventTypeId, D)).not.toContain('15:00');
  });

  it('removing the connection removes its busy times', async () => {
    expect((await host.client.from('calendar_connections').delete().eq('id', connectionId)).error).toBeNull();
    expect(await slotLabels(host.eventTypeId, D)).toContain('15:00');
    expect(await sql(`select 1 from public.calendar_credentials where connection_id = $1`, [connectionId])).toEqual([]);
  });
});

describe('addresses that are refused', () => {
  it('private, link-local, plain http and non-web addresses, with the reason, by its rule for the host\'s language', async () => {
    const host = await newHost();
    for (const [url, reason, rule] of [
      ['https://10.0.0.7/cal.ics', /10\.0\.0\.7 is not a public internet address/, { id: 'remoteBlocked', values: { host: '10.0.0.7' } }],
      ['https://169.254.169.254/latest/meta-data/', /169\.254\.169\.254 is not a public internet address/, { id: 'remoteBlocked', values: { host: '169.254.169.254' } }],
      // A secret address never travels in clear text (loopback, for the local stack's tests, aside).
      ['http://calendar.example.com/cal.ics', /Only https addresses/, { id: 'remoteHttps' }],
      ['ftp://example.com/cal.ics', /Only https and webcal/, { id: 'feedScheme' }],
    ] as const) {
      const res = await connectFeed(host.accessToken, url);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'calendar_failed', messageId: 'connectFailed', values: { reason: rule } });
      expect(res.body.message).toMatch(reason);
    }
    const answer = serve('/not-a-calendar', '<html></html>');
    expect((await connectFeed(host.accessToken, answer)).body.message).toMatch(/not serve an iCalendar file/);
    // Nothing listens there: said in words, not as the socket's code.
    const closed = await closedPort();
    const refused = await connectFeed(host.accessToken, `http://127.0.0.1:${closed}/cal.ics`);
    expect(refused.body).toEqual({
      code: 'calendar_failed',
      message: `Could not connect: nothing answers at 127.0.0.1:${closed}. Check the address, or try again if the server is down.`,
      messageId: 'connectFailed',
      values: { reason: { id: 'remoteRefused', values: { host: `127.0.0.1:${closed}` } } },
    });
    expect((await host.client.from('calendar_connections').select('id')).data).toEqual([]);
  });
});

describe('team assignment', () => {
  it('treats a member with a cached busy interval as busy', async () => {
    const team = await newTeam();
    const roundRobin = await newTeamEventType(team, { assignmentType: 'round_robin' });
    const everyone = await newTeamEventType(team, { requiresAllMembers: true });
    // Everyone but the member is busy at 14:00 through their own calendars.
    for (const person of [team.owner, team.admin]) {
      const url = serve(`/team-${person.id}.ics`, ics(vevent([`UID:busy-${person.id}`, `DTSTART:${day(D)}T140000Z`, `DTEND:${day(D)}T150000Z`])));
      expect((await connectFeed(person.accessToken, url)).status).toBe(201);
    }
    const slots = async (id: number) =>
      (await call(`/slots?teamEventTypeId=${id}&startDate=${isoDay(D)}&endDate=${isoDay(D)}&timeZone=UTC`)).body.slots.map((s: { label: string }) => s.label);
    expect(await slots(roundRobin)).toContain('14:00');
    expect(await slots(everyone)).not.toContain('14:00');
    const booked = await call('/bookings', {
      body: { ...guestBody(0, new Date(`${isoDay(D)}T14:00:00Z`)), eventTypeId: undefined, teamEventTypeId: roundRobin },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body.assignedUserId).toBe(team.member.id);
    const again = await call('/bookings', {
      body: { ...guestBody(0, new Date(`${isoDay(D)}T14:00:00Z`)), eventTypeId: undefined, teamEventTypeId: roundRobin },
    });
    expect(again.status).toBe(409);
  });
});
