import { describe, expect, it } from 'vitest';
import { headersFile, metaContentSecurityPolicy, webHeaders } from '../../security-headers.ts';

const hosted = { supabaseUrl: 'https://ref.supabase.co' };

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
    const file = headersFile(hosted, frameable);
    expect(file).toMatch(/^\/\*\n {2}Content-Security-Policy: .*frame-ancestors 'none'\n {2}X-Content-Type-Options: nosniff\n/);
    expect(file).toContain("/embed/*\n  ! Content-Security-Policy\n  ! X-Frame-Options\n  Content-Security-Policy: default-src 'self';");
    expect(file.trimEnd().endsWith('frame-ancestors *')).toBe(true);
  });
});
