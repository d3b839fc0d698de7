// The Stripe stand-in, driven by the official `stripe` SDK (the production path) pointed at it with
// its host/port/protocol options: Connect OAuth for Standard accounts, Checkout Sessions paid or
// declined on the hosted page, PaymentIntents, Charges and their receipts, Refunds (full, partial,
// failed), zero-decimal currencies, idempotent requests, and signed webhook events that
// `stripe.webhooks.constructEvent` accepts, rejecting tampered and stale ones (docs/stand-ins.md).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStripeStandIn, stripeControl, type StripeStandIn } from './server.ts';

const REDIRECT = 'https://app.example.com/settings/payments';
const SUCCESS = 'https://app.example.com/booking/b1/paid?session={CHECKOUT_SESSION_ID}';
const CANCEL = 'https://app.example.com/booking/b1';

let standIn: StripeStandIn;
let control: ReturnType<typeof stripeControl>;
let platform: Stripe;

/** A webhook receiver: what Stripe delivered to it, raw, and the status it answers. */
interface Delivery {
  body: string;
  signature: string;
  contentType: string;
}
let receiver: Server;
let receiverUrl: string;
let deliveries: Delivery[] = [];
let answer = 200;
let webhookSecret: string;

const sdk = (key: string) => new Stripe(key, { host: '127.0.0.1', port: Number(new URL(standIn.url).port), protocol: 'http', maxNetworkRetries: 0 });
const nowSeconds = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  standIn = await startStripeStandIn({ retryDelaysMs: [300, 600] });
  control = stripeControl(standIn.url);
  platform = sdk(standIn.secretKey);
  receiver = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    deliveries.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers['stripe-signature']), contentType: String(req.headers['content-type']) });
    res.writeHead(answer).end();
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/stripe`;
  const endpoint = await platform.webhookEndpoints.create({ url: receiverUrl, enabled_events: ['*'], connect: true });
  webhookSecret = endpoint.secret!;
});

afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((r) => receiver.close(r));
  await standIn.stop();
});

beforeEach(() => {
  deliveries = [];
  answer = 200;
});

/** Waits for the deliveries `match` picks, verified with the SDK as a receiver verifies them. */
async function delivered(match: (e: Stripe.Event) => boolean, count = 1): Promise<Stripe.Event[]> {
  for (let i = 0; i < 200; i++) {
    const events = deliveries.map((d) => platform.webhooks.constructEvent(d.body, d.signature, webhookSecret)).filter(match);
    if (events.length >= count) return events;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no delivery matched; got ${deliveries.map((d) => JSON.parse(d.body).type).join(', ')}`);
}

/** Connects a Standard account as a host does: consent, then the code exchanged with the SDK. */
async function connect(email: string, account: { country?: string; default_currency?: string } = {}) {
  await control.account(email, account);
  const authorize = new URL(platform.oauth.authorizeUrl({ client_id: standIn.clientId, redirect_uri: REDIRECT, state: 'st-1', stripe_user: { email } }));
  const back = new URL(await control.consent(`${standIn.url}${authorize.pathname}${authorize.search}`));
  return platform.oauth.token({ grant_type: 'authorization_code', code: back.searchParams.get('code')! });
}

function checkout(stripeAccount: string, over: Partial<Stripe.Checkout.SessionCreateParams> = {}, currency = 'jpy', unitAmount = 5000) {
  return platform.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [{ price_data: { currency, unit_amount: unitAmount, product_data: { name: 'Intro call' } }, quantity: 1 }],
      success_url: SUCCESS,
      cancel_url: CANCEL,
      expires_at: nowSeconds() + 31 * 60,
      client_reference_id: 'b1',
      metadata: { booking_id: 'b1' },
      payment_intent_data: { metadata: { booking_id: 'b1' } },
      ...over,
    },
    { stripeAccount },
  );
}

/** Pays on the hosted page as a browser submits its form. */
function pay(session: Stripe.Checkout.Session, card = '4242 4242 4242 4242') {
  return fetch(session.url!, { method: 'POST', body: new URLSearchParams({ email: 'guest@example.com', card }), redirect: 'manual' });
}

