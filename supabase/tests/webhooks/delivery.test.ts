// Webhook deliveries through the real outbox to a real receiver: every message verified with the
// standardwebhooks package, each booking event with its payload, retries after 500s and time-outs with
// the same webhook-id, the 24-hour schedule (driven through the outbox's columns, not by waiting),
// nothing after a pause, both secrets signing during a rotation, and a hosted configuration refusing
// a receiver on a private address.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../../scripts/local/config.ts';
import { denoBinary } from '../../../scripts/local/functions.ts';
import { stack, sql } from '../../../scripts/local/test-stack/harness.ts';
import type { OutboxRow } from '../../functions/_shared/outbox/worker.ts';
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_WINDOW_S, WEBHOOK_TIMEOUT_MS, webhookRetryDelay, type BookingEventData } from '../../functions/_shared/rules/webhooks.ts';
import { call } from '../api/client.ts';
import { at, newHost, newTeam, newTeamEventType, type Host } from '../api/fixtures.ts';
import { guestBooks, mailStartingWith, manageLink, uniqueGuest } from '../lifecycle/support.ts';
import { deliveriesOf, Receiver, retryNow, rowsOf, settled, verifies, verify, type Received } from './receiver.ts';

const BOOKING_EVENTS = ['booking.created', 'booking.confirmed', 'booking.rejected', 'booking.cancelled', 'booking.rescheduled'];

interface Endpoint {
  id: number;
  secret: string;
}

async function endpoint(host: Host, url: string, events = BOOKING_EVENTS): Promise<Endpoint> {
  const { data, error } = await host.client.rpc('create_webhook', { p_url: url, p_events: events });
  expect(error).toBeNull();
  expect(data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  return { id: data.id, secret: data.secret };
}

const dataOf = (r: Received) => r.json.data as BookingEventData;

let receivers: Receiver[] = [];
async function receiver(): Promise<Receiver> {
  const r = await Receiver.start();
  receivers.push(r);
  return r;
}
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.stop()));
  receivers = [];
});

