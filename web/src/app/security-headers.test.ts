import { describe, expect, it } from 'vitest';
import { headersFile, metaContentSecurityPolicy, redirectsFile, webHeaders } from '../../security-headers.ts';

const hosted = { supabaseUrl: 'https://ref.supabase.co' };

type Host = 'netlify' | 'cloudflare';

/**
 * The headers a static host sends for `path` from a `_headers` file. Every rule that matches applies;
 * for a header two rules set, Netlify keeps the later value and Cloudflare Pages joins them.
 */
function served(file: string, path: string, host: Host): Map<string, string[]> {
  const headers = new Map<string, string[]>();
  let matches = false;
  for (const line of file.split('\n')) {
    if (line.startsWith('/')) matches = new RegExp(`^${line.trim().replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(path);
    else if (matches && line.trim()) {
      const [, name, value] = /^\s+([A-Za-z-]+): (.*)$/.exec(line) ?? [];
      expect(name, `a header line every host reads: ${line}`).toBeDefined();
      const key = name.toLowerCase();
      headers.set(key, host === 'netlify' ? [value] : [...(headers.get(key) ?? []), value]);
    }
  }
  return headers;
}

/** Whether a browser lets another site frame the page: frame-ancestors decides where a policy names it. */
function frameable(headers: Map<string, string[]>): boolean {
  const ancestors = (headers.get('content-security-policy') ?? []).flatMap((p) => /frame-ancestors ([^;]+)/.exec(p)?.[1] ?? []);
  if (ancestors.length > 0) return ancestors.every((a) => a.trim() === '*');
  return !(headers.get('x-frame-options') ?? []).some((v) => /deny|sameorigin/i.test(v));
}

describe("the web app's security headers", () => {
  it('lets the app reach its Supabase project (HTTP and WebSocket) and nothing else, and refuses every frame', () => {
    const csp = webHeaders('/dashboard', hosted)['content-security-policy'];
    expect(csp).toContain("connect-src 'self' https://ref.supabase.co wss://ref.supabase.co");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("object-src 'none'");
    expect(csp.endsWith("frame-ancestors 'none'")).toBe(true);
    expect(metaContentSecurityPolicy(hosted)).not.toContain('frame-ancestors');
  });

  it('lets a page listed as frameable be framed while every other page still refuses, in the gateway and in _headers', () => {
    const frameable = [{ path: '/embed/', ancestors: '*' }];
    expect(webHeaders('/embed/alex/intro', hosted, frameable)['content-security-policy']).toContain('frame-ancestors *');
    expect(webHeaders('/embed/alex/intro', hosted, frameable)['x-frame-options']).toBeUndefined();
    expect(webHeaders('/dashboard', hosted, frameable)['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it.each<Host>(['netlify', 'cloudflare'])('writes _headers that %s reads to the same effect: embeds framed, every other page refused, one policy everywhere', (host) => {
    const file = headersFile(hosted);
    const page = served(file, '/dashboard', host);
    const embed = served(file, '/embed/alex/intro', host);
    expect(frameable(page)).toBe(false);
    expect(frameable(embed)).toBe(true);
    for (const headers of [page, embed]) {
      expect(headers.get('content-security-policy')!.every((p) => p.includes("script-src 'self'") && p.includes('connect-src \'self\' https://ref.supabase.co'))).toBe(true);
      expect(headers.get('x-content-type-options')).toEqual(['nosniff']);
    }
  });

  it('writes _redirects: /api/* to the project\'s api function, each route to its page, in order', () => {
    const routes = [
      { pattern: '/book/:eventTypeId', file: 'shells/book-eventTypeId.html' },
      { pattern: '/dashboard', file: null },
      { pattern: '*', file: 'shells/not-found.html' },
    ];
    expect(redirectsFile(hosted, routes)).toBe(
      [
        '/api/*  https://ref.supabase.co/functions/v1/api/:splat  200',
        '/book/:eventTypeId  /shells/book-eventTypeId.html  200',
        '/dashboard  /app.html  200',
        '/*  /shells/not-found.html  200',
        '',
      ].join('\n'),
    );
    expect(redirectsFile({}, routes)).toMatch(/^# \/api\/\* is not passed on: build with VITE_SUPABASE_URL/);
  });
});
