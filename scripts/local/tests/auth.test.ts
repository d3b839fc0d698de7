// The local Auth service through the gateway, driven by the official supabase-js the way the web
// app and the edge functions use it.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import ws from 'ws';
import { anonClient, newUser, serviceClient, sql, stack, uniqueEmail } from '../test-stack/harness.ts';
import { mails } from '../test-stack/mailpit.ts';
import { ownAuthServer } from '../test-stack/own-auth.ts';

// Auth's site URL: config.toml's localhost:5173, moved to this stack's web port.
const site = () => stack().siteUrl;

/** Raw call to the Auth API, as curl would make it (no X-Supabase-Api-Version header). */
function authFetch(path: string, init: RequestInit = {}) {
  return fetch(`${stack().apiUrl}/auth/v1${path}`, {
    redirect: 'manual',
    ...init,
    headers: { apikey: stack().anonKey, 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
}

/** supabase-js outside a browser; `pkce` keeps the code verifier in the client's memory. */
function jsClient(url: string, flowType: 'pkce' | 'implicit' = 'implicit'): SupabaseClient {
  return createClient(url, stack().anonKey, {
    auth: { flowType, persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  });
}

function fragment(location: string): URLSearchParams {
  return new URLSearchParams(new URL(location).hash.slice(1));
}

/** The newest mail to one address, read from the mail catcher through Mailpit's API. */
async function latestMail(to: string) {
  const list = await mails(to);
  expect(list.length).toBeGreaterThan(0);
  return list[0];
}

const linkIn = (text: string) => /(http\S+\/auth\/v1\/verify\?\S+)/.exec(text)![1];

describe('sign up and sign in', () => {
  it('signs up with a session, a user shaped like GoTrue and an email identity', async () => {
    const email = uniqueEmail('signup');
    const { data, error } = await anonClient().auth.signUp({
      email,
      password: 'correct-horse-1',
      options: { data: { first_name: 'Ada' } },
    });
    expect(error).toBeNull();
    const { session, user } = data;
    expect(session?.token_type).toBe('bearer');
    expect(session?.expires_in).toBe(3600);
    expect(user?.email).toBe(email);
    expect(user?.email_confirmed_at).toBeTruthy();
    expect(user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(user?.user_metadata).toMatchObject({ first_name: 'Ada', email, email_verified: true, sub: user?.id });
    expect(user?.identities?.map((i) => i.provider)).toEqual(['email']);

    const rows = await sql('select encrypted_password, raw_app_meta_data from auth.users where id = $1', [user!.id]);
    expect(rows[0].encrypted_password).toMatch(/^\$2[aby]\$10\$/);
    const identities = await sql('select provider, provider_id from auth.identities where user_id = $1', [user!.id]);
    expect(identities).toEqual([{ provider: 'email', provider_id: user!.id }]);
  });

  it('issues HS256 access tokens with GoTrue claims', async () => {
    const u = await newUser({ firstName: 'Claire' });
    const { payload, protectedHeader } = await jwtVerify(u.accessToken, new TextEncoder().encode(stack().jwtSecret));
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload).toMatchObject({
      iss: `${stack().apiUrl}/auth/v1`,
      aud: 'authenticated',
      role: 'authenticated',
      sub: u.id,
      email: u.email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { first_name: 'Claire' },
      aal: 'aal1',
      is_anonymous: false,
    });
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(payload.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    const sessions = await sql('select id from auth.sessions where user_id = $1', [u.id]);
    expect(sessions.map((s) => s.id)).toEqual([payload.session_id]);
  });

  it('refuses a taken email and a weak password with 422', async () => {
    const u = await newUser();
    const taken = await anonClient().auth.signUp({ email: u.email, password: 'another-pass-1' });
    expect(taken.error?.status).toBe(422);
    expect(taken.error?.code).toBe('user_already_exists');
    const weak = await anonClient().auth.signUp({ email: uniqueEmail(), password: '123' });
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.code).toBe('weak_password');
    expect(weak.error?.message).toBe('Password should be at least 6 characters.');
  });

  it('refuses an oversized body with 413 through the gateway, and a malformed one with 400', async () => {
    const big = await authFetch('/signup', {
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail(), password: 'long-body-1', data: { bio: 'x'.repeat(2 * 1024 * 1024) } }),
    });
    expect(big.status).toBe(413);
    const bad = await authFetch('/signup', { method: 'POST', body: '{"email":' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error_code).toBe('bad_json');
  });

  it('refuses anonymous sign-ins, which config.toml leaves disabled', async () => {
    const { data, error } = await anonClient().auth.signInAnonymously();
    expect(data.session).toBeNull();
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('anonymous_provider_disabled');
  });

  it('signs in, and answers a wrong password with 400 Invalid login credentials', async () => {
    const u = await newUser();
    const ok = await anonClient().auth.signInWithPassword({ email: u.email, password: u.password });
    expect(ok.error).toBeNull();
    expect(ok.data.user?.id).toBe(u.id);
    expect(ok.data.user?.last_sign_in_at).toBeTruthy();

    const wrong = await anonClient().auth.signInWithPassword({ email: u.email, password: 'not-the-password' });
    expect(wrong.data.session).toBeNull();
    expect(wrong.error?.status).toBe(400);
    expect(wrong.error?.message).toBe('Invalid login credentials');
    expect(wrong.error?.code).toBe('invalid_credentials');

    // Without the API version header GoTrue answers in its original error shape.
    const raw = await authFetch('/token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify({ email: 'nobody@example.test', password: 'whatever' }),
    });
    expect(raw.status).toBe(400);
    expect(raw.headers.get('content-type')).toContain('application/json');
    expect(await raw.json()).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
  });

  it('throttles password sign-ins for one email from one address after repeated wrong passwords', async () => {
    const u = await newUser();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const { error } = await anonClient().auth.signInWithPassword({ email: u.email, password: `wrong-${i}` });
      statuses.push(error?.status ?? 200);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual(Array(10).fill(429));
    const blocked = await anonClient().auth.signInWithPassword({ email: u.email, password: u.password });
    expect(blocked.error?.status).toBe(429);
    expect(blocked.error?.code).toBe('over_request_rate_limit');
    // Another user signing in from the same address is not affected.
    const other = await newUser();
    expect((await anonClient().auth.signInWithPassword({ email: other.email, password: other.password })).error).toBeNull();
  });
});

describe('sessions', () => {
  it('refreshes a session with a rotated refresh token', async () => {
    const u = await newUser();
    const { data, error } = await anonClient().auth.refreshSession({ refresh_token: u.refreshToken });
    expect(error).toBeNull();
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.session?.refresh_token).not.toBe(u.refreshToken);
    expect(decodeJwt(data.session!.access_token).session_id).toBe(decodeJwt(u.accessToken).session_id);
    const [old] = await sql('select revoked from auth.refresh_tokens where token = $1', [u.refreshToken]);
    expect(old.revoked).toBe(true);
  });

  it('answers a just-rotated token with the active one, and ends the session on later reuse', async () => {
    const u = await newUser();
    const first = u.refreshToken;
    const second = (await anonClient().auth.refreshSession({ refresh_token: first })).data.session!;
    // The client lost the answer and retries: it gets the session's active token back.
    const retried = (await anonClient().auth.refreshSession({ refresh_token: first })).data.session!;
    expect(retried.refresh_token).toBe(second.refresh_token);

    const third = (await anonClient().auth.refreshSession({ refresh_token: second.refresh_token })).data.session!;
    // `first` is now two rotations old; move its rotation out of the reuse interval.
    await sql(`update auth.refresh_tokens set updated_at = now() - interval '1 hour' where token = $1`, [first]);
    const reused = await anonClient().auth.refreshSession({ refresh_token: first });
    expect(reused.data.session).toBeNull();
    expect(reused.error?.status).toBe(400);
    expect(reused.error?.message).toBe('Invalid Refresh Token: Already Used');
    expect(reused.error?.code).toBe('refresh_token_already_used');

    // The whole session is gone: its newest refresh token and its access tokens are refused.
    const after = await anonClient().auth.refreshSession({ refresh_token: third.refresh_token });
    expect(after.error?.status).toBe(400);
    const user = await anonClient().auth.getUser(third.access_token);
    expect(user.data.user).toBeNull();
    expect(user.error?.name).toBe('AuthSessionMissingError');
  });

  it('refuses an unknown refresh token', async () => {
    const { error } = await anonClient().auth.refreshSession({ refresh_token: 'nosuchtoken1' });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('refresh_token_not_found');
  });

  it('signs out, after which the access token is refused', async () => {
    const u = await newUser();
    expect((await u.client.auth.getUser(u.accessToken)).data.user?.id).toBe(u.id);
    const c = anonClient();
    await c.auth.setSession({ access_token: u.accessToken, refresh_token: u.refreshToken });
    expect((await c.auth.signOut()).error).toBeNull();

    const res = await authFetch('/user', { headers: { authorization: `Bearer ${u.accessToken}` } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      code: 403,
      error_code: 'session_not_found',
      msg: 'Session from session_id claim in JWT does not exist',
    });
    const refreshed = await anonClient().auth.refreshSession({ refresh_token: u.refreshToken });
    expect(refreshed.error?.status).toBe(400);
  });

  it('answers the anon key or a forged bearer token like GoTrue', async () => {
    // The gateway forwards the apikey as the bearer token when there is none, as Kong does.
    const anonOnly = await authFetch('/user');
    expect(anonOnly.status).toBe(403);
    expect(await anonOnly.json()).toEqual({ code: 403, error_code: 'bad_jwt', msg: 'invalid claim: missing sub claim' });
    const forged = await authFetch('/user', { headers: { authorization: 'Bearer a.b.c' } });
    expect(forged.status).toBe(403);
    expect((await forged.json()).error_code).toBe('bad_jwt');
  });
});

describe('user', () => {
  it('gets and updates the signed-in user', async () => {
    const u = await newUser({ firstName: 'Grace' });
    const got = await u.client.auth.getUser(u.accessToken);
    expect(got.data.user?.user_metadata.first_name).toBe('Grace');

    const c = anonClient();
    await c.auth.setSession({ access_token: u.accessToken, refresh_token: u.refreshToken });
    const updated = await c.auth.updateUser({ data: { first_name: 'Hopper', title: 'Admiral' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({ first_name: 'Hopper', title: 'Admiral', last_name: 'User' });

    const same = await c.auth.updateUser({ password: u.password });
    expect(same.error?.code).toBe('same_password');
    expect((await c.auth.updateUser({ password: 'a-new-password-2' })).error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email: u.email, password: u.password })).error?.status).toBe(400);
    expect((await anonClient().auth.signInWithPassword({ email: u.email, password: 'a-new-password-2' })).error).toBeNull();

  });

  it('changes the email only once a link mailed for the change is followed (double_confirm_changes)', async () => {
    const u = await newUser();
    const c = anonClient();
    await c.auth.setSession({ access_token: u.accessToken, refresh_token: u.refreshToken });
    const [before] = await sql('select email_confirmed_at from auth.users where id = $1', [u.id]);
    const newEmail = uniqueEmail('moved');
    const pending = await c.auth.updateUser({ email: newEmail });
    expect(pending.error).toBeNull();
    expect(pending.data.user?.email).toBe(u.email);
    expect(pending.data.user?.new_email).toBe(newEmail);
    const [row] = await sql('select email, email_confirmed_at from auth.users where id = $1', [u.id]);
    expect(row).toEqual({ email: u.email, email_confirmed_at: before.email_confirmed_at });

    // GoTrue's secure email change mails both the new and the current address.
    const toNew = await latestMail(newEmail);
    const toCurrent = await latestMail(u.email);
    expect([toNew.Subject, toCurrent.Subject]).toEqual(['Confirm Email Change', 'Confirm Email Change']);
    expect(linkIn(toNew.Text)).not.toBe(linkIn(toCurrent.Text));

    // config.toml leaves enable_confirmations off, so (as in GoTrue) one followed link completes it.
    const landed = fragment((await fetch(linkIn(toNew.Text), { redirect: 'manual' })).headers.get('location')!);
    expect(landed.get('type')).toBe('email_change');
    const { data } = await anonClient().auth.getUser(landed.get('access_token')!);
    expect(data.user?.email).toBe(newEmail);
    expect(data.user?.new_email).toBeUndefined();
    const [identity] = await sql(
      `select identity_data->>'email' as email, identity_data->>'email_verified' as verified from auth.identities where user_id = $1`,
      [u.id],
    );
    expect(identity).toEqual({ email: newEmail, verified: 'true' });
  });
});

describe('password recovery', () => {
  it('mails a recovery link whose verify redirect carries a recovery session', async () => {
    const u = await newUser();
    const redirectTo = `${site()}/reset-password`;
    const { error } = await anonClient().auth.resetPasswordForEmail(u.email, { redirectTo });
    expect(error).toBeNull();
    const mail = await latestMail(u.email);
    expect(mail.Subject).toBe('Reset Your Password');
    const link = linkIn(mail.Text);
    expect(link.startsWith(`${stack().apiUrl}/auth/v1/verify?`)).toBe(true);
    expect(new URL(link).searchParams.get('type')).toBe('recovery');

    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location.startsWith(`${redirectTo}#`)).toBe(true);
    const f = fragment(location);
    expect(f.get('type')).toBe('recovery');
    expect(f.get('token_type')).toBe('bearer');
    expect(Number(f.get('expires_in'))).toBe(3600);
    expect(Number(f.get('expires_at'))).toBeGreaterThan(Date.now() / 1000);
    expect(decodeJwt(f.get('access_token')!).amr).toEqual([{ method: 'otp', timestamp: expect.any(Number) }]);

    const c = anonClient();
    await c.auth.setSession({ access_token: f.get('access_token')!, refresh_token: f.get('refresh_token')! });
    expect((await c.auth.updateUser({ password: 'recovered-pass-3' })).error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email: u.email, password: 'recovered-pass-3' })).error).toBeNull();

    // The link is single-use: a second visit lands on the app with GoTrue's error fragment.
    const again = await fetch(link, { redirect: 'manual' });
    const err = fragment(again.headers.get('location')!);
    expect(err.get('error')).toBe('access_denied');
    expect(err.get('error_code')).toBe('otp_expired');
    expect(err.get('error_description')).toBe('Email link is invalid or has expired');
  });

  it('verifies a recovery code with POST /verify', async () => {
    const u = await newUser();
    await anonClient().auth.resetPasswordForEmail(u.email);
    const code = /enter the code: (\d{6})/.exec((await latestMail(u.email)).Text)![1];
    const { data, error } = await anonClient().auth.verifyOtp({ email: u.email, token: code, type: 'recovery' });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(u.id);
    const bad = await anonClient().auth.verifyOtp({ email: u.email, token: '000000', type: 'recovery' });
    expect(bad.error?.status).toBe(403);
    expect(bad.error?.code).toBe('otp_expired');
  });

  it('sends an unlisted redirect_to back to the site URL, and accepts the site on another loopback port', async () => {
    const u = await newUser();
    await anonClient().auth.resetPasswordForEmail(u.email, { redirectTo: 'https://evil.example.com/steal' });
    const res = await fetch(linkIn((await latestMail(u.email)).Text), { redirect: 'manual' });
    expect(res.headers.get('location')!.startsWith(`${site()}#access_token=`)).toBe(true);

    // A web app served by a test on some free port of 127.0.0.1 is still the local site.
    const local = `${stack().apiUrl}/reset`;
    await anonClient().auth.resetPasswordForEmail(u.email, { redirectTo: local });
    const again = await fetch(linkIn((await latestMail(u.email)).Text), { redirect: 'manual' });
    expect(again.headers.get('location')!.startsWith(`${local}#access_token=`)).toBe(true);
  });

  it('recovers by PKCE: the link returns a code that supabase-js exchanges', async () => {
    const u = await newUser();
    const c = jsClient(stack().apiUrl, 'pkce');
    expect((await c.auth.resetPasswordForEmail(u.email, { redirectTo: `${site()}/reset-password` })).error).toBeNull();
    const landed = (await fetch(linkIn((await latestMail(u.email)).Text), { redirect: 'manual' })).headers.get('location')!;
    expect(landed.startsWith(`${site()}/reset-password?code=`)).toBe(true);
    const { data, error } = await c.auth.exchangeCodeForSession(new URL(landed).searchParams.get('code')!);
    expect(error).toBeNull();
    expect(data.user?.id).toBe(u.id);
    expect(decodeJwt(data.session!.access_token).amr).toEqual([{ method: 'recovery', timestamp: expect.any(Number) }]);
  });
});

