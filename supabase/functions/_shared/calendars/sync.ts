// Refreshes the busy cache of calendar connections: reads each calendar that checks for conflicts,
// expands its events over the booking horizon and replaces that calendar's cached intervals in one
// transaction. A failure marks the connection (shown to the host) and keeps the last good cache, so
// a calendar that cannot be read never makes its owner look free.
import type { SupabaseClient } from '@supabase/supabase-js';
import { MAX_HORIZON_DAYS } from '../rules/constants.ts';
import { WordedError } from '../rules/messages.ts';
import { DAY_MS, MINUTE_MS } from '../rules/time.ts';
import { calendarObjectsIn, type CalDavLogin } from './caldav.ts';
import { feedAddress, readFeed } from './feed.ts';
import { busyFromICalendar } from './ics.ts';
import { RecurrenceBudget } from './recurrence-budget.ts';
import { openSecret } from './secrets.ts';
import type { Span } from '../rules/intervals.ts';
import type { GoogleAccess } from './google.ts';

/** A cache older than this is refreshed on demand (the slot path asks; the schedule sweeps). */
export const STALE_AFTER_MS = 5 * MINUTE_MS;

export interface CalendarDeps {
  key: CryptoKey;
  /** The SSRF-safe fetch for user-supplied addresses. */
  fetch: typeof fetch;
  google: GoogleAccess | null;
}

/** The window cached: from a day back (buffers reach back) to beyond the longest horizon. */
export function syncWindow(now: number): { from: number; to: number } {
  return { from: now - DAY_MS, to: now + (MAX_HORIZON_DAYS + 2) * DAY_MS };
}

export type CaldavSecret = { password: string };
export type FeedSecret = { url: string };
export type GoogleSecret = { refreshToken: string };

interface ConnectionRow {
  id: number;
  user_id: string;
  provider: 'caldav' | 'ics' | 'google';
  server_url: string | null;
  username: string | null;
}

interface SourceRow {
  id: number;
  remote_id: string;
  checks_conflicts: boolean;
  can_write: boolean;
}

function must<T>(result: { data: unknown; error: { message: string } | null }): T {
  if (result.error) throw new Error(result.error.message);
  return result.data as T;
}

/** Rows PostgREST returns at most per request (config.toml's max_rows). */
const PAGE = 1000;

/**
 * UIDs of the events Kairos wrote for this host into these calendars, per calendar (its write-back
 * rows): the host's own bookings, which block their time already. Only these are left out of the
 * busy cache; any other event with a booking's UID (an accepted invitation to another host's
 * booking, another host's bookings feed) blocks like any event.
 */
async function writtenBack(service: SupabaseClient, userId: string, sources: SourceRow[]): Promise<Map<number, Set<string>>> {
  const bySource = new Map<number, Set<string>>();
  for (let offset = 0; ; offset += PAGE) {
    const rows = must<{ source_id: number; ical_uid: string }[]>(
      await service
        .from('calendar_events')
        .select('source_id, ical_uid')
        .eq('user_id', userId)
        .in('source_id', sources.map((s) => s.id))
        .order('ical_uid')
        .order('source_id')
        .range(offset, offset + PAGE - 1),
    );
    for (const r of rows) bySource.set(r.source_id, (bySource.get(r.source_id) ?? new Set()).add(r.ical_uid));
    if (rows.length < PAGE) return bySource;
  }
}

/** Busy spans per calendar of one connection, read from the remote side. */
async function readBusy(deps: CalendarDeps, service: SupabaseClient, conn: ConnectionRow, secret: unknown, sources: SourceRow[], hostTimeZone: string, now: number) {
  const own = await writtenBack(service, conn.user_id, sources);
  const ownIn = (s: SourceRow): ReadonlySet<string> => own.get(s.id) ?? new Set();
  const windowOf = (s: SourceRow) => ({ ...syncWindow(now), hostTimeZone, ignoreUid: (uid: string) => ownIn(s).has(uid) });
  const { from, to } = syncWindow(now);
  // One budget for the whole connection: each feed or CalDAV object is a file of it.
  const budget = new RecurrenceBudget();
  const busy = new Map<number, Span[]>();
  const checked = sources.filter((s) => s.checks_conflicts);
  if (conn.provider === 'caldav') {
    const login: CalDavLogin = { serverUrl: conn.server_url!, username: conn.username ?? '', password: (secret as CaldavSecret).password };
    for (const s of checked) busy.set(s.id, busyFromICalendar(await calendarObjectsIn(login, s.remote_id, from, to, deps.fetch), windowOf(s), budget));
  } else if (conn.provider === 'ics') {
    const text = await readFeed(feedAddress((secret as FeedSecret).url), deps.fetch);
    for (const s of checked) busy.set(s.id, busyFromICalendar(text, windowOf(s), budget));
  } else {
    if (!deps.google) throw new Error('Google Calendar is not configured on this project');
    const calendars = checked.map((s) => ({ id: s.remote_id, writable: s.can_write, writtenBack: ownIn(s) }));
    const byId = await deps.google.busy((secret as GoogleSecret).refreshToken, calendars, from, to);
    for (const s of checked) busy.set(s.id, byId.get(s.remote_id) ?? []);
  }
  // Calendars that do not check for conflicts hold no busy time.
  for (const s of sources) if (!busy.has(s.id)) busy.set(s.id, []);
  return busy;
}

