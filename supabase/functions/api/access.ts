// Helpers the api routes share: public reads, team roles, and the booking shape of docs/product/api.md.
import type { SupabaseClient } from '@supabase/supabase-js';
import { anonClient } from '../_shared/http/clients.ts';
import { fromDbError, type DbError } from '../_shared/db/errors.ts';
import type { TeamRole } from '../_shared/rules/constants.ts';
import type { z } from 'zod';
import { forbidden, notFound, parseOrThrow, type Worded } from '../_shared/rules/errors.ts';
import { ruleMessage } from '../_shared/rules/messages.ts';
import { idParam, readJson } from '../_shared/http/request.ts';
import type { Ctx } from '../_shared/http/router.ts';
import type { Caller } from '../_shared/http/session.ts';
import { bookingColumns, camelize, eventTypeColumnsOf } from '../_shared/db/shapes.ts';
import { type EventRuleColumns, eventRulesOf } from '../_shared/rules/event-types.ts';

export type Row = Record<string, unknown>;

/** Rows of a query or its 4xx (typed by the caller: the client is not generated from the schema). */
export function rows<T = Row>(result: { data: unknown; error: DbError | null }, notFoundMessage?: Worded): T {
  if (result.error) throw fromDbError(result.error, notFoundMessage);
  return result.data as T;
}

/** The signed-in caller and the request's body checked by `schema` (no session is a 401 before any 400). */
export async function callerAndBody<S extends z.ZodType>(ctx: Ctx, schema: S): Promise<{ caller: Caller; input: z.infer<S> }> {
  const caller = await ctx.requireCaller();
  return { caller, input: parseOrThrow(schema, await readJson(ctx.req)) };
}

/** Adds one row as the caller and reads it back with `columns` (the policies decide whether they may). */
export async function insertOne(caller: Caller, table: string, values: Row, columns = '*'): Promise<Row> {
  return rows<Row>(await caller.db.from(table).insert(values).select(columns).single());
}

/** Deletes row `id` of `table` (and `match`) as the caller: RLS hides other people's rows, so deleting none is a 404. */
export async function deleteOr404(caller: Caller, table: string, id: number, message: Worded, match: Row = {}): Promise<void> {
  const deleted = rows<Row[]>(await caller.db.from(table).delete().match({ ...match, id }).select('id'));
  if (deleted.length === 0) throw notFound(message);
}

/** The first row of a set-returning RPC, or 404. */
export function firstOr404<T = Row>(result: { data: unknown; error: DbError | null }, message: Worded): T {
  const list = rows<T[] | null>(result, message);
  if (!list || list.length === 0) throw notFound(message);
  return list[0];
}

/** Public data is read through security-definer RPCs that anyone may call; no session needed. */
export const publicDb = (ctx: Ctx): SupabaseClient => anonClient(ctx.env);

export const TEAM_NOT_FOUND = ruleMessage('teamNoAccess');
export const NOT_ALLOWED = ruleMessage('notAllowed');

/**
 * The caller's role in a team, as their own membership row reads. A team the caller cannot see is a
 * 404; a public team the caller is not a member of is a 403 (the team dashboard is for members). What
 * each role may do is not decided here: the routes act as the caller and the policies decide.
 */
export async function teamRole(caller: Caller, teamId: number): Promise<TeamRole> {
  const [membership, team] = await Promise.all([
    caller.db.from('team_members').select('role').eq('team_id', teamId).eq('user_id', caller.id).maybeSingle(),
    caller.db.from('teams').select('id').eq('id', teamId).maybeSingle(),
  ]);
  const role = rows<{ role: TeamRole } | null>(membership)?.role;
  if (role) return role;
  if (!rows<Row | null>(team)) throw notFound(TEAM_NOT_FOUND);
  throw forbidden(ruleMessage('notTeamMember'));
}

export const teamIdParam = (ctx: Ctx): number => idParam(ctx.params.teamId, TEAM_NOT_FOUND);

/** The signed-in caller as a member of the path's team (any role), with that role. */
export async function asMember(ctx: Ctx) {
  const caller = await ctx.requireCaller();
  const id = teamIdParam(ctx);
  return { caller, id, role: await teamRole(caller, id) };
}

/** The path's team's rows of `table` as one of its members reads them (the policies decide), in `order`. */
export async function teamRows(ctx: Ctx, table: string, columns: string, ...order: string[]): Promise<Row[]> {
  const { caller, id } = await asMember(ctx);
  let query = caller.db.from(table).select(columns).eq('team_id', id);
  for (const column of order) query = query.order(column);
  return rows<Row[]>(await query);
}

/**
 * The rows a write acted on as the caller, or 403 when the policies let it touch none of them although
 * the caller can see the target (`visible`), 404 when they cannot.
 */
export async function changedOr403<T>(written: { data: unknown; error: DbError | null }, visible: () => PromiseLike<boolean>, notFoundMessage?: Worded): Promise<T[]> {
  const list = rows<T[]>(written, notFoundMessage);
  if (list.length > 0) return list;
  if (await visible()) throw forbidden(NOT_ALLOWED);
  throw notFound(notFoundMessage);
}

/** Is there a row of `table` matching `match` that the caller can read? */
export function canSee(db: SupabaseClient, table: string, match: Record<string, unknown>): () => PromiseLike<boolean> {
  return () => db.from(table).select('*', { count: 'exact', head: true }).match(match).then((r) => (r.count ?? 0) > 0);
}

/** Bookings with what the screens show: event title and duration, and the assigned member. */
// One literal, not a sum of strings: supabase-js types a query from its select string's literal type.
export const BOOKING_SELECT =
  '*, event_type:event_types!bookings_event_type_fkey(title, duration), assignment:team_members!bookings_assigned_member_fkey(user:profiles(id, first_name, last_name, email)), payment:payments(amount, currency, status, refunded_amount, refund_status, refund_failure, receipt_url)';

/**
 * A booking as the api answers it: a team's names its event type `teamEventTypeId`, a host's `eventTypeId`.
 * A paid booking adds its `payment` (the spec's shapes name no more fields than they show: extras are allowed).
 */
export function bookingShape(row: Row) {
  const { event_type, assignment, payment, ...booking } = row as Row & {
    event_type: { title: string; duration: number } | null;
    assignment: { user: Row | null } | null;
    payment?: Row | null;
  };
  return {
    ...camelize<Row>(bookingColumns(booking)),
    eventType: event_type ?? null,
    assignedMember: assignment?.user ? camelize(assignment.user) : null,
    ...(payment ? { payment: camelize<Row>(payment) } : {}),
  };
}

/** A host's or a team's event type as the api answers it: camelCase, in its kind's fields, its rules as the forms send them. */
export function eventTypeShape(row: Row) {
  return { ...camelize<Row>(eventTypeColumnsOf(row)), ...eventRulesOf(row as unknown as EventRuleColumns) };
}