describe('magic links', () => {
  it('mails a magic link and code to a known address, and signs up an unknown one by mail', async () => {
    const u = await newUser();
    expect((await anonClient().auth.signInWithOtp({ email: u.email })).error).toBeNull();
    const mail = await latestMail(u.email);
    expect(mail.Subject).toBe('Your Magic Link');
    const code = /enter the code: (\d{6})/.exec(mail.Text)![1];
    const { data, error } = await anonClient().auth.verifyOtp({ email: u.email, token: code, type: 'email' });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(u.id);

    const refused = await anonClient().auth.signInWithOtp({ email: uniqueEmail('nobody'), options: { shouldCreateUser: false } });
    expect(refused.error?.status).toBe(422);
    expect(refused.error?.code).toBe('otp_disabled');

    const email = uniqueEmail('by-mail');
    expect((await anonClient().auth.signInWithOtp({ email, options: { data: { first_name: 'Otto' } } })).error).toBeNull();
    const confirm = await latestMail(email);
    expect(confirm.Subject).toBe('Confirm Your Signup');
    const landed = fragment((await fetch(linkIn(confirm.Text), { redirect: 'manual' })).headers.get('location')!);
    const { data: created } = await anonClient().auth.getUser(landed.get('access_token')!);
    expect(created.user?.email).toBe(email);
    expect(created.user?.user_metadata.first_name).toBe('Otto');
    expect(created.user?.email_confirmed_at).toBeTruthy();
  });
});