describe('Stripe stand-in: Connect OAuth (Standard accounts)', () => {
  it('builds the SDK\'s authorize URL, consents, and answers the token in Stripe\'s shape', async () => {
    const authorize = new URL(platform.oauth.authorizeUrl({ client_id: standIn.clientId, redirect_uri: REDIRECT, state: 'st-1' }));
    expect(authorize.pathname).toBe('/oauth/authorize');
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({ client_id: standIn.clientId, response_type: 'code', scope: 'read_write' });
    const page = await fetch(`${standIn.url}${authorize.pathname}${authorize.search}`);
    expect([page.status, await page.text()]).toEqual([200, expect.stringContaining('<form')]);

    const token = await connect('host@example.com', { country: 'JP', default_currency: 'jpy' });
    expect(token).toMatchObject({
      access_token: expect.stringMatching(/^sk_test_/),
      livemode: false,
      refresh_token: expect.stringMatching(/^rt_/),
      token_type: 'bearer',
      stripe_publishable_key: expect.stringMatching(/^pk_test_/),
      stripe_user_id: expect.stringMatching(/^acct_/),
      scope: 'read_write',
    });
    const account = await platform.accounts.retrieve(token.stripe_user_id!);
    expect(account).toMatchObject({ id: token.stripe_user_id, object: 'account', type: 'standard', email: 'host@example.com', country: 'JP', default_currency: 'jpy', charges_enabled: true });
    // The account's own view: with the Stripe-Account header, and with the OAuth access token.
    expect((await platform.accounts.retrieveCurrent({}, { stripeAccount: token.stripe_user_id! })).id).toBe(token.stripe_user_id);
    expect((await sdk(token.access_token!).accounts.retrieveCurrent()).id).toBe(token.stripe_user_id);
    expect((await platform.accounts.retrieveCurrent()).id).toBe(standIn.platformAccount);

    const refreshed = await platform.oauth.token({ grant_type: 'refresh_token', refresh_token: token.refresh_token! });
    expect(refreshed.stripe_user_id).toBe(token.stripe_user_id);
    expect((await sdk(refreshed.access_token!).accounts.retrieveCurrent()).id).toBe(token.stripe_user_id);
  });

  it('refuses unknown and reused codes with the SDK\'s OAuth errors, and answers a denial on the redirect', async () => {
    await expect(platform.oauth.token({ grant_type: 'authorization_code', code: 'ac_nope' })).rejects.toMatchObject({
      type: 'StripeInvalidGrantError',
      message: 'Authorization code does not exist: ac_nope',
    });
    await control.account('twice@example.com');
    const authorize = new URL(platform.oauth.authorizeUrl({ client_id: standIn.clientId, redirect_uri: REDIRECT, stripe_user: { email: 'twice@example.com' } }));
    const code = new URL(await control.consent(`${standIn.url}${authorize.pathname}${authorize.search}`)).searchParams.get('code')!;
    const first = await platform.oauth.token({ grant_type: 'authorization_code', code });
    await expect(platform.oauth.token({ grant_type: 'authorization_code', code })).rejects.toMatchObject({ type: 'StripeInvalidGrantError' });
    // Stripe revokes the tokens issued with a code used twice.
    await expect(sdk(first.access_token!).accounts.retrieveCurrent()).rejects.toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });

    const denied = new URL(await control.consent(`${standIn.url}${authorize.pathname}${authorize.search}&state=s9`, 'deny'));
    expect(Object.fromEntries(denied.searchParams)).toEqual({ error: 'access_denied', error_description: 'The user denied your request', state: 's9' });
  });

  it('deauthorizes: the SDK gets the account id back, the Connect endpoint gets account.application.deauthorized, and access ends', async () => {
    const { stripe_user_id: account } = await connect('leaving@example.com');
    expect(await platform.oauth.deauthorize({ client_id: standIn.clientId, stripe_user_id: account! })).toMatchObject({ stripe_user_id: account });
    const [event] = await delivered((e) => e.type === 'account.application.deauthorized' && e.account === account);
    expect(event.data.object).toMatchObject({ id: standIn.clientId, object: 'application' });
    await expect(platform.accounts.retrieveCurrent({}, { stripeAccount: account! })).rejects.toMatchObject({ type: 'StripePermissionError', statusCode: 403 });
    await expect(platform.oauth.deauthorize({ client_id: standIn.clientId, stripe_user_id: account! })).rejects.toMatchObject({ type: 'StripeInvalidClientError' });
  });

  it('tells the platform when the account\'s owner disconnects it from their Dashboard', async () => {
    const { stripe_user_id: account, access_token: token } = await connect('dashboard-leaver@example.com');
    await control.deauthorize(account!);
    const [event] = await control.events({ type: 'account.application.deauthorized', account: account! });
    expect(event.data.object).toMatchObject({ id: standIn.clientId });
    await delivered((e) => e.id === event.id);
    await expect(sdk(token!).accounts.retrieveCurrent()).rejects.toMatchObject({ statusCode: 401 });
  });
});

