// Recurring series (docs/series.md) through the slots function: every occurrence checked by the slot
// engine before anything is written, at the same wall-clock time of the host's zone across a DST change.
import { describe, expect, it } from 'vitest';
import { sql } from '../../../scripts/local/test-stack/harness.ts';
import { call } from './client.ts';
import { at, calendarSource, guestBody, newHost, newTeam, newTeamEventType, replaceBusy, type Host } from './fixtures.ts';
import { allowSeries, DAY, tenOClockBefore, wallClock, WEEK, zoneChangingSoon } from './series-support.ts';

const preview = (host: Host, start: Date, count = 12, frequency = 'weekly') =>
  call(`/slots/series?eventTypeId=${host.eventTypeId}&start=${start.toISOString()}&frequency=${frequency}&count=${count}&timeZone=UTC`);

describe('the series preview', () => {
  it("puts 12 weekly occurrences at the same wall-clock time of the host's zone across its DST change", async () => {
    const { zone, change } = zoneChangingSoon();
    const host = await newHost();
    await sql('update public.profiles set timezone = $2 where id = $1', [host.id, zone]);
    await allowSeries(host);
    const first = tenOClockBefore(zone, change);
    expect(wallClock(first.toISOString(), zone)).toBe('10:00');

    const res = await preview(host, first);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const occurrences = res.body.occurrences as { start: string; free: boolean }[];
    expect(occurrences).toHaveLength(12);
    expect(occurrences.every((o) => o.free)).toBe(true);
    expect(occurrences.map((o) => wallClock(o.start, zone))).toEqual(Array(12).fill('10:00'));
    // Seven days apart by the calendar, so an hour more or less across the change: both sides are in it.
    const gaps = new Set(occurrences.slice(1).map((o, i) => Date.parse(o.start) - Date.parse(occurrences[i]!.start)));
    expect(gaps.size).toBe(2);
    expect([...gaps].every((g) => Math.abs(g - WEEK) <= 3_600_000)).toBe(true);
    expect(res.body.hostTimeZone).toBe(zone);
  });

  it('reports a taken occurrence 9 with the nearest free start of its week, and every other one free', async () => {
    const host = await newHost();
    await allowSeries(host);
    const first = at(2, 10);
    const ninth = new Date(first.getTime() + 8 * WEEK);
    expect((await call('/bookings', { body: guestBody(host.eventTypeId, ninth) })).status).toBe(201);

    const res = await preview(host, first);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const occurrences = res.body.occurrences as { start: string; free: boolean; reason?: string; alternative?: { start: string } | null }[];
    expect(occurrences.map((o) => o.free)).toEqual(occurrences.map((_, i) => i !== 8));
    // Later occurrences lie past the 60-day horizon: the first one's decides.
    expect(Date.parse(occurrences[11]!.start)).toBeGreaterThan(Date.now() + 60 * DAY);
    expect(occurrences[8]).toMatchObject({ start: ninth.toISOString(), reason: 'busy', alternative: { start: new Date(ninth.getTime() - 30 * 60_000).toISOString() } });
  });

  it('refuses a series the event type does not offer', async () => {
    const host = await newHost();
    expect((await preview(host, at(2, 10))).status).toBe(400);
    await allowSeries(host);
    expect((await preview(host, at(2, 10), 13)).body).toMatchObject({ code: 'invalid_request', message: 'This event type offers at most 12 occurrences' });
    expect((await preview(host, at(2, 10), 4, 'biweekly')).status).toBe(400);
  });
});

