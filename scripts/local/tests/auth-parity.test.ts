// GoTrue parity of the local Auth service through the official supabase-js: the admin API,
// invitations, features config.toml leaves off, anonymous sign-ins and TOTP MFA.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import ws from 'ws';
import { anonClient, newUser, serviceClient, sql, stack, uniqueEmail, type TestUser } from '../test-stack/harness.ts';
import { mails } from '../test-stack/mailpit.ts';
import { ownAuthServer } from '../test-stack/own-auth.ts';

const admin = () => serviceClient().auth.admin;

/** supabase-js signed in as `u`, with its session kept in memory (as a browser keeps it). */
async function signedIn(u: TestUser, url = stack().apiUrl): Promise<SupabaseClient> {
  const c = createClient(url, stack().anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  });
  const { error } = await c.auth.setSession({ access_token: u.accessToken, refresh_token: u.refreshToken });
  if (error) throw error;
  return c;
}

describe('admin API', () => {
  it('keeps user_metadata exactly as given on create, update and generate_link', async () => {
    const email = uniqueEmail('meta');
    const created = await admin().createUser({ email, password: 'meta-pass-1', user_metadata: { plan: 'pro' } });
    expect(created.error).toBeNull();
    expect(created.data.user?.user_metadata).toEqual({ plan: 'pro' });
    const updated = await admin().updateUserById(created.data.user!.id, { user_metadata: { plan: 'team' } });
    expect(updated.data.user?.user_metadata).toEqual({ plan: 'team' });
    const link = await admin().generateLink({
      type: 'signup',
      email: uniqueEmail('meta-link'),
      password: 'meta-pass-2',
      options: { data: { status: 'alpha' } },
    });
    expect(link.error).toBeNull();
    expect(link.data.user?.user_metadata).toEqual({ status: 'alpha' });
    // A self-service sign-up still carries GoTrue's identity claims.
    const u = await newUser();
    const { data } = await admin().getUserById(u.id);
    expect(data.user?.user_metadata).toMatchObject({ sub: u.id, email: u.email, email_verified: true });
  });

  it('validates email addresses and list pages as GoTrue does', async () => {
    for (const result of [
      await admin().createUser({ email: 'xx:;x@x.x', password: 'whatever-1' }),
      await admin().inviteUserByEmail('xx:;x@x.x'),
      await admin().generateLink({ type: 'signup', email: 'xx:;x@x.x', password: 'whatever-1' }),
    ]) {
      expect(result.error?.message).toBe('Unable to validate email address: invalid format');
      expect(result.error?.status).toBe(400);
    }
    const page = await admin().listUsers({ page: -1, perPage: 10 });
    expect(page.error?.status).toBe(400);
    expect(page.data.users).toEqual([]);
  });

  it('generates both email change links, and they change the address', async () => {
    const u = await newUser();
    const newEmail = uniqueEmail('changed');
    const current = await admin().generateLink({ type: 'email_change_current', email: u.email, newEmail });
    expect(current.error).toBeNull();
    expect(current.data.user?.new_email).toBe(newEmail);
    expect(current.data.properties?.action_link).toMatch(/type=email_change/);
    const next = await admin().generateLink({ type: 'email_change_new', email: u.email, newEmail });
    expect(next.error).toBeNull();
    expect(next.data.properties?.verification_type).toBe('email_change_new');
    const landed = await fetch(next.data.properties!.action_link, { redirect: 'manual' });
    const fragment = new URLSearchParams(new URL(landed.headers.get('location')!).hash.slice(1));
    expect(fragment.get('type')).toBe('email_change');
    expect((await sql('select email from auth.users where id = $1', [u.id]))[0].email).toBe(newEmail);
    const unknown = await admin().generateLink({ type: 'email_change_new', email: uniqueEmail('ghost'), newEmail });
    expect(unknown.error?.message).toBe('User with this email not found');
  });

  it('invites by email: an invited, unconfirmed user and a mail whose link signs them in', async () => {
    const email = uniqueEmail('invited');
    const { data, error } = await admin().inviteUserByEmail(email, { data: { team: 'brightpath' } });
    expect(error).toBeNull();
    expect(data.user?.invited_at).toBeTruthy();
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.user_metadata).toEqual({ team: 'brightpath' });
    const [mail] = await mails(email);
    expect(mail.Subject).toBe('You have been invited');
    const link = /(http\S+\/auth\/v1\/verify\?\S+)/.exec(mail.Text)![1];
    expect(new URL(link).searchParams.get('type')).toBe('invite');
    const landed = await fetch(link, { redirect: 'manual' });
    expect(new URL(landed.headers.get('location')!).hash).toContain('access_token=');
    // A confirmed account cannot be invited again.
    const again = await admin().inviteUserByEmail(email);
    expect(again.error?.code).toBe('email_exists');
  });
});

