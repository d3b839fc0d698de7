// The /api routes of webhooks: a host's endpoints and a team's (owners and admins only), the secret
// shown once, rotation, ping, the delivery log and resend; and the closed set of events the database
// holds, tied to the TypeScript one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, sql } from '../../../scripts/local/test-stack/harness.ts';
import { WEBHOOK_EVENTS, WEBHOOK_SECRET_OVERLAP_CHOICES } from '../../functions/_shared/rules/webhooks.ts';
import { call } from '../api/client.ts';
import { newTeam, type Team } from '../api/fixtures.ts';
import { Receiver, verifies } from './receiver.ts';

let r: Receiver;
beforeAll(async () => {
  r = await Receiver.start();
});
afterAll(async () => {
  await r.stop();
});

describe('/api/webhooks', () => {
  it('creates an endpoint with its secret once, lists, changes, pauses and deletes it', async () => {
    const host = await newUser();
    const token = host.accessToken;
    const created = await call('/api/webhooks', { body: { url: 'https://crm.example.com/kairos', events: ['booking.cancelled', 'booking.created'] }, token });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      userId: host.id,
      teamId: null,
      url: 'https://crm.example.com/kairos',
      events: ['booking.created', 'booking.cancelled'],
      isActive: true,
      pausedReason: null,
      secret: expect.stringMatching(/^whsec_/),
    });
    const id = created.body.id;

    const listed = await call('/api/webhooks', { token });
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0]).not.toHaveProperty('secret');
    expect((await call(`/api/webhooks/${id}`, { token })).body).toMatchObject({ id, url: 'https://crm.example.com/kairos' });

    const paused = await call(`/api/webhooks/${id}`, { method: 'PATCH', body: { isActive: false, events: ['ping'] }, token });
    expect(paused.body).toMatchObject({ isActive: false, pausedReason: 'manual', events: ['ping'], pausedAt: expect.any(String) });
    const ping = await call(`/api/webhooks/${id}/ping`, { method: 'POST', token });
    expect(ping.status).toBe(400);
    expect(ping.body.message).toBe('This webhook is paused: resume it first');
    expect((await call(`/api/webhooks/${id}`, { method: 'PATCH', body: { isActive: true }, token })).body).toMatchObject({ isActive: true, pausedReason: null, pausedAt: null });

    const wrong = await call('/api/webhooks', { body: { url: 'http://crm.example.com/kairos', events: ['ping'] }, token });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'invalid_request', message: 'Enter the https:// address of your endpoint' } });
    expect((await call('/api/webhooks', { body: { url: 'https://crm.example.com/', events: [] }, token })).body.message).toBe('Choose at least one event');

    expect((await call(`/api/webhooks/${id}`, { method: 'DELETE', token })).status).toBe(200);
    expect((await call(`/api/webhooks/${id}`, { token })).status).toBe(404);
    expect((await call('/api/webhooks', {})).status).toBe(401);
  });

  it('rotates the secret, with or without an overlap', async () => {
    const host = await newUser();
    const token = host.accessToken;
    const { body } = await call('/api/webhooks', { body: { url: 'https://crm.example.com/k', events: ['ping'], isActive: false }, token });
    const overlapping = await call(`/api/webhooks/${body.id}/rotate-secret`, { method: 'POST', token });
    expect(overlapping.status).toBe(200);
    expect(overlapping.body.secret).toMatch(/^whsec_/);
    expect(overlapping.body.secret).not.toBe(body.secret);
    const [{ hours }] = await sql(`select round(extract(epoch from $1::timestamptz - now()) / 3600)::int as hours`, [overlapping.body.previousExpiresAt]);
    expect(hours).toBe(24);
    const immediate = await call(`/api/webhooks/${body.id}/rotate-secret`, { method: 'POST', body: { overlapHours: 0 }, token });
    // The first secret still overlaps; the second stopped at once.
    expect((await sql(`select count(*)::int as n from webhook_secrets where webhook_id = $1 and (expires_at is null or expires_at > now())`, [body.id]))[0].n).toBe(2);
    expect(immediate.body.secret).not.toBe(overlapping.body.secret);
    expect((await call(`/api/webhooks/${body.id}/rotate-secret`, { method: 'POST', body: { overlapHours: 5 }, token })).status).toBe(400);
  });

  it('pings, logs the attempt, and resends it with the same webhook-id', async () => {
    const host = await newUser();
    const token = host.accessToken;
    const { body: hook } = await call('/api/webhooks', { body: { url: r.url, events: ['booking.created'] }, token });
    const before = r.requests.length;
    const ping = await call(`/api/webhooks/${hook.id}/ping`, { method: 'POST', token });
    expect(ping.status).toBe(202);
    const [first] = (await r.received(before + 1)).slice(before);
    expect(first.headers['webhook-id']).toBe(ping.body.messageId);
    expect(verifies(hook.secret, first)).toBe(true);
    expect(first.json).toMatchObject({ type: 'ping', data: { webhookId: hook.id } });

    let log: { id: number; attempt: number; ok: boolean; statusCode: number; responseBody: string; resend: boolean; messageId: string }[] = [];
    await expect.poll(async () => (log = (await call(`/api/webhooks/${hook.id}/deliveries`, { token })).body).length).toBe(1);
    expect(log[0]).toMatchObject({ attempt: 1, ok: true, statusCode: 200, responseBody: 'ok', resend: false, event: 'ping', messageId: ping.body.messageId });

    const resent = await call(`/api/webhooks/${hook.id}/deliveries/${log[0].id}/resend`, { method: 'POST', token });
    expect(resent).toMatchObject({ status: 202, body: { messageId: ping.body.messageId } });
    const [second] = (await r.received(before + 2)).slice(before + 1);
    expect(second.headers['webhook-id']).toBe(ping.body.messageId);
    expect(second.body).toBe(first.body);
    await expect.poll(async () => (log = (await call(`/api/webhooks/${hook.id}/deliveries`, { token })).body).length).toBe(2);
    expect(log[0]).toMatchObject({ resend: true, messageId: ping.body.messageId });

    // Another host's endpoint, and a delivery under the wrong endpoint, read as missing.
    const other = await newUser();
    expect((await call(`/api/webhooks/${hook.id}/deliveries`, { token: other.accessToken })).status).toBe(404);
    expect((await call(`/api/webhooks/${hook.id}/ping`, { method: 'POST', token: other.accessToken })).status).toBe(404);
    const { body: own } = await call('/api/webhooks', { body: { url: r.url, events: ['booking.created'] }, token: other.accessToken });
    expect((await call(`/api/webhooks/${own.id}/deliveries/${log[0].id}/resend`, { method: 'POST', token: other.accessToken })).status).toBe(404);
  });
});

