// Input abuse against the api function, Auth and REST on the shared stack: oversized and deeply nested
// bodies, wrong content types, and SQL / HTML / control characters in every text field. Nothing may
// answer 5xx, and what is stored is exactly the text that was sent (never executed, never mangled).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookableHost, type Offered } from '../../../bench/booking.ts';
import { request, type Answer } from '../../../bench/lib/guests.ts';
import type { Target } from '../../../bench/lib/stack.ts';
import { newUser, stack, type TestUser } from '../../test-stack/harness.ts';
import { HANG_MS } from './support.ts';

/** SQL and HTML a text field must keep as plain text. */
const NASTY = `x'); DROP TABLE public.bookings;-- " OR 1=1 <script>alert(1)</script><i>$$ \\ ☃`;
const text = (field: string) => `${field}: ${NASTY}`;
const MB = 1024 * 1024;

let db: pg.Pool;
let target: Target;
let owner: TestUser;
let host: { userId: string; eventTypeId: number; slots: Offered[] };
let nextSlot = 0;

beforeAll(async () => {
  db = new pg.Pool({ connectionString: stack().dbUrl, max: 2 });
  const { apiUrl, anonKey } = stack();
  target = { db, apiUrl, anonHeaders: { apikey: anonKey, authorization: `Bearer ${anonKey}` } };
  owner = await newUser();
  host = await bookableHost(target, 'abuse');
});

afterAll(async () => {
  await db?.end();
});

