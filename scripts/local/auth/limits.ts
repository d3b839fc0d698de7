// Abuse limits of the Auth service: GoTrue's per-address request buckets (config.toml's
// [auth.rate_limit]), a per-(address, account) wrong-password throttle, and one-time codes that die
// after a few wrong guesses. Never per account alone: a stranger must not be able to lock a victim out.
import type { AuthRateLimits } from '../config.ts';
import { HttpError } from './errors.ts';

const FIVE_MINUTES = 300;
const HOUR = 3600;
/** GoTrue's tollbooth limiters hold this many requests whatever the configured rate. */
const GOTRUE_BURST = 30;
/** Keys remembered at most; the idlest are dropped first (a flood of made-up keys stays bounded). */
const MAX_TRACKED = 50_000;

export type Clock = () => number;

/** 429 over_request_rate_limit with the seconds to wait, as Retry-After. */
export class RateLimitError extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    code = 'over_request_rate_limit',
    message = 'Request rate limit reached',
  ) {
    super(429, code, message, {}, { 'retry-after': String(retryAfterSeconds) });
  }
}

/** A key-bounded map that forgets its least recently touched entries past MAX_TRACKED. */
class Recent<V> {
  private map = new Map<string, V>();
  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: string, v: V): void {
    this.map.delete(key);
    this.map.set(key, v);
    if (this.map.size > MAX_TRACKED) this.map.delete(this.map.keys().next().value!);
  }
  delete(key: string): void {
    this.map.delete(key);
  }
}

/**
 * A token bucket per key (golang.org/x/time/rate, which tollbooth uses): `burst` requests at once,
 * then `perSecond` more each second.
 */
export class TokenBucket {
  private buckets = new Recent<{ tokens: number; at: number }>();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly now: Clock = Date.now,
  ) {}

  /** Takes one token for `key`, or throws a RateLimitError saying when the next one comes. */
  take(key: string): void {
    const now = this.now();
    const b = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    const tokens = Math.min(this.burst, b.tokens + ((now - b.at) / 1000) * this.perSecond);
    if (tokens < 1) {
      this.buckets.set(key, { tokens, at: now });
      const wait = this.perSecond > 0 ? (1 - tokens) / this.perSecond : HOUR;
      throw new RateLimitError(Math.max(1, Math.ceil(wait)));
    }
    this.buckets.set(key, { tokens: tokens - 1, at: now });
  }
}

/** The buckets GoTrue keeps per client address, sized from [auth.rate_limit]. */
export interface AuthLimiters {
  /** /signup, /otp, /magiclink, /recover, /resend and PUT /user. */
  emailActions: TokenBucket;
  token: TokenBucket;
  verify: TokenBucket;
  anonymous: TokenBucket;
  web3: TokenBucket;
  /** MFA challenge and verify (GoTrue's default of 15 a minute). */
  mfa: TokenBucket;
}

/** `perAddress` false: every bucket is bottomless, as GoTrue's are without a rate-limit header. */
export function authLimiters(limits: AuthRateLimits, now: Clock = Date.now, perAddress = true): AuthLimiters {
  if (!perAddress) {
    const bottomless = new TokenBucket(Infinity, Infinity, now);
    return { emailActions: bottomless, token: bottomless, verify: bottomless, anonymous: bottomless, web3: bottomless, mfa: bottomless };
  }
  const per5m = (n: number) => new TokenBucket(n / FIVE_MINUTES, GOTRUE_BURST, now);
  return {
    emailActions: per5m(limits.signInSignUps),
    token: per5m(limits.tokenRefresh),
    verify: per5m(limits.tokenVerifications),
    // Anonymous sign-ins are counted per hour and may all come at once.
    anonymous: new TokenBucket(limits.anonymousUsers / HOUR, limits.anonymousUsers, now),
    web3: per5m(limits.web3),
    mfa: new TokenBucket(15 / 60, GOTRUE_BURST, now),
  };
}

const WINDOW_MS = FIVE_MINUTES * 1000;

/**
 * Wrong passwords per (client address, email): past `max` in five minutes that pair waits. The
 * account itself is never locked, so failures from another address do not keep its owner out.
 */
export class SignInThrottle {
  private failures = new Recent<number[]>();

  constructor(
    private readonly max: number,
    private readonly now: Clock = Date.now,
  ) {}

  private key(ip: string, email: string) {
    return `${ip} ${email.toLowerCase()}`;
  }

  private recent(key: string): number[] {
    const since = this.now() - WINDOW_MS;
    const list = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (list.length > 0) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  check(ip: string, email: string): void {
    const list = this.recent(this.key(ip, email));
    if (list.length >= this.max) {
      throw new RateLimitError(Math.max(1, Math.ceil((list[list.length - this.max] + WINDOW_MS - this.now()) / 1000)));
    }
  }

  fail(ip: string, email: string): void {
    const key = this.key(ip, email);
    this.failures.set(key, [...this.recent(key), this.now()]);
  }
}

/** Wrong guesses a one-time code survives; the next one ends it. */
export const MAX_CODE_GUESSES = 5;

/**
 * Wrong guesses per issued code, keyed by the code's stored hash (a new code starts afresh).
 * `fail` says whether the code has now had its last guess and must be revoked.
 */
export class CodeGuesses {
  private guesses = new Recent<number>();

  fail(storedHash: string): boolean {
    const n = (this.guesses.get(storedHash) ?? 0) + 1;
    if (n >= MAX_CODE_GUESSES) {
      this.guesses.delete(storedHash);
      return true;
    }
    this.guesses.set(storedHash, n);
    return false;
  }
}

/**
 * GoTrue's validateSentWithinFrequencyLimit: an account is sent another mail of one kind only
 * [auth.email] max_frequency after the last.
 */
export function checkMailFrequency(sentAt: Date | null, maxFrequencyMs: number, now: Clock = Date.now): void {
  if (!sentAt) return;
  const leftMs = sentAt.getTime() + maxFrequencyMs - now();
  if (leftMs > 0) {
    throw new RateLimitError(
      Math.ceil(leftMs / 1000),
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${Math.floor(leftMs / 1000)} seconds.`,
    );
  }
}
