// What every handler gets: the stack's settings, the superuser pool, the SMTP mailer and the
// per-email sign-in throttle.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import type { StackConfig } from '../config.ts';
import type { AuthMailer } from './mail.ts';
import { badRequest } from './errors.ts';

const WINDOW_MS = 5 * 60 * 1000;
const MAX_TRACKED = 10_000;

/** Counts wrong passwords per email (never per IP: tests sign in many users from 127.0.0.1). */
export class SignInThrottle {
  private failures = new Map<string, number[]>();

  constructor(private readonly max: number) {}

  /** Failures in the window; an address without any is forgotten. */
  private recent(email: string): number[] {
    const key = email.toLowerCase();
    const since = Date.now() - WINDOW_MS;
    const list = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (list.length > 0) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  blocked(email: string): boolean {
    return this.recent(email).length >= this.max;
  }

  fail(email: string): void {
    this.failures.set(email.toLowerCase(), [...this.recent(email), Date.now()]);
    // Guessing across many made-up addresses must not grow the map without bound.
    if (this.failures.size > MAX_TRACKED) for (const key of [...this.failures.keys()]) this.recent(key);
  }
}

export interface AuthContext {
  config: StackConfig;
  pool: pg.Pool;
  mailer: AuthMailer;
  throttle: SignInThrottle;
}

export type Handler = (ctx: AuthContext, req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** GoTrue's validateEmail. */
export function validateEmail(email: string): string {
  if (!email) throw badRequest('validation_failed', 'An email address is required');
  if (email.length > 255) throw badRequest('validation_failed', 'An email address is too long');
  if (!EMAIL_PATTERN.test(email)) {
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  }
  return email.toLowerCase();
}
