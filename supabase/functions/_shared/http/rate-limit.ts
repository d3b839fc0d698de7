// Token buckets per key, in the memory of one function instance. On hosted Supabase each isolate
// keeps its own buckets, so this bounds bursts from one address rather than giving a global quota.
import { AppError } from '../rules/errors.ts';

export interface BucketRule {
  /** Requests allowed in a burst. */
  capacity: number;
  /** Tokens regained per second. */
  refillPerSecond: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly rule: BucketRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one token for `key`; false when the bucket is empty. */
  take(key: string): boolean {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.rule.capacity, at: now };
    bucket.tokens = Math.min(this.rule.capacity, bucket.tokens + ((now - bucket.at) / 1000) * this.rule.refillPerSecond);
    bucket.at = now;
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 10_000) this.sweep(now);
    return allowed;
  }

  /** Forgets full buckets so memory stays bounded. */
  private sweep(now: number) {
    for (const [key, b] of this.buckets) {
      if (b.tokens + ((now - b.at) / 1000) * this.rule.refillPerSecond >= this.rule.capacity) this.buckets.delete(key);
    }
  }
}

const TOO_MANY = 'Too many booking requests. Please wait a moment and try again.';

/**
 * Guest bookings: per client address and host (a burst for one calendar), and per address overall
 * (spraying many calendars, ten times as much). Only well-formed requests count, so garbage costs the
 * server nothing.
 */
export class BookingRateLimit {
  private readonly perTarget: RateLimiter;
  private readonly perAddress: RateLimiter;

  constructor(perMinute = 60) {
    this.perTarget = new RateLimiter({ capacity: perMinute, refillPerSecond: perMinute / 60 });
    this.perAddress = new RateLimiter({ capacity: perMinute * 10, refillPerSecond: perMinute / 6 });
  }

  check(address: string, target: string) {
    if (!this.perTarget.take(`${address}|${target}`) || !this.perAddress.take(address)) throw new AppError('rate_limited', TOO_MANY);
  }
}
