// Calendars whose repeating events never match, or match too often: reading them is bounded per file
// and per sync, so connecting one answers at once, a rule that never matches holds no time, and one
// too costly to expand marks only its own connection failed (with the reason the host reads) while
// the sweep syncs the others. iCalendar feeds from a local server, CalDAV objects from Radicale
// (which cannot serve a rule that never matches: it searches for it itself, and the sync's request
// times out; ics.test.ts reads such objects).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, stack } from '../../../scripts/local/test-stack/harness.ts';
import { call } from '../api/client.ts';
import { newHost } from '../api/fixtures.ts';
import { day, eventually, feedServer, ics, makeCalendar, newDavUser, putObject, slotLabels, vevent, type FeedServer } from './fixtures.ts';

const D = 9;
/** Long enough for any honest answer on a busy machine; a calendar that hangs the function fails here. */
const ANSWER_WITHIN_MS = 30_000;
/** For a request beside a sync: a sync's reading holds the function up 1.5 s at most (SYNC_LIMIT). */
const BESIDE_A_SYNC_MS = 8_000;

let feeds: FeedServer;
beforeAll(async () => {
  feeds = await feedServer();
});
afterAll(() => feeds.close());

async function within<T>(what: string, request: Promise<T>, ms = ANSWER_WITHIN_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([request, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const connect = (token: string, body: Record<string, string>) => within('connect', call('/calendars/connections', { body, token }));
const sweep = (userIds: string[]) =>
  within('sweep', call('/calendars/sync', { body: { userIds }, headers: { authorization: `Bearer ${stack().serviceRoleKey}` } }));

/** Rules ical.js searches forever: there is no 30 February and no 31 April. */
const NEVER = ['FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30', 'FREQ=HOURLY;BYMONTH=4;BYMONTHDAY=31'];

/** `n` events every 15 minutes: about 6,000 steps each over the two months a sync reads. */
const quarterHourly = (n: number) =>
  Array.from({ length: n }, (_, i) => vevent([`UID:q${i}`, `DTSTART:${day(-1)}T00${String(i).padStart(2, '0')}00Z`, 'DURATION:PT5M', 'RRULE:FREQ=MINUTELY;INTERVAL=15']));

async function connection(userId: string) {
  const [row] = await sql<{ id: number; status: string; last_error: string | null }>(`select id, status, last_error from public.calendar_connections where user_id = $1`, [userId]);
  return row;
}

describe('an iCalendar feed', () => {
  it('with rules that never match connects at once: they hold no time, and its other events block', async () => {
    const host = await newHost();
    const url = feeds.serve(
      '/never.ics',
      ics(
        ...NEVER.map((rule, i) => vevent([`UID:never-${i}`, `DTSTART:${day(0)}T090000Z`, `DTEND:${day(0)}T100000Z`, `RRULE:${rule}`])),
        vevent(['UID:dentist', `DTSTART:${day(D)}T100000Z`, `DTEND:${day(D)}T110000Z`]),
      ),
    );
    // Someone else's request to the function, sent while the connection's first sync reads the feed
    // (the connect fetches it once for its name, the sync again), is answered too.
    const meanwhile = async () => {
      await eventually(async () => feeds.hits('/never.ics'), (n) => n >= 2);
      await new Promise((r) => setTimeout(r, 100));
      return within('another request', call('/calendars/providers'), BESIDE_A_SYNC_MS);
    };
    const [res, other] = await Promise.all([connect(host.accessToken, { provider: 'ics', url }), meanwhile()]);
    expect(other.status).toBe(200);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ synced: true, error: null });
    const labels = await slotLabels(host.eventTypeId, D);
    expect(labels).not.toContain('10:00');
    expect(labels).toContain('09:00');
  });

  it('too costly to expand marks only its own connection failed, with the reason; the sweep syncs the others', async () => {
    const heavy = await newHost();
    const plain = await newHost();
    // 20 events every 15 minutes (2.7 KB): 120,000 steps, over the limit of one file (20,000 steps), or,
    // on a machine busy enough that those take 1.5 s, over the time of one sync: either way the reason.
    const heavyFeed = ics(...quarterHourly(20));
    expect(heavyFeed.length).toBeLessThan(4_000);
    const connected = await connect(heavy.accessToken, { provider: 'ics', url: feeds.serve('/heavy.ics', heavyFeed) });
    expect(connected.status).toBe(201);
    expect(connected.body).toMatchObject({ synced: false, error: expect.stringMatching(/^Repeating events in this calendar take too long to read \(more than (20,000 steps in one file|1\.5 s in one sync)\)$/) });
    const plainUrl = feeds.serve('/plain.ics', ics(vevent(['UID:gym', `DTSTART:${day(D)}T120000Z`, `DTEND:${day(D)}T130000Z`])));
    expect((await connect(plain.accessToken, { provider: 'ics', url: plainUrl })).body).toMatchObject({ synced: true });

    // Both are due again; the plain feed has a new event since.
    feeds.serve('/plain.ics', ics(vevent(['UID:gym', `DTSTART:${day(D)}T120000Z`, `DTEND:${day(D)}T130000Z`]), vevent(['UID:lunch', `DTSTART:${day(D)}T150000Z`, `DTEND:${day(D)}T160000Z`])));
    await sql(`update public.calendar_connections set last_attempt_at = now() - interval '10 minutes' where user_id = any($1)`, [[heavy.id, plain.id]]);
    const swept = await sweep([heavy.id, plain.id]);
    expect(swept.body).toEqual({ synced: 1, failed: 1 });
    expect(await connection(heavy.id)).toMatchObject({ status: 'error', last_error: expect.stringMatching(/too long to read/) });
    expect(await connection(plain.id)).toMatchObject({ status: 'ok', last_error: null });
    expect(await slotLabels(plain.eventTypeId, D)).not.toContain('15:00');
    // What the host reads on their calendar settings.
    const { data } = await heavy.client.from('calendar_connections').select('status, last_error').single();
    expect(data!.last_error).toMatch(/^Repeating events in this calendar take too long to read/);
  });
});

describe('a CalDAV calendar', () => {
  it('of objects each within the limit of a file, but over the limit of a sync together, is marked failed', async () => {
    const host = await newHost();
    const dav = newDavUser();
    const calendar = await makeCalendar(dav, 'busy', 'Busy');
    const events = quarterHourly(12);
    for (const [i, e] of events.entries()) await putObject(dav, calendar, `q${i}`, ics(e));
    const res = await connect(host.accessToken, { provider: 'caldav', serverUrl: dav.url, username: dav.username, password: dav.password });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.error).toMatch(/too long to read \(more than .* in one sync\)/);
    expect(await connection(host.id)).toMatchObject({ status: 'error' });
  });
});
