// Two-factor holds beyond the sign-in screen: a stranger with only the password of an account that
// has a verified factor gets an aal1 session, and every path RLS governs (REST, the /api routes that
// act as the caller, Storage, Realtime, security definer RPCs) treats it as nobody. The same account
// at aal2, and accounts without a factor at aal1, keep every right they had.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import * as OTPAuth from 'otpauth';
import { decodeJwt } from 'jose';
import ws from 'ws';
import { describe, expect, it } from 'vitest';
import { join, newUser, realtimeClient, sql, stack, type TestUser } from '../../../scripts/local/test-stack/harness.ts';
import { call } from '../api/client.ts';
import { eventTypeOf } from './support.ts';

function sessionClient(): SupabaseClient {
  return createClient(stack().apiUrl, stack().anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  });
}

const codeFor = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();

/** A user with a verified TOTP factor: the session that verified it (aal2), and a fresh password sign-in (aal1). */
async function twoFactorUser(): Promise<{
  user: TestUser;
  secret: string;
  factorId: string;
  aal2Token: string;
  aal1: SupabaseClient;
  token: string;
}> {
  const user = await newUser();
  const enrolling = sessionClient();
  await enrolling.auth.setSession({ access_token: user.accessToken, refresh_token: user.refreshToken });
  const { data, error } = await enrolling.auth.mfa.enroll({ factorType: 'totp' });
  if (error || !data || data.type !== 'totp') throw new Error(`enroll failed: ${error?.message}`);
  const verified = await enrolling.auth.mfa.challengeAndVerify({ factorId: data.id, code: codeFor(data.totp.secret) });
  if (verified.error) throw verified.error;
  const aal2Token = (await enrolling.auth.getSession()).data.session!.access_token;
  expect(decodeJwt(aal2Token).aal).toBe('aal2');
  // The enrolment was a while ago: the next code is accepted (one per factor in three 30-second steps, totp-replay.test.ts).
  await sql('update private.mfa_accepted_steps set step = step - 3 where factor_id = $1', [data.id]);

  const aal1 = sessionClient();
  const signIn = await aal1.auth.signInWithPassword({ email: user.email, password: user.password });
  if (signIn.error || !signIn.data.session) throw new Error(`sign-in failed: ${signIn.error?.message}`);
  const token = signIn.data.session.access_token;
  expect(decodeJwt(token).aal).toBe('aal1');
  return { user, secret: data.totp.secret, factorId: data.id, aal2Token, aal1, token };
}

describe('two-factor accounts need an aal2 session on every path', () => {
  it('REST reads and writes nothing of the account at aal1, and everything at aal2', async () => {
    const { user, secret, factorId, aal1 } = await twoFactorUser();
    const typeId = Number(await eventTypeOf(user.id));

    expect((await aal1.from('event_types').select('id').eq('id', typeId)).data).toEqual([]);
    expect((await aal1.from('profiles').update({ first_name: 'Stranger' }).eq('id', user.id).select()).data).toEqual([]);
    const insert = await aal1.from('event_types').insert({ user_id: user.id, title: 'Planted' });
    expect(insert.error?.code).toBe('42501');
    const [{ first_name }] = await sql(`select first_name from public.profiles where id = $1`, [user.id]);
    expect(first_name).not.toBe('Stranger');

    // The code steps the same session up: the rows are there again.
    expect((await aal1.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret) })).error).toBeNull();
    expect((await aal1.from('event_types').select('id').eq('id', typeId)).data).toEqual([{ id: typeId }]);
  });

  it('security definer RPCs acting for the user refuse an aal1 session', async () => {
    const { aal1 } = await twoFactorUser();
    const feed = await aal1.rpc('regenerate_calendar_feed');
    expect(feed.error).toMatchObject({ code: '42501', hint: 'insufficient_aal' });
    const connect = await aal1.rpc('set_booking_calendar', { p_source_id: null });
    expect(connect.error).toMatchObject({ code: '42501', hint: 'insufficient_aal' });
  });

  it('the calendars function connects nothing for an aal1 session (its RPC is the service role\'s)', async () => {
    const { token } = await twoFactorUser();
    const connected = await call('/calendars/connections', { body: { provider: 'ics', url: 'https://calendar.example.com/a.ics' }, token });
    expect(connected).toMatchObject({ status: 403, body: { code: 'forbidden' } });
  });

  it('the /api routes, acting as the caller, see none of the account at aal1', async () => {
    const { user, token, aal2Token } = await twoFactorUser();
    await eventTypeOf(user.id);
    const listed = await call('/api/event-types', { token });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([]);
    const owned = await call('/api/event-types', { token: aal2Token });
    expect(owned.body).toHaveLength(1);
  });

  it('Storage refuses an avatar upload and Realtime the private booking topic at aal1', async () => {
    const { user, aal1, token } = await twoFactorUser();
    const upload = await aal1.storage.from('avatars').upload(`${user.id}/avatar.png`, PNG, { contentType: 'image/png' });
    expect(upload.error?.message).toMatch(/row-level security/);

    const rt = await realtimeClient({ token });
    const joined = await join(rt.channel(`bookings:${user.id}`, { config: { private: true } }));
    expect(joined.status).not.toBe('SUBSCRIBED');
    await rt.removeAllChannels();
  });

  it('leaves accounts without a factor as they were at aal1', async () => {
    const user = await newUser();
    const typeId = Number(await eventTypeOf(user.id));
    expect(decodeJwt(user.accessToken).aal).toBe('aal1');
    expect((await user.client.from('event_types').select('id').eq('id', typeId)).data).toEqual([{ id: typeId }]);
    expect((await user.client.rpc('dashboard_stats', { p_timeframe: 'week' })).error).toBeNull();
  });
});

// A 1×1 PNG: a real raster image, so only the policy can refuse it.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
