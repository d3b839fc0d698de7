// The gateway answers a path as a static host reads the build's `_redirects`: each route its own page.
import { describe, expect, it } from 'vitest';
import { redirectsFile } from '../../web/security-headers.ts';
import { readRewrites, rewriteOf } from './static-rewrites.ts';

const routes = [
  { pattern: '/', file: 'index.html' },
  { pattern: '/book/:eventTypeId', file: 'shells/book-eventTypeId.html' },
  { pattern: '/teams/:teamId', file: null },
  { pattern: '/teams/:teamId/settings', file: null },
  { pattern: '/:handle', file: 'shells/handle.html' },
  { pattern: '*', file: 'shells/not-found.html' },
];

describe('static rewrites', () => {
  const rewrites = readRewrites(redirectsFile({ supabaseUrl: 'https://ref.supabase.co' }, routes));

  it('gives each path the page of the first route that matches it', () => {
    expect(rewriteOf(rewrites, '/')).toBe('/index.html');
    expect(rewriteOf(rewrites, '/book/42')).toBe('/shells/book-eventTypeId.html');
    expect(rewriteOf(rewrites, '/book/42/')).toBe('/shells/book-eventTypeId.html');
    expect(rewriteOf(rewrites, '/teams/7')).toBe('/app.html');
    expect(rewriteOf(rewrites, '/teams/7/settings')).toBe('/app.html');
    // One segment is a handle; `teams` is its own route first.
    expect(rewriteOf(rewrites, '/jane.doe')).toBe('/shells/handle.html');
    expect(rewriteOf(rewrites, '/teams')).toBe('/shells/handle.html');
    expect(rewriteOf(rewrites, '/book/42/more')).toBe('/shells/not-found.html');
  });

  it('leaves the /api proxy to the gateway', () => {
    expect(rewriteOf(rewrites, '/api/bookings')).toBe('/shells/not-found.html');
  });
});
