// The signed-in host's time off: whole days [startDate, endDate] in their own zone, with a note that
// only they ever read (RLS: own rows only). Slots and assignment read the dates with the service role.
import { notFound, parseOrThrow } from '../../_shared/rules/errors.ts';
import { calendarDateSchema, timeOffSchema } from '../../_shared/rules/schemas.ts';
import { json } from '../../_shared/http/errors.ts';
import { idParam, readJson } from '../../_shared/http/request.ts';
import type { Router } from '../../_shared/http/router.ts';
import { camelize } from '../../_shared/db/shapes.ts';
import { rows, type Row } from '../access.ts';

const TIME_OFF_NOT_FOUND = 'Time off not found';
const TIME_OFF_COLUMNS = 'id, start_date, end_date, note, created_at';

export function timeOffRoutes(router: Router) {
  /** ?from=YYYY-MM-DD lists the time off that has not ended before that date. */
  router.get('/api/time-off', async (ctx) => {
    const caller = await ctx.requireCaller();
    let query = caller.db.from('time_off').select(TIME_OFF_COLUMNS).eq('user_id', caller.id);
    const from = ctx.url.searchParams.get('from');
    if (from) query = query.gte('end_date', parseOrThrow(calendarDateSchema, from));
    return json(camelize(rows<Row[]>(await query.order('start_date').order('id'))));
  });

  router.post('/api/time-off', async (ctx) => {
    const caller = await ctx.requireCaller();
    const input = parseOrThrow(timeOffSchema, await readJson(ctx.req));
    const row = rows<Row>(
      await caller.db
        .from('time_off')
        .insert({ user_id: caller.id, start_date: input.startDate, end_date: input.endDate, note: input.note })
        .select(TIME_OFF_COLUMNS)
        .single(),
    );
    return json(camelize(row), 201);
  });

  router.delete('/api/time-off/:id', async (ctx) => {
    const caller = await ctx.requireCaller();
    const id = idParam(ctx.params.id, TIME_OFF_NOT_FOUND);
    const deleted = rows<Row[]>(await caller.db.from('time_off').delete().eq('id', id).select('id'));
    if (deleted.length === 0) throw notFound(TIME_OFF_NOT_FOUND);
    return json({ message: 'Time off deleted' });
  });
}
