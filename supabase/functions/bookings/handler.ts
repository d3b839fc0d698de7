// POST /bookings: a guest books a personal event type ({eventTypeId, ...}) or a public team's event
// type ({teamEventTypeId, ...}); the same module serves POST /api/bookings/public and team bookings.
import { publicBookingSchema, teamBookingSchema } from '../_shared/rules/schemas.ts';
import { book } from '../_shared/booking/create.ts';
import { issueManageToken } from '../_shared/booking/guest.ts';
import { parseOrThrow } from '../_shared/rules/errors.ts';
import { bookingDeps } from '../_shared/http/booking-deps.ts';
import type { FunctionEnv } from '../_shared/http/env.ts';
import { json } from '../_shared/http/errors.ts';
import { readJson } from '../_shared/http/request.ts';
import { createHandler, Router, type Ctx } from '../_shared/http/router.ts';

export function bookingsRouter(): Router {
  return new Router().post('/bookings', async (ctx: Ctx) => {
    const body = await readJson(ctx.req);
    const deps = bookingDeps(ctx);
    const booking =
      body && typeof body === 'object' && 'teamEventTypeId' in body
        ? await book(deps, parseOrThrow(teamBookingSchema, body), { caller: await ctx.caller() })
        : await book(deps, parseOrThrow(publicBookingSchema, body));
    // The guest's confirmation screen links to the manage page (reschedule, cancel) at once.
    const secret = ctx.env.bookingTokenSecret;
    return json(secret ? { ...booking, manageToken: await issueManageToken(deps.db, secret, booking) } : booking, 201);
  });
}

export const bookingsHandler = (env: FunctionEnv) => createHandler(bookingsRouter(), env);