describe('OAuth through the local identity page', () => {
  /** Follows /authorize to the identity page, submits its form, returns where the browser lands. */
  async function consent(authorizeUrl: string, identity?: { email: string; name: string }, decision?: 'cancel') {
    const start = await fetch(authorizeUrl, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const idpUrl = start.headers.get('location')!;
    expect(idpUrl.startsWith(`${stack().apiUrl}/auth/v1/local-idp?`)).toBe(true);
    const page = await fetch(idpUrl);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toContain('<label for="name">Name</label>');
    const state = /name="state" value="([^"]+)"/.exec(html)![1];
    const email = identity?.email ?? /id="email"[^>]*value="([^"]+)"/.exec(html)![1];
    const name = identity?.name ?? /id="name"[^>]*value="([^"]+)"/.exec(html)![1];
    const submit = await fetch(new URL('local-idp', idpUrl), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ state, email, name, ...(decision ? { decision } : {}) }),
    });
    expect(submit.status).toBe(302);
    return submit.headers.get('location')!;
  }

  it('signs in with Google by PKCE: code in the redirect, exchanged by supabase-js', async () => {
    const c = jsClient(stack().apiUrl, 'pkce');
    const redirectTo = `${site()}/auth/callback`;
    const { data, error } = await c.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo, skipBrowserRedirect: true },
    });
    expect(error).toBeNull();
    const email = uniqueEmail('google');
    const landed = await consent(data.url!, { email, name: 'Gee Oogle' });
    expect(landed.startsWith(`${redirectTo}?code=`)).toBe(true);
    const code = new URL(landed).searchParams.get('code')!;

    const exchanged = await c.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    const user = exchanged.data.user!;
    expect(user.email).toBe(email);
    expect(user.app_metadata).toMatchObject({ provider: 'google', providers: ['google'] });
    expect(user.user_metadata).toMatchObject({ full_name: 'Gee Oogle', email, email_verified: true });
    expect(decodeJwt(exchanged.data.session!.access_token).amr).toEqual([{ method: 'oauth', timestamp: expect.any(Number) }]);
    const identities = await sql('select provider, identity_data from auth.identities where user_id = $1', [user.id]);
    expect(identities).toHaveLength(1);
    expect(identities[0].provider).toBe('google');
    expect(identities[0].identity_data).toMatchObject({ email, name: 'Gee Oogle', iss: 'https://accounts.google.com' });

    // The code is single-use.
    const again = await c.auth.exchangeCodeForSession(code);
    expect(again.error).not.toBeNull();
  });

  it('links Apple to an existing account with the same email, implicit flow tokens in the fragment', async () => {
    const u = await newUser();
    const q = new URLSearchParams({ provider: 'apple', redirect_to: `${site()}/dashboard` });
    const landed = await consent(`${stack().apiUrl}/auth/v1/authorize?${q}`, { email: u.email, name: 'Apple Person' });
    expect(landed.startsWith(`${site()}/dashboard#`)).toBe(true);
    const f = fragment(landed);
    expect(f.get('token_type')).toBe('bearer');
    expect(decodeJwt(f.get('access_token')!).sub).toBe(u.id);
    const { data } = await anonClient().auth.getUser(f.get('access_token')!);
    expect(data.user?.app_metadata.providers).toEqual(['email', 'apple']);
    expect(data.user?.identities?.map((i) => i.provider).sort()).toEqual(['apple', 'email']);
  });

  it('returns to the app with error=access_denied when the user cancels on the identity page', async () => {
    const email = uniqueEmail('cancelled');
    const q = new URLSearchParams({ provider: 'google', redirect_to: `${site()}/login` });
    const landed = await consent(`${stack().apiUrl}/auth/v1/authorize?${q}`, { email, name: 'Nope' }, 'cancel');
    expect(landed.startsWith(`${site()}/login?error=access_denied`)).toBe(true);
    expect(fragment(landed).get('error')).toBe('access_denied');
    expect(await sql('select 1 from auth.users where email = $1', [email])).toEqual([]);
  });

  it('refuses a forged state on the identity page', async () => {
    const res = await fetch(`${stack().apiUrl}/auth/v1/local-idp?provider=google&state=forged`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 400, error_code: 'bad_oauth_state', msg: 'OAuth callback with invalid state' });
  });

  it('refuses an unknown provider with GoTrue 400', async () => {
    const res = await authFetch('/authorize?provider=myspace');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 400,
      error_code: 'validation_failed',
      msg: 'Unsupported provider: Provider myspace could not be found',
    });
  });
});

