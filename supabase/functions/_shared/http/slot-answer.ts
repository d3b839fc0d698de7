// GET /slots and GET /api/slots: the slots of an event type for the caller (a guest, or a member of a
// private team), asking for a refresh of the hosts' calendar caches when they are stale.
//
// A slot list carries an ETag: the version of its calendar's schedule (raised in the same transaction
// as every change to its inputs: a booking, hours, overrides, time off, settings, a synced calendar),
// the minute it was computed in (slots pass into notice and the past as time goes on) and the query.
// `If-None-Match` with a current ETag is answered 304 without computing; `no-cache` makes every reuse
// ask first, so a guest never sees a list older than the last change.
import { listSlots } from '../booking/list-slots.ts';
import { previewSeries } from '../booking/series.ts';
import { inputsCache } from '../booking/schedule.ts';
import { LRUCache } from 'lru-cache';
import { STALE_AFTER_MS } from '../calendars/sync.ts';
import { functionsDatabase, jwtClaims } from '../db/connection.ts';
import { refreshStaleCalendars } from './calendar-refresh.ts';
import { firstComputes } from '../booking/first-computes.ts';
import { json, jsonText } from './errors.ts';
import { seriesQuery, slotsQuery } from './request.ts';
import type { Ctx } from './router.ts';
import type { SlotsQuery } from '../rules/schemas.ts';

const CACHE_CONTROL = 'private, no-cache';
/** This process's last slot inputs: guests asking again for a host's slots read only its version. */
const INPUTS = inputsCache();
/**
 * This process's last answers, by minute and query, with the version they were computed at: while it
 * is current, the answer is the same bytes (what the ETag promises), so it is sent again without
 * computing. A 50-member team's answer is 1,440 slots; each request still asks the database who may
 * book and the version.
 */
const ANSWERS = new LRUCache<string, Kept>({ max: 64 });
/** Requests for a query no answer is kept for (booking/first-computes.ts). */
const ANSWERING = new Map<string, Promise<Response>>();

/** An answer as computed, and gzipped once a client takes gzip. */
interface Kept {
  version: string;
  body: string;
  gzipped?: Promise<ArrayBuffer>;
}

/** Does the client take gzip (every browser does)? Not when it names it with q=0. */
function takesGzip(header: string | null): boolean {
  return (header ?? '').split(',').some((coding) => {
    const [name, ...params] = coding.split(';');
    return name.trim().toLowerCase() === 'gzip' && !params.some((p) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(p));
  });
}

/**
 * A kept answer's response. The server compresses a body for a client that takes it, for every
 * response again: the same 150 KB of a big team's slots each time. Gzipped here once, it is sent as it
 * is (a body that names its encoding is left alone).
 */
async function sent(kept: Kept, req: Request, headers: Record<string, string>): Promise<Response> {
  if (!takesGzip(req.headers.get('accept-encoding'))) return jsonText(kept.body, 200, { ...headers, vary: 'Accept-Encoding' });
  kept.gzipped ??= new Response(new Blob([kept.body]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer();
  return jsonText(await kept.gzipped, 200, { ...headers, 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
}

/** A short, stable digest of the query (FNV-1a): an ETag of one URL never matches another's. */
function digest(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/** The version part of `If-None-Match` when the rest (minute, query) matches this request's. */
function heldVersion(header: string | null, suffix: string): string | undefined {
  for (const tag of (header ?? '').split(',')) {
    const m = /^\s*(?:W\/)?"([^"]*)"\s*$/.exec(tag);
    if (m && m[1].endsWith(suffix)) return m[1].slice(0, -suffix.length);
  }
  return undefined;
}

export async function answerSlots(ctx: Ctx): Promise<Response> {
  const query = slotsQuery(ctx.url);
  const caller = await ctx.caller();
  const claims = caller ? jwtClaims(caller.accessToken) : null;
  const now = new Date();
  const suffix = `.${Math.floor(now.getTime() / 60_000).toString(36)}.${digest(ctx.url.search)}`;
  const held = heldVersion(ctx.req.headers.get('if-none-match'), suffix);
  // The full query, not its digest: a kept answer must never be another query's.
  const key = `${suffix}${ctx.url.search}`;
  // A client holding this minute's ETag is mostly answered 304 without computing: it never waits.
  if (held) return answer(ctx, query, claims, now, { suffix, key, held, kept: ANSWERS.get(key) });
  return firstComputes(ANSWERING, key, () => ANSWERS.has(key), () => answer(ctx, query, claims, now, { suffix, key, kept: ANSWERS.get(key) }));
}

/** The slots of `query`, or 304 / the kept answer when the version `held` (the client's) or `kept`'s is current. */
async function answer(
  ctx: Ctx,
  query: SlotsQuery,
  claims: Record<string, unknown> | null,
  now: Date,
  { suffix, key, held, kept }: { suffix: string; key: string; held?: string; kept?: Kept },
): Promise<Response> {
  const listed = await listSlots(functionsDatabase(ctx.env), query, claims, {
    now,
    ifVersion: held ?? kept?.version,
    cache: INPUTS,
    staleBefore: new Date(now.getTime() - STALE_AFTER_MS),
  });
  const etag = (version: string) => `W/"${version}${suffix}"`;
  const headers = (version: string) => ({ etag: etag(version), 'cache-control': CACHE_CONTROL });
  if (listed === 'not-modified') {
    if (held) return new Response(null, { status: 304, headers: headers(held) });
    return sent(kept!, ctx.req, headers(kept!.version));
  }
  if (listed.stale.length) refreshStaleCalendars(ctx.env, listed.stale);
  // A new version (a booking) reaches every open connection at once: the first here computes the answer
  // (at once: nothing else runs meanwhile), the others send it.
  let fresh = ANSWERS.get(key);
  if (fresh?.version !== listed.version) ANSWERS.set(key, (fresh = { version: listed.version, body: JSON.stringify(listed.answer()) }));
  return sent(fresh, ctx.req, headers(listed.version));
}

/**
 * GET /slots/series: each occurrence of a series as the guest would book it, free or taken (with the
 * nearest free start of its week), checked by the same engine as a single slot (docs/series.md).
 * Not cached: it is asked once, before booking.
 */
export async function answerSeries(ctx: Ctx): Promise<Response> {
  const caller = await ctx.caller();
  const preview = await previewSeries(functionsDatabase(ctx.env), seriesQuery(ctx.url), caller ? jwtClaims(caller.accessToken) : null);
  return json(preview, 200, { 'cache-control': 'private, no-store' });
}
