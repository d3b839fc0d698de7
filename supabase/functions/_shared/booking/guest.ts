// The guest's manage link, without an account: see the booking, cancel it, list the times it can move
// to, and move it. The database holds every check of the token and the booking (guest_booking,
// guest_cancel_booking, guest_reschedule_booking); the new time is checked here with the slot engine,
// as a new booking's is, with the booking's own time counted free. No HTTP here.
import type { SupabaseClient } from '@supabase/supabase-js';
import { camelize } from '../db/shapes.ts';
import { fromDbError, type DbError } from '../db/errors.ts';
import { manageKey, manageToken, manageTokenHash } from '../lifecycle/manage-token.ts';
import { isOpen, type GuestView } from '../rules/bookings.ts';
import { notFound, refused } from '../rules/errors.ts';
import { ruleMessage } from '../rules/messages.ts';
import type { SlotRules } from '../rules/slots.ts';
import { checkSlot } from '../rules/slots.ts';
import { DAY_MS, toMs } from '../rules/time.ts';
import { rejection } from './create.ts';
import { listSlots } from './list-slots.ts';
import { readSchedule } from './schedule.ts';
import { occurrenceRules } from './series.ts';
import { query, serviceRpc, type Database } from '../db/connection.ts';

const BOOKING_NOT_FOUND = ruleMessage('bookingNotFound');

async function rpc<T>(db: SupabaseClient, fn: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = await db.rpc(fn, args);
  if (error) throw fromDbError(error as DbError, BOOKING_NOT_FOUND);
  return data as T;
}

export async function guestView(anon: SupabaseClient, uid: string, token: string): Promise<GuestView> {
  return camelize<GuestView>(await rpc<Record<string, unknown>>(anon, 'guest_booking', { p_uid: uid, p_token: token }));
}

/** Who asks for a change, for its throttle: the client's address and the booking rate limit per minute. */
export interface GuestClient {
  address: string;
  perMinute: number;
}

const throttleArgs = (client: GuestClient) => ({ p_client: client.address, p_per_minute: client.perMinute });

/** Cancels the booking; `following`: a series' occurrence and every later one, in one transaction with one mail (docs/series.md). */
export async function guestCancel(service: SupabaseClient, client: GuestClient, uid: string, token: string, reason?: string | null, following = false): Promise<GuestView> {
  return camelize<GuestView>(
    await rpc<Record<string, unknown>>(service, 'guest_cancel_booking', { p_uid: uid, p_token: token, p_reason: reason ?? null, ...throttleArgs(client), p_following: following }),
  );
}

/** A booking the guest may move: theirs, open, outside the notice, of a personal event type. */
async function movable(anon: SupabaseClient, uid: string, token: string): Promise<GuestView & { eventTypeId: number }> {
  const view = await guestView(anon, uid, token);
  if (view.moved || !isOpen(view.status)) throw notFound(BOOKING_NOT_FOUND);
  if (!view.canChange) throw refused('change_too_late', 'changeTooLate');
  if (view.eventTypeId === null) throw refused('invalid_request', 'teamBookingMoved');
  return view as GuestView & { eventTypeId: number };
}

/**
 * The slot engine's rules without the booking itself: its own time does not block its move. A later
 * occurrence of a series keeps the series' horizon (as when it was booked: occurrenceRules).
 */
function withoutOwn(read: SlotRules, view: GuestView): SlotRules {
  const [start, end] = [toMs(view.startTime), toMs(view.endTime)];
  const dates = (view.series?.occurrences ?? []).map((o) => toMs(o.startTime));
  const rules = dates.length ? occurrenceRules(read, dates, dates.indexOf(start)) : read;
  const booked = rules.limits?.booked ?? [];
  const own = booked.findIndex((b) => toMs(b) === start);
  return {
    ...rules,
    busy: (rules.busy ?? []).filter((b) => !(toMs(b.start) === start && toMs(b.end) === end)),
    limits: rules.limits ? { ...rules.limits, booked: booked.filter((_, i) => i !== own) } : undefined,
  };
}

export async function guestSlots(
  db: Database,
  anon: SupabaseClient,
  uid: string,
  token: string,
  query: { startDate: string; endDate: string; timeZone: string },
  now = new Date(),
) {
  const view = await movable(anon, uid, token);
  // As a guest would see them (anon), with the booking's own time free.
  const listed = await listSlots(db, { ...query, eventTypeId: view.eventTypeId }, null, { now, adjustRules: (rules) => withoutOwn(rules, view) });
  return listed.answer();
}

/**
 * The manage token of a booking a guest has just made, its hash stored by then: the guest's
 * confirmation screen links to it before the confirmation mail (which carries the same token) is sent.
 * A single booking was written with it (book: newBookingIdentity); a series' first occurrence has the
 * series' one token, derived from its invite's UID and stored on every occurrence here.
 */
export async function issueManageToken(db: Database, secret: string, booking: { id: number; uid: string; seriesId?: number | null }): Promise<string> {
  if (!booking.seriesId) return manageToken(secret, manageKey({ uid: booking.uid }));
  const [series] = await query(db, (sql) => sql<{ ical_uid: string }[]>`select ical_uid from public.booking_series where id = ${booking.seriesId!}`);
  const token = await manageToken(secret, manageKey({ uid: booking.uid, seriesUid: series?.ical_uid }));
  await serviceRpc(db, 'set_manage_token_hash', [booking.id, await manageTokenHash(token)]);
  return token;
}

/** Moves the booking; answers the new booking and the token of its own manage link. */
export async function guestReschedule(
  deps: { db: Database; service: SupabaseClient; anon: SupabaseClient; client: GuestClient; tokenSecret: string | undefined; now?: Date },
  uid: string,
  token: string,
  startTime: string,
) {
  if (!deps.tokenSecret) throw new Error('BOOKING_TOKEN_SECRET is not set');
  const view = await movable(deps.anon, uid, token);
  const now = deps.now ?? new Date();
  const start = toMs(startTime);
  if (!Number.isFinite(start)) throw rejection('invalid');
  const { schedule, rules: read } = await readSchedule(deps.db, { id: view.eventTypeId, team: false }, start, start + DAY_MS, now);
  const end = start + schedule.eventType.duration * 60_000;
  const rules = withoutOwn(read, view);
  const check = checkSlot(rules, new Date(start));
  if (!check.ok) throw rejection(check.reason);
  const moved = await rpc<{ id: number; uid: string; series_id: number | null }>(deps.service, 'guest_reschedule_booking', {
    p_uid: uid,
    p_token: token,
    p_start: new Date(start).toISOString(),
    p_end: new Date(end).toISOString(),
    ...throttleArgs(deps.client),
  });
  // A series' occurrence keeps the series' one token (guest_reschedule_booking kept its hash).
  const newToken = moved.series_id !== null ? token : await manageToken(deps.tokenSecret, moved.uid);
  if (moved.series_id === null) await rpc(deps.service, 'set_manage_token_hash', { p_booking_id: moved.id, p_hash: await manageTokenHash(newToken) });
  return { booking: await guestView(deps.anon, moved.uid, newToken), token: newToken };
}
