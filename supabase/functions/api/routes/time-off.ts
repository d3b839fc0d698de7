// The signed-in host's time off: whole days [startDate, endDate] in their own zone, with a note that
// only they ever read (RLS: own rows only). Slots and assignment read the dates with the service role.
import { parseOrThrow } from '../../_shared/rules/errors.ts';
import { calendarDateSchema, timeOffSchema } from '../../_shared/rules/schemas.ts';
import { json } from '../../_shared/http/errors.ts';
import { idParam } from '../../_shared/http/request.ts';
import type { Router } from '../../_shared/http/router.ts';
import { camelize } from '../../_shared/db/shapes.ts';
import { callerAndBody, deleteOr404, insertOne, rows, type Row } from '../access.ts';
import { ruleMessage } from '../../_shared/rules/messages.ts';

const TIME_OFF_NOT_FOUND = ruleMessage('timeOffNotFound');
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
    const { caller, input } = await callerAndBody(ctx, timeOffSchema);
    const values = { user_id: caller.id, start_date: input.startDate, end_date: input.endDate, note: input.note };
    return json(camelize(await insertOne(caller, 'time_off', values, TIME_OFF_COLUMNS)), 201);
  });

  router.delete('/api/time-off/:id', async (ctx) => {
    const caller = await ctx.requireCaller();
    const id = idParam(ctx.params.id, TIME_OFF_NOT_FOUND);
    await deleteOr404(caller, 'time_off', id, TIME_OFF_NOT_FOUND);
    return json({ message: 'Time off deleted' });
  });
}
