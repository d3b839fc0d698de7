// The test stack's provider stand-ins for Stripe and Zoom: started beside the stack, and their
// addresses and credentials handed to the edge functions' environment, as the Google stand-in's are.
import { readdirSync, readFileSync } from 'node:fs';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { stack } from '../test-stack/harness.ts';
import { zoomControl } from '../zoom/server.ts';

/** The environments of this stack's edge function processes (Linux: /proc/<pid>/environ). */
function functionEnvironments(): Record<string, string>[] {
  const envs: Record<string, string>[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('serve-function.ts')) continue;
      const env = Object.fromEntries(
        readFileSync(`/proc/${pid}/environ`, 'utf8')
          .split('\0')
          .filter(Boolean)
          .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
      );
      // Other stacks may run on this machine; this one's functions know its address.
      if (env.SUPABASE_URL === stack().apiUrl) envs.push(env);
    } catch {
      // a process that ended while being read
    }
  }
  return envs;
}

describe('provider stand-ins of the test stack', () => {
  it('gives every edge function the Stripe and Zoom stand-ins\' environment', () => {
    const { stripe, zoom } = stack();
    const envs = functionEnvironments();
    expect(envs.length).toBeGreaterThan(0);
    for (const env of envs) {
      expect(env).toMatchObject(stripe!.env);
      expect(env).toMatchObject(zoom!.env);
    }
    expect(Object.keys({ ...stripe!.env, ...zoom!.env }).filter((name) => name.startsWith('SUPABASE_'))).toEqual([]);
  });

  it('serves Stripe to the SDK configured from that environment, and Zoom\'s OAuth', async () => {
    const { stripe, zoom } = stack();
    const env = stripe!.env;
    const sdk = new Stripe(env.STRIPE_SECRET_KEY, { host: env.STRIPE_API_HOST, port: Number(env.STRIPE_API_PORT), protocol: env.STRIPE_API_PROTOCOL as 'http', maxNetworkRetries: 0 });
    expect((await sdk.accounts.retrieveCurrent()).object).toBe('account');

    const authorize = `${zoom!.env.ZOOM_OAUTH_URL}/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: zoom!.env.ZOOM_CLIENT_ID, redirect_uri: 'https://app.example.com/zoom' })}`;
    const back = new URL(await zoomControl(zoom!.url).consent(authorize, 'stack-host@zoom.example'));
    expect(back.searchParams.get('code')).toBeTruthy();
  });
});
