// The Auth service's limiters on a stepped clock.
import { describe, expect, it } from 'vitest';
import { checkMailFrequency, CodeGuesses, MAX_CODE_GUESSES, RateLimitError, SignInThrottle, TokenBucket } from './limits.ts';

function caught(fn: () => void): RateLimitError | undefined {
  try {
    fn();
  } catch (e) {
    if (e instanceof RateLimitError) return e;
    throw e;
  }
  return undefined;
}

describe('TokenBucket', () => {
  it('lets a burst through, then one per refill interval, per key', () => {
    let t = 0;
    const bucket = new TokenBucket(0.1, 3, () => t);
    for (let i = 0; i < 3; i++) bucket.take('a');
    const refused = caught(() => bucket.take('a'));
    expect(refused?.status).toBe(429);
    expect(refused?.headers['retry-after']).toBe('10');
    expect(caught(() => bucket.take('b'))).toBeUndefined();
    t += 9_000;
    expect(caught(() => bucket.take('a'))?.headers['retry-after']).toBe('1');
    t += 1_000;
    expect(caught(() => bucket.take('a'))).toBeUndefined();
    expect(caught(() => bucket.take('a'))).toBeDefined();
  });
});

describe('SignInThrottle', () => {
  it('throttles an (address, email) pair after max failures in five minutes, whatever the case', () => {
    let t = 0;
    const throttle = new SignInThrottle(3, () => t);
    for (let i = 0; i < 3; i++) throttle.fail('10.0.0.1', 'Ann@Example.test');
    expect(caught(() => throttle.check('10.0.0.1', 'ann@example.test'))?.headers['retry-after']).toBe('300');
    expect(caught(() => throttle.check('10.0.0.2', 'ann@example.test'))).toBeUndefined();
    expect(caught(() => throttle.check('10.0.0.1', 'bob@example.test'))).toBeUndefined();
    t += 300_001;
    expect(caught(() => throttle.check('10.0.0.1', 'ann@example.test'))).toBeUndefined();
  });
});

describe('CodeGuesses', () => {
  it('ends a code on its last allowed wrong guess, and counts each code apart', () => {
    const guesses = new CodeGuesses();
    const verdicts = Array.from({ length: MAX_CODE_GUESSES }, () => guesses.fail('hash-a'));
    expect(verdicts).toEqual([false, false, false, false, true]);
    expect(guesses.fail('hash-b')).toBe(false);
  });
});

describe('checkMailFrequency', () => {
  it('refuses another mail within max_frequency with GoTrue message', () => {
    const sent = new Date(10_000);
    const e = caught(() => checkMailFrequency(sent, 60_000, () => 40_000));
    expect(e?.errorCode).toBe('over_email_send_rate_limit');
    expect(e?.message).toBe('For security purposes, you can only request this after 30 seconds.');
    expect(caught(() => checkMailFrequency(sent, 60_000, () => 70_000))).toBeUndefined();
    expect(caught(() => checkMailFrequency(null, 60_000, () => 0))).toBeUndefined();
  });
});
