// Stripe's events arrive at the stripe_webhook function, registered in the test stack's Stripe stand-in
// as a Connect endpoint (scripts/local/test-stack/global-setup.ts): the signature is checked with the
// official SDK and the platform's signing secret, each event acts once, and a host who removes Kairos
// from their Stripe Dashboard loses the connection. The stand-in cannot prove Stripe still sends that way.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signatureHeader, type StripeEvent } from '../../../scripts/local/stripe/webhooks.ts';
import { sql, stack, type TestUser } from '../../../scripts/local/test-stack/harness.ts';
import { eventually } from '../calendars/fixtures.ts';
import { connected, control } from './fixtures.ts';

const ENDPOINT = '/stripe_webhook';

const connectionOf = (host: TestUser) => sql(`select account_id, connected_at from public.stripe_connections where user_id = $1`, [host.id]);
const recorded = (id: string) => sql(`select id, type, account_id, handled, received_at from public.stripe_events where id = $1`, [id]);
const deauthorizeRows = (account: string) => sql(`select status from public.outbox where kind = 'stripe_deauthorize' and payload ->> 'accountId' = $1`, [account]);

/** The host removes Kairos from their Stripe Dashboard; the event once the endpoint answered it. */
async function dashboardDeauthorization(account: string): Promise<StripeEvent> {
  await control().deauthorize(account);
  const [event] = await control().events({ type: 'account.application.deauthorized', account });
  await eventually(() => control().event(event.id), (e) => e.deliveries.some((d) => d.status !== null));
  return event;
}

/** A POST to the endpoint as Stripe makes it, signed with the platform's endpoint secret unless told. */
function post(body: string, { secret = stack().stripe!.env.STRIPE_WEBHOOK_SECRET, timestamp = Math.floor(Date.now() / 1000) } = {}) {
  return fetch(`${stack().apiUrl}/functions/v1${ENDPOINT}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signatureHeader(body, secret, timestamp) },
    body,
  });
}

describe('Stripe webhook endpoint', () => {
  it('removes the connection of a host who deauthorized Kairos from their Stripe Dashboard, queueing no deauthorization', async () => {
    const { host, account } = await connected();
    const event = await dashboardDeauthorization(account);
    expect((await control().event(event.id)).deliveries.map((d) => d.status)).toEqual([200]);
    expect(await connectionOf(host)).toEqual([]);
    expect(await recorded(event.id)).toEqual([{ id: event.id, type: 'account.application.deauthorized', account_id: account, handled: true, received_at: expect.any(Date) }]);
    // Stripe has already ended the platform's access: nothing asks it again.
    expect(await deauthorizeRows(account)).toEqual([]);
  });

  it('acts on an event once: delivered again, after the host connected the account again, it changes nothing', async () => {
    const { host, account, email } = await connected();
    const event = await dashboardDeauthorization(account);
    const [first] = await recorded(event.id);
    await connected(email, host);
    const again = await control().deliver(event.id);
    expect(again.map((d) => d.status)).toEqual([200]);
    expect(await connectionOf(host)).toEqual([{ account_id: account, connected_at: expect.any(Date) }]);
    expect(await recorded(event.id)).toEqual([first]);
  });

  it('acts once when Stripe delivers the same event several times at once', async () => {
    const { host, account } = await connected();
    const event = await dashboardDeauthorization(account);
    const body = JSON.stringify({ ...event, id: `evt_${randomUUID().replace(/-/g, '')}` });
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(body).then(async (r) => ({ status: r.status, outcome: (await r.json()).outcome }))));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.outcome).sort()).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'handled']);
    expect(await recorded(JSON.parse(body).id)).toHaveLength(1);
    expect(await connectionOf(host)).toEqual([]);
  });

  it('refuses a forged signature: another secret, or a body other than the one signed', async () => {
    const victim = await connected();
    const { account } = await connected();
    const event = await dashboardDeauthorization(account);
    // The same event, said of the victim's account under a new id.
    const forged = JSON.stringify({ ...event, id: `evt_${randomUUID().replace(/-/g, '')}`, account: victim.account });
    expect((await control().deliver(event.id, { secret: 'whsec_forged' })).map((d) => d.status)).toEqual([400]);
    expect((await control().deliver(event.id, { payload: forged })).map((d) => d.status)).toEqual([400]);
    expect((await post(forged, { secret: 'whsec_forged' })).status).toBe(400);
    expect(await connectionOf(victim.host)).toEqual([{ account_id: victim.account, connected_at: expect.any(Date) }]);
    expect(await recorded(JSON.parse(forged).id)).toEqual([]);
  });

  it('refuses a timestamp older than 300 seconds, even signed with the right secret', async () => {
    const victim = await connected();
    const { account } = await connected();
    const event = await dashboardDeauthorization(account);
    const replay = JSON.stringify({ ...event, id: `evt_${randomUUID().replace(/-/g, '')}`, account: victim.account });
    const stale = await post(replay, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.status).toBe(400);
    expect((await control().deliver(event.id, { timestamp: Math.floor(Date.now() / 1000) - 600 })).map((d) => d.status)).toEqual([400]);
    expect(await connectionOf(victim.host)).toEqual([{ account_id: victim.account, connected_at: expect.any(Date) }]);
    // Within the tolerance the same body is taken.
    expect((await post(replay, { timestamp: Math.floor(Date.now() / 1000) - 200 })).status).toBe(200);
    expect(await connectionOf(victim.host)).toEqual([]);
  });

  it('refuses a signed body that is not an event', async () => {
    const created = Math.floor(Date.now() / 1000);
    for (const body of ['not json', '{"object":"event"}', '[]', JSON.stringify({ id: 'evt_1', object: 'event', type: 5, created, livemode: false }), JSON.stringify({ id: 'evt_1', object: 'event', type: 'customer.created', created })]) {
      expect((await post(body)).status, body).toBe(400);
    }
  });

  it('answers 200 to an event type it does not act on, recording it as not handled', async () => {
    const id = `evt_${randomUUID().replace(/-/g, '')}`;
    const body = JSON.stringify({ id, object: 'event', type: 'customer.created', account: 'acct_1Unknown', created: Math.floor(Date.now() / 1000), data: { object: {} }, livemode: false });
    expect((await post(body)).status).toBe(200);
    expect(await recorded(id)).toEqual([{ id, type: 'customer.created', account_id: 'acct_1Unknown', handled: false, received_at: expect.any(Date) }]);
    expect((await post(body)).status).toBe(200);
    expect(await recorded(id)).toHaveLength(1);
  });

  it('does not act on an event of the other mode (a live Connect endpoint also receives test-mode events)', async () => {
    const { host, account } = await connected();
    const id = `evt_${randomUUID().replace(/-/g, '')}`;
    // The test stack's platform key is a test one (sk_test_): a live deauthorization is not this platform's.
    const body = JSON.stringify({ id, object: 'event', type: 'account.application.deauthorized', account, created: Math.floor(Date.now() / 1000) + 1, data: { object: {} }, livemode: true });
    expect((await post(body)).status).toBe(200);
    expect(await recorded(id)).toEqual([expect.objectContaining({ handled: false })]);
    expect(await connectionOf(host)).toEqual([{ account_id: account, connected_at: expect.any(Date) }]);
  });

  it('is reached without a Supabase JWT, and only by POST', async () => {
    expect((await fetch(`${stack().apiUrl}/functions/v1${ENDPOINT}`)).status).toBe(405);
    expect((await fetch(`${stack().apiUrl}/functions/v1${ENDPOINT}`, { method: 'POST', body: '{}' })).status).toBe(400);
  });
});
