// POST /bookings: a guest books a personal event type ({eventTypeId, ...}) or a public team's event
// type ({teamEventTypeId, ...}); the same module serves POST /api/bookings/public and team bookings.
// With `recurrence: {frequency, count, skip?}` it books a series (docs/series.md): all or nothing.
// A paid event type's booking holds its time awaiting payment: the answer carries `checkoutUrl`,
// Stripe's page, which sends the guest back to /booking/{uid}/payment (payments/checkout.ts).
import { publicBookingSchema, seriesChoiceSchema, teamBookingSchema } from '../_shared/rules/schemas.ts';
import { book, bookSeries, SeriesTaken } from '../_shared/booking/create.ts';
import { issueManageToken } from '../_shared/booking/guest.ts';
import { parseOrThrow } from '../_shared/rules/errors.ts';
import { bookingDeps } from '../_shared/http/booking-deps.ts';
import type { FunctionEnv } from '../_shared/http/env.ts';
import { json, statusOf } from '../_shared/http/errors.ts';
import { readJson } from '../_shared/http/request.ts';
import { createHandler, Router, type Ctx } from '../_shared/http/router.ts';
import { startCheckout } from '../_shared/payments/checkout.ts';
import type { StripeConfig } from '../_shared/payments/stripe.ts';

/** The web app's origin the guest booked from (an allowed one), else the site's. */
function siteOrigin(ctx: Ctx): string {
  const origin = ctx.req.headers.get('origin');
  return origin && ctx.env.allowedOrigins.includes(origin) ? origin : (ctx.env.allowedOrigins[0] ?? new URL(ctx.env.supabaseUrl).origin);
}

export function bookingsRouter(stripe: StripeConfig | null = null): Router {
  return new Router().post('/bookings', async (ctx: Ctx) => {
    const body = await readJson(ctx.req);
    const deps = bookingDeps(ctx);
    const team = body && typeof body === 'object' && 'teamEventTypeId' in body;
    const req = team ? parseOrThrow(teamBookingSchema, body) : parseOrThrow(publicBookingSchema, body);
    const opts = { caller: team ? await ctx.caller() : null, payment: true };
    // A recurring series (docs/series.md): every occurrence or none; a taken one is named.
    const recurrence = (body as { recurrence?: unknown }).recurrence;
    let booking;
    try {
      booking = recurrence === undefined ? await book(deps, req, opts) : await bookSeries(deps, { ...req, recurrence: parseOrThrow(seriesChoiceSchema, recurrence) }, opts);
    } catch (e) {
      if (e instanceof SeriesTaken) return json({ code: e.code, message: e.message, taken: e.taken }, statusOf(e.code));
      throw e;
    }
    // The guest's confirmation screen links to the manage page (reschedule, cancel) at once; the
    // payment's return page reads the booking with the same token.
    const secret = ctx.env.bookingTokenSecret;
    const manageToken = secret ? await issueManageToken(deps.db, secret, booking) : undefined;
    const answer = manageToken ? { ...booking, manageToken } : booking;
    if (booking.status !== 'awaiting_payment') return json(answer, 201);
    const back = new URL(`/booking/${booking.uid}/payment`, siteOrigin(ctx));
    if (manageToken) back.searchParams.set('token', manageToken);
    return json({ ...answer, checkoutUrl: await startCheckout({ db: deps.db, stripe }, booking, back.href) }, 201);
  });
}

export const bookingsHandler = (env: FunctionEnv, stripe: StripeConfig | null = null) => createHandler(bookingsRouter(stripe), env);
