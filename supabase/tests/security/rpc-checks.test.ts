// RPCs a signed-in user may call over REST must hold every check of the function
// route that calls them, or be the service role's alone. add_calendar_connection stored plaintext
// secrets and made-up calendars (one became the account's booking calendar); create_webhook took
// 200,000 event names and plain-http addresses. Every RPC granted to `authenticated` is listed in
// supabase/tests/db/catalogue.test.ts; these are the ones whose functions checked more.
import { describe, expect, it } from 'vitest';
import { newUser, sql } from '../../../scripts/local/test-stack/harness.ts';

describe('RPCs called over REST hold what their function routes check', () => {
  it('keeps add_calendar_connection to the calendars function, which checks the account and seals the secret', async () => {
    const host = await newUser();
    const made = await host.client.rpc('add_calendar_connection', {
      p_provider: 'caldav',
      p_label: 'Made up',
      p_server_url: 'https://nowhere.example.com',
      p_username: 'me',
      p_secret: 'plaintext-password',
      p_calendars: [{ remoteId: '/made-up/', name: 'Invented', canWrite: true }],
    });
    // No such call for a signed-in user (PostgREST: no function with these arguments) ...
    expect(made.error?.code).toBe('PGRST202');
    // ... nor by naming the account: that argument is the service's to fill in.
    const named = await host.client.rpc('add_calendar_connection', {
      p_user_id: host.id,
      p_provider: 'ics',
      p_label: 'Made up',
      p_server_url: null,
      p_username: null,
      p_secret: 'plaintext',
      p_calendars: [],
      p_account: null,
    });
    expect(named.error?.code).toBe('42501');
    expect(await sql('select count(*)::int as n from public.calendar_sources where user_id = $1', [host.id])).toEqual([{ n: 0 }]);
  });

  it('refuses webhooks the function would refuse: event lists with repeats, plain http to another machine', async () => {
    const host = await newUser();
    const flood = await host.client.rpc('create_webhook', { p_url: 'https://crm.example.com/hook', p_events: Array(200_000).fill('booking.created') });
    expect(flood.error?.code).toBe('23514');
    const repeated = await host.client.from('webhooks').insert({ user_id: host.id, url: 'https://crm.example.com/hook', events: ['ping', 'ping'] });
    expect(repeated.error?.code).toBe('23514');
    const plain = await host.client.rpc('create_webhook', { p_url: 'http://crm.example.com/hook', p_events: ['booking.created'] });
    expect(plain.error?.code).toBe('23514');
    const withLogin = await host.client.rpc('create_webhook', { p_url: 'https://user:pass@crm.example.com/hook', p_events: ['ping'] });
    expect(withLogin.error?.code).toBe('23514');
    expect(await sql('select count(*)::int as n from public.webhooks where user_id = $1', [host.id])).toEqual([{ n: 0 }]);

    // What the function accepts, the database accepts: https anywhere, http on this machine only.
    const ok = await host.client.rpc('create_webhook', { p_url: 'https://crm.example.com/hook', p_events: ['booking.created', 'booking.cancelled'] });
    expect(ok.error).toBeNull();
    expect((await host.client.rpc('create_webhook', { p_url: 'http://127.0.0.1:9/hook', p_events: ['booking.created'] })).error).toBeNull();

    // The overlap of a rotated secret is one of the choices the screen and the route offer.
    const id = (ok.data as { id: number }).id;
    expect((await host.client.rpc('rotate_webhook_secret', { p_webhook_id: id, p_overlap_hours: 5 })).error?.code).toBe('22023');
    expect((await host.client.rpc('rotate_webhook_secret', { p_webhook_id: id, p_overlap_hours: 72 })).error).toBeNull();
  });
});
