// Where the local stack's mails send people: the web app's own address, wherever its port moved.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config.ts';

describe("the local stack's site_url", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("is config.toml's (localhost:5173) at the standard ports", () => {
    vi.stubEnv('KAIROS_PORT_BASE', '');
    expect(loadConfig().siteUrl).toBe('http://localhost:5173');
  });

  it('follows the web app when KAIROS_PORT_BASE moves it, so mail links open the app that runs', () => {
    vi.stubEnv('KAIROS_PORT_BASE', '58000');
    const config = loadConfig();
    expect(config.ports.web).toBe(58005);
    expect(config.siteUrl).toBe('http://localhost:58005');
  });

  it('follows a web port given to the stack', () => {
    vi.stubEnv('KAIROS_PORT_BASE', '');
    expect(loadConfig({ ports: { web: 41000 } }).siteUrl).toBe('http://localhost:41000');
  });

  it('keeps a site_url that names somewhere else (another host, or a port the web app does not use)', () => {
    vi.stubEnv('KAIROS_PORT_BASE', '58000');
    vi.stubEnv('SUPABASE_AUTH_SITE_URL', 'https://app.example.com');
    expect(loadConfig().siteUrl).toBe('https://app.example.com');
    vi.stubEnv('SUPABASE_AUTH_SITE_URL', 'http://localhost:3000');
    expect(loadConfig().siteUrl).toBe('http://localhost:3000');
  });

  it("is one address: a site URL given to the stack is Auth's too (its redirects and TOTP issuer)", () => {
    const config = loadConfig({ siteUrl: 'http://127.0.0.1:47000' });
    expect(config.siteUrl).toBe('http://127.0.0.1:47000');
    expect(config.auth.siteUrl).toBe('http://127.0.0.1:47000');
  });
});
