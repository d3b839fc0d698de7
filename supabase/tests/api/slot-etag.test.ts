// A slot list carries an ETag from its calendar's schedule version: `If-None-Match` with a current one
// is answered 304, and every change to the list's inputs (a booking, hours, settings, overrides, time
// off, a connected calendar's busy times, a team member's own time) makes the next answer a fresh 200.
// Changes to anything else leave the version alone.
import { describe, expect, it } from 'vitest';
import { sql } from '../../../scripts/local/test-stack/harness.ts';
import { call } from './client.ts';
import { ALL_WEEK, at, calendarSource, guestBody, newHost, newTeam, newTeamEventType, replaceBusy } from './fixtures.ts';

const dateIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const personal = (id: number) => `/slots?eventTypeId=${id}&startDate=${dateIn(0)}&endDate=${dateIn(20)}&timeZone=UTC`;
const team = (id: number) => `/slots?teamEventTypeId=${id}&startDate=${dateIn(0)}&endDate=${dateIn(20)}&timeZone=UTC`;

/** The schedule version inside an ETag W/"<version>.<minute>.<query>" (a team's version has a dot itself). */
const versionOf = (etag: string) => /^W\/"(.+)\.[^.]+\.[^.]+"$/.exec(etag)![1];

async function list(path: string, etag?: string) {
  const res = await call(path, { headers: etag ? { 'if-none-match': etag } : {} });
  expect([200, 304]).toContain(res.status);
  return { status: res.status, etag: res.headers.get('etag')!, cacheControl: res.headers.get('cache-control'), body: res.body };
}

/**
 * Asks again with `etag`: 304 when nothing changed. The ETag also holds the minute (slots pass into
 * notice as time goes on), so a minute turning between the two requests is a 200 of the same version.
 */
async function unchanged(path: string, etag: string): Promise<boolean> {
  const again = await list(path, etag);
  if (again.status === 304) return true;
  return versionOf(again.etag) === versionOf(etag);
}

/** A connected calendar of this host (the first time), synced to hold these busy spans, as the sync does. */
const sources = new Map<string, string>();
async function syncBusy(userId: string, spans: [Date, Date][]) {
  let source = sources.get(userId);
  if (source === undefined) sources.set(userId, (source = await calendarSource(userId)));
  await replaceBusy(source, spans);
}

