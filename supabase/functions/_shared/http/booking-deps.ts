// What the booking module needs from one request: the database connection, the service client, the
// booking throttle for the client's address, and the clock.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { BookingDeps } from '../booking/create.ts';
import { functionsDatabase } from '../db/connection.ts';
import { anonClient, serviceClient } from './clients.ts';
import { bookingThrottle } from './rate-limit.ts';
import type { Ctx } from './router.ts';

export function bookingDeps(ctx: Ctx): BookingDeps {
  const service = serviceClient(ctx.env);
  return { db: functionsDatabase(ctx.env), service, throttle: bookingThrottle(service, ctx.clientAddress, ctx.env.bookingsPerMinute) };
}

/** The database as the visitor: the signed-in caller's own client, or the anon one for a guest. */
export async function viewerDb(ctx: Ctx): Promise<SupabaseClient> {
  return (await ctx.caller())?.db ?? anonClient(ctx.env);
}