function message(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).slice(0, 500) || 'The calendar could not be read';
}

/**
 * Syncs one connection now. `claim` (the last attempt the sweep saw) makes concurrent sweeps skip a
 * connection another worker has just started: only the first to move last_attempt_at on from that
 * value goes ahead. (A compare on the value, not an `or` filter: PostgREST qualifies an `or` of a PATCH
 * with a table name its UPDATE does not know.) Returns null when skipped, else whether it worked.
 */
export async function syncConnection(service: SupabaseClient, deps: CalendarDeps, connectionId: number, opts: { now?: Date; claim?: { lastAttemptAt: string | null } } = {}) {
  const now = opts.now ?? new Date();
  let claim = service.from('calendar_connections').update({ last_attempt_at: now.toISOString() }).eq('id', connectionId);
  if (opts.claim) claim = opts.claim.lastAttemptAt === null ? claim.is('last_attempt_at', null) : claim.eq('last_attempt_at', opts.claim.lastAttemptAt);
  const claimed = must<ConnectionRow[]>(await claim.select('id, user_id, provider, server_url, username'));
  if (claimed.length === 0) return null;
  const conn = claimed[0];
  try {
    const [credentials, sources, profile] = await Promise.all([
      service.from('calendar_credentials').select('secret').eq('connection_id', conn.id).single(),
      service.from('calendar_sources').select('id, remote_id, checks_conflicts, can_write').eq('connection_id', conn.id).order('id'),
      service.from('profiles').select('timezone').eq('id', conn.user_id).single(),
    ]);
    const secret = await openSecret(deps.key, conn.user_id, must<{ secret: string }>(credentials).secret);
    const rows = must<SourceRow[]>(sources);
    const busy = await readBusy(deps, service, conn, secret, rows, must<{ timezone: string }>(profile).timezone ?? 'UTC', now.getTime());
    for (const [sourceId, spans] of busy) {
      const payload = spans.map((s) => [new Date(s.start).toISOString(), new Date(s.end).toISOString()]);
      must(await service.rpc('replace_external_busy', { p_source_id: sourceId, p_spans: payload }));
    }
    must(await service.from('calendar_connections').update({ status: 'ok', last_error: null, last_error_rule: null, last_synced_at: now.toISOString() }).eq('id', conn.id));
    return { ok: true as const };
  } catch (e) {
    const rule = e instanceof WordedError ? e.rule : null;
    await service.from('calendar_connections').update({ status: 'error', last_error: message(e), last_error_rule: rule }).eq('id', conn.id);
    return { ok: false as const, error: message(e), rule };
  }
}

/** The scheduled sweep: every connection whose cache is stale (or the given hosts' only). */
export async function syncDue(service: SupabaseClient, deps: CalendarDeps, opts: { userIds?: string[]; now?: Date; limit?: number } = {}) {
  const now = opts.now ?? new Date();
  let due = service
    .from('calendar_connections')
    .select('id, last_attempt_at')
    .or(`last_attempt_at.is.null,last_attempt_at.lt.${new Date(now.getTime() - STALE_AFTER_MS).toISOString()}`)
    .order('last_attempt_at', { ascending: true, nullsFirst: true })
    .limit(opts.limit ?? 25);
  if (opts.userIds) due = due.in('user_id', opts.userIds);
  const rows = must<{ id: number; last_attempt_at: string | null }[]>(await due);
  const results = [];
  for (const { id, last_attempt_at } of rows) results.push({ id, result: await syncConnection(service, deps, id, { now, claim: { lastAttemptAt: last_attempt_at } }) });
  return results;
}
