// POST /outbox: one sweep of the outbox (due reminders first, then every due delivery it can finish in
// its time budget). Called right after a write (the database's kick: pg_net on a hosted project, the
// local stack's listener) and on a schedule (pg_cron, or the local stack's timer). Service role only.
import { createClient } from '@supabase/supabase-js';
import { googleAccess, googleConfig, type GoogleConfig } from '../_shared/calendars/google.ts';
import { importSecretKey } from '../_shared/calendars/secrets.ts';
import { database, serviceRpc } from '../_shared/db/connection.ts';
import { calendarWriteHandler } from '../_shared/calendars/writeback.ts';
import { invitationHandler } from '../_shared/invitations/mail.ts';
import { outboundFetch, type OutboundPolicy, outboundPolicy } from '../_shared/net/outbound.ts';
import { createTransport, emailHandler, type SmtpEnv } from '../_shared/outbox/email.ts';
import { sweep, type SweepOptions } from '../_shared/outbox/worker.ts';
import { WEBHOOK_TIMEOUT_MS } from '../_shared/rules/webhooks.ts';
import { webhookHandler } from '../_shared/webhooks/deliver.ts';
import { webhookMailHandler } from '../_shared/webhooks/mail.ts';
import { meetingWriteHandler } from '../_shared/meetings/writer.ts';
import { zoomAccess, zoomConfig, type ZoomConfig } from '../_shared/meetings/zoom.ts';
import { checkoutExpireHandler } from '../_shared/payments/checkout.ts';
import { refundHandler } from '../_shared/payments/refund.ts';
import { stripeDeauthorizeHandler } from '../_shared/payments/deauthorize.ts';
import { stripeConfig, stripeConnect, type StripeConfig } from '../_shared/payments/stripe.ts';

export interface OutboxEnv {
  supabaseUrl: string;
  serviceRoleKey: string;
  /** The functions' database connection (SUPABASE_DB_URL): claims and outcomes of outbox rows. */
  dbUrl: string;
  smtp: SmtpEnv;
  siteUrl: string;
  tokenSecret: string;
  leaseSeconds: number;
  batch: number;
  budgetMs: number;
  /** Bookings written into hosts' calendars: the key of their stored credentials, and the fetch policy. */
  calendarKey: string;
  outbound: OutboundPolicy;
  /** The project's Google client, for bookings written to Google calendars. */
  google: GoogleConfig | null;
  /** The project's Zoom app, for the meetings of bookings whose place is Zoom. */
  zoom: ZoomConfig | null;
  /** The project's Stripe platform, to give up its access to the accounts hosts disconnect. */
  stripe: StripeConfig | null;
}

export function readOutboxEnv(get: (name: string) => string | undefined): OutboxEnv {
  const need = (name: string): string => {
    const value = get(name);
    if (!value) throw new Error(`Missing environment variable ${name}`);
    return value;
  };
  const number = (name: string, fallback: number) => Number(get(name) ?? '') || fallback;
  return {
    supabaseUrl: need('SUPABASE_URL').replace(/\/+$/, ''),
    serviceRoleKey: need('SUPABASE_SERVICE_ROLE_KEY'),
    dbUrl: need('SUPABASE_DB_URL'),
    smtp: { host: need('SMTP_HOST'), port: number('SMTP_PORT', 465), user: get('SMTP_USER'), pass: get('SMTP_PASS'), from: need('SMTP_FROM') },
    siteUrl: need('SITE_URL'),
    tokenSecret: need('BOOKING_TOKEN_SECRET'),
    leaseSeconds: number('OUTBOX_LEASE_SECONDS', 60),
    batch: number('OUTBOX_BATCH', 10),
    budgetMs: number('OUTBOX_BUDGET_MS', 20_000),
    calendarKey: need('CALENDAR_ENCRYPTION_KEY'),
    outbound: outboundPolicy(get),
    google: googleConfig(get),
    zoom: zoomConfig(get),
    stripe: stripeConfig(get),
  };
}

/** The role claim of a bearer JWT whose signature the gateway has verified (verify_jwt). */
function role(req: Request): string | undefined {
  const token = /^Bearer\s+(.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1];
  try {
    const payload = token?.split('.')[1];
    return payload ? JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))).role : undefined;
  } catch {
    return undefined;
  }
}

const reply = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function outboxHandler(env: OutboxEnv): (req: Request) => Promise<Response> {
  const db = createClient(env.supabaseUrl, env.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const transport = createTransport(env.smtp);
  // A sweep delivers a batch's rows side by side, each one query at a time, while its claims and
  // reminders run alone: a connection for each row, so none waits for one (connection.ts, database).
  const sql = () => database(env.dbUrl, env.batch);
  // Calendars carry passwords and secret addresses: https only (Google included).
  const calendarFetch = outboundFetch({ ...env.outbound, httpsOnly: true });
  const calendarKey = importSecretKey(env.calendarKey);
  const handlers = {
    email: emailHandler({ db: sql, smtp: env.smtp, siteUrl: env.siteUrl, tokenSecret: env.tokenSecret }, transport),
    invitation: invitationHandler({ db, siteUrl: env.siteUrl, tokenSecret: env.tokenSecret, from: env.smtp.from }, transport),
    calendar: calendarWriteHandler({
      db,
      key: calendarKey,
      fetch: calendarFetch,
      google: env.google ? googleAccess(env.google, calendarFetch) : null,
    }),
    meeting: meetingWriteHandler({
      db,
      key: calendarKey,
      zoom: env.zoom ? zoomAccess(env.zoom, calendarFetch) : null,
    }),
    stripe_deauthorize: stripeDeauthorizeHandler({ db, stripe: env.stripe ? stripeConnect(env.stripe) : null }),
    checkout_expire: checkoutExpireHandler({ stripe: env.stripe }),
    stripe_refund: refundHandler({ db: sql, stripe: env.stripe }),
    // An endpoint's answer is read up to 1 MiB (the log keeps its first 1 KB), within 10 seconds.
    webhook: webhookHandler({ db, fetch: outboundFetch({ ...env.outbound, timeoutMs: WEBHOOK_TIMEOUT_MS, maxBytes: 1024 * 1024 }) }),
    webhook_mail: webhookMailHandler({ from: env.smtp.from, siteUrl: env.siteUrl }, transport),
  };
  const options: Omit<SweepOptions, 'worker'> = {
    batch: env.batch,
    leaseSeconds: env.leaseSeconds,
    budgetMs: env.budgetMs,
    producers: [
      () => serviceRpc<number>(sql(), 'enqueue_due_reminders', []),
      // Paid bookings' holds that ran out: their time released, their Checkout Sessions expired.
      () => serviceRpc<number>(sql(), 'expire_payment_holds', []),
    ],
  };
  return async (req) => {
    if (req.method !== 'POST') return reply({ message: 'Method not allowed' }, 405);
    if (role(req) !== 'service_role') return reply({ message: 'Forbidden' }, 403);
    await req.body?.cancel();
    try {
      return reply(await sweep(sql(), handlers, { ...options, worker: crypto.randomUUID() }));
    } catch (e) {
      console.error(e);
      return reply({ message: 'Sweep failed' }, 500);
    }
  };
}
