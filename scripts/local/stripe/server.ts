// A stand-in for Stripe, for tests: the real Stripe cannot be reached from our machines. It answers
// the requests the official `stripe` SDK makes when pointed at it (`host`, `port`, `protocol`), at
// Stripe's paths, with Stripe's encodings, objects and errors (docs/stand-ins.md, "Stripe"):
//
//   GET  /oauth/authorize (consent page; its form POSTs here)   Connect OAuth for Standard accounts
//   POST /oauth/token, /oauth/deauthorize                        (connect.stripe.com in production)
//   GET  /v1/account, /v1/accounts/:id
//   POST /v1/webhook_endpoints; GET|DELETE /v1/webhook_endpoints/:id
//   POST /v1/checkout/sessions; GET /v1/checkout/sessions/:id; POST /v1/checkout/sessions/:id/expire
//   GET  /v1/payment_intents/:id, /v1/charges/:id, /v1/refunds/:id, /v1/events/:id; POST /v1/refunds
//   GET|POST /c/pay/:id        the hosted Checkout page (the session's `url`)
//   GET  /receipts/payment/:token   a charge's receipt (its `receipt_url`)
//
// Requests: form-encoded bodies with bracketed keys, `Authorization: Bearer <secret key>`,
// `Stripe-Account` to act on a connected account, `Idempotency-Key` on POSTs, `expand[]`. Events are
// delivered signed to the webhook endpoints (webhooks.ts). Tests drive it through /__control/
// (accounts, paying without a browser, expiring a session now, failing a refund, an outage per
// account, holding, re-sending and altering deliveries, the request log); no real client calls those.
// A test dependency only; `npm run dev` does not start it.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, controlPoster, listenLoopback, readBody, type StandIn } from '../stand-in-http.ts';
import { invalidRequest, missingParam, noSuch, StripeApiError, StripeOAuthError } from './errors.ts';
import { flag, integer, parseForm, stringList, stringMap, type Form, type FormValue } from './form.ts';
import {
  accountObject,
  applicationObject,
  chargeObject,
  now,
  paymentIntentObject,
  refundObject,
  sessionObject,
  stripeId,
  type AccountProfile,
  type Charge,
  type LineItem,
  type PaymentIntent,
  type Refund,
  type Session,
} from './objects.ts';
import { checkoutPage, consentPage, receiptPage, thanksPage } from './pages.ts';
import { Deliveries, webhookSecret, type Alteration, type Attempt, type StripeEvent, type WebhookEndpoint } from './webhooks.ts';

export interface StripeStandIn extends StandIn {
  /** The platform's test-mode secret key (its Connect client id, `ca_…`, is `clientId`). */
  secretKey: string;
  platformAccount: string;
}

export interface StripeStandInOptions {
  port?: number;
  /** Waits between a refused delivery and its next tries (Stripe's are hours apart). */
  retryDelaysMs?: number[];
  /** A webhook endpoint registered at start, as one set up in Stripe's Dashboard: its secret is `env.STRIPE_WEBHOOK_SECRET`. */
  webhook?: { url: string; connect?: boolean; enabledEvents?: string[] };
}

/** A request the stand-in answered (pages and control requests aside). */
export interface SeenRequest {
  method: string;
  path: string;
  query: string;
  stripeAccount: string | null;
  idempotencyKey: string | null;
  stripeVersion: string | null;
  body: string;
  status: number;
}

interface AccountState {
  id: string;
  profile: AccountProfile;
  created: number;
  connected: boolean;
  publishableKey: string;
}

/** An object with the account it belongs to: a connected account's objects are not the platform's. */
interface Stored {
  owner: string;
  kind: string;
  value: Record<string, unknown>;
}

const PLATFORM_NAME = 'Kairos';
const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'];
const DECLINED_CARD = '4000000000000002';

function luhn(digits: string): boolean {
  let sum = 0;
  [...digits].reverse().forEach((d, i) => {
    const n = Number(d) * (i % 2 ? 2 : 1);
    sum += n > 9 ? n - 9 : n;
  });
  return sum % 10 === 0;
}

const brandOf = (card: string) => (card.startsWith('4') ? 'visa' : /^(5[1-5]|2[2-7])/.test(card) ? 'mastercard' : /^3[47]/.test(card) ? 'amex' : 'unknown');
const isObject = (v: FormValue | undefined): v is Form => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: FormValue | undefined): string | null => (typeof v === 'string' ? v : null);
const validUrl = (v: string) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol);

