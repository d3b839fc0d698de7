// The booking rate limit: one token bucket per client address and calendar, kept in Postgres
// (take_booking_token) so every function instance counts against the same buckets.
import { type Database, query } from '../db/connection.ts';
import { failure } from '../rules/errors.ts';
import { ruleMessage } from '../rules/messages.ts';


/** Counts one booking attempt of `client` on `calendar` ('user:<id>' or 'team:<id>'); `rate_limited` past the limit. */
export function bookingThrottle(db: Database, client: string, perMinute: number) {
  return async (calendar: string): Promise<void> => {
    const rows = await query(db, (sql) => sql`select public.take_booking_token(${client}, ${calendar}, ${perMinute}) as taken`);
    if (rows[0].taken !== true) throw failure('rate_limited', ruleMessage('tooManyBookings'));
  };
}