describe('slot list ETags', () => {
  it('answers 304 to a current ETag without a body, and only asks again under no-cache', async () => {
    const host = await newHost();
    const first = await list(personal(host.eventTypeId));
    expect(first.status).toBe(200);
    expect(first.cacheControl).toBe('private, no-cache');
    expect(first.etag).toMatch(/^W\/".+"$/);
    expect(first.body.slots.length).toBeGreaterThan(0);
    const again = await list(personal(host.eventTypeId), first.etag);
    if (again.status === 304) {
      expect(again.body).toBeNull();
      expect(again.etag).toBe(first.etag);
    } else expect(versionOf(again.etag)).toBe(versionOf(first.etag)); // the minute turned meanwhile
    // Another query of the same calendar never matches this one's ETag.
    const other = `/slots?eventTypeId=${host.eventTypeId}&startDate=${dateIn(1)}&endDate=${dateIn(20)}&timeZone=UTC`;
    expect((await list(other, first.etag)).status).toBe(200);
  });

  it('sends the list gzipped to a client that takes gzip, the same list as to one that does not', async () => {
    const host = await newHost();
    const path = personal(host.eventTypeId);
    const plain = await call(path, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    // The first gzipped answer is made, the next one kept: both the same bytes of the same list.
    for (let i = 0; i < 2; i++) {
      const zipped = await call(path, { headers: { 'accept-encoding': 'gzip' } });
      expect(zipped.headers.get('content-encoding')).toBe('gzip');
      expect(zipped.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(Number(zipped.headers.get('content-length'))).toBeLessThan(JSON.stringify(plain.body).length / 3);
      expect(zipped.body).toEqual(plain.body);
    }
    const refused = await call(path, { headers: { 'accept-encoding': 'gzip;q=0, identity' } });
    expect(refused.headers.get('content-encoding')).toBeNull();
  });

  it('a booking, hours, settings, an override, time off, an event type and busy times from a calendar each change it', async () => {
    const host = await newHost();
    const path = personal(host.eventTypeId);
    const token = host.accessToken;
    const changes: [string, () => Promise<unknown>][] = [
      ['booking', async () => expect((await call('/api/bookings/public', { body: guestBody(host.eventTypeId, at(3, 10)) })).status).toBe(201)],
      ['hours', async () => expect((await call('/api/availability', { body: ALL_WEEK.slice(1), token })).status).toBe(200)],
      [
        'settings',
        async () =>
          expect(
            (await call('/api/settings', { method: 'PUT', body: { bufferBefore: 15, bufferAfter: 0, minimumNotice: 0, maxFutureBookings: 60 }, token }))
              .status,
          ).toBe(200),
      ],
      ['override', async () => expect((await call(`/api/date-overrides/${dateIn(5)}`, { method: 'PUT', body: { ranges: [] }, token })).status).toBe(200)],
      ['time off', async () => expect((await call('/api/time-off', { body: { startDate: dateIn(8), endDate: dateIn(9) }, token })).status).toBe(201)],
      ['event type', async () => expect((await call(`/api/event-types/${host.eventTypeId}/rules`, { method: 'PUT', body: { maxBookingsPerDay: 5 }, token })).status).toBe(200)],
      ['calendar busy times', () => syncBusy(host.id, [[at(4, 9), at(4, 11)]])],
    ];
    let etag = (await list(path)).etag;
    for (const [what, change] of changes) {
      await change();
      const after = await list(path, etag);
      expect(after.status, what).toBe(200);
      expect(versionOf(after.etag), what).not.toBe(versionOf(etag));
      etag = after.etag;
    }
    // The sync finding the same busy times again writes nothing.
    await syncBusy(host.id, [[at(4, 9), at(4, 11)]]);
    expect(await unchanged(path, etag)).toBe(true);
  });

  it('a list asked again without an ETag shows each change at once (inputs the function keeps are read again when the version moves)', async () => {
    const host = await newHost();
    const path = personal(host.eventTypeId);
    const starts = (body: { slots: { start: string }[] }) => body.slots.map((s) => s.start);
    const first = await list(path);
    const booked = at(3, 10).toISOString();
    expect(starts(first.body)).toContain(booked);
    expect(starts((await list(path)).body)).toEqual(starts(first.body));
    expect((await call('/api/bookings/public', { body: guestBody(host.eventTypeId, at(3, 10)) })).status).toBe(201);
    const afterBooking = await list(path);
    expect(starts(afterBooking.body)).not.toContain(booked);
    expect(versionOf(afterBooking.etag)).not.toBe(versionOf(first.etag));
    await syncBusy(host.id, [[at(4, 9), at(4, 11)]]);
    const afterSync = starts((await list(path)).body);
    expect(afterSync).not.toContain(at(4, 9).toISOString());
    expect(afterSync).not.toContain(at(4, 10, 30).toISOString());
    expect(afterSync).toContain(at(4, 11).toISOString());
  });

  it('stays the same across changes to anything else, and a calendar synced without news', async () => {
    const host = await newHost();
    const stranger = await newHost();
    const path = personal(host.eventTypeId);
    const { etag } = await list(path);
    // Another host's booking and hours, this host's profile text.
    expect((await call('/api/bookings/public', { body: guestBody(stranger.eventTypeId, at(3, 10)) })).status).toBe(201);
    expect((await call('/api/availability', { body: ALL_WEEK.slice(2), token: stranger.accessToken })).status).toBe(200);
    expect((await call('/api/profile', { method: 'PUT', body: { firstName: 'Renamed' }, token: host.accessToken })).status).toBeLessThan(300);
    expect(await unchanged(path, etag)).toBe(true);
  });

  it('a team list changes with the team and with each member, never with an outsider', async () => {
    const t = await newTeam();
    const typeId = await newTeamEventType(t);
    const path = team(typeId);
    let { etag } = await list(path);
    const expectChanged = async (what: string) => {
      const after = await list(path, etag);
      expect(after.status, what).toBe(200);
      expect(versionOf(after.etag), what).not.toBe(versionOf(etag));
      etag = after.etag;
    };
    expect((await call('/api/time-off', { body: { startDate: dateIn(2), endDate: dateIn(2) }, token: t.outsider.accessToken })).status).toBe(201);
    expect(await unchanged(path, etag)).toBe(true);
    expect((await call('/api/time-off', { body: { startDate: dateIn(2), endDate: dateIn(2) }, token: t.member.accessToken })).status).toBe(201);
    await expectChanged('member time off');
    const booked = await call(`/api/teams/${t.id}/bookings`, { body: { ...guestBody(0, at(2, 12)), eventTypeId: undefined, teamEventTypeId: typeId } });
    expect(booked.status).toBe(201);
    await expectChanged('team booking');
    // A booking's other columns (its manage link's hash) are not the team's slots' inputs.
    expect((await sql(`update public.bookings set manage_token_hash = 'another' where id = $1 returning id`, [booked.body.id])).length).toBe(1);
    expect(await unchanged(path, etag)).toBe(true);
    const cancelled = await call(`/api/teams/${t.id}/bookings/${booked.body.id}/cancel`, { method: 'POST', token: t.owner.accessToken });
    expect(cancelled.status).toBe(200);
    await expectChanged('team booking cancelled');
    expect((await call(`/api/teams/${t.id}/date-overrides/${dateIn(6)}`, { method: 'PUT', body: { ranges: [] }, token: t.owner.accessToken })).status).toBe(200);
    await expectChanged('team override');
  });

  it("a list the function kept is the caller's only when the database still lets them see it", async () => {
    const t = await newTeam(false);
    const path = team(await newTeamEventType(t));
    // A member of the private team lists its slots: the function keeps that answer for this query.
    const seen = await call(path, { token: t.member.accessToken });
    expect(seen.status).toBe(200);
    expect(seen.body.slots.length).toBeGreaterThan(0);
    // The same query right after, by a guest and by an outsider: not found, never the kept answer.
    expect((await call(path)).status).toBe(404);
    expect((await call(path, { token: t.outsider.accessToken })).status).toBe(404);
    const again = await call(path, { token: t.member.accessToken });
    expect(again.status).toBe(200);
    expect(again.body.teamEventTypeId).toBe(seen.body.teamEventTypeId);
  });
});