describe('/api/teams/{teamId}/webhooks', () => {
  let team: Team;
  let id: number;
  beforeAll(async () => {
    team = await newTeam(false);
    const created = await call(`/api/teams/${team.id}/webhooks`, { body: { url: 'https://crm.example.com/team', events: ['booking.created'] }, token: team.owner.accessToken });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ teamId: team.id, userId: null, secret: expect.stringMatching(/^whsec_/) });
    id = created.body.id;
  });

  it('lets owners and admins manage the team endpoints', async () => {
    const admin = team.admin.accessToken;
    expect((await call(`/api/teams/${team.id}/webhooks`, { token: admin })).body.map((w: { id: number }) => w.id)).toEqual([id]);
    expect((await call(`/api/webhooks/${id}`, { method: 'PATCH', body: { events: ['booking.created', 'ping'] }, token: admin })).status).toBe(200);
    expect((await call(`/api/webhooks/${id}/rotate-secret`, { method: 'POST', token: admin })).status).toBe(200);
    const another = await call(`/api/teams/${team.id}/webhooks`, { body: { url: 'https://crm.example.com/admin', events: ['ping'], isActive: false }, token: admin });
    expect(another.status).toBe(201);
  });

  it('shows members and outsiders nothing, and lets them change nothing', async () => {
    for (const token of [team.member.accessToken, team.outsider.accessToken]) {
      expect((await call(`/api/teams/${team.id}/webhooks`, { token })).body).toEqual([]);
      expect((await call(`/api/teams/${team.id}/webhooks`, { body: { url: 'https://evil.example.com/', events: ['ping'] }, token })).status).toBe(403);
      expect((await call(`/api/webhooks/${id}`, { token })).status).toBe(404);
      expect((await call(`/api/webhooks/${id}`, { method: 'PATCH', body: { url: 'https://evil.example.com/' }, token })).status).toBe(404);
      expect((await call(`/api/webhooks/${id}/rotate-secret`, { method: 'POST', token })).status).toBe(404);
      expect((await call(`/api/webhooks/${id}`, { method: 'DELETE', token })).status).toBe(404);
    }
    expect((await sql('select url from webhooks where id = $1', [id]))[0].url).toBe('https://crm.example.com/team');
  });
});

describe('the database', () => {
  it('holds the same closed set of events as the TypeScript', async () => {
    const [{ def }] = await sql(`select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'webhooks_events_known'`);
    const listed = [...(def as string).matchAll(/'([a-z.]+)'::text/g)].map((m) => m[1]);
    expect(listed).toEqual([...WEBHOOK_EVENTS]);
  });

  it('offers the same overlaps of a rotated secret as the TypeScript', async () => {
    const [{ def }] = await sql(`select pg_get_functiondef('public.rotate_webhook_secret(bigint, integer)'::regprocedure) as def`);
    const listed = /not in \(([\d, ]+)\)/.exec(def as string)![1].split(',').map(Number);
    expect(listed).toEqual([...WEBHOOK_SECRET_OVERLAP_CHOICES]);
  });
});
