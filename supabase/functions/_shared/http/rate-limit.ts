// The booking rate limit: one token bucket per client address and calendar, kept in Postgres
// (take_booking_token) so every function instance counts against the same buckets.
import type { SupabaseClient } from '@supabase/supabase-js';
import { fromDbError, type DbError } from '../db/errors.ts';
import { AppError } from '../rules/errors.ts';

const TOO_MANY = 'Too many booking requests. Please wait a moment and try again.';

/** Counts one booking attempt of `client` on `calendar` ('user:<id>' or 'team:<id>'); `rate_limited` past the limit. */
export function bookingThrottle(service: SupabaseClient, client: string, perMinute: number) {
  return async (calendar: string): Promise<void> => {
    const { data, error } = await service.rpc('take_booking_token', { p_client: client, p_calendar: calendar, p_per_minute: perMinute });
    if (error) throw fromDbError(error as DbError);
    if (data !== true) throw new AppError('rate_limited', TOO_MANY);
  };
}