describe('admin', () => {
  it('creates, reads, lists and deletes users with the service role', async () => {
    const admin = serviceClient().auth.admin;
    const email = uniqueEmail('admin-made');
    const created = await admin.createUser({
      email,
      password: 'made-by-admin-1',
      email_confirm: true,
      user_metadata: { first_name: 'Made' },
    });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect(created.data.user?.user_metadata.first_name).toBe('Made');
    expect((await anonClient().auth.signInWithPassword({ email, password: 'made-by-admin-1' })).error).toBeNull();

    expect((await admin.getUserById(id)).data.user?.email).toBe(email);
    const listed = await admin.listUsers({ page: 1, perPage: 1000 });
    expect(listed.error).toBeNull();
    expect(listed.data.users.some((x) => x.id === id)).toBe(true);

    const duplicate = await admin.createUser({ email, password: 'whatever-1' });
    expect(duplicate.error?.status).toBe(422);
    expect(duplicate.error?.code).toBe('email_exists');

    expect((await admin.deleteUser(id)).error).toBeNull();
    expect((await admin.getUserById(id)).error?.status).toBe(404);
    expect((await anonClient().auth.signInWithPassword({ email, password: 'made-by-admin-1' })).error?.status).toBe(400);
    expect(await sql('select 1 from auth.identities where user_id = $1', [id])).toEqual([]);
  });

  it('generates magic, recovery and invite links without mailing them', async () => {
    const admin = serviceClient().auth.admin;
    const u = await newUser();
    const magic = await admin.generateLink({ type: 'magiclink', email: u.email, options: { redirectTo: `${site()}/dashboard` } });
    expect(magic.error).toBeNull();
    expect(magic.data.user?.id).toBe(u.id);
    expect(magic.data.properties?.verification_type).toBe('magiclink');
    expect(magic.data.properties?.email_otp).toMatch(/^\d{6}$/);
    const landed = (await fetch(magic.data.properties!.action_link, { redirect: 'manual' })).headers.get('location')!;
    expect(landed.startsWith(`${site()}/dashboard#access_token=`)).toBe(true);
    expect(decodeJwt(fragment(landed).get('access_token')!).sub).toBe(u.id);

    const recovery = await admin.generateLink({ type: 'recovery', email: u.email });
    const verified = await anonClient().auth.verifyOtp({ token_hash: recovery.data.properties!.hashed_token, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.id).toBe(u.id);

    const invitee = uniqueEmail('invited');
    const invite = await admin.generateLink({ type: 'invite', email: invitee });
    expect(invite.error).toBeNull();
    expect(invite.data.user?.email).toBe(invitee);
    const accepted = fragment((await fetch(invite.data.properties!.action_link, { redirect: 'manual' })).headers.get('location')!);
    expect(accepted.get('type')).toBe('invite');
    const [row] = await sql('select invited_at, email_confirmed_at from auth.users where email = $1', [invitee]);
    expect(row.invited_at).toBeTruthy();
    expect(row.email_confirmed_at).toBeTruthy();
    expect(await mails(invitee)).toEqual([]);
  });

  it('answers a database failure with a bare 500, no internals', async () => {
    const u = await newUser();
    const res = await fetch(`${stack().apiUrl}/auth/v1/admin/users/${u.id}`, {
      method: 'PUT',
      headers: { apikey: stack().serviceRoleKey, authorization: `Bearer ${stack().serviceRoleKey}`, 'content-type': 'application/json' },
      // auth.users.role is varchar(255): Postgres refuses the update.
      body: JSON.stringify({ role: 'r'.repeat(300) }),
    });
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ code: 500, msg: 'Internal Server Error' });
  });

  it('refuses admin calls from a signed-in user', async () => {
    const u = await newUser();
    const res = await authFetch('/admin/users', { headers: { authorization: `Bearer ${u.accessToken}` } });
    expect(res.status).toBe(403);
    expect((await res.json()).error_code).toBe('not_admin');
  });
});

