// GET /slots?eventTypeId=|teamEventTypeId=&startDate=&endDate=&timeZone= : the bookable slots of a
// personal event type or a public team's event type, in the visitor's time zone.
import type { FunctionEnv } from '../_shared/http/env.ts';
import { json } from '../_shared/http/errors.ts';
import { serviceClient } from '../_shared/http/clients.ts';
import { slotsQuery } from '../_shared/http/request.ts';
import { createHandler, Router, type Ctx } from '../_shared/http/router.ts';
import { listSlots } from '../_shared/booking/list-slots.ts';

async function slots(ctx: Ctx) {
  // Members may list slots of their private team's event types; everyone else acts as a guest.
  const caller = await ctx.caller();
  const query = slotsQuery(ctx.url);
  return json(await listSlots(serviceClient(ctx.env), query, caller?.id));
}

export function slotsRouter(): Router {
  return new Router().get('/slots', slots);
}

export const slotsHandler = (env: FunctionEnv) => createHandler(slotsRouter(), env);
