import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStorageKey, maySignIn } from './env.ts';

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('maySignIn', () => {
  it('reads a stored session', () => {
    localStorage.setItem(authStorageKey, '{}');
    expect(maySignIn()).toBe(true);
  });

  it('is false, without throwing, where the browser refuses storage (a third-party frame)', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    expect(maySignIn()).toBe(false);
  });

  it('is false on an embed page even with a session stored: a framed page is a guest\'s', () => {
    localStorage.setItem(authStorageKey, '{}');
    window.history.replaceState(null, '', '/embed/5?origin=https%3A%2F%2Fshop.example');
    expect(maySignIn()).toBe(false);
  });
});
