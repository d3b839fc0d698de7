// The `calendars` function: connecting a host's external calendars (CalDAV, iCalendar feeds,
// Google) and accounts (Zoom; Stripe, to take payments), syncing their busy times into the cache the slot path reads, and each host's secret
// webcal:// feed of their own bookings.
//
//   POST /calendars/connections            {provider: 'caldav'|'ics', ...}   (signed in)
//   POST /calendars/connections/:id/sync                                    (signed in, own)
//   GET  /calendars/providers               which kinds this project offers
//   POST /calendars/google/start           {redirectUri} → {url}            (signed in)
//   POST /calendars/google/connect         {code, state, redirectUri}        (signed in)
//   POST /calendars/zoom/start             {redirectUri} → {url}            (signed in)
//   POST /calendars/zoom/connect           {code, state, redirectUri}        (signed in)
//   POST /calendars/stripe/start           {redirectUri} → {url}            (signed in)
//   POST /calendars/stripe/connect         {code, state, redirectUri}        (signed in)
//   POST /calendars/sync                   {userIds?}  the scheduled sweep   (service role)
//   GET  /calendars/feed/:token.ics        the host's bookings               (anyone with the token)
import { serviceClient } from '../_shared/http/clients.ts';
import type { FunctionEnv } from '../_shared/http/env.ts';
import { fromDbError, type DbError } from '../_shared/db/errors.ts';
import { json } from '../_shared/http/errors.ts';
import { failure, forbidden, invalid, notFound, parseOrThrow } from '../_shared/rules/errors.ts';
import { ruleMessage, type RuleMessage } from '../_shared/rules/messages.ts';
import { readJson, idParam } from '../_shared/http/request.ts';
import { createHandler, Router, type Ctx } from '../_shared/http/router.ts';
import type { Caller } from '../_shared/http/session.ts';
import { bookingsFeed, feedEvents, type FeedBooking } from '../_shared/calendars/booking-feed.ts';
import { CalendarAccessError, discoverCalDav, type RemoteCalendar } from '../_shared/calendars/caldav.ts';
import { feedAddress, feedName, readFeed } from '../_shared/calendars/feed.ts';
import { googleAccess, googleConfig, type GoogleConfig } from '../_shared/calendars/google.ts';
import { CalendarDataError } from '../_shared/calendars/ics.ts';
import { connectionSchema, googleConnectSchema, googleStartSchema } from '../_shared/calendars/schemas.ts';
import { importSecretKey, openSecret, sealSecret } from '../_shared/calendars/secrets.ts';
import { syncConnection, syncDue, type CalendarDeps } from '../_shared/calendars/sync.ts';
import { ZoomError, zoomAccess, zoomConfig, type ZoomConfig } from '../_shared/meetings/zoom.ts';
import { StripeConnectError, stripeConfig, stripeConnect, type StripeConfig } from '../_shared/payments/stripe.ts';
import { OutboundError, outboundFetch, outboundPolicy, type OutboundPolicy } from '../_shared/net/outbound.ts';

export interface CalendarsEnv {
  encryptionKey: string;
  outbound: OutboundPolicy;
  google: GoogleConfig | null;
  zoom: ZoomConfig | null;
  stripe: StripeConfig | null;
}

/** Whether a connection's sync read it, and why not: in English and by its rule (the host's language), as the connection keeps them. */
const synced = (result: Awaited<ReturnType<typeof syncConnection>>) => {
  const failed = result && !result.ok ? result : null;
  return { synced: result?.ok ?? false, error: failed?.error ?? null, errorRule: failed?.rule ?? null };
};

/** An account that could not be connected, and why, in words a host reads in their language. */
const notConnected = (reason: RuleMessage) => failure('calendar_failed', ruleMessage('connectFailed', { reason }));

/** Failures of the remote side are the host's to fix (address, password): a 400 with the reason. */
function remoteFailure(e: unknown): never {
  if (e instanceof CalendarAccessError || e instanceof OutboundError || e instanceof CalendarDataError) throw notConnected(e.rule);
  throw e;
}

