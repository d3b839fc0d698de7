// An event type's price and currency: money in the currency's minor unit, and a new price only where a
// guest could pay it, into the payee's connected Stripe account that takes charges (the host's, or
// for a team's event type its owner's). The payments migration holds the rule for every writer.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anon, as, become, connectStripe, createUser, errorCode, errorMessage, fileConnection, one, rolledBack, user } from './db.ts';

const c = fileConnection();

const HOST_REFUSAL = 'Connect a Stripe account that can take payments before setting a price.';
const TEAM_REFUSAL = 'A team\'s prices are paid to its owner\'s Stripe account: the owner must connect one that can take payments first.';

const refusal = (text: string, params: unknown[]) => errorMessage(c, text, params);

const insertPriced = (owner: string, price: number, currency = 'usd') =>
  `insert into event_types (user_id, title, price_cents, currency) values ('${owner}', 'Paid', ${price}, '${currency}') returning id`;

describe('event type prices', () => {
  it('starts free in usd, and keeps a currency in Stripe\'s lower-case ISO 4217 form', async () => {
    const host = await createUser(c);
    await rolledBack(c, async () => {
      expect(await one(c, `insert into event_types (user_id, title) values ($1, 'Free') returning price_cents, currency`, [host])).toEqual({ price_cents: 0, currency: 'usd' });
      for (const bad of ['USD', 'us', 'euro', '']) {
        expect(await errorCode(c, `insert into event_types (user_id, title, currency) values ($1, 'x', $2)`, [host, bad]), bad).toBe('23514');
      }
    });
  });

  it('refuses a host\'s new price without a connected Stripe account that takes charges', async () => {
    const host = await createUser(c);
    await as(c, user(host), async () => {
      expect(await refusal(insertPriced(host, 1999), [])).toBe(HOST_REFUSAL);
      const free = (await one(c, insertPriced(host, 0, 'jpy'))).id;
      expect(await refusal(`update event_types set price_cents = 1500 where id = $1`, [free])).toBe(HOST_REFUSAL);
    });
    await as(c, user(host), async () => {
      expect(await refusal(insertPriced(host, 1999), [])).toBe(HOST_REFUSAL);
    }, `insert into stripe_connections (user_id, account_id, secret, charges_enabled) values ('${host}', 'acct_1NotYetCharging', 'v1.sealed', false)`);
  });

  it('takes a host\'s price once their account takes charges, and keeps it (but no new one) after a disconnect', async () => {
    const host = await createUser(c);
    await rolledBack(c, async () => {
      await connectStripe(c, host);
      await become(c, user(host));
      const paid = await one(c, insertPriced(host, 1500, 'jpy'));
      expect(await one(c, `select price_cents, currency from event_types where id = $1`, [paid.id])).toEqual({ price_cents: 1500, currency: 'jpy' });
      // The host disconnects (their own delete, as the Payments block does).
      await c.query(`delete from stripe_connections where user_id = $1`, [host]);
      expect(await refusal(`update event_types set title = 'Renamed', is_active = false where id = $1`, [paid.id])).toBeNull();
      expect(await refusal(`update event_types set currency = 'usd' where id = $1`, [paid.id])).toBe(HOST_REFUSAL);
      expect(await refusal(`update event_types set price_cents = 0 where id = $1`, [paid.id])).toBeNull();
    });
  });

  it('asks a team\'s owner\'s account, whoever of the owners and admins sets the price', async () => {
    const [owner, admin] = [await createUser(c), await createUser(c)];
    const team = (await one(c, `insert into teams (name, slug, owner_id) values ('T', $1, $2) returning id`, [`p-${randomUUID()}`, owner])).id;
    await c.query(`insert into team_members (team_id, user_id, role) values ($1, $2, 'admin')`, [team, admin]);
    const insertTeamPriced = `insert into event_types (team_id, title, price_cents, currency) values (${team}, 'Paid', 4500, 'eur') returning id`;
    try {
      // The admin's own account is not where a team's guests pay.
      await as(c, user(admin), async () => {
        expect(await refusal(insertTeamPriced, [])).toBe(TEAM_REFUSAL);
      }, `insert into stripe_connections (user_id, account_id, secret, charges_enabled) values ('${admin}', 'acct_1AdminOwn', 'v1.sealed', true)`);
      await as(c, user(admin), async () => {
        expect(await refusal(insertTeamPriced, [])).toBeNull();
      }, `insert into stripe_connections (user_id, account_id, secret, charges_enabled) values ('${owner}', 'acct_1TeamOwner', 'v1.sealed', true)`);
    } finally {
      await c.query('delete from auth.users where id = any ($1)', [[owner, admin]]);
    }
  });

  it('tells a team\'s owners and admins, and no one else, whether the owner\'s account takes charges (the team dialog\'s price)', async () => {
    const [owner, admin, member, outsider] = [await createUser(c), await createUser(c), await createUser(c), await createUser(c)];
    const team = (await one(c, `insert into teams (name, slug, owner_id) values ('T', $1, $2) returning id`, [`p-${randomUUID()}`, owner])).id;
    await c.query(`insert into team_members (team_id, user_id, role) values ($1, $2, 'admin'), ($1, $3, 'member')`, [team, admin, member]);
    const ask = async (who: string) => as(c, user(who), async () => (await one(c, `select team_payee_takes_charges($1) as ok`, [team])).ok);
    const everyone = async () => ({ owner: await ask(owner), admin: await ask(admin), member: await ask(member), outsider: await ask(outsider) });
    try {
      expect(await everyone()).toEqual({ owner: false, admin: false, member: null, outsider: null });
      await connectStripe(c, owner, false);
      expect(await everyone()).toEqual({ owner: false, admin: false, member: null, outsider: null });
      await c.query(`update stripe_connections set charges_enabled = true where user_id = $1`, [owner]);
      expect(await everyone()).toEqual({ owner: true, admin: true, member: null, outsider: null });
      // The answer is all they learn: the owner's connection row stays the owner's to read.
      expect(await as(c, user(admin), async () => (await c.query(`select account_id from stripe_connections`)).rows)).toEqual([]);
      expect(await as(c, anon, () => errorCode(c, `select team_payee_takes_charges($1)`, [team]))).toBe('42501');
    } finally {
      await c.query('delete from auth.users where id = any ($1)', [[owner, admin, member, outsider]]);
    }
  });

  it('shows guests the price and its currency on the public reads', async () => {
    const host = await createUser(c);
    await rolledBack(c, async () => {
      await connectStripe(c, host);
      const { id } = await one(c, insertPriced(host, 1999, 'usd'));
      await c.query(`update profiles set is_public_profile = true, is_calendar_public = true where id = $1`, [host]);
      await become(c, anon);
      expect(await one(c, `select price_cents, currency from public_event_type($1)`, [id])).toEqual({ price_cents: 1999, currency: 'usd' });
      expect((await c.query(`select price_cents, currency from public_event_types($1)`, [host])).rows).toEqual([{ price_cents: 1999, currency: 'usd' }]);
    });
  });
});
