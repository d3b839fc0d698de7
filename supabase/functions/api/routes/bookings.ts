// The host's bookings: lists, creating one for a guest, the public booking, and status changes.
import type { SupabaseClient } from '@supabase/supabase-js';
import { bookingStatusSchema, hostBookingSchema, publicBookingSchema } from '../../_shared/rules/schemas.ts';
import { book } from '../../_shared/booking/create.ts';
import { BOOKING_LISTS, canBecome, inList, myBookingsFilter, type BookingList } from '../../_shared/rules/bookings.ts';
import { failure, forbidden, notFound, parseOrThrow } from '../../_shared/rules/errors.ts';
import { ruleMessage } from '../../_shared/rules/messages.ts';
import { bookingDeps } from '../../_shared/http/booking-deps.ts';
import { json } from '../../_shared/http/errors.ts';
import { idParam, readJson } from '../../_shared/http/request.ts';
import type { Router } from '../../_shared/http/router.ts';
import { BOOKING_SELECT, bookingShape, callerAndBody, rows, type Row } from '../access.ts';

export const BOOKING_NOT_FOUND = ruleMessage('bookingNotFound');

/**
 * Moves a booking the caller can see to `status`, if the booking rules allow it from where it is.
 * Reading first tells "not visible" (404) from "visible but not yours to change" (403, RLS let no row update).
 */
export async function changeStatus(db: SupabaseClient, id: number, status: 'confirmed' | 'cancelled', scope: Record<string, number> = {}) {
  let read = db.from('bookings').select('id, status').eq('id', id);
  for (const [k, v] of Object.entries(scope)) read = read.eq(k, v);
  const current = rows<{ status: string } | null>(await read.maybeSingle());
  if (!current) throw notFound(BOOKING_NOT_FOUND);
  if (!canBecome(current.status, status)) throw failure('invalid_transition', ruleMessage('statusChange', { from: current.status, to: status }));
  const updated = rows<Row | null>(await db.from('bookings').update({ status }).eq('id', id).select(BOOKING_SELECT).maybeSingle());
  if (!updated) throw forbidden(ruleMessage('cannotChangeBooking'));
  return bookingShape(updated);
}

export function bookingRoutes(router: Router) {
  // "My bookings", in each list, as the web app shows them.
  for (const name of Object.keys(BOOKING_LISTS) as BookingList[]) {
    router.get(`/api/bookings/${name}`, async (ctx) => {
      const caller = await ctx.requireCaller();
      const mine = caller.db.from('bookings').select(BOOKING_SELECT).or(myBookingsFilter(caller.id));
      const found = rows<Row[]>(await inList(mine, name, new Date()).order('start_time', { ascending: BOOKING_LISTS[name].ascending }));
      return json(found.map(bookingShape));
    });
  }

  router.post('/api/bookings', async (ctx) => {
    const { caller, input } = await callerAndBody(ctx, hostBookingSchema);
    return json(await book(bookingDeps(ctx), input, { caller, own: true }), 201);
  });

  router.post('/api/bookings/public', async (ctx) => {
    const input = parseOrThrow(publicBookingSchema, await readJson(ctx.req));
    return json(await book(bookingDeps(ctx), input), 201);
  });

  router.post('/api/bookings/:id/confirm', async (ctx) => {
    const caller = await ctx.requireCaller();
    return json(await changeStatus(caller.db, idParam(ctx.params.id, BOOKING_NOT_FOUND), 'confirmed'));
  });

  // Reject (pending) and cancel (confirmed) are both "becomes cancelled".
  router.put('/api/bookings/:id', async (ctx) => {
    const caller = await ctx.requireCaller();
    const id = idParam(ctx.params.id, BOOKING_NOT_FOUND);
    parseOrThrow(bookingStatusSchema, await readJson(ctx.req));
    return json(await changeStatus(caller.db, id, 'cancelled'));
  });

  router.post('/api/bookings/:id/cancel', async (ctx) => {
    const caller = await ctx.requireCaller();
    return json(await changeStatus(caller.db, idParam(ctx.params.id, BOOKING_NOT_FOUND), 'cancelled'));
  });
}
