// What every handler gets: the stack's settings, the superuser pool, the SMTP mailer and the
// abuse limits (kept in this process, as GoTrue keeps its limiters in memory).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import type { StackConfig } from '../config.ts';
import type { AuthMailer } from './mail.ts';
import { badRequest } from './errors.ts';
import { authLimiters, CodeGuesses, SignInThrottle, type AuthLimiters, type Clock } from './limits.ts';

export interface AuthContext {
  config: StackConfig;
  pool: pg.Pool;
  mailer: AuthMailer;
  limits: AuthLimiters;
  throttle: SignInThrottle;
  codeGuesses: CodeGuesses;
  /** The limits' clock (also when an account was last mailed, for max_frequency). */
  now: Clock;
}

export function createContext(config: StackConfig, pool: pg.Pool, mailer: AuthMailer, now: Clock = Date.now): AuthContext {
  return {
    config,
    pool,
    mailer,
    limits: authLimiters(config.auth.rateLimit, now, config.auth.perAddressRateLimits),
    throttle: new SignInThrottle(config.auth.maxFailedSignIns, now),
    codeGuesses: new CodeGuesses(),
    now,
  };
}

export type Handler = (ctx: AuthContext, req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;

/** The address check GoTrue uses (badoux/checkmail's format). */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** GoTrue's validateEmail. */
export function validateEmail(email: string): string {
  if (!email) throw badRequest('validation_failed', 'An email address is required');
  if (email.length > 255) throw badRequest('validation_failed', 'An email address is too long');
  if (!EMAIL_PATTERN.test(email)) {
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  }
  return email.toLowerCase();
}
