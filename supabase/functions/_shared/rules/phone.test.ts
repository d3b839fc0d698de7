import { describe, expect, it } from 'vitest';
import { e164Phone } from './phone.ts';

describe('a guest phone the host calls', () => {
  it('is a real number with its country code, kept in E.164', () => {
    expect(e164Phone('+1 (415) 555-2671')).toBe('+14155552671');
    expect(e164Phone('+91 98765 43210')).toBe('+919876543210');
    expect(e164Phone('+977 1-4412345')).toBe('+97714412345');
  });

  it('is refused when it is no number libphonenumber-js knows, or has no country code', () => {
    expect(e164Phone('+1 555 0100')).toBeNull();
    expect(e164Phone('415 555 2671')).toBeNull();
    expect(e164Phone('call me')).toBeNull();
    expect(e164Phone('')).toBeNull();
    expect(e164Phone(null)).toBeNull();
  });
});