describe('Stripe stand-in: Checkout', () => {
  let account: string;
  beforeAll(async () => {
    account = (await connect('coach@example.com', { country: 'JP', default_currency: 'jpy' })).stripe_user_id!;
  });

  it('creates a payment-mode session on the connected account, zero-decimal amounts as given', async () => {
    const expiresAt = nowSeconds() + 40 * 60;
    const session = await checkout(account, { expires_at: expiresAt });
    expect(session).toMatchObject({
      id: expect.stringMatching(/^cs_test_/),
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 5000,
      amount_subtotal: 5000,
      currency: 'jpy',
      expires_at: expiresAt,
      client_reference_id: 'b1',
      metadata: { booking_id: 'b1' },
      success_url: SUCCESS,
      cancel_url: CANCEL,
      payment_intent: null,
      livemode: false,
    });
    expect(session.url).toBe(`${standIn.url}/c/pay/${session.id}`);
    expect((await platform.checkout.sessions.retrieve(session.id, {}, { stripeAccount: account })).id).toBe(session.id);
    // Objects of a connected account are not the platform's.
    await expect(platform.checkout.sessions.retrieve(session.id)).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 404, code: 'resource_missing' });
    // ¥5,000 is 5000 yen; $50.00 is 5000 cents.
    expect(await (await fetch(session.url!)).text()).toContain('¥5,000');
    const usd = await checkout(account, {}, 'usd', 5000);
    expect(await (await fetch(usd.url!)).text()).toContain('$50.00');
    const kwd = await checkout(account, {}, 'kwd', 5000);
    expect(await (await fetch(kwd.url!)).text()).toContain('5.000');
  });

  it('holds expires_at to Stripe\'s range: 30 minutes to 24 hours, 24 hours by default', async () => {
    await expect(checkout(account, { expires_at: nowSeconds() + 29 * 60 })).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'expires_at' });
    await expect(checkout(account, { expires_at: nowSeconds() + 25 * 3600 })).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'expires_at' });
    const { expires_at, created } = await checkout(account, { expires_at: undefined });
    expect(expires_at - created).toBe(24 * 3600);
  });

  it('refuses what Stripe refuses: a missing mode, a line item without quantity, a fractional amount', async () => {
    await expect(platform.checkout.sessions.create({ line_items: [], success_url: SUCCESS } as Stripe.Checkout.SessionCreateParams, { stripeAccount: account })).rejects.toMatchObject({ statusCode: 400, param: 'mode' });
    const noQuantity = checkout(account, { line_items: [{ price_data: { currency: 'jpy', unit_amount: 5000, product_data: { name: 'x' } } }] });
    await expect(noQuantity).rejects.toMatchObject({ statusCode: 400, param: 'line_items[0][quantity]' });
    const fraction = checkout(account, {}, 'usd', 10.5);
    await expect(fraction).rejects.toMatchObject({ statusCode: 400, message: 'Invalid integer: 10.5' });
  });

  it('pays on the hosted page: redirect to success_url, session complete, PaymentIntent and Charge with a receipt, checkout.session.completed signed', async () => {
    const session = await checkout(account);
    const res = await pay(session);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`https://app.example.com/booking/b1/paid?session=${session.id}`);

    const paid = await platform.checkout.sessions.retrieve(session.id, { expand: ['payment_intent.latest_charge'] }, { stripeAccount: account });
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid', url: null, customer_details: expect.objectContaining({ email: 'guest@example.com' }) });
    const intent = paid.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({ object: 'payment_intent', status: 'succeeded', amount: 5000, amount_received: 5000, currency: 'jpy', metadata: { booking_id: 'b1' } });
    const charge = intent.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({ object: 'charge', paid: true, captured: true, status: 'succeeded', amount: 5000, amount_refunded: 0, refunded: false, payment_intent: intent.id });
    expect(charge.payment_method_details?.card).toMatchObject({ brand: 'visa', last4: '4242' });
    expect((await platform.paymentIntents.retrieve(intent.id, {}, { stripeAccount: account })).latest_charge).toBe(charge.id);
    const receipt = await fetch(charge.receipt_url!);
    expect([receipt.status, await receipt.text()]).toEqual([200, expect.stringContaining('¥5,000')]);

    const [event] = await delivered((e) => e.type === 'checkout.session.completed');
    expect(event).toMatchObject({ object: 'event', account, livemode: false, data: { object: { id: session.id, payment_status: 'paid', metadata: { booking_id: 'b1' } } } });
    expect(new Set(deliveries.map((d) => d.contentType))).toEqual(new Set(['application/json; charset=utf-8']));
    const again = await pay(session);
    expect(again.status).not.toBe(303);
  });

  it('declines Stripe\'s declined test card on the page and leaves the session open', async () => {
    const session = await checkout(account);
    const res = await pay(session, '4000 0000 0000 0002');
    expect([res.status, await res.text()]).toEqual([402, expect.stringContaining('Your card was declined.')]);
    expect((await platform.checkout.sessions.retrieve(session.id, {}, { stripeAccount: account })).status).toBe('open');
    const invalid = await pay(session, '4242 4242 4242 4241');
    expect(await invalid.text()).toContain('Your card number is invalid.');
    await new Promise((r) => setTimeout(r, 100));
    expect(deliveries.map((d) => JSON.parse(d.body).type)).not.toContain('checkout.session.completed');
  });

  it('expires a session through the API and through the control API: status expired, checkout.session.expired, page closed', async () => {
    const viaApi = await checkout(account);
    const expired = await platform.checkout.sessions.expire(viaApi.id, {}, { stripeAccount: account });
    expect(expired).toMatchObject({ status: 'expired', url: null, payment_status: 'unpaid' });
    await expect(platform.checkout.sessions.expire(viaApi.id, {}, { stripeAccount: account })).rejects.toMatchObject({ statusCode: 400 });
    const viaControl = await checkout(account);
    await control.expireSession(viaControl.id);
    expect((await platform.checkout.sessions.retrieve(viaControl.id, {}, { stripeAccount: account })).status).toBe('expired');
    const events = await delivered((e) => e.type === 'checkout.session.expired', 2);
    expect(events.map((e) => (e.data.object as Stripe.Checkout.Session).id).sort()).toEqual([viaApi.id, viaControl.id].sort());
    const page = await fetch(`${standIn.url}/c/pay/${viaControl.id}`);
    expect(await page.text()).toContain('no longer available');
    expect((await pay(viaControl)).status).not.toBe(303);
  });
});

