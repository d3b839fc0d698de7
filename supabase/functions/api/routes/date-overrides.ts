// Date overrides (a date's own hours, or a day off) of the signed-in host and of a team. Answers are
// camelCase: an override is { date, ranges: [{ startTime, endTime }] }, with no ranges for a day off.
import type { SupabaseClient } from '@supabase/supabase-js';
import { parseOrThrow } from '../../_shared/rules/errors.ts';
import { type OverrideRow, overrideRangesParam, overridesFromRows } from '../../_shared/rules/overrides.ts';
import { dateOverrideSchema, calendarDateSchema } from '../../_shared/rules/schemas.ts';
import { json } from '../../_shared/http/errors.ts';
import { idParam, readJson } from '../../_shared/http/request.ts';
import type { Ctx, Router } from '../../_shared/http/router.ts';
import { canSee, changedOr403, rows, TEAM_NOT_FOUND, teamRole, type Row } from '../access.ts';
import { ruleMessage } from '../../_shared/rules/messages.ts';

const OVERRIDE_NOT_FOUND = ruleMessage('overrideNotFound');

/** Whose overrides a route reads and writes: the caller's own, or a team's. */
interface Owner {
  db: SupabaseClient;
  column: 'user_id' | 'team_id';
  id: string | number;
  /** The team whose overrides these are (replace_date_override's p_team_id); null for the caller's own. */
  teamId: number | null;
}

async function personal(ctx: Ctx): Promise<Owner> {
  const caller = await ctx.requireCaller();
  return { db: caller.db, column: 'user_id', id: caller.id, teamId: null };
}

/** The path's team, for its members; who may change its overrides, the policies say (owners and admins). */
async function team(ctx: Ctx): Promise<Owner> {
  const caller = await ctx.requireCaller();
  const teamId = idParam(ctx.params.teamId, TEAM_NOT_FOUND);
  await teamRole(caller, teamId);
  return { db: caller.db, column: 'team_id', id: teamId, teamId };
}

/** ?from=YYYY-MM-DD lists the overrides from that date on (the screens hide past ones). */
async function list(ctx: Ctx, owner: Owner) {
  const from = ctx.url.searchParams.get('from');
  let query = owner.db.from('date_overrides').select('date, start_time, end_time').eq(owner.column, owner.id);
  if (from) query = query.gte('date', parseOrThrow(calendarDateSchema, from));
  return json(overridesFromRows(rows<OverrideRow[]>(await query.order('date'))));
}

async function replace(ctx: Ctx, owner: Owner) {
  const date = parseOrThrow(calendarDateSchema, ctx.params.date);
  const { ranges } = parseOrThrow(dateOverrideSchema, await readJson(ctx.req));
  const replaced = await owner.db.rpc('replace_date_override', { p_date: date, p_ranges: overrideRangesParam(ranges), p_team_id: owner.teamId });
  const saved = overridesFromRows(rows<OverrideRow[]>(replaced));
  return json(saved[0]);
}

async function remove(ctx: Ctx, owner: Owner) {
  const date = parseOrThrow(calendarDateSchema, ctx.params.date);
  const match = { [owner.column]: owner.id, date };
  await changedOr403<Row>(await owner.db.from('date_overrides').delete().match(match).select('id'), canSee(owner.db, 'date_overrides', match), OVERRIDE_NOT_FOUND);
  return json({ message: 'Date override deleted' });
}

export function dateOverrideRoutes(router: Router) {
  router.get('/api/date-overrides', async (ctx) => list(ctx, await personal(ctx)));
  router.put('/api/date-overrides/:date', async (ctx) => replace(ctx, await personal(ctx)));
  router.delete('/api/date-overrides/:date', async (ctx) => remove(ctx, await personal(ctx)));

  router.get('/api/teams/:teamId/date-overrides', async (ctx) => list(ctx, await team(ctx)));
  router.put('/api/teams/:teamId/date-overrides/:date', async (ctx) => replace(ctx, await team(ctx)));
  router.delete('/api/teams/:teamId/date-overrides/:date', async (ctx) => remove(ctx, await team(ctx)));
}