describe('webhook deliveries', () => {
  it('signs every event of a booking life, which the receiver verifies, with the booking in the payload', async () => {
    const host = await newHost({ autoConfirm: false });
    const r = await receiver();
    const hook = await endpoint(host, r.url, [...BOOKING_EVENTS, 'ping']);
    // A new endpoint that wants pings gets one at once.
    const [ping] = await r.received(1);
    expect(verify(hook.secret, ping)).toMatchObject({ type: 'ping', data: { webhookId: hook.id } });

    const guest = uniqueGuest();
    const start = at(5, 9);
    const first = await guestBooks(host.eventTypeId, start, guest, { guestName: 'Wendy Hook', guestTimeZone: 'Asia/Kathmandu' });
    const confirmed = await call(`/api/bookings/${first.id}/confirm`, { method: 'POST', token: host.accessToken });
    expect(confirmed.status).toBe(200);
    const second = await guestBooks(host.eventTypeId, at(5, 11), uniqueGuest());
    expect((await call(`/api/bookings/${second.id}`, { method: 'PUT', body: { status: 'cancelled' }, token: host.accessToken })).status).toBe(200);

    // The guest moves the first booking through their manage link, then cancels the moved one.
    const link = manageLink(await mailStartingWith(guest, 'Confirmed:'));
    const target = at(6, 14);
    const moved = await call(`/api/booking/${link.uid}/reschedule`, { body: { token: link.token, startTime: target.toISOString() } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const cancelled = await call(`/api/booking/${moved.body.booking.uid}/cancel`, { body: { token: moved.body.token } });
    expect(cancelled.status).toBe(200);

    // Rows of one sweep go out side by side: put the requests in the order the changes wrote them.
    const order = (await rowsOf(hook.id)).map((x) => x.message_id);
    const all = [...(await r.received(7))].sort((a, b) => order.indexOf(a.headers['webhook-id']) - order.indexOf(b.headers['webhook-id']));
    for (const request of all) expect(verifies(hook.secret, request)).toBe(true);
    const events = all.slice(1).map((x) => [x.json.type, dataOf(x).id, dataOf(x).status]);
    const movedId = Number((await sql('select id from bookings where uid = $1', [moved.body.booking.uid]))[0].id);
    expect(events).toEqual([
      ['booking.created', first.id, 'pending'],
      ['booking.confirmed', first.id, 'confirmed'],
      ['booking.created', second.id, 'pending'],
      ['booking.rejected', second.id, 'cancelled'],
      ['booking.rescheduled', movedId, 'confirmed'],
      ['booking.cancelled', movedId, 'cancelled'],
    ]);

    const created = dataOf(all[1]);
    const [row] = await sql('select uid from bookings where id = $1', [first.id]);
    expect(created).toMatchObject({
      id: first.id,
      uid: row.uid,
      startTime: start.toISOString().replace('.000Z', 'Z'),
      endTime: new Date(start.getTime() + 30 * 60_000).toISOString().replace('.000Z', 'Z'),
      eventType: { id: host.eventTypeId, kind: 'personal', title: 'Intro call', duration: 30 },
      host: { id: host.id, email: host.email, name: 'Test User' },
      team: null,
      assignedMember: null,
      guest: { name: 'Wendy Hook', email: guest, timeZone: 'Asia/Kathmandu' },
      rescheduledFrom: null,
      rescheduledTo: null,
      location: null,
      answers: [],
    });
    expect(dataOf(all[5])).toMatchObject({
      rescheduledFrom: { id: first.id, uid: row.uid, startTime: start.toISOString().replace('.000Z', 'Z') },
      startTime: target.toISOString().replace('.000Z', 'Z'),
    });
    expect(dataOf(all[6])).toMatchObject({ cancelledBy: 'guest', rescheduledFrom: { id: first.id } });
    // One webhook-id per message, the same as the outbox row's.
    expect(new Set(all.map((x) => x.headers['webhook-id'])).size).toBe(7);
    expect(order).toEqual(all.map((x) => x.headers['webhook-id']));
  });

  it('delivers team bookings to the team endpoint with the assigned member', async () => {
    const team = await newTeam();
    const typeId = await newTeamEventType(team, {
      assignmentType: 'specific_member', specificMemberId: team.member.id, locations: [{ kind: 'in_person', address: '5 Rue de Rivoli, Paris' }],
    });
    const r = await receiver();
    const { data, error } = await team.admin.client.rpc('create_webhook', { p_url: r.url, p_events: ['booking.created'], p_team_id: team.id });
    expect(error).toBeNull();
    const booked = await call('/bookings', {
      body: { teamEventTypeId: typeId, guestName: 'Tess', guestEmail: uniqueGuest(), startTime: at(4, 10).toISOString(), endTime: at(4, 10, 30).toISOString() },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const [request] = await r.received(1);
    expect(verifies(data.secret, request)).toBe(true);
    expect(dataOf(request)).toMatchObject({
      id: booked.body.id,
      host: null,
      team: { id: team.id, slug: team.slug, name: 'Test Team' },
      eventType: { id: typeId, kind: 'team' },
      assignedMember: { id: team.member.id, email: team.member.email },
      location: { kind: 'in_person', value: '5 Rue de Rivoli, Paris' },
    });
  });

  it('retries after a 500 and a time-out with the same webhook-id, on the schedule, and logs each attempt', async () => {
    const host = await newHost();
    const r = await receiver();
    const hook = await endpoint(host, r.url);
    r.script.push({ status: 500, body: 'x'.repeat(3000) }, 'hang');
    await guestBooks(host.eventTypeId, at(7, 9), uniqueGuest());

    await r.received(1);
    const [row] = await rowsOf(hook.id);
    const afterFirst = await settled(row.id, 1);
    expect(afterFirst).toMatchObject({ status: 'pending', last_error: 'HTTP 500 Internal Server Error' });
    expect(afterFirst.wait_s).toBeGreaterThanOrEqual(webhookRetryDelay(1)!);

    await retryNow(hook.id);
    // The second attempt gets no answer: the worker gives up after WEBHOOK_TIMEOUT_MS.
    const afterSecond = await settled(row.id, 2, 45_000 + WEBHOOK_TIMEOUT_MS);
    expect(afterSecond.status).toBe('pending');
    expect(afterSecond.last_error).toMatch(/too long/);
    expect(afterSecond.wait_s).toBeGreaterThanOrEqual(webhookRetryDelay(2)!);

    await retryNow(hook.id);
    expect((await settled(row.id, 3)).status).toBe('sent');
    const requests = await r.received(3);
    // Exactly three: an attempt that timed out is never sent again behind the worker's back.
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((x) => x.headers['webhook-id']))).toEqual(new Set([row.message_id]));
    for (const x of requests) expect(verifies(hook.secret, x)).toBe(true);
    // Each attempt signs its own timestamp over the same body.
    expect(new Set(requests.map((x) => x.body)).size).toBe(1);

    const log = await deliveriesOf(hook.id);
    expect(log.map((d) => [d.attempt, d.ok, d.status_code])).toEqual([
      [1, false, 500],
      [2, false, null],
      [3, true, 200],
    ]);
    // The answer's body is kept to its first 1 KB.
    expect(log[0].response_body).toBe('x'.repeat(1024));
    expect(log[1].error).toMatch(/too long/);
    expect(log[2].response_body).toBe('ok');
  });

  it('pauses the endpoint after its last attempt 24 hours on fails, tells its host, and sends nothing more', async () => {
    const host = await newHost();
    const r = await receiver();
    const hook = await endpoint(host, r.url);
    r.script.push(...Array.from({ length: WEBHOOK_MAX_ATTEMPTS }, () => ({ status: 503 })));
    await guestBooks(host.eventTypeId, at(8, 9), uniqueGuest());
    await r.received(1);
    const [row] = await rowsOf(hook.id);
    expect(row.max_attempts).toBe(WEBHOOK_MAX_ATTEMPTS);

    let scheduled = 0;
    for (let attempt = 1; attempt < WEBHOOK_MAX_ATTEMPTS; attempt++) {
      const state = await settled(row.id, attempt);
      expect(state.status).toBe('pending');
      expect(state.wait_s).toBeGreaterThanOrEqual(webhookRetryDelay(attempt)!);
      scheduled += webhookRetryDelay(attempt)!;
      await retryNow(hook.id);
    }
    expect(scheduled).toBe(WEBHOOK_RETRY_WINDOW_S);
    expect((await settled(row.id, WEBHOOK_MAX_ATTEMPTS)).status).toBe('failed');
    expect(r.requests).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    const [state] = await sql('select is_active, paused_reason from webhooks where id = $1', [hook.id]);
    expect(state).toEqual({ is_active: false, paused_reason: 'failing' });
    const mail = await mailStartingWith(host.email, 'Webhook paused');
    expect(mail.Text).toContain(r.url);
    expect(mail.Text).toContain('HTTP 503');

    // Paused: a new booking writes nothing for this endpoint, and nothing arrives.
    await guestBooks(host.eventTypeId, at(8, 11), uniqueGuest());
    expect(await rowsOf(hook.id)).toHaveLength(1);
    expect(r.requests).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
  });

  it('sends nothing to an endpoint its host paused, not even a message written before the pause', async () => {
    const host = await newHost();
    const r = await receiver();
    const hook = await endpoint(host, r.url);
    r.script.push({ status: 500 });
    await guestBooks(host.eventTypeId, at(9, 9), uniqueGuest());
    const [row] = await rowsOf(hook.id);
    await settled(row.id, 1);

    const { error } = await host.client.from('webhooks').update({ is_active: false }).eq('id', hook.id);
    expect(error).toBeNull();
    expect((await sql('select paused_reason from webhooks where id = $1', [hook.id]))[0].paused_reason).toBe('manual');
    await guestBooks(host.eventTypeId, at(9, 11), uniqueGuest());
    await retryNow(hook.id);
    const after = await settled(row.id, 2);
    expect(after).toMatchObject({ status: 'failed', last_error: 'The endpoint is paused' });
    expect(await rowsOf(hook.id)).toHaveLength(1);
    expect(r.requests).toHaveLength(1);
    // A pause of the host's own mails nobody.
    expect((await sql(`select count(*)::int as n from outbox where kind = 'webhook_mail' and payload -> 'webhook' ->> 'id' = $1`, [String(hook.id)]))[0].n).toBe(0);
  });

  it('signs with both secrets during a rotation overlap, and with the new one only after an overlap of zero', async () => {
    const host = await newHost();
    const r = await receiver();
    const hook = await endpoint(host, r.url);
    const rotated = await host.client.rpc('rotate_webhook_secret', { p_webhook_id: hook.id });
    expect(rotated.error).toBeNull();
    const second = rotated.data.secret as string;
    expect(second).not.toBe(hook.secret);
    await guestBooks(host.eventTypeId, at(10, 9), uniqueGuest());
    const [during] = await r.received(1);
    expect(during.headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(verifies(hook.secret, during)).toBe(true);
    expect(verifies(second, during)).toBe(true);

    const third = (await host.client.rpc('rotate_webhook_secret', { p_webhook_id: hook.id, p_overlap_hours: 0 })).data.secret as string;
    await guestBooks(host.eventTypeId, at(10, 11), uniqueGuest());
    const [, after] = await r.received(2);
    // The first secret's overlap is still running; the second stopped at once.
    expect(verifies(third, after)).toBe(true);
    expect(verifies(second, after)).toBe(false);
    expect(verifies(hook.secret, after)).toBe(true);
  });

  it('never lets a secret be read through REST, and lets nobody else rotate or ping', async () => {
    const host = await newHost();
    const other = await newHost();
    const hook = await endpoint(host, 'https://hooks.example.com/kairos');
    const read = await host.client.from('webhook_secrets').select('*');
    expect(read.error?.code).toBe('42501');
    expect(Object.keys((await host.client.from('webhooks').select('*').eq('id', hook.id).single()).data!)).not.toContain('secret');
    for (const [fn, args] of [
      ['rotate_webhook_secret', { p_webhook_id: hook.id }],
      ['ping_webhook', { p_webhook_id: hook.id }],
    ] as const) {
      const res = await other.client.rpc(fn, args);
      expect(res.error?.message).toBe('Webhook not found');
    }
  });
});

describe('a hosted configuration', () => {
  let r: Receiver;
  beforeAll(async () => {
    r = await receiver();
  });

  /**
   * A webhook row that the stack's own worker leaves alone (due next year), handed to a handler with a
   * hosted project's policy on the pinned Deno (hosted-attempt.ts): the guard runs only there.
   */
  async function hostedAttempt(url: string) {
    const host = await newHost();
    const hook = await endpoint(host, url);
    const messageId = `msg_hosted_${hook.id}`;
    const body = { type: 'ping', timestamp: new Date().toISOString(), data: { webhookId: hook.id, message: 'hosted' } };
    const [row] = await sql<OutboxRow>(
      `insert into outbox (kind, topic, message_id, payload, available_at, attempts, max_attempts)
       values ('webhook', 'ping', $1, $2, now() + interval '1 year', 1, 8) returning id::int, kind, topic, booking_id, message_id, payload, attempts, max_attempts, created_at`,
      [messageId, { endpointId: hook.id, messageId, body }],
    );
    const run = spawnSync(denoBinary(), ['run', '--allow-all', '--no-prompt', '--quiet', join(import.meta.dirname, 'hosted-attempt.ts'), JSON.stringify(row)], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DENO_NO_UPDATE_CHECK: '1', SUPABASE_URL: stack().apiUrl, SUPABASE_SERVICE_ROLE_KEY: stack().serviceRoleKey },
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const outcome = JSON.parse(run.stdout) as { permanent: boolean; message: string } | null;
    await sql('delete from outbox where id = $1', [row.id]);
    return { outcome, log: await deliveriesOf(hook.id) };
  }

  it.each([
    ['a loopback address', () => r.url, /127\.0\.0\.1 is not a public internet address/, '127.0.0.1'],
    ['a name that resolves to loopback', () => r.url.replace('127.0.0.1', 'localhost'), /localhost is not a public internet address/, 'localhost'],
    ['a private network address', () => 'https://10.1.2.3/hooks', /10\.1\.2\.3 is not a public internet address/, '10.1.2.3'],
  ])('refuses %s, for good, and logs why, by its rule too (the host\'s language)', async (_what, url, reason, host) => {
    const { outcome, log } = await hostedAttempt(url());
    expect(outcome?.permanent).toBe(true);
    expect(outcome!.message).toMatch(reason);
    expect(log).toMatchObject([{ ok: false, status_code: null, error: expect.stringMatching(reason), error_rule: { id: 'remoteBlocked', values: { host } } }]);
    expect(r.requests).toHaveLength(0);
  });
});
