// Which redirect targets the Auth service accepts, and how errors travel back to the app.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { badRequest, OAuthError } from './errors.ts';
import { errorRedirect, isRedirectAllowed, withFragment, withQuery } from './redirects.ts';
import { pkceMatches } from './tokens.ts';

const config = loadConfig({
  auth: {
    siteUrl: 'http://localhost:5173',
    additionalRedirectUrls: ['https://app.example.com/*', 'https://**.preview.example.com/**', 'com.kairos.app://callback'],
  },
});

describe('isRedirectAllowed', () => {
  it.each([
    ['http://localhost:5173/dashboard', true],
    ['http://localhost:3000/any/port/on/loopback', true],
    ['http://127.0.0.1:41234/e2e', true],
    ['https://localhost:5173/other-scheme', false],
    ['https://app.example.com/callback', true],
    ['https://app.example.com/deep/path', false],
    ['https://pr-12.preview.example.com/auth/callback', true],
    ['com.kairos.app://callback', true],
    ['https://evil.example.com/', false],
    ['https://app.example.com.evil.com/callback', false],
    ['\thttp://localhost:5173/', false],
    ['', false],
    ['not a url', false],
  ])('%s → %s', (url, allowed) => {
    expect(isRedirectAllowed(config, url)).toBe(allowed);
  });
});

describe('redirect URLs', () => {
  it('puts token fields in the fragment in Go url.Values order', () => {
    expect(withFragment('http://localhost:5173/x#old', { token_type: 'bearer', access_token: 'a b', expires_in: '3600' })).toBe(
      'http://localhost:5173/x#access_token=a+b&expires_in=3600&token_type=bearer',
    );
  });

  it('adds the PKCE code to an existing query', () => {
    expect(withQuery('http://localhost:5173/cb?next=%2Fdash', { code: 'c1' })).toBe('http://localhost:5173/cb?next=%2Fdash&code=c1');
  });

  it('reports errors in the fragment, and also in the query when asked', () => {
    const e = badRequest('validation_failed', 'Bad thing');
    expect(errorRedirect('http://localhost:5173/cb?keep=1', e, false)).toBe(
      'http://localhost:5173/cb#error=invalid_request&error_code=validation_failed&error_description=Bad+thing',
    );
    expect(errorRedirect('http://localhost:5173/cb', new OAuthError('access_denied', 'No'), true)).toBe(
      'http://localhost:5173/cb?error=access_denied&error_description=No#error=access_denied&error_description=No',
    );
  });
});

describe('pkceMatches', () => {
  // RFC 7636 appendix B.
  const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
  it('checks S256 and plain challenges', () => {
    expect(pkceMatches('s256', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', verifier)).toBe(true);
    expect(pkceMatches('s256', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', verifier + 'x')).toBe(false);
    expect(pkceMatches('plain', verifier, verifier)).toBe(true);
    expect(pkceMatches('plain', verifier, 'other')).toBe(false);
  });
});