describe('Stripe stand-in: webhook signatures and delivery', () => {
  let account: string;
  beforeAll(async () => {
    account = (await connect('signed@example.com')).stripe_user_id!;
  });

  it('signs as Stripe does: t=…,v1=HMAC-SHA256 of `${t}.${payload}`; the SDK rejects a tampered payload, a forged secret and a stale timestamp', async () => {
    await pay(await checkout(account));
    const [event] = await delivered((e) => e.type === 'checkout.session.completed');
    const original = deliveries.find((d) => JSON.parse(d.body).id === event.id)!;
    expect(original.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const verify = (d: Delivery) => platform.webhooks.constructEvent(d.body, d.signature, webhookSecret);

    deliveries = [];
    await control.deliver(event.id, { payload: original.body.replace('"paid"', '"unpaid"') });
    expect(() => verify(deliveries[0])).toThrow(Stripe.errors.StripeSignatureVerificationError);
    await control.deliver(event.id, { secret: 'whsec_forged' });
    expect(() => verify(deliveries[1])).toThrow(/No signatures found matching the expected signature/);
    await control.deliver(event.id, { timestamp: nowSeconds() - 600 });
    expect(() => verify(deliveries[2])).toThrow('Timestamp outside the tolerance zone');
    await control.deliver(event.id);
    expect(verify(deliveries[3]).id).toBe(event.id);
    expect((await platform.events.retrieve(event.id, {}, { stripeAccount: account })).type).toBe('checkout.session.completed');
  });

  it('shows an endpoint\'s secret only when it is made, and stops delivering to a deleted endpoint', async () => {
    const made = await platform.webhookEndpoints.create({ url: `${receiverUrl}/other`, enabled_events: ['checkout.session.expired'] });
    const read = await platform.webhookEndpoints.retrieve(made.id);
    expect([made.secret?.startsWith('whsec_'), read.secret, read.enabled_events, read.status]).toEqual([true, undefined, ['checkout.session.expired'], 'enabled']);
    expect(await platform.webhookEndpoints.del(made.id)).toMatchObject({ id: made.id, deleted: true });
    await expect(platform.webhookEndpoints.retrieve(made.id)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('delivers again the same event, and out of order', async () => {
    const one = await checkout(account);
    const two = await checkout(account);
    await control.hold(true);
    await platform.checkout.sessions.expire(one.id, {}, { stripeAccount: account });
    await platform.checkout.sessions.expire(two.id, {}, { stripeAccount: account });
    await new Promise((r) => setTimeout(r, 100));
    expect(deliveries).toEqual([]);
    await control.release('reverse');
    const events = await delivered((e) => e.type === 'checkout.session.expired', 2);
    expect(events.map((e) => (e.data.object as Stripe.Checkout.Session).id)).toEqual([two.id, one.id]);
    await control.deliver(events[0].id);
    const twice = await delivered((e) => e.id === events[0].id, 2);
    expect(twice).toHaveLength(2);
  });

  it('registers an endpoint at start, as one set up in the Dashboard: its secret in the environment', async () => {
    const other = await startStripeStandIn({ webhook: { url: receiverUrl } });
    try {
      const secret = other.env.STRIPE_WEBHOOK_SECRET;
      expect(secret).toMatch(/^whsec_/);
      const otherPlatform = new Stripe(other.secretKey, { host: other.env.STRIPE_API_HOST, port: Number(other.env.STRIPE_API_PORT), protocol: 'http', maxNetworkRetries: 0 });
      const otherControl = stripeControl(other.url);
      await otherControl.account('dashboard@example.com');
      const back = new URL(await otherControl.consent(`${other.env.STRIPE_CONNECT_AUTHORIZE_URL}?${new URLSearchParams({ client_id: other.clientId, response_type: 'code', scope: 'read_write', redirect_uri: REDIRECT, 'stripe_user[email]': 'dashboard@example.com' })}`));
      const { stripe_user_id: connected } = await otherPlatform.oauth.token({ grant_type: 'authorization_code', code: back.searchParams.get('code')! });
      await otherPlatform.oauth.deauthorize({ client_id: other.clientId, stripe_user_id: connected! });
      for (let i = 0; i < 200 && !deliveries.length; i++) await new Promise((r) => setTimeout(r, 25));
      expect(otherPlatform.webhooks.constructEvent(deliveries[0].body, deliveries[0].signature, secret)).toMatchObject({ type: 'account.application.deauthorized', account: connected });
    } finally {
      await other.stop();
    }
  });

  it('retries a delivery the endpoint refused, and records every attempt', async () => {
    answer = 500;
    const session = await checkout(account);
    await platform.checkout.sessions.expire(session.id, {}, { stripeAccount: account });
    const [refused] = await delivered((e) => e.type === 'checkout.session.expired');
    answer = 200;
    await delivered((e) => e.id === refused.id, 2);
    const attempts = (await control.event(refused.id)).deliveries.map((d) => d.status);
    expect(attempts).toEqual([500, 200]);
  });
});

describe('Stripe stand-in: refunds', () => {
  let account: string;
  beforeAll(async () => {
    account = (await connect('refunds@example.com', { country: 'JP', default_currency: 'jpy' })).stripe_user_id!;
  });

  async function paidIntent(currency = 'jpy', amount = 5000): Promise<string> {
    const session = await checkout(account, {}, currency, amount);
    expect(await control.pay(session.id)).toEqual({ status: 303, location: `https://app.example.com/booking/b1/paid?session=${session.id}` });
    return (await platform.checkout.sessions.retrieve(session.id, {}, { stripeAccount: account })).payment_intent as string;
  }

  it('refunds in part then in full, in yen, with charge.refunded and refund.created signed', async () => {
    const intent = await paidIntent();
    const part = await platform.refunds.create({ payment_intent: intent, amount: 1500, reason: 'requested_by_customer', metadata: { booking_id: 'b1' } }, { stripeAccount: account });
    expect(part).toMatchObject({ object: 'refund', amount: 1500, currency: 'jpy', status: 'succeeded', payment_intent: intent, reason: 'requested_by_customer', metadata: { booking_id: 'b1' } });
    const rest = await platform.refunds.create({ payment_intent: intent }, { stripeAccount: account });
    expect(rest.amount).toBe(3500);
    const charge = await platform.charges.retrieve(rest.charge as string, {}, { stripeAccount: account });
    expect([charge.amount_refunded, charge.refunded]).toEqual([5000, true]);
    expect((await platform.refunds.retrieve(part.id, {}, { stripeAccount: account })).amount).toBe(1500);
    const refunded = await delivered((e) => e.type === 'charge.refunded', 2);
    expect(refunded.map((e) => (e.data.object as Stripe.Charge).amount_refunded)).toEqual([1500, 5000]);
    await delivered((e) => e.type === 'refund.created', 2);
    await expect(platform.refunds.create({ payment_intent: intent }, { stripeAccount: account })).rejects.toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });
  });

  it('refuses more than the charge has left', async () => {
    const intent = await paidIntent('usd', 2000);
    await expect(platform.refunds.create({ payment_intent: intent, amount: 2001 }, { stripeAccount: account })).rejects.toMatchObject({ statusCode: 400, param: 'amount' });
  });

  it('fails while the account\'s API is down, then refunds once with the same idempotency key', async () => {
    const intent = await paidIntent();
    await control.outage(account, true);
    const key = `refund-${intent}`;
    await expect(platform.refunds.create({ payment_intent: intent }, { stripeAccount: account, idempotencyKey: key })).rejects.toMatchObject({ type: 'StripeAPIError' });
    await control.outage(account, false);
    const first = await platform.refunds.create({ payment_intent: intent }, { stripeAccount: account, idempotencyKey: key });
    const replay = await platform.refunds.create({ payment_intent: intent }, { stripeAccount: account, idempotencyKey: key });
    expect(replay.id).toBe(first.id);
    expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');
    await expect(platform.refunds.create({ payment_intent: intent, amount: 1 }, { stripeAccount: account, idempotencyKey: key })).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
    const asked = (await control.requests()).filter((r) => r.idempotencyKey === key);
    expect(asked.map((r) => [r.method, r.path, r.stripeAccount, r.status])).toEqual([
      ['POST', '/v1/refunds', account, 500],
      ['POST', '/v1/refunds', account, 200],
      ['POST', '/v1/refunds', account, 200],
      ['POST', '/v1/refunds', account, 400],
    ]);
    expect(asked[0].stripeVersion).toBe(Stripe.API_VERSION);
  });

  it('fails a refund after it was made, as Stripe does: status failed with a reason, refund.failed and refund.updated', async () => {
    const intent = await paidIntent();
    const refund = await platform.refunds.create({ payment_intent: intent }, { stripeAccount: account });
    await control.failRefund(refund.id, 'expired_or_canceled_card');
    const failed = await platform.refunds.retrieve(refund.id, {}, { stripeAccount: account });
    expect([failed.status, failed.failure_reason]).toEqual(['failed', 'expired_or_canceled_card']);
    const [event] = await delivered((e) => e.type === 'refund.failed');
    expect((event.data.object as Stripe.Refund).id).toBe(refund.id);
    await delivered((e) => e.type === 'refund.updated' && (e.data.object as Stripe.Refund).status === 'failed');
    const charge = await platform.charges.retrieve(failed.charge as string, {}, { stripeAccount: account });
    expect(charge.amount_refunded).toBe(0);
  });
});

describe('Stripe stand-in: keys and errors', () => {
  it('answers an unknown key 401 and an account not connected 403, as the SDK\'s errors', async () => {
    await expect(sdk('sk_test_unknown0000').accounts.retrieveCurrent()).rejects.toMatchObject({ type: 'StripeAuthenticationError', message: 'Invalid API Key provided: sk_test_*******0000' });
    await expect(platform.accounts.retrieveCurrent({}, { stripeAccount: 'acct_1NotConnected0000' })).rejects.toMatchObject({ type: 'StripePermissionError' });
    await expect(platform.paymentIntents.retrieve('pi_missing')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such payment_intent: 'pi_missing'" });
  });
});