function send(path: string, opts: { method?: string; body?: string | Buffer; type?: string; token?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = { apikey: stack().anonKey, authorization: `Bearer ${opts.token ?? stack().anonKey}` };
  if (opts.type) headers['content-type'] = opts.type;
  return request(stack().apiUrl + path, { method: opts.method ?? 'POST', headers, body: opts.body, timeoutMs: HANG_MS });
}

const json = (path: string, body: unknown, token?: string, method = 'POST') => send(path, { method, body: JSON.stringify(body), type: 'application/json', token });

const bookingBody = (over: Record<string, unknown> = {}) => {
  const slot = host.slots[nextSlot++];
  return {
    eventTypeId: host.eventTypeId,
    guestName: text('guestName'),
    guestEmail: "o'brien-x@example.test",
    guestPhone: `+1 555 0100 <b>'--`,
    guestCompany: text('guestCompany'),
    notes: text('notes'),
    startTime: slot.start,
    endTime: slot.end,
    ...over,
  };
};

const bookingsOfHost = async () => Number((await db.query(`select count(*) as n from public.bookings where user_id = $1`, [host.userId])).rows[0].n);

/** The status, with the body in the failure message. */
function expectStatus(a: Answer, status: number) {
  expect({ status: a.status, body: a.body }).toEqual({ status, body: a.status === status ? a.body : "(see received)" });
}

/** Labels of answers that were a 5xx or no HTTP answer at all; a test expects this list to be empty. */
class Problems {
  readonly list: string[] = [];
  check(label: string, a: Answer) {
    if (a.status >= 500 || a.status === 0) this.list.push(`${label}: ${a.status || a.error} ${JSON.stringify(a.body).slice(0, 80)}`);
    return a;
  }
}

describe('SQL and HTML in every text field', () => {
  it('a public booking stores and returns every guest field exactly as text', async () => {
    const body = bookingBody();
    const a = await json('/functions/v1/api/bookings/public', body);
    expectStatus(a, 201);
    const row = (await db.query(`select guest_name, guest_email, guest_phone, guest_company, notes from public.bookings where id = $1`, [a.body.id])).rows[0];
    expect(row).toEqual({ guest_name: body.guestName, guest_email: body.guestEmail, guest_phone: body.guestPhone, guest_company: body.guestCompany, notes: body.notes });
    expect(a.body).toMatchObject({ guestName: body.guestName, guestCompany: body.guestCompany, notes: body.notes });
    expect((await db.query(`select to_regclass('public.bookings') as t`)).rows[0].t).toBe('bookings');
  });

  it('event type, profile, team and team event type text fields are stored and returned as sent', async () => {
    const et = await json('/functions/v1/api/event-types', { title: text('title'), description: text('description'), duration: 30, color: '#3b82f6', isActive: true, autoConfirm: true }, owner.accessToken);
    expectStatus(et, 201);
    expect(et.body).toMatchObject({ title: text('title'), description: text('description') });
    expect((await db.query(`select title, description from public.event_types where id = $1`, [et.body.id])).rows[0]).toEqual({ title: text('title'), description: text('description') });

    const fields = ['firstName', 'lastName', 'bio', 'title', 'company', 'location', 'website', 'linkedin', 'twitter', 'instagram'];
    const profile = Object.fromEntries(fields.map((f) => [f, text(f)]));
    const put = await json('/functions/v1/api/profile', profile, owner.accessToken, 'PUT');
    expectStatus(put, 200);
    expect(put.body).toMatchObject(profile);
    const stored = (await db.query(`select first_name, last_name, bio, title, company, location, website, linkedin, twitter, instagram from public.profiles where id = $1`, [owner.id])).rows[0];
    expect(Object.values(stored)).toEqual(fields.map(text));

    const team = await json('/functions/v1/api/teams', { name: text('name'), slug: `abuse-${Date.now()}`, description: text('team description'), timezone: 'UTC', isPublic: false }, owner.accessToken);
    expectStatus(team, 201);
    expect(team.body).toMatchObject({ name: text('name'), description: text('team description') });
    const tet = await json(`/functions/v1/api/teams/${team.body.id}/event-types`, { title: text('team title'), description: text('team et description'), duration: 30, color: '#3b82f6', isActive: true, autoConfirm: true }, owner.accessToken);
    expectStatus(tet, 201);
    expect((await db.query(`select title, description from public.event_types where id = $1`, [tet.body.id])).rows[0]).toEqual({ title: text('team title'), description: text('team et description') });
  });

  it('sign-up names and a host-made booking keep the text as sent', async () => {
    const email = `abuse-${Date.now()}@example.test`;
    const reg = await json('/functions/v1/api/auth/register', { email, password: 'correct-horse-1', firstName: text('first'), lastName: text('last') });
    expectStatus(reg, 201);
    expect((await db.query(`select first_name, last_name from public.profiles where email = $1`, [email])).rows[0]).toEqual({ first_name: text('first'), last_name: text('last') });

    // The host books on their own event type for a guest (POST /api/bookings), as the host.
    const hostUser = await newUser();
    const et = await json('/functions/v1/api/event-types', { title: 'Host booking', duration: 30, color: '#3b82f6', isActive: true, autoConfirm: true }, hostUser.accessToken);
    expectStatus(et, 201);
    const start = new Date(host.slots[nextSlot++].start);
    const booking = await json(
      '/functions/v1/api/bookings',
      { eventTypeId: et.body.id, guestName: text('host guest'), guestEmail: 'guest@example.test', notes: text('host notes'), startTime: start.toISOString(), endTime: new Date(start.getTime() + 30 * 60_000).toISOString() },
      hostUser.accessToken,
    );
    // The host has no availability, which the server may enforce: either way nothing is executed or mangled.
    expect([201, 400, 409]).toContain(booking.status);
    if (booking.status === 201) {
      expect((await db.query(`select guest_name, notes from public.bookings where id = $1`, [booking.body.id])).rows[0]).toEqual({ guest_name: text('host guest'), notes: text('host notes') });
    }
  });

  it('SQL and HTML in path and query parameters are a 4xx, never a 5xx', async () => {
    const nasty = encodeURIComponent(NASTY);
    const p = new Problems();
    const statuses: number[] = [];
    for (const path of [
      `/functions/v1/api/handle/check/${nasty}`,
      `/functions/v1/api/handle/${nasty}`,
      `/functions/v1/api/users/${nasty}/profile`,
      `/functions/v1/api/event-types/${nasty}`,
      `/functions/v1/api/teams/public/${nasty}`,
      `/functions/v1/api/slots?eventTypeId=${nasty}&startDate=2030-01-01&endDate=2030-01-02`,
      `/functions/v1/slots?eventTypeId=1&startDate=${nasty}&endDate=2030-01-02&timeZone=${nasty}`,
      `/functions/v1/api/dashboard/stats?timeframe=${nasty}`,
      `/rest/v1/rpc/check_handle?p_handle=${nasty}`,
    ]) {
      const a = p.check(path, await send(path, { method: 'GET', token: owner.accessToken }));
      statuses.push(a.status);
    }
    expect(p.list).toEqual([]);
    expect((await db.query(`select to_regclass('public.bookings') as t`)).rows[0].t).toBe('bookings');
  });

  it('answers are JSON, so a browser never renders the stored HTML', async () => {
    const res = await fetch(`${stack().apiUrl}/functions/v1/api/event-types`, { headers: { apikey: stack().anonKey, authorization: `Bearer ${owner.accessToken}` } });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.text()).not.toMatch(/&lt;|&#39;/); // escaped by the page that shows it, not by the API
  });

  it('a NUL character (which Postgres text cannot hold) is a client error, not a crash', async () => {
    const before = await bookingsOfHost();
    const p = new Problems();
    const booking = p.check('booking with NUL', await json('/functions/v1/api/bookings/public', bookingBody({ notes: 'a\u0000b' })));
    p.check('event type with NUL', await json('/functions/v1/api/event-types', { title: 'a\u0000b', duration: 30, color: '#3b82f6', isActive: true, autoConfirm: true }, owner.accessToken));
    p.check('profile with NUL', await json('/functions/v1/api/profile', { bio: 'a\u0000b' }, owner.accessToken, 'PUT'));
    p.check('sign-up with NUL', await json('/auth/v1/signup', { email: `nul-${Date.now()}@example.test`, password: 'pass\u0000word-123' }));
    expect(p.list).toEqual([]);
    expect(await bookingsOfHost()).toBe(before + (booking.status === 201 ? 1 : 0));
  });
});

describe('oversized, deep and mistyped bodies', () => {
  const routes = () => [
    { path: '/functions/v1/api/bookings/public', token: undefined },
    { path: '/functions/v1/api/event-types', token: owner.accessToken },
    { path: '/functions/v1/api/auth/register', token: undefined },
    { path: '/functions/v1/bookings', token: undefined },
    { path: '/auth/v1/signup', token: undefined },
    { path: '/rest/v1/event_types', token: owner.accessToken },
  ];

  it('bodies over 1 MB are refused without a 5xx and store nothing', async () => {
    const before = await bookingsOfHost();
    const p = new Problems();
    const accepted: string[] = [];
    const big = JSON.stringify(bookingBody({ notes: 'x'.repeat(1.5 * MB) }));
    const huge = JSON.stringify(bookingBody({ notes: 'y'.repeat(20 * MB) }));
    for (const r of routes()) {
      for (const [label, body] of [['1.5 MB', big], ['20 MB', huge]] as const) {
        const a = p.check(`${label} to ${r.path}`, await send(r.path, { body, type: 'application/json', token: r.token }));
        if (a.status >= 200 && a.status < 300) accepted.push(`${label} to ${r.path}`);
        // The next ordinary request through the gateway must not pay for the refused one.
        p.check(`request after ${label} to ${r.path}`, await json('/rest/v1/rpc/directory_profiles', {}));
      }
    }
    expect(p.list).toEqual([]);
    expect(accepted).toEqual([]);
    expect(await bookingsOfHost()).toBe(before);
  });

  it('deeply nested JSON is refused without a 5xx', async () => {
    const depth = 100_000;
    const arrays = '['.repeat(depth) + ']'.repeat(depth);
    const objects = '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
    const inField = JSON.stringify(bookingBody()).replace('"notes":', `"notes":${'['.repeat(5000)}${']'.repeat(5000)},"x":`);
    const p = new Problems();
    for (const r of routes()) {
      for (const [label, body] of [['arrays', arrays], ['objects', objects], ['nested field', inField]] as const) {
        p.check(`deep ${label} to ${r.path}`, await send(r.path, { body, type: 'application/json', token: r.token }));
      }
    }
    expect(p.list).toEqual([]);
  });

  it('wrong content types are refused or read as the JSON they are, never a 5xx', async () => {
    const before = await bookingsOfHost();
    const body = bookingBody();
    const form = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString();
    const cases: [string, string | Buffer][] = [
      ['application/x-www-form-urlencoded', form],
      ['multipart/form-data; boundary=xyz', `--xyz\r\nContent-Disposition: form-data; name="guestName"\r\n\r\nx\r\n--xyz--\r\n`],
      ['application/xml', '<booking><guestName>x</guestName></booking>'],
      ['application/octet-stream', Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x80])],
      ['application/json', Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x80])],
    ];
    const p = new Problems();
    for (const r of routes()) {
      for (const [type, payload] of cases) p.check(`${type} to ${r.path}`, await send(r.path, { body: payload, type, token: r.token }));
    }
    // The JSON of a real booking sent as text/plain: taken as JSON or refused, either way stored correctly.
    const plain = p.check('text/plain booking', await send('/functions/v1/api/bookings/public', { body: JSON.stringify(body), type: 'text/plain' }));
    expect(p.list).toEqual([]);
    const stored = (await db.query(`select guest_name from public.bookings where user_id = $1 and start_time = $2`, [host.userId, body.startTime])).rows;
    expect(stored).toEqual(plain.status === 201 ? [{ guest_name: body.guestName }] : []);
    expect(await bookingsOfHost()).toBe(before + stored.length);
  });

  it('a body PostgREST refuses before reading it all does not break the requests after it', async () => {
    // PostgREST answers such bodies early and closes the connection; a proxy that reuses that
    // connection for the next request turns an ordinary request into a 502.
    const depth = 100_000;
    const objects = '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
    const p = new Problems();
    for (let round = 0; round < 30; round++) {
      p.check(`deep body, round ${round}`, await send('/rest/v1/event_types', { body: objects, type: 'application/json', token: owner.accessToken }));
      p.check(`ordinary request after it, round ${round}`, await json('/rest/v1/rpc/directory_profiles', {}));
    }
    expect(p.list).toEqual([]);
  });

  it('the api function still answers after all of that', async () => {
    const a = await json('/functions/v1/api/bookings/public', bookingBody({ guestName: 'After the abuse' }));
    expectStatus(a, 201);
  });
});