describe('settings', () => {
  it('publishes GoTrue settings with the enabled providers', async () => {
    const res = await authFetch('/settings');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.external).toMatchObject({ email: true, google: true, apple: true, github: false });
    expect(body.mailer_autoconfirm).toBe(true);
    expect(body.disable_signup).toBe(false);
  });
});

describe('with email confirmations on (an Auth server of its own on the test database)', () => {
  // max_frequency off: these tests re-send to one address at once (that limit is tested in
  // auth-limits.test.ts).
  const own = ownAuthServer({ auth: { enableConfirmations: true, maxFrequencyMs: 0 } });

  const mailTo = latestMail;

  it('signs up without a session, refuses sign-in until the mailed link is followed', async () => {
    const email = uniqueEmail('confirm');
    const c = jsClient(own.apiUrl());
    const { data, error } = await c.auth.signUp({ email, password: 'confirm-me-1', options: { emailRedirectTo: `${site()}/welcome` } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.confirmation_sent_at).toBeTruthy();

    const early = await c.auth.signInWithPassword({ email, password: 'confirm-me-1' });
    expect(early.error?.code).toBe('email_not_confirmed');

    const mail = await mailTo(email);
    expect(mail.Subject).toBe('Confirm Your Signup');
    const res = await fetch(linkIn(mail.Text), { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location.startsWith(`${site()}/welcome#`)).toBe(true);
    expect(fragment(location).get('type')).toBe('signup');
    const { data: confirmed } = await c.auth.getUser(fragment(location).get('access_token')!);
    expect(confirmed.user?.email_confirmed_at).toBeTruthy();
    expect(confirmed.user?.user_metadata.email_verified).toBe(true);
    expect((await c.auth.signInWithPassword({ email, password: 'confirm-me-1' })).error).toBeNull();
  });

  it('confirms a PKCE sign-up with a code exchanged by supabase-js', async () => {
    const email = uniqueEmail('pkce-confirm');
    const c = jsClient(own.apiUrl(), 'pkce');
    await c.auth.signUp({ email, password: 'confirm-me-2', options: { emailRedirectTo: `${site()}/welcome` } });
    const link = linkIn((await mailTo(email)).Text);
    expect(new URL(link).searchParams.get('token')).toMatch(/^pkce_/);
    const landed = (await fetch(link, { redirect: 'manual' })).headers.get('location')!;
    expect(landed.startsWith(`${site()}/welcome?code=`)).toBe(true);
    const { data, error } = await c.auth.exchangeCodeForSession(new URL(landed).searchParams.get('code')!);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeTruthy();
  });

  it('answers a repeated sign-up of a confirmed address with a decoy, and resends to unconfirmed ones', async () => {
    const u = await newUser();
    const decoy = await jsClient(own.apiUrl()).auth.signUp({ email: u.email, password: 'whatever-123' });
    expect(decoy.error).toBeNull();
    expect(decoy.data.user?.id).not.toBe(u.id);
    expect(decoy.data.user?.identities).toEqual([]);
    expect(await mails(u.email)).toEqual([]);

    const email = uniqueEmail('resend');
    const c = jsClient(own.apiUrl());
    await c.auth.signUp({ email, password: 'confirm-me-3' });
    const first = linkIn((await mailTo(email)).Text);
    expect((await c.auth.resend({ type: 'signup', email })).error).toBeNull();
    expect(await mails(email)).toHaveLength(2);
    const second = linkIn((await mailTo(email)).Text);
    expect(second).not.toBe(first);
    const stale = fragment((await fetch(first, { redirect: 'manual' })).headers.get('location')!);
    expect(stale.get('error_code')).toBe('otp_expired');
    const ok = fragment((await fetch(second, { redirect: 'manual' })).headers.get('location')!);
    expect(ok.get('access_token')).toBeTruthy();
  });

  it('changes the email only when the links sent to both addresses are followed', async () => {
    const u = await newUser();
    const c = jsClient(own.apiUrl());
    await c.auth.setSession({ access_token: u.accessToken, refresh_token: u.refreshToken });
    const newEmail = uniqueEmail('new-address');
    const pending = await c.auth.updateUser({ email: newEmail });
    expect(pending.error).toBeNull();
    expect(pending.data.user?.email).toBe(u.email);
    expect(pending.data.user?.new_email).toBe(newEmail);
    const toNew = await mailTo(newEmail);
    const toCurrent = await mailTo(u.email);
    expect(toNew.Subject).toBe('Confirm Email Change');
    expect(toCurrent.Subject).toBe('Confirm Email Change');

    const first = fragment((await fetch(linkIn(toNew.Text), { redirect: 'manual' })).headers.get('location')!);
    expect(first.get('message')).toBe('Confirmation link accepted. Please proceed to confirm link sent to the other email');
    expect(first.get('access_token')).toBeNull();
    expect((await sql('select email from auth.users where id = $1', [u.id]))[0].email).toBe(u.email);

    const landed = fragment((await fetch(linkIn(toCurrent.Text), { redirect: 'manual' })).headers.get('location')!);
    expect(landed.get('type')).toBe('email_change');
    const { data } = await c.auth.getUser(landed.get('access_token')!);
    expect(data.user?.email).toBe(newEmail);
    expect(data.user?.new_email).toBeUndefined();
  });

  it('confirms an email change by the two codes through verifyOtp', async () => {
    const u = await newUser();
    const c = jsClient(own.apiUrl());
    await c.auth.setSession({ access_token: u.accessToken, refresh_token: u.refreshToken });
    const newEmail = uniqueEmail('otp-address');
    await c.auth.updateUser({ email: newEmail });
    const code = async (to: string) => /enter the code: (\d{6})/.exec((await mailTo(to)).Text)![1];
    const half = await c.auth.verifyOtp({ email: u.email, token: await code(u.email), type: 'email_change' });
    expect(half.error).toBeNull();
    expect(half.data.session).toBeNull();
    const done = await c.auth.verifyOtp({ email: newEmail, token: await code(newEmail), type: 'email_change' });
    expect(done.error).toBeNull();
    expect(done.data.user?.email).toBe(newEmail);
  });

  it('serves the admin API under /auth/v1 when called directly', async () => {
    const u = await newUser();
    const admin = createClient(own.apiUrl(), stack().serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as never },
    }).auth.admin;
    expect((await admin.getUserById(u.id)).data.user?.email).toBe(u.email);
    expect((await admin.updateUserById(u.id, { user_metadata: { title: 'Dr' } })).data.user?.user_metadata.title).toBe('Dr');
  });
});
