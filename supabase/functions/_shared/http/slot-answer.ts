// GET /slots and GET /api/slots: the slots of an event type for the caller (a guest, or a member of a
// private team), asking for a refresh of the hosts' calendar caches when they are stale.
import { listSlots } from '../booking/list-slots.ts';
import { refreshStaleCalendars } from './calendar-refresh.ts';
import { viewerDb } from './booking-deps.ts';
import { serviceClient } from './clients.ts';
import { json } from './errors.ts';
import { slotsQuery } from './request.ts';
import type { Ctx } from './router.ts';

export async function answerSlots(ctx: Ctx): Promise<Response> {
  const service = serviceClient(ctx.env);
  return json(await listSlots(service, await viewerDb(ctx), slotsQuery(ctx.url), { readBusyOf: (ids) => refreshStaleCalendars(ctx.env, service, ids) }));
}
