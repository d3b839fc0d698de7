// Auth abuse against the shared stack: password guessing is throttled, and tokens a client made up
// (expired, signed with another secret, claiming service_role) are refused by REST, Storage and the
// api function, while the same requests with a real token succeed.
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { newUser, sql, stack, type TestUser } from '../../test-stack/harness.ts';

const OTHER_SECRET = 'not-the-project-secret-not-the-project-secret';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

function sign(claims: Record<string, unknown>, secret: string, expiresIn: string | number = '1h') {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime(expiresIn).sign(new TextEncoder().encode(secret));
}

/** An unsigned token (alg none), the oldest JWT trick. */
function unsigned(claims: Record<string, unknown>) {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ ...claims, exp: Math.floor(Date.now() / 1000) + 3600 })}.`;
}

async function status(path: string, token: string, init: RequestInit = {}, apikey = stack().anonKey): Promise<number> {
  const res = await fetch(stack().apiUrl + path, {
    ...init,
    headers: { apikey, authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
    signal: AbortSignal.timeout(15_000),
  });
  await res.body?.cancel();
  return res.status;
}

let user: TestUser;
let forged: Record<string, string>;

beforeAll(async () => {
  user = await newUser();
  const { jwtSecret } = stack();
  const claims = { aud: 'authenticated', role: 'authenticated', sub: user.id, email: user.email, session_id: crypto.randomUUID() };
  forged = {
    expired: await sign(claims, jwtSecret, Math.floor(Date.now() / 1000) - 60),
    'signed with another secret': await sign(claims, OTHER_SECRET),
    'service_role signed with another secret': await sign({ role: 'service_role', iss: 'supabase' }, OTHER_SECRET),
    'service_role unsigned (alg none)': unsigned({ role: 'service_role', iss: 'supabase' }),
    'user claims unsigned (alg none)': unsigned(claims),
  };
});

/** Requests that need a signed-in user (or more); each must succeed with the real token. */
const probes = () => [
  { name: 'REST: own profile', call: (t: string) => status(`/rest/v1/profiles?select=id,email&id=eq.${user.id}`, t) },
  { name: 'REST: all bookings', call: (t: string) => status('/rest/v1/bookings?select=id,guest_email', t) },
  {
    name: 'Storage: avatar upload',
    call: (t: string) =>
      status(`/storage/v1/object/avatars/${user.id}/abuse-${crypto.randomUUID()}.png`, t, { method: 'POST', body: PNG, headers: { 'content-type': 'image/png' } }),
  },
  { name: 'api: event types', call: (t: string) => status('/functions/v1/api/event-types', t) },
  { name: 'api: bookings', call: (t: string) => status('/functions/v1/api/bookings/all', t) },
  { name: 'api: current user', call: (t: string) => status('/functions/v1/api/auth/user', t) },
];

describe('made-up tokens', () => {
  it('the real access token works for every probe (so a refusal below means the token was refused)', async () => {
    for (const p of probes()) expect({ probe: p.name, status: await p.call(user.accessToken) }).toMatchObject({ status: expect.toSatisfy((s: number) => s >= 200 && s < 300) });
  });

  it('an expired token, another secret, a forged service_role and unsigned tokens are refused everywhere', async () => {
    // Only this test's probe uploads: other files upload to the shared stack at the same time.
    const probeObjects = async () =>
      (await sql(`select count(*)::int as n from storage.objects where name like $1`, [`${user.id}/abuse-%`]))[0].n;
    const objectsBefore = await probeObjects();
    const seen: { token: string; probe: string; status: number }[] = [];
    for (const [token, jwt] of Object.entries(forged)) {
      for (const p of probes()) seen.push({ token, probe: p.name, status: await p.call(jwt) });
    }
    // REST and the api answer 401; Storage answers 400 with a 403 inside like Supabase Storage, or 401/403.
    const accepted = seen.filter((s) => s.status < 400 || s.status >= 500);
    expect(accepted).toEqual([]);
    expect(seen.filter((s) => s.probe.startsWith('REST') && s.status !== 401)).toEqual([]);
    expect(seen.filter((s) => s.probe.startsWith('api') && s.status !== 401)).toEqual([]);
    expect(await probeObjects()).toBe(objectsBefore);
  });

  it('a forged service_role token is no API key either', async () => {
    for (const jwt of [forged['service_role signed with another secret'], forged['service_role unsigned (alg none)']]) {
      expect(await status('/rest/v1/bookings?select=id', jwt, {}, jwt)).toBe(401);
      expect(await status('/storage/v1/bucket', jwt, {}, jwt)).toBe(401);
      expect(await status('/auth/v1/admin/users', jwt, {}, jwt)).toBe(401);
    }
  });

  it('Auth admin routes refuse an anon or user token with a valid signature', async () => {
    expect(await status('/auth/v1/admin/users', stack().anonKey)).toBe(403);
    expect(await status('/auth/v1/admin/users', user.accessToken)).toBe(403);
  });
});

describe('password guessing', () => {
  const attempt = (email: string, password: string) =>
    fetch(`${stack().apiUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stack().anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }).then((r) => r.status);

  it('20 wrong passwords in a row end in 429, and then even the right password is held back', async () => {
    const victim = await newUser();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push(await attempt(victim.email, `wrong-${i}`));
    expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.indexOf(429)).toBeGreaterThan(0);
    expect(statuses.slice(statuses.indexOf(429)).every((s) => s === 429)).toBe(true);
    expect(await attempt(victim.email, victim.password)).toBe(429);
  });

  it('the same through POST /api/auth/login: 401s, then 429', async () => {
    const victim = await newUser();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${stack().apiUrl}/functions/v1/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: victim.email, password: `wrong-${i}` }),
      });
      await res.body?.cancel();
      statuses.push(res.status);
    }
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
