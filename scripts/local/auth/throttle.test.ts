// The per-email throttle of password sign-ins.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignInThrottle } from './context.ts';

afterEach(() => vi.useRealTimers());

describe('SignInThrottle', () => {
  it('blocks an address after max failures in five minutes, whatever its case, and only that one', () => {
    const t = new SignInThrottle(3);
    for (let i = 0; i < 2; i++) t.fail('Ann@Example.test');
    expect(t.blocked('ann@example.test')).toBe(false);
    t.fail('ann@example.test');
    expect(t.blocked('ANN@example.test')).toBe(true);
    expect(t.blocked('bob@example.test')).toBe(false);
  });

  it('lets an address in again once its failures are older than five minutes', () => {
    vi.useFakeTimers();
    const t = new SignInThrottle(2);
    t.fail('c@example.test');
    vi.advanceTimersByTime(4 * 60_000);
    t.fail('c@example.test');
    expect(t.blocked('c@example.test')).toBe(true);
    vi.advanceTimersByTime(60_001);
    expect(t.blocked('c@example.test')).toBe(false);
  });
});
