// What the booking module needs from one request: the service client, the guest throttle for the
// client's address, and the clock.
import type { BookingDeps } from '../booking/create.ts';
import { serviceClient } from './clients.ts';
import type { BookingRateLimit } from './rate-limit.ts';
import type { Ctx } from './router.ts';

export function bookingDeps(ctx: Ctx, limiter: BookingRateLimit): BookingDeps {
  return { service: serviceClient(ctx.env), throttle: (calendar) => limiter.check(ctx.clientAddress, calendar) };
}