function must<T>(result: { data: unknown; error: DbError | null }): T {
  if (result.error) throw fromDbError(result.error);
  return result.data as T;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const STATE_TTL_MS = 15 * 60_000;

export function calendarsRouter(cal: CalendarsEnv): Router {
  const key = importSecretKey(cal.encryptionKey);
  // App passwords and secret feed addresses never travel in clear text.
  const fetcher = outboundFetch({ ...cal.outbound, httpsOnly: true });
  const google = cal.google ? googleAccess(cal.google, fetcher) : null;
  const zoom = cal.zoom ? zoomAccess(cal.zoom, fetcher) : null;
  // Stripe's SDK talks to Stripe's own fixed addresses, not to addresses a user gave: no outbound guard.
  const stripe = cal.stripe ? stripeConnect(cal.stripe) : null;
  const deps = async (): Promise<CalendarDeps> => ({ key: await key, fetch: fetcher, google });

  /**
   * The caller, if the database lets this session act for the account: it shows them their own
   * profile unless the account has a verified factor and the session is not aal2 (the restrictive
   * two-factor policy). add_calendar_connection is the service role's, so this asks that rule first.
   */
  async function connecting(ctx: Ctx): Promise<Caller> {
    const caller = await ctx.requireCaller();
    const own = must<{ id: string }[]>(await caller.db.from('profiles').select('id').eq('id', caller.id));
    if (own.length === 0) throw forbidden(ruleMessage('twoFactorNeeded'));
    return caller;
  }

  /**
   * Stores a connection this function has checked (the account reached, its calendars read, the
   * secret sealed) for the caller, then fills its cache once. `account` names the account (see
   * calendar_connections.account): connecting one already connected updates that connection.
   */
  async function save(
    ctx: Ctx,
    caller: Caller,
    c: { provider: string; account: string | null; label: string; serverUrl: string | null; username: string | null; secret: unknown; calendars: RemoteCalendar[] },
  ) {
    const id = must<number>(
      await serviceClient(ctx.env).rpc('add_calendar_connection', {
        p_user_id: caller.id,
        p_provider: c.provider,
        p_label: c.label.slice(0, 200),
        p_server_url: c.serverUrl,
        p_username: c.username,
        p_secret: await sealSecret(await key, caller.id, c.secret),
        p_calendars: c.calendars,
        p_account: c.account,
      }),
    );
    const result = await syncConnection(serviceClient(ctx.env), await deps(), id);
    return json({ id, ...synced(result) }, 201);
  }

  async function connect(ctx: Ctx) {
    const caller = await connecting(ctx);
    const input = parseOrThrow(connectionSchema, await readJson(ctx.req));
    if (input.provider === 'caldav') {
      const login = { serverUrl: input.serverUrl, username: input.username, password: input.password };
      const { home, calendars } = await discoverCalDav(login, fetcher).catch(remoteFailure);
      if (calendars.length === 0) throw notConnected(ruleMessage('calendarNoEvents'));
      const server = new URL(input.serverUrl);
      return save(ctx, caller, {
        provider: 'caldav',
        account: home,
        label: input.label || `${input.username} on ${server.host}`,
        serverUrl: input.serverUrl,
        username: input.username,
        secret: { password: input.password },
        calendars,
      });
    }
    const url = (() => {
      try {
        return feedAddress(input.url);
      } catch (e) {
        return remoteFailure(e);
      }
    })();
    const text = await readFeed(url, fetcher).catch(remoteFailure);
    const name = feedName(text) ?? url.host;
    return save(ctx, caller, {
      provider: 'ics',
      account: await sha256Hex(url.href),
      label: input.label || name,
      serverUrl: url.origin,
      username: null,
      secret: { url: url.href },
      calendars: [{ remoteId: 'feed', name, color: null, canWrite: false }],
    });
  }

  async function syncOne(ctx: Ctx) {
    const caller = await ctx.requireCaller();
    const id = idParam(ctx.params.id);
    // RLS decides whose connection this is: another host's reads as missing.
    const own = must<{ id: number }[]>(await caller.db.from('calendar_connections').select('id').eq('id', id));
    if (own.length === 0) throw notFound(ruleMessage('connectionNotFound'));
    const result = await syncConnection(serviceClient(ctx.env), await deps(), id);
    return json({ id, ...synced(result) });
  }

  async function sweep(ctx: Ctx) {
    if (ctx.req.headers.get('authorization') !== `Bearer ${ctx.env.serviceRoleKey}`) throw forbidden();
    const body = (await readJson(ctx.req)) as { userIds?: unknown } | undefined;
    const userIds = Array.isArray(body?.userIds) ? body.userIds.filter((u): u is string => typeof u === 'string').slice(0, 100) : undefined;
    const results = await syncDue(serviceClient(ctx.env), await deps(), { userIds });
    return json({ synced: results.filter((r) => r.result?.ok).length, failed: results.filter((r) => r.result && !r.result.ok).length });
  }

  // The OAuth providers: null where the project names no client for one, and then a 404 at its routes.
  const oauth = {
    google: { access: google, name: 'Google', unavailable: 'Google Calendar is not available on this project' },
    zoom: { access: zoom, name: 'Zoom', unavailable: 'Zoom is not available on this project' },
    stripe: { access: stripe, name: 'Stripe', unavailable: 'Stripe is not available on this project' },
  };
  type OAuthProvider = keyof typeof oauth;

  function offered<P extends OAuthProvider>(provider: P): NonNullable<(typeof oauth)[P]['access']> {
    const { access, unavailable } = oauth[provider];
    if (!access) throw notFound(unavailable);
    return access;
  }

  /** POST /calendars/{provider}/start: the consent address, with a state only this user can bring back, for a while. */
  const oauthStart = (provider: OAuthProvider) => async (ctx: Ctx) => {
    const access = offered(provider);
    const caller = await connecting(ctx);
    const { redirectUri } = parseOrThrow(googleStartSchema, await readJson(ctx.req));
    const state = await sealSecret(await key, `${provider}-oauth-state`, { userId: caller.id, exp: Date.now() + STATE_TTL_MS });
    return json({ url: access.consentUrl(redirectUri, state) });
  };

  /** The provider's client, the caller and the code it sent back, once the state proves they started this consent, recently. */
  async function oauthReturn<P extends OAuthProvider>(ctx: Ctx, provider: P) {
    const access = offered(provider);
    const caller = await connecting(ctx);
    const input = parseOrThrow(googleConnectSchema, await readJson(ctx.req));
    const state = await openSecret<{ userId: string; exp: number }>(await key, `${provider}-oauth-state`, input.state).catch(() => null);
    if (!state || state.userId !== caller.id || state.exp < Date.now()) throw invalid(ruleMessage('signInExpired', { provider: oauth[provider].name }));
    return { access, caller, input };
  }

  async function googleConnect(ctx: Ctx) {
    const { access, caller, input } = await oauthReturn(ctx, 'google');
    const granted = await access.exchange(input.code, input.redirectUri).catch((e) => {
      if (e instanceof CalendarAccessError) remoteFailure(e);
      throw notConnected(ruleMessage('googleSignIn'));
    });
    return save(ctx, caller, {
      provider: 'google',
      account: granted.email?.toLowerCase() ?? null,
      label: granted.email ?? 'Google Calendar',
      serverUrl: null,
      username: granted.email,
      secret: { refreshToken: granted.refreshToken },
      calendars: granted.calendars,
    });
  }

  /** Keeps the host's Zoom grant, sealed as calendar credentials are (a reconnect replaces it). */
  async function zoomConnect(ctx: Ctx) {
    const { access, caller, input } = await oauthReturn(ctx, 'zoom');
    const tokens = await access.exchange(input.code, input.redirectUri).catch((e) => {
      if (e instanceof ZoomError || e instanceof OutboundError) throw notConnected(e.rule);
      throw e;
    });
    const secret = await sealSecret(await key, caller.id, tokens);
    must(await serviceClient(ctx.env).from('zoom_connections').upsert({ user_id: caller.id, secret, connected_at: new Date().toISOString() }));
    return json({ connected: true }, 201);
  }

  /** Keeps the host's Stripe account: its grant sealed, what it said of itself for the host's screen (a reconnect replaces it). */
  async function stripeConnectRoute(ctx: Ctx) {
    const { access, caller, input } = await oauthReturn(ctx, 'stripe');
    const { tokens, account } = await access.exchange(input.code).catch((e) => {
      if (e instanceof StripeConnectError) throw notConnected(e.rule);
      throw e;
    });
    must(
      await serviceClient(ctx.env).from('stripe_connections').upsert({
        user_id: caller.id,
        account_id: account.accountId,
        secret: await sealSecret(await key, caller.id, tokens),
        email: account.email,
        country: account.country,
        default_currency: account.defaultCurrency,
        charges_enabled: account.chargesEnabled,
        requirements: account.requirements,
        connected_at: new Date().toISOString(),
      }),
    );
    return json({ connected: true }, 201);
  }

  async function feed(ctx: Ctx) {
    const token = ctx.params.token.replace(/\.ics$/, '');
    const service = serviceClient(ctx.env);
    const owner = must<{ user_id: string } | null>(await service.from('calendar_feeds').select('user_id').eq('token_hash', await sha256Hex(token)).maybeSingle());
    // A wrong or replaced token is a plain 404: it tells nothing about what exists.
    if (!owner) throw notFound();
    const since = new Date(Date.now() - 90 * 86_400_000).toISOString();
    type Row = { booking: { ical_uid: string; ical_sequence: number; start_time: string; end_time: string; status: FeedBooking['status']; guest_name: string; guest_email: string; updated_at: string; location: FeedBooking['location']; event_type: { title: string } | null; seat_slot: { ical_uid: string; ical_sequence: number } | null } };
    const [rows, host] = await Promise.all([
      service
        .from('booking_busy')
        .select('booking:bookings!inner(ical_uid, ical_sequence, start_time, end_time, status, guest_name, guest_email, updated_at, location, event_type:event_types!bookings_event_type_fkey(title), seat_slot:seat_slots(ical_uid, ical_sequence))')
        .eq('user_id', owner.user_id)
        .eq('active', true)
        .gte('booking.start_time', since)
        .order('booking_id')
        .limit(5000),
      service.from('profiles').select('first_name, last_name, email').eq('id', owner.user_id).single(),
    ]);
    const profile = must<{ first_name: string | null; last_name: string | null; email: string | null }>(host);
    const bookings = feedEvents(
      must<Row[]>(rows).map(({ booking: b }) => ({
        icalUid: b.ical_uid,
        sequence: b.ical_sequence,
        start: b.start_time,
        end: b.end_time,
        status: b.status,
        title: b.event_type?.title ?? 'Booking',
        guestName: b.guest_name,
        guestEmail: b.guest_email,
        updatedAt: b.updated_at,
        location: b.location,
        slot: b.seat_slot && { icalUid: b.seat_slot.ical_uid, sequence: b.seat_slot.ical_sequence },
      })),
      { name: [profile.first_name, profile.last_name].filter(Boolean).join(' ') || null, email: profile.email },
    );
    return new Response(bookingsFeed(bookings), {
      headers: { 'content-type': 'text/calendar; charset=utf-8', 'cache-control': 'private, max-age=300', 'content-disposition': 'inline; filename="kairos.ics"' },
    });
  }

  return new Router()
    .get('/calendars/providers', () => json({ caldav: true, ics: true, google: google !== null, zoom: zoom !== null, stripe: stripe !== null }))
    .post('/calendars/connections', connect)
    .post('/calendars/connections/:id/sync', syncOne)
    .post('/calendars/google/start', oauthStart('google'))
    .post('/calendars/google/connect', googleConnect)
    .post('/calendars/zoom/start', oauthStart('zoom'))
    .post('/calendars/zoom/connect', zoomConnect)
    .post('/calendars/stripe/start', oauthStart('stripe'))
    .post('/calendars/stripe/connect', stripeConnectRoute)
    .post('/calendars/sync', sweep)
    .get('/calendars/feed/:token', feed);
}

export function readCalendarsEnv(get: (name: string) => string | undefined): CalendarsEnv {
  const encryptionKey = get('CALENDAR_ENCRYPTION_KEY');
  if (!encryptionKey) throw new Error('Missing environment variable CALENDAR_ENCRYPTION_KEY');
  return { encryptionKey, outbound: outboundPolicy(get), google: googleConfig(get), zoom: zoomConfig(get), stripe: stripeConfig(get) };
}

export const calendarsHandler = (env: FunctionEnv, cal: CalendarsEnv) => createHandler(calendarsRouter(cal), env);
