// A host's Stripe connection in the database: the sealed tokens are never readable through the API,
// and a disconnect queues the deauthorization at Stripe (an outbox row) only when no host holds the
// account any more and Stripe has not ended that access itself (receive_stripe_event). The RLS matrix
// covers who may read, write and delete the row.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anon, as, createUser, errorCode, fileConnection, rolledBack, user } from './db.ts';

const c = fileConnection();

const account = () => `acct_1${randomUUID().replace(/-/g, '').slice(0, 15)}`;
const connectStripe = (userId: string, accountId: string) =>
  c.query(`insert into stripe_connections (user_id, account_id, secret, email, country, default_currency, charges_enabled)
    values ($1, $2, 'v1.sealed', 'host@example.test', 'JP', 'jpy', true)`, [userId, accountId]);
const deauthorizations = async (accountId: string) =>
  (await c.query(`select topic, payload, status from outbox where kind = 'stripe_deauthorize' and payload ->> 'accountId' = $1`, [accountId])).rows;

describe('stripe_connections', () => {
  it('shows the host their account, never the sealed tokens', async () => {
    const host = await createUser(c);
    const acct = account();
    await rolledBack(c, async () => {
      await connectStripe(host, acct);
      await c.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ role: 'authenticated', sub: host })]);
      await c.query('set local role authenticated');
      const row = (await c.query(`select account_id, email, country, default_currency, charges_enabled, requirements from stripe_connections`)).rows;
      expect(row).toEqual([{ account_id: acct, email: 'host@example.test', country: 'JP', default_currency: 'jpy', charges_enabled: true, requirements: [] }]);
      expect(await errorCode(c, `select secret from stripe_connections`)).toBe('42501');
    });
  });

  it('refuses an account id that is not Stripe\'s, a country or currency not written as Stripe writes them', async () => {
    const host = await createUser(c);
    await rolledBack(c, async () => {
      expect(await errorCode(c, `insert into stripe_connections (user_id, account_id, secret) values ($1, 'cus_123', 's')`, [host])).toBe('23514');
      expect(await errorCode(c, `insert into stripe_connections (user_id, account_id, secret, country) values ($1, 'acct_1A', 's', 'jp')`, [host])).toBe('23514');
      expect(await errorCode(c, `insert into stripe_connections (user_id, account_id, secret, default_currency) values ($1, 'acct_1A', 's', 'JPY')`, [host])).toBe('23514');
    });
  });

  it('queues the deauthorization when the host disconnects, as the host', async () => {
    const host = await createUser(c);
    const acct = account();
    await connectStripe(host, acct);
    expect(await deauthorizations(acct)).toEqual([]);
    await c.query('begin');
    await c.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ role: 'authenticated', sub: host })]);
    await c.query('set local role authenticated');
    expect((await c.query(`delete from stripe_connections where user_id = $1`, [host])).rowCount).toBe(1);
    await c.query('commit');
    expect(await deauthorizations(acct)).toEqual([{ topic: 'stripe.disconnected', payload: { accountId: acct }, status: expect.any(String) }]);
  });

  it('keeps the account authorized while another host still holds it', async () => {
    const [first, second] = [await createUser(c), await createUser(c)];
    const acct = account();
    await connectStripe(first, acct);
    await connectStripe(second, acct);
    await c.query(`delete from stripe_connections where user_id = $1`, [first]);
    expect(await deauthorizations(acct)).toEqual([]);
    // A deleted account cascades to its connection, and that is a disconnect too.
    await c.query(`delete from auth.users where id = $1`, [second]);
    expect(await deauthorizations(acct)).toHaveLength(1);
  });

  it('deauthorizes the old account when the host reconnects to another, not when the same account is refreshed', async () => {
    const host = await createUser(c);
    const [old, next] = [account(), account()];
    await connectStripe(host, old);
    await c.query(`update stripe_connections set charges_enabled = false, secret = 'v1.other' where user_id = $1`, [host]);
    expect(await deauthorizations(old)).toEqual([]);
    await c.query(`update stripe_connections set account_id = $2 where user_id = $1`, [host, next]);
    expect(await deauthorizations(old)).toHaveLength(1);
    expect(await deauthorizations(next)).toEqual([]);
  });

  it('lets no one else disconnect a host', async () => {
    const [host, other] = [await createUser(c), await createUser(c)];
    const acct = account();
    await connectStripe(host, acct);
    const deleted = await as(c, user(other), async () => (await c.query(`delete from stripe_connections where user_id = $1`, [host])).rowCount);
    expect(deleted).toBe(0);
    expect(await deauthorizations(acct)).toEqual([]);
  });

  // receive_stripe_event as the stripe_webhook function calls it, after the signature was checked.
  const deauthorizedEvent = (acct: string, created: Date) => ({
    id: `evt_${randomUUID().replace(/-/g, '')}`, type: 'account.application.deauthorized', account: acct, created: Math.floor(created.getTime() / 1000), livemode: false,
  });
  const receive = async (event: object) => (await c.query(`select receive_stripe_event($1, false) as outcome`, [event])).rows[0].outcome;

  it('lets Stripe\'s deauthorization remove the connections made before it, and only those, queueing nothing', async () => {
    const [before, after] = [await createUser(c), await createUser(c)];
    const acct = account();
    const at = new Date(Date.now() - 60_000);
    await connectStripe(before, acct);
    await c.query(`update stripe_connections set connected_at = $2 where user_id = $1`, [before, new Date(at.getTime() - 60_000)]);
    await connectStripe(after, acct);
    // A late delivery of an event made before the second host connected the account again.
    expect(await receive(deauthorizedEvent(acct, at))).toBe('handled');
    expect((await c.query(`select user_id from stripe_connections where account_id = $1`, [acct])).rows).toEqual([{ user_id: after }]);
    expect(await deauthorizations(acct)).toEqual([]);
    // That connection was never covered by the event: its disconnect asks Stripe.
    await c.query(`delete from stripe_connections where user_id = $1`, [after]);
    expect(await deauthorizations(acct)).toHaveLength(1);
  });

  it('refuses receive_stripe_event to the API roles', async () => {
    const host = await createUser(c);
    for (const actor of [anon, user(host)]) {
      expect(await as(c, actor, () => errorCode(c, `select receive_stripe_event('{}', false)`)), actor.role).toBe('42501');
    }
  });
});
