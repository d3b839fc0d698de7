// Cross-site requests, replayed as another site would: a page elsewhere makes a signed-in user's browser
// call /api with the session cookies (reading answers, writing, posting forms or text/plain). Only the
// web app's own origins (config.toml's site_url and additional_redirect_urls) get CORS answers, a write
// from any other origin never rides on the cookies, and a JSON route reads only JSON.
import { describe, expect, it } from 'vitest';
import { newUser } from '../../../scripts/local/test-stack/harness.ts';
import { readSupabaseToml } from '../../../scripts/local/config.ts';
import { call, type CookieJar } from '../api/client.ts';
import { cookieSession } from '../api/fixtures.ts';

const site = new URL(readSupabaseToml().auth.site_url as string).origin;
const evil = 'https://evil.example';
const eventType = { title: 'Planted', duration: 30, color: '#3b82f6', isActive: true, autoConfirm: true };

async function ownEventTypes(jar: CookieJar): Promise<string[]> {
  return (await call('/api/event-types', { jar })).body.map((e: { title: string }) => e.title);
}

describe('cross-site requests to /api', () => {
  it('answers CORS only to the web app, with credentials; another site reads nothing', async () => {
    const jar = await cookieSession(await newUser());
    const foreign = await call('/api/auth/user', { jar, headers: { origin: evil } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(foreign.headers.get('access-control-allow-credentials')).toBeNull();
    const own = await call('/api/auth/user', { jar, headers: { origin: site } });
    expect(own.headers.get('access-control-allow-origin')).toBe(site);
    expect(own.headers.get('access-control-allow-credentials')).toBe('true');

    const preflight = (origin: string) =>
      call('/api/event-types', { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    expect((await preflight(evil)).headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight(site)).headers.get('access-control-allow-origin')).toBe(site);
  });

  it('refuses writes another site makes with the cookies, in JSON, as a form, or as text/plain', async () => {
    const jar = await cookieSession(await newUser());
    const json = await call('/api/event-types', { jar, body: eventType, headers: { origin: evil } });
    expect(json).toMatchObject({ status: 403, body: { code: 'forbidden', message: 'Cross-site request refused' } });
    const plain = await call('/api/event-types', { jar, raw: JSON.stringify(eventType), headers: { origin: evil, 'content-type': 'text/plain' } });
    expect(plain.status).toBe(403);
    // A sandboxed frame or a data: page sends Origin: null.
    expect((await call('/api/event-types', { jar, body: eventType, headers: { origin: 'null' } })).status).toBe(403);
    // Logging the victim out from afar fails too: the session is still there.
    expect((await call('/api/auth/logout', { jar, method: 'POST', raw: '', headers: { origin: evil, 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(403);
    expect((await call('/api/auth/user', { jar })).status).toBe(200);
    expect(await ownEventTypes(jar)).toEqual([]);

    // The web app itself writes with the same cookies.
    expect((await call('/api/event-types', { jar, body: eventType, headers: { origin: site } })).status).toBe(201);
    expect(await ownEventTypes(jar)).toEqual(['Planted']);
  });

  it('reads JSON bodies only when labelled JSON: text/plain is refused even from the web app, and a login CSRF with it', async () => {
    const user = await newUser();
    const jar = await cookieSession(user);
    const plain = await call('/api/event-types', { jar, raw: JSON.stringify(eventType), headers: { origin: site, 'content-type': 'text/plain' } });
    expect(plain).toMatchObject({ status: 415, body: { code: 'unsupported_media_type' } });
    // Signing the victim's browser into the attacker's account takes a cross-site form or simple fetch.
    const login = await call('/api/auth/login', { raw: JSON.stringify({ email: user.email, password: user.password }), headers: { origin: evil, 'content-type': 'text/plain' } });
    expect(login.status).toBe(415);
    expect(login.headers.getSetCookie()).toEqual([]);
    expect(await ownEventTypes(jar)).toEqual([]);
  });
});