describe('booking a series', () => {
  /** A host offering series whose weekly series from `first` finds occurrence `n` (from 0) booked by another guest. */
  async function takenAt(first: Date, n: number) {
    const host = await newHost();
    await allowSeries(host);
    const taken = new Date(first.getTime() + n * WEEK);
    expect((await call('/bookings', { body: guestBody(host.eventTypeId, taken, 30, { guestEmail: 'other@example.test' }) })).status).toBe(201);
    return { host, taken };
  }

  it('writes every occurrence or none: a taken one is named and nothing written; skipped, the rest are booked', async () => {
    const first = at(3, 14);
    const { host, taken: fourth } = await takenAt(first, 3);
    const body = guestBody(host.eventTypeId, first, 30, { guestName: 'Sam Series', guestEmail: 'sam@example.test' });

    const refused = await call('/bookings', { body: { ...body, recurrence: { frequency: 'weekly', count: 6 } } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'slot_taken', taken: [fourth.toISOString()] });
    const sams = () => sql(`select start_time, series_id, recurrence_id from public.bookings where event_type_id = $1 and guest_email = 'sam@example.test' order by start_time`, [host.eventTypeId]);
    expect(await sams()).toEqual([]);

    const booked = await call('/bookings', { body: { ...body, recurrence: { frequency: 'weekly', count: 6, skip: [fourth.toISOString()] } } });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const starts = [0, 1, 2, 4, 5].map((w) => new Date(first.getTime() + w * WEEK).toISOString());
    expect(booked.body).toMatchObject({ startTime: first.toISOString(), series: { occurrences: starts.map((start) => ({ start })) } });
    expect(booked.body.manageToken).toBeTruthy();
    const rows = await sams();
    expect(rows.map((r) => r.start_time.toISOString())).toEqual(starts);
    expect(new Set(rows.map((r) => Number(r.series_id)))).toEqual(new Set([booked.body.series.id]));
    const [series] = await sql(`select frequency, count, skipped from public.booking_series where id = $1`, [booked.body.series.id]);
    expect(series).toEqual({ frequency: 'weekly', count: 6, skipped: [fourth] });
  });

  it('books a taken occurrence at the alternative the preview offered, standing for its rule start', async () => {
    const first = at(3, 16);
    const { host, taken: third } = await takenAt(first, 2);
    const offered = (await preview(host, first, 4)).body.occurrences[2].alternative.start as string;
    const body = guestBody(host.eventTypeId, first, 30, { guestEmail: 'mo@example.test' });
    const outside = new Date(third.getTime() + WEEK).toISOString();
    expect((await call('/bookings', { body: { ...body, recurrence: { frequency: 'weekly', count: 4, moved: [{ from: third.toISOString(), to: outside }] } } })).body).toMatchObject({
      message: 'A moved occurrence stays in its week',
    });
    const booked = await call('/bookings', { body: { ...body, recurrence: { frequency: 'weekly', count: 4, moved: [{ from: third.toISOString(), to: offered }] } } });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const rows = await sql(`select start_time, recurrence_id from public.bookings where series_id = $1 order by start_time`, [booked.body.series.id]);
    expect(rows.map((r) => [r.start_time.toISOString(), r.recurrence_id.toISOString()])).toEqual(
      [0, 1, 2, 3].map((w) => [w === 2 ? offered : new Date(first.getTime() + w * WEEK).toISOString(), new Date(first.getTime() + w * WEEK).toISOString()]),
    );
  });

  it('refuses a series longer than the event type offers, and a skipped date that is not one of it', async () => {
    const host = await newHost();
    await allowSeries(host);
    const body = guestBody(host.eventTypeId, at(3, 15));
    expect((await call('/bookings', { body: { ...body, recurrence: { frequency: 'weekly', count: 13 } } })).body).toMatchObject({ code: 'invalid_request' });
    const wrongSkip = await call('/bookings', { body: { ...body, recurrence: { frequency: 'weekly', count: 4, skip: [at(4, 15).toISOString()] } } });
    expect(wrongSkip.body).toMatchObject({ code: 'invalid_request', message: 'Only later occurrences of the series can be skipped' });
  });
});

describe("a team's series", () => {
  it('is previewed and booked through the same path: taken where every member is busy, and given to one member free at every occurrence', async () => {
    const team = await newTeam();
    const id = await newTeamEventType(team, { recurrence: { frequencies: ['weekly'], maxCount: 6 } });
    const first = at(4, 11);
    const week = (n: number) => new Date(first.getTime() + n * WEEK);
    const members = [team.owner, team.admin, team.member];
    const sources = await Promise.all(members.map((m) => calendarSource(m.id)));
    // Everyone is away at occurrence 3; the owner and the admin also at occurrence 2 and 5.
    await Promise.all(
      sources.map((source, i) =>
        replaceBusy(source, [[week(2), week(2).getTime() + 3_600_000], ...(i < 2 ? ([[week(1), week(1).getTime() + 3_600_000], [week(4), week(4).getTime() + 3_600_000]] as [Date, number][]) : [])]),
      ),
    );
    const res = await call(`/slots/series?teamEventTypeId=${id}&start=${first.toISOString()}&frequency=weekly&count=6&timeZone=UTC`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.teamEventTypeId).toBe(id);
    expect(res.body.occurrences.map((o: { free: boolean }) => o.free)).toEqual([true, true, false, true, true, true]);
    expect(JSON.stringify(res.body)).not.toContain(team.member.id);

    const { eventTypeId: _personal, ...body } = guestBody(0, first);
    const booked = await call('/bookings', { body: { ...body, teamEventTypeId: id, recurrence: { frequency: 'weekly', count: 6, skip: [week(2).toISOString()] } } });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const rows = await sql(`select assigned_user_id from public.bookings where series_id = $1`, [booked.body.series.id]);
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((r) => r.assigned_user_id))).toEqual(new Set([team.member.id]));
  });
});