export async function startStripeStandIn(opts: StripeStandInOptions = {}): Promise<StripeStandIn> {
  const deliveries = new Deliveries(opts.retryDelaysMs ?? [1_000, 5_000, 25_000]);
  const accounts = new Map<string, AccountState>();
  const byEmail = new Map<string, string>();
  const keys = new Map<string, string>(); // secret key or OAuth access token → account id
  const refreshTokens = new Map<string, string>(); // → account id
  const codes = new Map<string, { account: string; used: boolean; tokens: string[] }>();
  const objects = new Map<string, Stored>();
  const lineItems = new Map<string, LineItem[]>(); // session id → its line items
  const receipts = new Map<string, string>(); // receipt token → charge id
  const intentMetadata = new Map<string, Record<string, string>>(); // session id → payment_intent_data[metadata]
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const outages = new Set<string>();
  const expiryTimers = new Map<string, NodeJS.Timeout>();
  const seen: SeenRequest[] = [];
  // Stripe pins an account's API version at its first request; events are written in it.
  let apiVersion: string | null = null;

  const platform: AccountState = {
    id: stripeId('acct_1', 16),
    profile: { email: 'platform@kairos.test', country: 'US', default_currency: 'usd', display_name: PLATFORM_NAME },
    created: now(),
    connected: false,
    publishableKey: `pk_test_${randomBytes(24).toString('base64url')}`,
  };
  accounts.set(platform.id, platform);
  const secretKey = `sk_test_${randomBytes(24).toString('base64url')}`;
  keys.set(secretKey, platform.id);
  const clientId = stripeId('ca_', 32);

  const account = (id: string) => accounts.get(id)!;
  const view = (a: AccountState) => accountObject(a.id, a.profile, a.created);

  /** The account of `email`, made on first sight as Stripe's sign-up would. */
  function accountFor(email: string, profile: Partial<AccountProfile> = {}): AccountState {
    const known = byEmail.get(email);
    const a = known ? account(known) : { id: stripeId('acct_1', 16), created: now(), connected: false, publishableKey: `pk_test_${randomBytes(24).toString('base64url')}`, profile: { email, country: 'US', default_currency: 'usd', display_name: email.split('@')[0] } };
    a.profile = { ...a.profile, ...Object.fromEntries(Object.entries(profile).filter(([, v]) => v !== undefined && v !== null && v !== '')) };
    accounts.set(a.id, a);
    byEmail.set(email, a.id);
    return a;
  }

  function store<T extends { id: string }>(owner: string, kind: string, value: T): T {
    objects.set(value.id, { owner, kind, value: value as unknown as Record<string, unknown> });
    return value;
  }

  function find<T>(owner: string, kind: string, id: string): T {
    const o = objects.get(id);
    if (!o || o.kind !== kind || o.owner !== owner) throw noSuch(kind, id);
    return o.value as T;
  }

  function emit(owner: string, type: string, object: object, request: StripeEvent['request'] = { id: null, idempotency_key: null }, previous?: Record<string, unknown>) {
    const event: StripeEvent = {
      id: stripeId('evt_1'),
      object: 'event',
      ...(owner === platform.id ? {} : { account: owner }),
      api_version: apiVersion,
      created: now(),
      data: { object: structuredClone(object) as Record<string, unknown>, ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: 0,
      request,
      type,
    };
    event.pending_webhooks = deliveries.recipients(event).length;
    store(owner, 'event', event);
    deliveries.send(event);
    return event;
  }

  /** `expand[]` paths: ids replaced by the objects they name, level by level. */
  function expand(owner: string, value: Record<string, unknown>, paths: string[]): Record<string, unknown> {
    const out = structuredClone(value);
    for (const path of paths) {
      let node: Record<string, unknown> | undefined = out;
      for (const key of path.split('.')) {
        if (!node) break;
        const id = node[key];
        const target = typeof id === 'string' ? objects.get(id) : undefined;
        if (target && target.owner === owner) node[key] = structuredClone(target.value);
        node = node[key] && typeof node[key] === 'object' ? (node[key] as Record<string, unknown>) : undefined;
      }
    }
    return out;
  }

  // --- Connect OAuth -------------------------------------------------------------------------

  function consentForm(reqUrl: URL, res: ServerResponse) {
    const q = reqUrl.searchParams;
    if (q.get('client_id') !== clientId || q.get('response_type') !== 'code' || !q.get('redirect_uri') || !['read_write', 'read_only'].includes(q.get('scope') ?? 'read_only')) {
      return sendHtml(res, 400, '<!doctype html><title>Stripe</title><p role="alert">Invalid client_id, response_type, scope or redirect_uri.</p>');
    }
    sendHtml(res, 200, consentPage(PLATFORM_NAME, q));
  }

  async function consent(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    const redirectUri = form.get('redirect_uri');
    if (form.get('client_id') !== clientId || !redirectUri || !validUrl(redirectUri)) throw new StripeOAuthError(400, 'invalid_request', 'Invalid redirect_uri.');
    const back = new URL(redirectUri);
    if (form.get('action') === 'deny') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user denied your request');
    } else {
      const email = form.get('email');
      if (!email) throw new StripeOAuthError(400, 'invalid_request', 'An email is required.');
      const a = accountFor(email);
      a.connected = true;
      const code = stripeId('ac_', 32);
      codes.set(code, { account: a.id, used: false, tokens: [] });
      back.searchParams.set('scope', form.get('scope') ?? 'read_only');
      back.searchParams.set('code', code);
    }
    if (form.get('state')) back.searchParams.set('state', form.get('state')!);
    res.writeHead(302, { location: back.href }).end();
  }

  function platformClient(req: IncomingMessage, form: URLSearchParams) {
    const key = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? form.get('client_secret');
    if (!key) throw new StripeOAuthError(401, 'invalid_client', 'No authentication was provided. Send your secret API key using the Authorization header, or as a client_secret POST parameter.');
    if (key !== secretKey) throw new StripeOAuthError(401, 'invalid_client', `Invalid API Key provided: ${masked(key)}`);
  }

  function tokenAnswer(a: AccountState, refreshToken: string) {
    const access = `sk_test_${randomBytes(24).toString('base64url')}`;
    keys.set(access, a.id);
    return { access, body: { access_token: access, livemode: false, refresh_token: refreshToken, token_type: 'bearer', stripe_publishable_key: a.publishableKey, stripe_user_id: a.id, scope: 'read_write' } };
  }

  async function oauthToken(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    platformClient(req, form);
    const grant = form.get('grant_type');
    if (!grant) throw new StripeOAuthError(400, 'invalid_request', 'No grant type specified');
    if (grant === 'authorization_code') {
      const code = form.get('code');
      if (!code) throw new StripeOAuthError(400, 'invalid_request', 'No authorization code provided');
      const issued = codes.get(code);
      if (!issued) throw new StripeOAuthError(400, 'invalid_grant', `Authorization code does not exist: ${code}`);
      if (issued.used) {
        for (const t of issued.tokens) {
          keys.delete(t);
          refreshTokens.delete(t);
        }
        throw new StripeOAuthError(400, 'invalid_grant', 'This authorization code has already been used. All tokens issued with this code have been revoked.');
      }
      issued.used = true;
      const refresh = stripeId('rt_', 32);
      refreshTokens.set(refresh, issued.account);
      const { access, body } = tokenAnswer(account(issued.account), refresh);
      issued.tokens.push(access, refresh);
      return sendJson(res, 200, body);
    }
    if (grant === 'refresh_token') {
      const refresh = form.get('refresh_token') ?? '';
      const owner = refreshTokens.get(refresh);
      if (!owner || !account(owner).connected) throw new StripeOAuthError(400, 'invalid_grant', `Refresh token does not exist: ${refresh}`);
      return sendJson(res, 200, tokenAnswer(account(owner), refresh).body);
    }
    throw new StripeOAuthError(400, 'unsupported_grant_type', `Unsupported grant type: ${grant}`);
  }

  function disconnect(a: AccountState) {
    a.connected = false;
    for (const [k, owner] of keys) if (owner === a.id) keys.delete(k);
    for (const [k, owner] of refreshTokens) if (owner === a.id) refreshTokens.delete(k);
    emit(a.id, 'account.application.deauthorized', applicationObject(clientId, PLATFORM_NAME));
  }

  async function deauthorize(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    platformClient(req, form);
    const id = form.get('stripe_user_id') ?? '';
    // The account's outage covers its deauthorization too (tests retry it without stopping the platform).
    if (outages.has(id)) {
      res.setHeader('stripe-should-retry', 'true');
      throw new StripeApiError(500, 'api_error', 'An unknown error occurred');
    }
    const a = accounts.get(id);
    if (form.get('client_id') !== clientId || !a?.connected) {
      throw new StripeOAuthError(401, 'invalid_client', `This application is not connected to stripe account ${id}, or that account does not exist.`);
    }
    disconnect(a);
    sendJson(res, 200, { stripe_user_id: id });
  }

  // --- The API ---------------------------------------------------------------------------------

  /** The account a request acts as: the key's, or with `Stripe-Account` a connected account of the platform. */
  function actingAccount(req: IncomingMessage): string {
    const header = req.headers.authorization ?? '';
    const key = /^Bearer (.+)$/.exec(header)?.[1] ?? (/^Basic (.+)$/.exec(header) ? Buffer.from(header.slice(6), 'base64').toString().split(':')[0] : undefined);
    if (!key) {
      throw invalidRequest(
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
        {},
        401,
      );
    }
    const owner = keys.get(key);
    if (!owner) throw invalidRequest(`Invalid API Key provided: ${masked(key)}`, {}, 401);
    const target = req.headers['stripe-account'];
    if (typeof target !== 'string' || target === owner) return owner;
    if (owner !== platform.id || !accounts.get(target)?.connected) {
      throw invalidRequest(`The provided key '${masked(key)}' does not have access to account '${target}' (or that account does not exist). Application access may have been revoked.`, {}, 403);
    }
    return target;
  }

  function createSession(owner: string, form: Form): Session {
    if (!form.mode) throw missingParam('mode');
    if (form.mode !== 'payment') throw invalidRequest('This stand-in serves Checkout Sessions with mode=payment only.', { param: 'mode' });
    const items = Array.isArray(form.line_items) ? form.line_items : [];
    if (!items.length) throw missingParam('line_items');
    const lines = items.map((raw, i): LineItem => {
      const at = `line_items[${i}]`;
      if (!isObject(raw)) throw invalidRequest(`Invalid ${at}: must be an object`, { param: at });
      if (raw.price !== undefined) throw noSuch('price', String(raw.price));
      const price = raw.price_data;
      if (!isObject(price)) throw missingParam(`${at}[price_data]`);
      const currency = text(price.currency)?.toLowerCase();
      if (!currency || !/^[a-z]{3}$/.test(currency)) throw missingParam(`${at}[price_data][currency]`);
      const name = isObject(price.product_data) ? text(price.product_data.name) : null;
      if (!name) throw missingParam(`${at}[price_data][product_data][name]`);
      const unitAmount = integer(price.unit_amount, (m) => { throw invalidRequest(m, { param: `${at}[price_data][unit_amount]` }); });
      if (unitAmount === undefined || unitAmount < 0) throw missingParam(`${at}[price_data][unit_amount]`);
      const quantity = integer(raw.quantity, (m) => { throw invalidRequest(m, { param: `${at}[quantity]` }); });
      if (quantity === undefined) throw invalidRequest(`Quantity is required. Add \`quantity\` to \`${at}\``, { param: `${at}[quantity]` });
      if (quantity < 1) throw invalidRequest('This value must be greater than or equal to 1.', { param: `${at}[quantity]` });
      return { name, currency, unit_amount: unitAmount, quantity };
    });
    if (new Set(lines.map((l) => l.currency)).size > 1) throw invalidRequest('All line items in a Checkout Session must have the same currency.', { param: 'line_items' });
    const created = now();
    const expiresAt = integer(form.expires_at, (m) => { throw invalidRequest(m, { param: 'expires_at' }); }) ?? created + 24 * 3600;
    // Stripe: "It can be anywhere from 30 minutes to 24 hours after Checkout Session creation."
    if (expiresAt < created + 30 * 60) throw invalidRequest('The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.', { param: 'expires_at' });
    if (expiresAt > created + 24 * 3600) throw invalidRequest('The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.', { param: 'expires_at' });
    for (const param of ['success_url', 'cancel_url'] as const) {
      const v = form[param];
      if (v !== undefined && (typeof v !== 'string' || !validUrl(v))) throw invalidRequest('Not a valid URL', { param });
    }
    const clientReference = text(form.client_reference_id);
    if (clientReference && clientReference.length > 200) throw invalidRequest('Invalid client_reference_id: must be at most 200 characters', { param: 'client_reference_id' });
    const fail = (param: string) => (m: string): never => { throw invalidRequest(m, { param }); };
    const id = stripeId('cs_test_a1', 58);
    const session = sessionObject(
      id,
      {
        line_items: lines,
        success_url: text(form.success_url),
        cancel_url: text(form.cancel_url),
        expires_at: expiresAt,
        client_reference_id: clientReference,
        customer_email: text(form.customer_email),
        metadata: stringMap(form.metadata, fail('metadata')),
      },
      `${url}/c/pay/${id}`,
    );
    lineItems.set(id, lines);
    intentMetadata.set(id, stringMap(isObject(form.payment_intent_data) ? form.payment_intent_data.metadata : undefined, fail('payment_intent_data[metadata]')));
    const timer = setTimeout(() => expireSession(owner, session), Math.max(0, expiresAt * 1000 - Date.now()));
    timer.unref();
    expiryTimers.set(id, timer);
    return store(owner, 'checkout.session', session);
  }

  function expireSession(owner: string, session: Session, request?: StripeEvent['request']) {
    if (session.status !== 'open') return false;
    clearTimeout(expiryTimers.get(session.id));
    Object.assign(session, { status: 'expired', url: null });
    emit(owner, 'checkout.session.expired', session, request);
    return true;
  }

  /** A payment on the hosted page: declined, invalid, or paid (then the redirect's address). */
  function pay(session: Session, cardInput: string, email: string): { status: number; error?: string; location?: string } {
    const owner = objects.get(session.id)!.owner;
    if (session.status !== 'open') return { status: 410, error: 'This Checkout Session is no longer available.' };
    const card = cardInput.replace(/[\s-]/g, '');
    if (!/^\d{12,19}$/.test(card) || !luhn(card)) return { status: 400, error: 'Your card number is invalid.' };
    let intent = session.payment_intent ? find<PaymentIntent>(owner, 'payment_intent', session.payment_intent) : undefined;
    if (!intent) {
      intent = store(owner, 'payment_intent', paymentIntentObject(stripeId('pi_3'), session.amount_total, session.currency, intentMetadata.get(session.id) ?? {}));
      session.payment_intent = intent.id;
    }
    intent.payment_method = stripeId('pm_1');
    if (card === DECLINED_CARD) {
      intent.last_payment_error = { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', type: 'card_error' };
      emit(owner, 'payment_intent.payment_failed', intent);
      return { status: 402, error: 'Your card was declined.' };
    }
    const token = randomBytes(24).toString('base64url');
    const charge = store(owner, 'charge', chargeObject(stripeId('ch_3'), intent, { number: card, brand: brandOf(card) }, email, `${url}/receipts/payment/${token}`));
    receipts.set(token, charge.id);
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: charge.id, last_payment_error: null });
    clearTimeout(expiryTimers.get(session.id));
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      url: null,
      customer_details: { address: null, email, name: null, phone: null, tax_exempt: 'none', tax_ids: [] },
    });
    emit(owner, 'charge.succeeded', charge);
    emit(owner, 'payment_intent.succeeded', intent);
    emit(owner, 'checkout.session.completed', session);
    return { status: 303, location: session.success_url?.replaceAll('{CHECKOUT_SESSION_ID}', session.id) };
  }

  function createRefund(owner: string, form: Form, request: StripeEvent['request']): Refund {
    const intentId = text(form.payment_intent);
    const chargeId = text(form.charge);
    if (!intentId && !chargeId) throw invalidRequest('One of the following params should be provided for this request: payment_intent or charge.', { code: 'parameter_missing' });
    let charge: Charge;
    if (intentId) {
      const intent = find<PaymentIntent>(owner, 'payment_intent', intentId);
      if (intent.status !== 'succeeded' || !intent.latest_charge) throw invalidRequest(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, { param: 'payment_intent' });
      charge = find<Charge>(owner, 'charge', intent.latest_charge);
    } else {
      charge = find<Charge>(owner, 'charge', chargeId!);
    }
    const left = charge.amount - charge.amount_refunded;
    if (left === 0) throw invalidRequest(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
    const amount = integer(form.amount, (m) => { throw invalidRequest(m, { param: 'amount' }); }) ?? left;
    if (amount < 1) throw invalidRequest('Invalid positive integer', { param: 'amount' });
    if (amount > left) throw invalidRequest(`Refund amount (${amount} ${charge.currency}) is greater than unrefunded amount on charge (${left} ${charge.currency})`, { param: 'amount' });
    const reason = text(form.reason);
    if (reason !== null && !REFUND_REASONS.includes(reason)) throw invalidRequest(`Invalid reason: must be one of ${REFUND_REASONS.join(', ')}`, { param: 'reason' });
    const refund = store(owner, 'refund', refundObject(stripeId('re_3'), charge, amount, reason, stringMap(form.metadata, (m) => { throw invalidRequest(m, { param: 'metadata' }); })));
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    emit(owner, 'refund.created', refund, request);
    emit(owner, 'charge.refunded', charge, request);
    return refund;
  }

  /** A refund that fails after it was made, as Stripe's failing test cards do: the money goes back on the charge. */
  function failRefund(refund: Refund, reason: string) {
    const owner = objects.get(refund.id)!.owner;
    if (refund.status === 'failed') return;
    const previous = { status: refund.status, failure_reason: null };
    Object.assign(refund, { status: 'failed', failure_reason: reason, failure_balance_transaction: stripeId('txn_3') });
    const charge = find<Charge>(owner, 'charge', refund.charge);
    charge.amount_refunded -= refund.amount;
    charge.refunded = false;
    emit(owner, 'refund.updated', refund, undefined, previous);
    emit(owner, 'refund.failed', refund);
  }

  function createEndpoint(form: Form): WebhookEndpoint {
    const target = text(form.url);
    if (!target) throw missingParam('url');
    if (!validUrl(target)) throw invalidRequest('Invalid URL: must be a valid URL', { param: 'url' });
    const events = stringList(form.enabled_events);
    if (!events.length) throw missingParam('enabled_events');
    const bad = events.findIndex((e) => e !== '*' && !/^[a-z_]+(\.[a-z_]+)+$/.test(e));
    if (bad >= 0) throw invalidRequest(`Invalid enabled_events[${bad}]: must be a valid event type`, { param: `enabled_events[${bad}]` });
    const endpoint: WebhookEndpoint = {
      id: stripeId('we_1'),
      object: 'webhook_endpoint',
      api_version: text(form.api_version),
      application: null,
      created: now(),
      description: text(form.description),
      enabled_events: events,
      livemode: false,
      metadata: stringMap(form.metadata, (m) => { throw invalidRequest(m, { param: 'metadata' }); }),
      status: 'enabled',
      url: target,
      connect: flag(form.connect) ?? false,
      secret: webhookSecret(),
    };
    deliveries.endpoints.set(endpoint.id, endpoint);
    return endpoint;
  }

  const withoutSecret = ({ secret: _shownOnce, ...endpoint }: WebhookEndpoint) => endpoint;

  async function api(req: IncomingMessage, reqUrl: URL, res: ServerResponse, requestId: string) {
    const owner = actingAccount(req);
    if (outages.has(owner)) {
      res.setHeader('stripe-should-retry', 'true');
      throw new StripeApiError(500, 'api_error', 'An unknown error occurred');
    }
    const version = req.headers['stripe-version'];
    if (typeof version === 'string') apiVersion ??= version;
    const raw = req.method === 'POST' ? await readBody(req) : '';
    const form = parseForm(req.method === 'POST' ? new URLSearchParams(raw) : reqUrl.searchParams);
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
    const request = { id: requestId, idempotency_key: key };
    const fingerprint = `${req.method} ${reqUrl.pathname} ${raw}`;
    // Stripe saves the result of a request that ran (not one refused before it started) under its key.
    const answer = (status: number, body: Record<string, unknown>) => {
      if (key) idempotent.set(`${owner} ${key}`, { fingerprint, status, body });
      sendJson(res, status, expand(owner, body, stringList(form.expand)));
    };
    if (req.method === 'POST' && key) {
      const earlier = idempotent.get(`${owner} ${key}`);
      if (earlier && earlier.fingerprint !== fingerprint) {
        throw new StripeApiError(400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`);
      }
      if (earlier) {
        res.setHeader('idempotent-replayed', 'true');
        return sendJson(res, earlier.status, earlier.body);
      }
    }
    const path = reqUrl.pathname;
    const get = req.method === 'GET';
    const post = req.method === 'POST';
    let m: RegExpExecArray | null;
    if (get && path === '/v1/account') return answer(200, view(account(owner)));
    if (get && (m = /^\/v1\/accounts\/([^/]+)$/.exec(path))) {
      const a = accounts.get(m[1]);
      if (!a || (a.id !== owner && (owner !== platform.id || !a.connected))) throw invalidRequest(`The provided key does not have access to account '${m[1]}' (or that account does not exist). Application access may have been revoked.`, {}, 403);
      return answer(200, view(a));
    }
    if (path.startsWith('/v1/webhook_endpoints') && owner !== platform.id) {
      throw invalidRequest('This stand-in serves the platform\'s webhook endpoints only (Connect endpoints receive connected accounts\' events).');
    }
    if (post && path === '/v1/webhook_endpoints') return answer(200, createEndpoint(form) as unknown as Record<string, unknown>);
    if ((m = /^\/v1\/webhook_endpoints\/([^/]+)$/.exec(path))) {
      const endpoint = deliveries.endpoints.get(m[1]);
      if (!endpoint) throw noSuch('webhook_endpoint', m[1]);
      if (get) return answer(200, withoutSecret(endpoint));
      if (req.method === 'DELETE') {
        deliveries.endpoints.delete(endpoint.id);
        return answer(200, { id: endpoint.id, object: 'webhook_endpoint', deleted: true });
      }
    }
    if (post && path === '/v1/checkout/sessions') return answer(200, createSession(owner, form));
    if ((m = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path))) {
      const session = find<Session>(owner, 'checkout.session', m[1]);
      if (get && !m[2]) return answer(200, session);
      if (post && m[2]) {
        if (!expireSession(owner, session, request)) throw invalidRequest(`Only Checkout Sessions with a status of open can be expired; this one is ${session.status}.`, { param: 'session' });
        return answer(200, session);
      }
    }
    if (post && path === '/v1/refunds') return answer(200, createRefund(owner, form, request));
    const kinds: Record<string, string> = { payment_intents: 'payment_intent', charges: 'charge', refunds: 'refund', events: 'event' };
    if (get && (m = /^\/v1\/(payment_intents|charges|refunds|events)\/([^/]+)$/.exec(path))) return answer(200, find(owner, kinds[m[1]], m[2]));
    throw invalidRequest(`Unrecognized request URL (${req.method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`, {}, 404);
  }

  // --- Pages ---------------------------------------------------------------------------------

  async function checkout(req: IncomingMessage, id: string, res: ServerResponse) {
    const stored = objects.get(id);
    if (!stored || stored.kind !== 'checkout.session') return sendHtml(res, 404, '<!doctype html><title>Stripe</title><p role="alert">Something went wrong.</p>');
    const session = stored.value as unknown as Session;
    const merchant = account(stored.owner).profile.display_name;
    if (req.method === 'GET') return sendHtml(res, 200, checkoutPage(session, lineItems.get(id)!, merchant));
    const form = new URLSearchParams(await readBody(req));
    const done = pay(session, form.get('card') ?? '', form.get('email') ?? '');
    if (done.status !== 303) return sendHtml(res, done.status, checkoutPage(session, lineItems.get(id)!, merchant, { error: done.error!, email: form.get('email') ?? '' }));
    if (done.location) return res.writeHead(303, { location: done.location }).end();
    sendHtml(res, 200, thanksPage(merchant));
  }

  function receipt(token: string, res: ServerResponse) {
    const chargeId = receipts.get(token);
    if (!chargeId) return sendHtml(res, 404, '<!doctype html><title>Stripe</title><p role="alert">Receipt not found.</p>');
    const stored = objects.get(chargeId)!;
    sendHtml(res, 200, receiptPage(stored.value as unknown as Charge, account(stored.owner).profile.display_name));
  }

  // --- Control -------------------------------------------------------------------------------

  async function control(req: IncomingMessage, reqUrl: URL, res: ServerResponse) {
    const body = req.method === 'POST' ? JSON.parse((await readBody(req)) || '{}') : {};
    const path = reqUrl.pathname.slice('/__control'.length);
    const anyObject = <T>(kind: string, id: string): T => {
      const o = objects.get(id);
      if (!o || o.kind !== kind) throw noSuch(kind, id);
      return o.value as T;
    };
    let m: RegExpExecArray | null;
    if (path === '/accounts') return sendJson(res, 200, view(accountFor(body.email, body)));
    if ((m = /^\/accounts\/([^/]+)\/deauthorize$/.exec(path))) {
      const a = accounts.get(m[1]);
      if (!a?.connected) throw noSuch('account', m[1]);
      disconnect(a);
      return sendJson(res, 200, view(a));
    }
    if ((m = /^\/checkout\/sessions\/([^/]+)\/(expire|pay)$/.exec(path))) {
      const session = anyObject<Session>('checkout.session', m[1]);
      if (m[2] === 'expire') return sendJson(res, 200, { expired: expireSession(objects.get(session.id)!.owner, session) });
      return sendJson(res, 200, pay(session, body.card ?? '4242424242424242', body.email ?? 'guest@example.com'));
    }
    if ((m = /^\/refunds\/([^/]+)\/fail$/.exec(path))) {
      const refund = anyObject<Refund>('refund', m[1]);
      failRefund(refund, body.reason ?? 'unknown');
      return sendJson(res, 200, refund);
    }
    if (path === '/outage') {
      // Per account, so tests sharing the stand-in never see each other's outages.
      if (body.down) outages.add(body.account);
      else outages.delete(body.account);
      return sendJson(res, 200, { down: outages.has(body.account) });
    }
    if (path === '/webhooks/hold') {
      deliveries.hold(Boolean(body.on));
      return sendJson(res, 200, { holding: Boolean(body.on) });
    }
    if (path === '/webhooks/release') {
      await deliveries.release(body.order ?? 'sent');
      return sendJson(res, 200, { released: true });
    }
    if ((m = /^\/events\/([^/]+)(\/deliver)?$/.exec(path))) {
      const event = anyObject<StripeEvent>('event', m[1]);
      if (!m[2]) return sendJson(res, 200, { event, deliveries: deliveries.attempts.get(event.id) ?? [] });
      const { endpoint, ...alteration } = body as Alteration & { endpoint?: string };
      const targets = deliveries.recipients(event).filter((e) => !endpoint || e.id === endpoint);
      const statuses = [];
      for (const target of targets) statuses.push({ endpoint: target.id, status: await deliveries.deliverOnce(event, target, alteration) });
      return sendJson(res, 200, statuses);
    }
    if (path === '/events') {
      const type = reqUrl.searchParams.get('type');
      const owner = reqUrl.searchParams.get('account');
      const list = [...objects.values()].filter((o) => o.kind === 'event' && (!owner || o.owner === owner) && (!type || o.value.type === type)).map((o) => o.value);
      return sendJson(res, 200, list);
    }
    if (path === '/requests') return sendJson(res, 200, seen.slice(Number(reqUrl.searchParams.get('since') ?? 0)));
    throw noSuch('control route', path);
  }

  const server = createServer((req, res) => {
    const reqUrl = new URL(req.url ?? '/', 'http://stripe.invalid');
    const path = reqUrl.pathname;
    const requestId = stripeId('req_', 14);
    res.setHeader('request-id', requestId);
    if (path.startsWith('/v1/') || path.startsWith('/oauth/token') || path === '/oauth/deauthorize') {
      res.setHeader('stripe-version', typeof req.headers['stripe-version'] === 'string' ? req.headers['stripe-version'] : (apiVersion ?? ''));
      res.on('finish', async () => {
        const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : null);
        seen.push({ method: req.method!, path, query: reqUrl.search, stripeAccount: header('stripe-account'), idempotencyKey: header('idempotency-key'), stripeVersion: header('stripe-version'), body: await readBody(req), status: res.statusCode });
      });
    }
    const route = (): unknown => {
      if (path === '/oauth/authorize' && req.method === 'GET') return consentForm(reqUrl, res);
      if (path === '/oauth/authorize' && req.method === 'POST') return consent(req, res);
      if (path === '/oauth/token' && req.method === 'POST') return oauthToken(req, res);
      if (path === '/oauth/deauthorize' && req.method === 'POST') return deauthorize(req, res);
      if (path.startsWith('/v1/')) return api(req, reqUrl, res, requestId);
      const page = /^\/c\/pay\/([^/]+)$/.exec(path);
      if (page) return checkout(req, page[1], res);
      const paid = /^\/receipts\/payment\/([^/]+)$/.exec(path);
      if (paid && req.method === 'GET') return receipt(paid[1], res);
      if (path.startsWith('/__control/')) return control(req, reqUrl, res);
      throw invalidRequest(`Unrecognized request URL (${req.method}: ${path}).`, {}, 404);
    };
    Promise.resolve()
      .then(route)
      .catch((e: unknown) => {
        if (res.headersSent) return;
        if (e instanceof StripeApiError || e instanceof StripeOAuthError) return sendJson(res, e.status, e.body());
        sendJson(res, 500, new StripeApiError(500, 'api_error', String(e)).body());
      });
  });
  const url = await listenLoopback(server, opts.port);
  const webhook = opts.webhook && createEndpoint({ url: opts.webhook.url, enabled_events: opts.webhook.enabledEvents ?? ['*'], connect: String(opts.webhook.connect ?? true) });
  return {
    url,
    secretKey,
    clientId,
    platformAccount: platform.id,
    env: {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_CONNECT_CLIENT_ID: clientId,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: new URL(url).port,
      STRIPE_API_PROTOCOL: 'http',
      STRIPE_CONNECT_AUTHORIZE_URL: `${url}/oauth/authorize`,
      ...(webhook ? { STRIPE_WEBHOOK_SECRET: webhook.secret } : {}),
    },
    stop: async () => {
      for (const t of expiryTimers.values()) clearTimeout(t);
      await deliveries.stop();
      await closeServer(server);
    },
  };
}

/** Stripe's way of naming a key in an error: all but its kind and last four characters masked. */
function masked(key: string): string {
  const kind = /^(sk|rk|pk)_(test|live)_/.exec(key)?.[0] ?? '';
  return `${kind}${'*'.repeat(Math.max(0, key.length - kind.length - 4))}${key.slice(-4)}`;
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body, null, 2));
}

function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(html);
}

/** The stand-in's control API, as tests use it. */
export function stripeControl(url: string) {
  const post = controlPoster(url, 'Stripe');
  return {
    /** Makes (or updates) the Stripe account of `email`, before its owner connects it. */
    account: (email: string, profile: Partial<Omit<AccountProfile, 'email'>> = {}) => post('/accounts', { email, ...profile }),
    /** Submits the consent page at `authorizeUrl` (the email from `stripe_user[email]`): the address Stripe redirects to. */
    consent: async (authorizeUrl: string, action: 'allow' | 'deny' = 'allow', email?: string): Promise<string> => {
      const query = new URL(authorizeUrl).searchParams;
      const form = new URLSearchParams([...query].filter(([k]) => !k.startsWith('stripe_user[')));
      form.set('email', email ?? query.get('stripe_user[email]') ?? `user-${randomBytes(4).toString('hex')}@example.com`);
      form.set('action', action);
      const res = await fetch(`${url}/oauth/authorize`, { method: 'POST', body: form, redirect: 'manual' });
      if (res.status !== 302) throw new Error(`Stripe stand-in consent: ${res.status} ${await res.text()}`);
      return res.headers.get('location')!;
    },
    /** The account's owner disconnects the platform from their Dashboard. */
    deauthorize: (account: string) => post(`/accounts/${account}/deauthorize`),
    /** Pays the session as the hosted page would (card 4242… unless told). */
    pay: (session: string, card?: string, email?: string): Promise<{ status: number; error?: string; location?: string }> => post(`/checkout/sessions/${session}/pay`, { card, email }),
    /** The session expires now, as when its expires_at passes. */
    expireSession: (session: string) => post(`/checkout/sessions/${session}/expire`),
    /** The refund fails after the fact (Stripe's failure_reason values: expired_or_canceled_card, lost_or_stolen_card, declined, unknown…). */
    failRefund: (refund: string, reason: string) => post(`/refunds/${refund}/fail`, { reason }),
    /** Every API call acting as `account`, and its deauthorization, answers 500 api_error while `down`. */
    outage: (account: string, down: boolean) => post('/outage', { account, down }),
    /** Holds events instead of delivering them, until `release` sends them in the order asked. */
    hold: (on: boolean) => post('/webhooks/hold', { on }),
    release: (order: 'sent' | 'reverse' | string[]) => post('/webhooks/release', { order }),
    /** Delivers an event once more, optionally altered: another body than the signed one, another secret, an old timestamp. */
    deliver: (event: string, alteration: Alteration & { endpoint?: string } = {}): Promise<{ endpoint: string; status: number | null }[]> => post(`/events/${event}/deliver`, alteration),
    event: async (id: string): Promise<{ event: StripeEvent; deliveries: Attempt[] }> => (await fetch(`${url}/__control/events/${id}`)).json(),
    events: async (filter: { type?: string; account?: string } = {}): Promise<StripeEvent[]> => (await fetch(`${url}/__control/events?${new URLSearchParams(filter)}`)).json(),
    /** API requests answered so far, from the `since`-th on. */
    requests: async (since = 0): Promise<SeenRequest[]> => (await fetch(`${url}/__control/requests?since=${since}`)).json(),
  };
}
