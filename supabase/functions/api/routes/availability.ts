// The signed-in host's weekly availability, scheduling settings and dashboard figures.
import { availabilitySchema, settingsSchema, timeframeSchema } from '../../_shared/rules/schemas.ts';
import { DEFAULT_SETTINGS } from '../../_shared/rules/constants.ts';
import { SETTINGS_COLUMNS, settingsColumns, type SettingsColumns, settingsFromColumns } from '../../_shared/rules/settings.ts';
import { parseOrThrow } from '../../_shared/rules/errors.ts';
import { json } from '../../_shared/http/errors.ts';
import type { Router } from '../../_shared/http/router.ts';
import { camelize, ownedColumns } from '../../_shared/db/shapes.ts';
import type { SupabaseClient } from '@supabase/supabase-js';
import { callerAndBody, rows, type Row } from '../access.ts';

type RuleInput = ReturnType<typeof availabilitySchema.parse>[number];

/** Replaces a host's or a team's weekly rules in one RPC, so a refused rule keeps the previous week. */
export async function replaceRules(db: SupabaseClient, teamId: number | null, rules: RuleInput[]) {
  const p_rules = rules.map((r) => ({ day_of_week: r.dayOfWeek, start_time: r.startTime, end_time: r.endTime, is_enabled: r.isEnabled }));
  const saved = rows<Row[]>(await db.rpc('replace_availability', { p_rules, p_team_id: teamId }));
  return camelize<Row[]>(saved.map(ownedColumns)).sort(
    (a, b) => Number(a.dayOfWeek) - Number(b.dayOfWeek) || String(a.startTime).localeCompare(String(b.startTime)),
  );
}


export function availabilityRoutes(router: Router) {
  router.get('/api/availability', async (ctx) => {
    const caller = await ctx.requireCaller();
    const list = rows<Row[]>(
      await caller.db.from('availability_rules').select('*').eq('user_id', caller.id).order('day_of_week').order('start_time'),
    );
    return json(camelize(list.map(ownedColumns)));
  });

  router.post('/api/availability', async (ctx) => {
    const { caller, input: rules } = await callerAndBody(ctx, availabilitySchema);
    return json(await replaceRules(caller.db, null, rules));
  });

  router.get('/api/settings', async (ctx) => {
    const caller = await ctx.requireCaller();
    const row = rows<SettingsColumns | null>(await caller.db.from('user_settings').select(SETTINGS_COLUMNS).eq('user_id', caller.id).maybeSingle());
    return json(row ? settingsFromColumns(row) : DEFAULT_SETTINGS);
  });

  router.put('/api/settings', async (ctx) => {
    const { caller, input: s } = await callerAndBody(ctx, settingsSchema);
    const row = rows<SettingsColumns>(
      await caller.db
        .from('user_settings')
        .upsert({ user_id: caller.id, ...settingsColumns(s) })
        .select(SETTINGS_COLUMNS)
        .single(),
    );
    return json(settingsFromColumns(row));
  });

  router.get('/api/dashboard/stats', async (ctx) => {
    const caller = await ctx.requireCaller();
    const timeframe = parseOrThrow(timeframeSchema, ctx.url.searchParams.get('timeframe') ?? 'month');
    return json(camelize(rows(await caller.db.rpc('dashboard_stats', { p_timeframe: timeframe }))));
  });
}
