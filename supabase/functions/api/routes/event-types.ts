// The signed-in host's own event types (GET /api/event-types/{id} for guests is in public.ts).
import type { z } from 'zod';
import { eventRuleColumns, eventTypeColumns } from '../../_shared/rules/event-types.ts';
import { eventRulesSchema, eventTypeSchema } from '../../_shared/rules/schemas.ts';
import { notFound, parseOrThrow } from '../../_shared/rules/errors.ts';
import { EVENT_NOT_FOUND } from '../../_shared/booking/schedule.ts';
import { json } from '../../_shared/http/errors.ts';
import { idParam, readJson } from '../../_shared/http/request.ts';
import type { Ctx, Router } from '../../_shared/http/router.ts';
import { callerAndBody, deleteOr404, eventTypeShape, insertOne, rows, type Row } from '../access.ts';


/** A PUT that changes one of the caller's event types: the body read by `schema`, written as `columns` of it. */
function changeRoute<S extends z.ZodType>(schema: S, columns: (input: z.infer<S>) => object) {
  return async (ctx: Ctx) => {
    const caller = await ctx.requireCaller();
    const id = idParam(ctx.params.id, EVENT_NOT_FOUND);
    const input = parseOrThrow(schema, await readJson(ctx.req));
    // RLS hides other hosts' event types, so "not yours" and "does not exist" are both 404; a team's is no host's.
    const row = rows<Row | null>(await caller.db.from('event_types').update(columns(input)).match({ id, user_id: caller.id }).select('*').maybeSingle());
    if (!row) throw notFound(EVENT_NOT_FOUND);
    return json(eventTypeShape(row));
  };
}

export function eventTypeRoutes(router: Router) {
  router.get('/api/event-types', async (ctx) => {
    const caller = await ctx.requireCaller();
    const list = rows<Row[]>(await caller.db.from('event_types').select('*').eq('user_id', caller.id).order('created_at').order('id'));
    return json(list.map(eventTypeShape));
  });

  router.post('/api/event-types', async (ctx) => {
    const { caller, input } = await callerAndBody(ctx, eventTypeSchema);
    return json(eventTypeShape(await insertOne(caller, 'event_types', { ...eventTypeColumns(input), user_id: caller.id })), 201);
  });

  router.put('/api/event-types/:id', changeRoute(eventTypeSchema, eventTypeColumns));
  // The 'Advanced' rules alone: the rules given change, the others stay.
  router.put('/api/event-types/:id/rules', changeRoute(eventRulesSchema, eventRuleColumns));

  router.delete('/api/event-types/:id', async (ctx) => {
    const caller = await ctx.requireCaller();
    const id = idParam(ctx.params.id, EVENT_NOT_FOUND);
    await deleteOr404(caller, 'event_types', id, EVENT_NOT_FOUND, { user_id: caller.id });
    return json({ message: 'Event type deleted successfully' });
  });
}
