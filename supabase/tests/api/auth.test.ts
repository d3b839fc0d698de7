// Cookie sessions of /api/auth/*: register, login, current user, transparent refresh, logout, OAuth.
import { describe, expect, it } from 'vitest';
import { newUser, uniqueEmail } from '../../../scripts/local/test-stack/harness.ts';
import { call, CookieJar } from './client.ts';

describe('/api/auth', () => {
  it('answers 401 Unauthorized to an anonymous caller', async () => {
    const res = await call('/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 'unauthorized', message: 'Unauthorized', messageId: 'unauthorized' });
  });

  it('registers, sets HttpOnly SameSite=Lax cookies, and knows the user afterwards', async () => {
    const jar = new CookieJar();
    const email = uniqueEmail('reg');
    const res = await call('/api/auth/register', { body: { email, password: 'secret1', firstName: 'Ada', lastName: 'Lovelace' }, jar });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email, firstName: 'Ada', lastName: 'Lovelace', timezone: 'UTC', isPublicProfile: false });
    const cookies = res.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    for (const c of cookies) {
      expect(c).toMatch(/HttpOnly/i);
      expect(c).toMatch(/SameSite=Lax/i);
      expect(c).not.toMatch(/Secure/);
    }

    const me = await call('/api/auth/user', { jar });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: res.body.id, email, firstName: 'Ada' });
  });

  it('refuses a second registration of one email with 409', async () => {
    const user = await newUser();
    const res = await call('/api/auth/register', { body: { email: user.email, password: 'secret1', firstName: 'A', lastName: 'B' } });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already exists/);
  });

  it('validates the bodies with the messages of docs/product/validation.md', async () => {
    const cases: [string, unknown, string, string][] = [
      ['/api/auth/login', { email: 'nope', password: 'secret1' }, 'Invalid email address', 'emailAddress'],
      ['/api/auth/login', { email: 'a@b.co', password: '123' }, 'Password must be at least 6 characters', 'passwordMin'],
      ['/api/auth/register', { email: 'a@b.co', password: 'secret1', firstName: '', lastName: 'X' }, 'First name is required', 'firstName'],
      ['/api/auth/register', { email: 'a@b.co', password: 'secret1', firstName: 'X', lastName: ' ' }, 'Last name is required', 'lastName'],
    ];
    for (const [path, body, message, messageId] of cases) {
      const res = await call(path, { body });
      expect(res.status, path).toBe(400);
      expect(res.body).toEqual({ code: 'invalid_request', message, messageId });
    }
    const broken = await call('/api/auth/login', { raw: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
  });

  it('logs in, and refuses a wrong password with 401 without a session', async () => {
    const user = await newUser({ firstName: 'Grace' });
    const bad = await call('/api/auth/login', { body: { email: user.email, password: 'wrong-password' } });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ code: 'invalid_credentials', message: 'Invalid email or password', messageId: 'invalidCredentials' });
    expect(bad.headers.getSetCookie()).toHaveLength(0);

    const jar = new CookieJar();
    const ok = await call('/api/auth/login', { body: { email: user.email, password: user.password }, jar });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id: user.id, firstName: 'Grace', email: user.email });
    expect((await call('/api/auth/user', { jar })).status).toBe(200);
  });

  it('accepts a Supabase JWT as bearer', async () => {
    const user = await newUser();
    const res = await call('/api/auth/user', { token: user.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(user.id);
    expect((await call('/api/auth/user', { token: 'not.a.jwt' })).status).toBe(401);
  });

  it('refreshes an expired access token from the refresh cookie', async () => {
    const user = await newUser();
    const jar = new CookieJar();
    await call('/api/auth/login', { body: { email: user.email, password: user.password }, jar });
    const expired = fakeExpiredJwt(user.id);
    jar.cookies.set('kairos-access-token', expired);
    const res = await call('/api/auth/user', { jar });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(user.id);
    expect(jar.cookies.get('kairos-access-token')).not.toBe(expired);
    expect((await call('/api/auth/user', { jar })).status).toBe(200);
  });

  it('logs out: revokes the refresh token and clears the cookies', async () => {
    const user = await newUser();
    const jar = new CookieJar();
    await call('/api/auth/login', { body: { email: user.email, password: user.password }, jar });
    const refresh = jar.cookies.get('kairos-refresh-token')!;
    const out = await call('/api/auth/logout', { method: 'POST', jar });
    expect(out.status).toBe(200);
    expect(jar.cookies.size).toBe(0);
    expect((await call('/api/auth/user', { jar })).status).toBe(401);
    // The old refresh token no longer opens a session.
    const replay = new CookieJar();
    replay.cookies.set('kairos-refresh-token', refresh);
    expect((await call('/api/auth/user', { jar: replay })).status).toBe(401);
  });

  it('redirects the social sign-in and /api/login', async () => {
    const google = await call('/api/auth/google', { headers: { referer: 'http://localhost:5173/login' } });
    expect(google.status).toBe(302);
    const target = new URL(google.headers.get('location')!);
    expect(target.pathname).toBe('/auth/v1/authorize');
    expect(target.searchParams.get('provider')).toBe('google');
    expect(target.searchParams.get('redirect_to')).toBe('http://localhost:5173/dashboard');
    const apple = await call('/api/auth/apple');
    expect(apple.status).toBe(302);
    expect(new URL(apple.headers.get('location')!).searchParams.get('provider')).toBe('apple');
    const login = await call('/api/login');
    expect(login.status).toBe(302);
    expect(login.headers.get('location')).toBe('/login');
  });
});

/** A token shaped like an expired Supabase JWT (its signature does not matter: it is never sent on). */
function fakeExpiredJwt(sub: string): string {
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub, role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 60 })}.sig`;
}
