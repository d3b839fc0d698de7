// The host's bookings: lists, creating one for a guest, the public booking, and status changes.
import type { SupabaseClient } from '@supabase/supabase-js';
import { bookingStatusSchema, hostBookingSchema, publicBookingSchema } from '../../_shared/rules/schemas.ts';
import { bookPersonal } from '../../_shared/booking/create.ts';
import { AppError, forbidden, notFound, parseOrThrow } from '../../_shared/rules/errors.ts';
import { bookingDeps } from '../../_shared/http/booking-deps.ts';
import { json } from '../../_shared/http/errors.ts';
import { idParam, readJson } from '../../_shared/http/request.ts';
import type { Router } from '../../_shared/http/router.ts';
import { BOOKING_SELECT, bookingShape, rows, type Row } from '../access.ts';

export const BOOKING_NOT_FOUND = 'Booking not found';

/**
 * Moves a booking the caller can see to `status`, allowed only from `from`. Reading first tells
 * "not visible" (404) from "visible but not yours to change" (403, RLS let no row update).
 */
export async function changeStatus(db: SupabaseClient, id: number, status: 'confirmed' | 'cancelled', from: string[], scope: Record<string, number> = {}) {
  let read = db.from('bookings').select('id, status').eq('id', id);
  for (const [k, v] of Object.entries(scope)) read = read.eq(k, v);
  const current = rows<{ status: string } | null>(await read.maybeSingle());
  if (!current) throw notFound(BOOKING_NOT_FOUND);
  if (!from.includes(current.status)) throw new AppError('invalid_transition', `A ${current.status} booking cannot become ${status}`);
  const updated = rows<Row | null>(await db.from('bookings').update({ status }).eq('id', id).select(BOOKING_SELECT).maybeSingle());
  if (!updated) throw forbidden('You cannot change this booking');
  return bookingShape(updated);
}

/** docs/product/states.md: Upcoming = from now, Past = before now, All = every one not cancelled; Cancelled apart. */
const LISTS: Record<string, { cancelled: boolean; when?: 'future' | 'past'; ascending: boolean }> = {
  upcoming: { cancelled: false, when: 'future', ascending: true },
  past: { cancelled: false, when: 'past', ascending: false },
  all: { cancelled: false, ascending: false },
  cancelled: { cancelled: true, ascending: false },
};

export function bookingRoutes(router: Router) {
  // The host's personal bookings and the team bookings assigned to them.
  for (const [name, list] of Object.entries(LISTS)) {
    router.get(`/api/bookings/${name}`, async (ctx) => {
      const caller = await ctx.requireCaller();
      const now = new Date().toISOString();
      let query = caller.db.from('bookings').select(BOOKING_SELECT).or(`user_id.eq.${caller.id},assigned_user_id.eq.${caller.id}`);
      query = list.cancelled ? query.eq('status', 'cancelled') : query.neq('status', 'cancelled');
      if (list.when === 'future') query = query.gte('start_time', now);
      if (list.when === 'past') query = query.lt('start_time', now);
      const found = rows<Row[]>(await query.order('start_time', { ascending: list.ascending }));
      return json(found.map(bookingShape));
    });
  }

  router.post('/api/bookings', async (ctx) => {
    const caller = await ctx.requireCaller();
    const input = parseOrThrow(hostBookingSchema, await readJson(ctx.req));
    return json(await bookPersonal(bookingDeps(ctx), input, caller), 201);
  });

  router.post('/api/bookings/public', async (ctx) => {
    const input = parseOrThrow(publicBookingSchema, await readJson(ctx.req));
    return json(await bookPersonal(bookingDeps(ctx), input), 201);
  });

  router.post('/api/bookings/:id/confirm', async (ctx) => {
    const caller = await ctx.requireCaller();
    return json(await changeStatus(caller.db, idParam(ctx.params.id, BOOKING_NOT_FOUND), 'confirmed', ['pending']));
  });

  // Reject (pending) and cancel (confirmed) are both "becomes cancelled".
  router.put('/api/bookings/:id', async (ctx) => {
    const caller = await ctx.requireCaller();
    const id = idParam(ctx.params.id, BOOKING_NOT_FOUND);
    parseOrThrow(bookingStatusSchema, await readJson(ctx.req));
    return json(await changeStatus(caller.db, id, 'cancelled', ['pending', 'confirmed']));
  });

  router.post('/api/bookings/:id/cancel', async (ctx) => {
    const caller = await ctx.requireCaller();
    return json(await changeStatus(caller.db, idParam(ctx.params.id, BOOKING_NOT_FOUND), 'cancelled', ['pending', 'confirmed']));
  });
}
