// What the booking module needs from one request: the database connection, the booking throttle for
// the client's address, and the secret of guests' manage links.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { BookingDeps } from '../booking/create.ts';
import { functionsDatabase } from '../db/connection.ts';
import { anonClient } from './clients.ts';
import { bookingThrottle } from './rate-limit.ts';
import type { Ctx } from './router.ts';

export function bookingDeps(ctx: Ctx): BookingDeps {
  const db = functionsDatabase(ctx.env);
  return { db, throttle: bookingThrottle(db, ctx.clientAddress, ctx.env.bookingsPerMinute), tokenSecret: ctx.env.bookingTokenSecret };
}

/** The database as the visitor: the signed-in caller's own client, or the anon one for a guest. */
export async function viewerDb(ctx: Ctx): Promise<SupabaseClient> {
  return (await ctx.caller())?.db ?? anonClient(ctx.env);
}
