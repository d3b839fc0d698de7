// The guest's manage link as /api routes, without an account: GET /api/booking/{uid}?token=…,
// POST …/cancel {token, reason}, POST …/cancel-following {token, reason} (a series' occurrence and
// every later one), GET …/slots?token=…&startDate=&endDate=&timeZone=, and
// POST …/reschedule {token, startTime}. A wrong or used token is a 404 like an unknown booking.
import { guestCancel, guestReschedule, guestSlots, guestView } from '../../_shared/booking/guest.ts';
import { anonClient, serviceClient } from '../../_shared/http/clients.ts';
import { functionsDatabase } from '../../_shared/db/connection.ts';
import { json } from '../../_shared/http/errors.ts';
import { readJson, uuidParam } from '../../_shared/http/request.ts';
import type { Ctx, Router } from '../../_shared/http/router.ts';
import { guestCancelSchema, guestRescheduleSchema, moveSlotsQuerySchema } from '../../_shared/rules/schemas.ts';
import { parseOrThrow } from '../../_shared/rules/errors.ts';
import { ruleMessage } from '../../_shared/rules/messages.ts';

const uid = (ctx: Ctx) => uuidParam(ctx.params.uid, ruleMessage('bookingNotFound'));
/** A change counts against the booking rate limit of the client's address (and its link's own budget, in the database). */
const client = (ctx: Ctx) => ({ address: ctx.clientAddress, perMinute: ctx.env.bookingsPerMinute });
const queryToken = (ctx: Ctx) => ctx.url.searchParams.get('token') ?? '';

export function manageRoutes(router: Router) {
  router.get('/api/booking/:uid', async (ctx) => json(await guestView(anonClient(ctx.env), uid(ctx), queryToken(ctx))));

  for (const [path, following] of [['cancel', false], ['cancel-following', true]] as const) {
    router.post(`/api/booking/:uid/${path}`, async (ctx) => {
      const input = parseOrThrow(guestCancelSchema, (await readJson(ctx.req)) ?? {});
      return json(await guestCancel(serviceClient(ctx.env), client(ctx), uid(ctx), input.token, input.reason, following));
    });
  }

  router.get('/api/booking/:uid/slots', async (ctx) => {
    const query = parseOrThrow(moveSlotsQuerySchema, Object.fromEntries(ctx.url.searchParams));
    return json(await guestSlots(functionsDatabase(ctx.env), anonClient(ctx.env), uid(ctx), queryToken(ctx), query));
  });

  router.post('/api/booking/:uid/reschedule', async (ctx) => {
    const input = parseOrThrow(guestRescheduleSchema, (await readJson(ctx.req)) ?? {});
    const deps = {
      db: functionsDatabase(ctx.env),
      service: serviceClient(ctx.env),
      anon: anonClient(ctx.env),
      client: client(ctx),
      tokenSecret: ctx.env.bookingTokenSecret,
    };
    return json(await guestReschedule(deps, uid(ctx), input.token, input.startTime));
  });
}
