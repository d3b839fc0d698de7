// A host connects their Stripe account (Connect OAuth for Standard accounts) through the calendars
// function and the official `stripe` SDK, and disconnects it: the web deletes the row through RLS, and
// the outbox gives up the platform's access at Stripe. Against the test stack's Stripe stand-in
// (docs/stand-ins.md): it cannot prove Stripe still answers that way.
import { describe, expect, it } from 'vitest';
import { newUser, sql, stack } from '../../../scripts/local/test-stack/harness.ts';
import { call } from '../api/client.ts';
import { eventually } from '../calendars/fixtures.ts';
import { connected, consent, control, finish, REDIRECT, rowsOf, stripeEmail } from './fixtures.ts';

const deauthorized = async (account: string) => (await control().events({ type: 'account.application.deauthorized', account })).length;

describe('Stripe Connect', () => {
  it('is offered where the project names a Stripe platform', async () => {
    expect((await call('/calendars/providers')).body).toMatchObject({ stripe: true });
  });

  it('connects a Standard account: the host reads what it says of itself, never its tokens', async () => {
    const host = await newUser();
    const email = stripeEmail();
    await control().account(email, { country: 'JP', default_currency: 'jpy' });
    const started = await call('/calendars/stripe/start', { body: { redirectUri: REDIRECT }, token: host.accessToken });
    const consentUrl = new URL(started.body.url);
    // The SDK's authorize address, on the stand-in's page: Stripe's parameters as Connect documents them.
    expect(Object.fromEntries(consentUrl.searchParams)).toMatchObject({ response_type: 'code', client_id: stack().stripe!.env.STRIPE_CONNECT_CLIENT_ID, scope: 'read_write', redirect_uri: REDIRECT });
    const back = new URL(await control().consent(started.body.url, 'allow', email));
    const done = await finish(host, back);
    expect(done.status, JSON.stringify(done.body)).toBe(201);

    const mine = await host.client.from('stripe_connections').select('account_id, email, country, default_currency, charges_enabled, requirements');
    expect(mine.data).toEqual([{ account_id: expect.stringMatching(/^acct_/), email, country: 'JP', default_currency: 'jpy', charges_enabled: true, requirements: [] }]);
    expect((await host.client.from('stripe_connections').select('secret')).error?.message).toMatch(/permission denied/);
    const [{ secret }] = await rowsOf(host);
    expect(secret).toMatch(/^v1\./);
    expect(secret).not.toMatch(/sk_test_|rt_/);
    expect((await (await newUser()).client.from('stripe_connections').select('account_id')).data).toEqual([]);
  });

  it('keeps what Stripe still asks of an account that cannot take charges yet', async () => {
    const host = await newUser();
    const email = stripeEmail();
    await control().account(email, { charges_enabled: false, currently_due: ['external_account', 'individual.verification.document'] });
    expect((await finish(host, await consent(host, email))).status).toBe(201);
    const mine = await host.client.from('stripe_connections').select('charges_enabled, requirements').single();
    expect(mine.data).toEqual({ charges_enabled: false, requirements: ['external_account', 'individual.verification.document'] });
  });

  it('stores nothing when the host denies the consent', async () => {
    const host = await newUser();
    const back = await consent(host, stripeEmail(), 'deny');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
    expect(await rowsOf(host)).toEqual([]);
  });

  it('refuses an unknown code, and a code used twice, storing nothing', async () => {
    const host = await newUser();
    const back = await consent(host, stripeEmail());
    const forged = new URL(back);
    forged.searchParams.set('code', 'ac_unknown');
    const unknown = await finish(host, forged);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      code: 'calendar_failed',
      message: 'Could not connect: Stripe refused the sign-in. Please connect again.',
      messageId: 'connectFailed',
      values: { reason: { id: 'stripeSignIn' } },
    });
    expect(await rowsOf(host)).toEqual([]);

    expect((await finish(host, back)).status).toBe(201);
    const before = await rowsOf(host);
    const again = await finish(host, back);
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/^Could not connect: Stripe refused the sign-in/);
    expect(await rowsOf(host)).toEqual(before);
  });

  it('refuses a state that is not this user\'s, and the code stays its owner\'s to use', async () => {
    const [owner, other] = [await newUser(), await newUser()];
    const back = await consent(owner, stripeEmail());
    const stolen = await finish(other, back);
    expect(stolen).toMatchObject({ status: 400, body: { code: 'invalid_request', message: 'This Stripe sign-in has expired. Please connect again.' } });
    expect(await rowsOf(other)).toEqual([]);
    expect((await finish(owner, back)).status).toBe(201);
  });

  it('disconnects: the host deletes the row and the outbox deauthorizes the account at Stripe', async () => {
    const { host, account } = await connected();
    expect(await deauthorized(account)).toBe(0);
    const gone = await host.client.from('stripe_connections').delete().eq('user_id', host.id).select('account_id');
    expect(gone.data).toEqual([{ account_id: account }]);
    await eventually(() => deauthorized(account), (n) => n === 1);
    const [row] = await eventually(
      () => sql(`select status, attempts, last_error from public.outbox where kind = 'stripe_deauthorize' and payload ->> 'accountId' = $1`, [account]),
      (rows) => rows[0]?.status === 'sent',
    );
    expect(row).toEqual({ status: 'sent', attempts: 1, last_error: null });
  });

  it('counts an account Stripe no longer connects (deauthorized from its Dashboard) as done', async () => {
    const { host, account } = await connected();
    await control().deauthorize(account);
    // The webhook (webhook.test.ts) removes the row; a disconnect queued before its event arrived is
    // what is left to deliver, as the trigger writes it.
    await eventually(() => rowsOf(host), (rows) => rows.length === 0);
    await sql(`insert into public.outbox (kind, topic, message_id, payload) values ('stripe_deauthorize', 'stripe.disconnected', $1, $2)`, [
      `stripe-deauthorize:${account}:race`,
      { accountId: account },
    ]);
    await sql(`select pg_notify('kairos_outbox', '')`);
    const [row] = await eventually(
      () => sql(`select status, last_error from public.outbox where kind = 'stripe_deauthorize' and payload ->> 'accountId' = $1`, [account]),
      (rows) => rows[0]?.status !== undefined && rows[0].status !== 'pending' && rows[0].status !== 'processing',
    );
    expect(row).toEqual({ status: 'sent', last_error: null });
    expect(await deauthorized(account)).toBe(1);
  });

  it('retries a deauthorization Stripe could not take, and keeps an account another host connected again', async () => {
    const { host, account, email } = await connected();
    // Stripe answers 500 for the account: the deauthorization waits and is tried again.
    await control().outage(account, true);
    try {
      await host.client.from('stripe_connections').delete().eq('user_id', host.id);
      const [row] = await eventually(
        () => sql(`select status, last_error from public.outbox where kind = 'stripe_deauthorize' and payload ->> 'accountId' = $1`, [account]),
        (rows) => rows[0]?.last_error != null,
      );
      expect(row.status).toBe('pending');
    } finally {
      await control().outage(account, false);
    }
    // Before the retry, someone connects the same account again: it keeps its access.
    const again = await newUser();
    expect((await finish(again, await consent(again, email))).status).toBe(201);
    await sql(`update public.outbox set available_at = now() where kind = 'stripe_deauthorize' and payload ->> 'accountId' = $1`, [account]);
    await sql(`select pg_notify('kairos_outbox', '')`);
    await eventually(
      () => sql(`select status from public.outbox where kind = 'stripe_deauthorize' and payload ->> 'accountId' = $1`, [account]),
      (rows) => rows[0]?.status === 'sent',
    );
    expect(await deauthorized(account)).toBe(0);
  });
});
