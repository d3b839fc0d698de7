import type { SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { anonClient, client, newUser, sql, stack } from '../test-stack/harness.ts';

const sign = (claims: Record<string, unknown>, secret: string, expiresIn = '1h') =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime(expiresIn).sign(new TextEncoder().encode(secret));

describe('gateway', () => {
  it('refuses REST, Auth and Storage calls without an apikey or with a wrong one', async () => {
    for (const path of ['/rest/v1/', '/auth/v1/settings', '/storage/v1/bucket']) {
      const wrong = await fetch(stack().apiUrl + path, { headers: { apikey: 'not-a-key' } });
      expect(wrong.status).toBe(401);
      expect((await wrong.json()).message).toBe('Invalid API key');
    }
    for (const path of ['/rest/v1/', '/auth/v1/settings']) {
      const missing = await fetch(stack().apiUrl + path);
      expect(missing.status).toBe(401);
      expect((await missing.json()).message).toBe('No API key found in request');
    }
    // Storage verifies the JWT itself, as behind the Supabase CLI's gateway: no token, no access.
    const storage = await fetch(`${stack().apiUrl}/storage/v1/bucket`);
    expect(storage.status).toBe(400);
    expect(await storage.json()).toMatchObject({ statusCode: '403', message: 'Invalid Compact JWS' });
    const withBearer = await fetch(`${stack().apiUrl}/storage/v1/bucket`, { headers: { authorization: `Bearer ${stack().serviceRoleKey}` } });
    expect(withBearer.status).toBe(200);
  });

  it('answers CORS preflights for the web origin', async () => {
    const res = await fetch(stack().apiUrl + '/rest/v1/', {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-allow-headers')).toContain('apikey');
  });

  it('answers 404 for an unknown function', async () => {
    const res = await fetch(stack().apiUrl + '/functions/v1/no-such-function');
    expect(res.status).toBe(404);
  });
});

describe('REST with row-level security', () => {
  it('refuses a JWT signed with another secret, an expired JWT and a forged service_role JWT', async () => {
    const { apiUrl, anonKey, jwtSecret } = stack();
    const forged = await sign({ role: 'service_role' }, 'another-secret-another-secret-another-secret');
    const expired = await sign({ role: 'authenticated', sub: crypto.randomUUID() }, jwtSecret, '-1m');
    for (const token of [forged, expired]) {
      const res = await fetch(`${apiUrl}/rest/v1/`, { headers: { apikey: anonKey, authorization: `Bearer ${token}` } });
      expect(res.status).toBe(401);
    }
  });

  it('shows an owner-only table to its owner and nothing to anon or another user', async () => {
    // In graphql_public (an exposed schema), so the catalogue of `public` the database tests check
    // never sees it.
    await sql(`create table if not exists graphql_public.gateway_test_notes (
        id bigint generated always as identity primary key,
        owner uuid not null default auth.uid(),
        body text not null);
      grant select, insert on graphql_public.gateway_test_notes to anon, authenticated;
      alter table graphql_public.gateway_test_notes enable row level security;
      drop policy if exists "owner reads" on graphql_public.gateway_test_notes;
      create policy "owner reads" on graphql_public.gateway_test_notes for select using ((select auth.uid()) = owner);
      drop policy if exists "owner writes" on graphql_public.gateway_test_notes;
      create policy "owner writes" on graphql_public.gateway_test_notes for insert with check ((select auth.uid()) = owner);
      notify pgrst, 'reload schema';`);
    const notes = (c: SupabaseClient) => c.schema('graphql_public').from('gateway_test_notes');
    const owner = await newUser();
    const other = await newUser();
    // PostgREST reloads its schema cache asynchronously after the notification; until then it answers
    // an insert with 404 and the body `{}`, an error without a message, so only a 201 means stored.
    await expect.poll(async () => (await notes(owner.client).insert({ body: 'mine' })).status).toBe(201);
    const mine = await notes(owner.client).select('body');
    expect(mine.data).toEqual([{ body: 'mine' }]);
    const theirs = await notes(other.client).select('body');
    expect(theirs.data).toEqual([]);
    const anon = await notes(anonClient()).select('body');
    expect(anon.data).toEqual([]);
    const anonInsert = await notes(anonClient()).insert({ body: 'x', owner: owner.id });
    expect(anonInsert.error).not.toBeNull();
  });
});

describe('edge functions', () => {
  it('serves the api function through functions.invoke and refuses an anonymous caller', async () => {
    const { data, error, response } = await anonClient().functions.invoke('api/auth/user', { method: 'GET' });
    expect(data).toBeNull();
    expect(error?.name).toBe('FunctionsHttpError');
    expect(response?.status).toBe(401);
    expect(await response?.json()).toEqual({ code: 'unauthorized', message: 'Unauthorized', messageId: 'unauthorized' });
  });

  it('answers a signed-in caller through functions.invoke', async () => {
    const user = await newUser({ firstName: 'Ada' });
    const { data, error } = await client(stack().anonKey, user.accessToken).functions.invoke('api/auth/user', { method: 'GET' });
    expect(error).toBeNull();
    expect(data.id).toBe(user.id);
  });
});