describe('features config.toml leaves off', () => {
  it('answers SSO, identity linking, Web3 and unverifiable ID tokens with GoTrue codes and messages', async () => {
    const sso = await anonClient().auth.signInWithSSO({ domain: 'example.com' });
    expect(sso.error).toMatchObject({ status: 404, code: 'saml_provider_disabled', message: 'SAML 2.0 is disabled' });

    const u = await newUser();
    const c = await signedIn(u);
    const link = await c.auth.linkIdentity({ provider: 'google', options: { skipBrowserRedirect: true } });
    expect(link.error).toMatchObject({ code: 'manual_linking_disabled', message: 'Manual linking is disabled' });
    const { data: ids } = await c.auth.getUserIdentities();
    const unlink = await c.auth.unlinkIdentity(ids!.identities[0]);
    expect(unlink.error?.message).toBe('Manual linking is disabled');

    const web3 = await anonClient().auth.signInWithWeb3({ chain: 'solana', message: 'sign in', signature: new Uint8Array(64) });
    expect(web3.error).toMatchObject({ code: 'web3_provider_disabled', message: 'Web3 provider is disabled' });

    const github = await anonClient().auth.signInWithIdToken({ provider: 'github' as never, token: 'id-token' });
    expect(github.error?.message).toBe('Provider (issuer "https://github.local-idp.test") is not enabled');
    // Google is on, but the local stack cannot check Google's signature: refused as GoTrue refuses a bad token.
    const google = await anonClient().auth.signInWithIdToken({ provider: 'google', token: 'not-a-google-token' });
    expect(google.error?.message).toBe('Bad ID token');

    const anonymous = await anonClient().auth.signInAnonymously();
    expect(anonymous.error).toMatchObject({ code: 'anonymous_provider_disabled', message: 'Anonymous sign-ins are disabled' });
  });

  it('mails a reauthentication code to a signed-in user', async () => {
    const u = await newUser();
    const c = await signedIn(u);
    const { data, error } = await c.auth.reauthenticate();
    expect(error).toBeNull();
    expect(data).toEqual({ user: null, session: null });
    const [mail] = await mails(u.email);
    expect(mail.Subject).toBe('Confirm reauthentication');
    expect(mail.Text).toMatch(/\d{6}/);
  });
});

describe('anonymous sign-ins, when config.toml enables them', () => {
  // The CLI's way to switch a config.toml key: a SUPABASE_* variable.
  const own = ownAuthServer({ env: { SUPABASE_AUTH_ENABLE_ANONYMOUS_SIGN_INS: 'true' } });

  it('signs in without an address, with the data given, and the user can add an address later', async () => {
    const c = createClient(own.apiUrl(), stack().anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as never },
    });
    const { data, error } = await c.auth.signInAnonymously({ options: { data: { nickname: 'guest' } } });
    expect(error).toBeNull();
    expect(data.user?.is_anonymous).toBe(true);
    expect(data.user?.email).toBe('');
    expect(data.user?.user_metadata).toEqual({ nickname: 'guest' });
    expect(decodeJwt(data.session!.access_token)).toMatchObject({ is_anonymous: true, role: 'authenticated' });
    expect((await sql('select id from public.profiles where id = $1', [data.user!.id])).length).toBe(1);

    const email = uniqueEmail('was-anonymous');
    const upgraded = await c.auth.updateUser({ email });
    expect(upgraded.error).toBeNull();
    expect(upgraded.data.user?.email).toBe(email);
    expect(upgraded.data.user?.is_anonymous).toBe(false);
  });
});

describe('TOTP MFA', () => {
  const codeFor = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();

  it('enrolls, verifies to aal2, asks for aal2 to change the password or unenroll, and the admin sees it', async () => {
    const u = await newUser();
    const c = await signedIn(u);
    const enrolled = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
    expect(enrolled.error).toBeNull();
    const { id: factorId, totp } = enrolled.data as { id: string; totp: { secret: string; uri: string; qr_code: string } };
    // The issuer is the site's host, as GoTrue names it (config.toml's site_url, at this stack's web port).
    expect(totp.uri.startsWith(`otpauth://totp/${encodeURIComponent(new URL(stack().siteUrl).host)}:`)).toBe(true);
    expect(totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
    // Usable as a data: URI as auth-js builds it: nothing in it ends the URI early.
    expect(totp.qr_code).not.toContain('#');
    const [row] = await sql('select factor_type, status from auth.mfa_factors where id = $1', [factorId]);
    expect(row).toEqual({ factor_type: 'totp', status: 'unverified' });

    const wrong = await c.auth.mfa.challengeAndVerify({ factorId, code: '000000' === codeFor(totp.secret) ? '111111' : '000000' });
    expect(wrong.error).toMatchObject({ code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' });

    const { data: challenge, error: challengeError } = await c.auth.mfa.challenge({ factorId });
    expect(challengeError).toBeNull();
    const verified = await c.auth.mfa.verify({ factorId, challengeId: challenge!.id, code: codeFor(totp.secret) });
    expect(verified.error).toBeNull();
    const claims = decodeJwt(verified.data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(expect.arrayContaining(['totp', 'password']));
    // The challenge is single use.
    const replay = await c.auth.mfa.verify({ factorId, challengeId: challenge!.id, code: codeFor(totp.secret) });
    expect(replay.error?.code).toBe('mfa_ip_address_mismatch');

    const aal = await c.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const { data: factors } = await c.auth.mfa.listFactors();
    expect(factors?.totp.map((f) => [f.id, f.status, f.friendly_name])).toEqual([[factorId, 'verified', 'Phone app']]);

    // A new password sign-in is aal1 and must step up before sensitive changes.
    const again = await anonClient().auth.signInWithPassword({ email: u.email, password: u.password });
    expect(decodeJwt(again.data.session!.access_token).aal).toBe('aal1');
    const aal1 = await signedIn({ ...u, accessToken: again.data.session!.access_token, refreshToken: again.data.session!.refresh_token });
    expect((await aal1.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    expect((await aal1.auth.updateUser({ password: 'changed-pass-9' })).error?.code).toBe('insufficient_aal');
    expect((await aal1.auth.mfa.unenroll({ factorId })).error?.code).toBe('insufficient_aal');

    const { data: listed } = await admin().mfa.listFactors({ userId: u.id });
    expect(listed?.factors.map((f) => f.id)).toEqual([factorId]);
    // The aal2 session unenrolls; the factor and its aal2 go.
    expect((await c.auth.mfa.unenroll({ factorId })).error).toBeNull();
    expect((await sql('select count(*)::int as n from auth.mfa_factors where user_id = $1', [u.id]))[0].n).toBe(0);
  });

  it('lets the admin delete a factor, and needs a session to enroll', async () => {
    const u = await newUser();
    const c = await signedIn(u);
    const { data } = await c.auth.mfa.enroll({ factorType: 'totp' });
    const deleted = await admin().mfa.deleteFactor({ userId: u.id, id: data!.id });
    expect(deleted.error).toBeNull();
    expect((await admin().mfa.listFactors({ userId: u.id })).data?.factors).toEqual([]);
    const phone = await c.auth.mfa.enroll({ factorType: 'phone', phone: '+15555550100' });
    expect(phone.error).toMatchObject({ code: 'mfa_phone_enroll_not_enabled', message: 'MFA enroll is disabled for Phone' });
    const anonymous = await anonClient().auth.mfa.enroll({ factorType: 'totp' });
    expect(anonymous.error).not.toBeNull();
  });
});
