// The Auth service's abuse limits, played as an attacker and a victim on two loopback addresses:
// per-address request buckets from config.toml's [auth.rate_limit] (real values, not the test
// stack's raised ones), one-time codes that die after 5 wrong guesses, wrong passwords throttled
// per (address, account) and never per account alone, and max_frequency per account.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import ws from 'ws';
import { loadConfig } from '../config.ts';
import { fetchFrom, newUser, sql, stack, uniqueEmail } from '../test-stack/harness.ts';
import { mails } from '../test-stack/mailpit.ts';
import { ownAuthServer } from '../test-stack/own-auth.ts';

// config.toml's [auth.rate_limit]; GoTrue's buckets hold 30 whatever the rate.
const BURST = 30;
const config = loadConfig({ env: {} });
const { signInSignUps, tokenRefresh, tokenVerifications } = config.auth.rateLimit;

/** The limits' clock: it moves only when a test moves it, so refills and max_frequency are exact. */
let clock = Date.now();
// config.toml's values, whatever SUPABASE_* variables the shell has, counted per address as a hosted
// project counts them (`supabase start` does not: see 'as supabase start' below).
const own = ownAuthServer({ env: {}, auth: { perAddressRateLimits: true } }, () => clock);
const asCli = ownAuthServer({ env: {} }, () => clock);
const authUrl = () => `${own.apiUrl()}/auth/v1`;

let nextAddress = 10;
/** A loopback address no other test here has used (a fresh set of per-address buckets). */
const freshAddress = () => `127.0.0.${nextAddress++}`;

/** A raw call to the own Auth server from `address`, as curl would make it. */
function call(address: string, path: string, body?: unknown, method = 'POST') {
  return fetchFrom(address)(`${authUrl()}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** supabase-js talking to the own Auth server from `address`. */
function clientFrom(address: string): SupabaseClient {
  return createClient(own.apiUrl(), stack().anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
    global: { fetch: fetchFrom(address) },
  });
}

const codeIn = async (to: string) => /enter the code: (\d{6})/.exec((await mails(to))[0].Text)![1];
const wrongCode = (right: string) => String((Number(right) + 1) % 1_000_000).padStart(6, '0');

/** One account asks `path` twice from `address`: the first is answered, the second refused until max_frequency has passed. */
async function askTwice(address: string, path: string, email: string): Promise<Response> {
  expect((await call(address, path, { email })).status).toBe(200);
  const again = await call(address, path, { email });
  expect(again.status).toBe(429);
  expect((await again.json()).msg).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
  return again;
}

describe('a 6-digit recovery code', () => {
  it('dies after 5 wrong guesses, and guessing from one address stops at token_verifications', async () => {
    const victim = await newUser();
    const victimAddress = freshAddress();
    const attacker = freshAddress();
    expect((await call(victimAddress, '/recover', { email: victim.email })).status).toBe(200);
    const code = await codeIn(victim.email);

    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await call(attacker, '/verify', { type: 'recovery', email: victim.email, token: wrongCode(code) })).status);
    }
    expect(statuses).toEqual([403, 403, 403, 403, 403]);
    // The right code, found on the sixth try, is dead by now.
    const late = await call(attacker, '/verify', { type: 'recovery', email: victim.email, token: code });
    expect(late.status).toBe(403);
    expect(await late.json()).toMatchObject({ error_code: 'otp_expired', msg: 'Token has expired or is invalid' });
    expect((await sql('select recovery_token from auth.users where id = $1', [victim.id]))[0].recovery_token).toBe('');

    // The attacker's address has used 6 of its bucket; the rest go, then every guess is refused.
    for (let i = 6; i < BURST; i++) {
      const guess = String(i).padStart(6, '0');
      expect((await call(attacker, '/verify', { type: 'recovery', email: victim.email, token: guess })).status).toBe(403);
    }
    const blocked = await call(attacker, '/verify', { type: 'recovery', email: victim.email, token: '000000' });
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).error_code).toBe('over_request_rate_limit');
    expect(Number(blocked.headers.get('retry-after'))).toBe(Math.ceil(300 / tokenVerifications));

    // The victim, elsewhere, asks for a new code (max_frequency later) and uses it.
    clock += config.auth.maxFrequencyMs;
    expect((await call(victimAddress, '/recover', { email: victim.email })).status).toBe(200);
    const { data, error } = await clientFrom(victimAddress).auth.verifyOtp({
      email: victim.email,
      token: await codeIn(victim.email),
      type: 'recovery',
    });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(victim.id);
  });

  it('is not mailed to one account again within max_frequency', async () => {
    const u = await newUser();
    const address = freshAddress();
    const again = await askTwice(address, '/recover', u.email);
    expect(again.headers.get('retry-after')).toBe('1');
    expect(await mails(u.email)).toHaveLength(1);
  });
});

describe('one-time codes by mail (/otp)', () => {
  it('go to one account once within max_frequency, and one address asks at most sign_in_sign_ups times', async () => {
    const u = await newUser();
    const address = freshAddress();
    await askTwice(address, '/otp', u.email);
    // Every ask takes from the address's bucket, mailed or not; the next one is refused as such.
    for (let i = 2; i < BURST; i++) await call(address, '/otp', { email: u.email });
    const other = await newUser();
    const limited = await clientFrom(address).auth.signInWithOtp({ email: other.email, options: { shouldCreateUser: false } });
    expect(limited.error?.code).toBe('over_request_rate_limit');
    const refused = await call(address, '/otp', { email: other.email });
    expect(Number(refused.headers.get('retry-after'))).toBe(Math.ceil(300 / signInSignUps));
    expect(await mails(u.email)).toHaveLength(1);
    expect(await mails(other.email)).toHaveLength(0);
    // The same account asked from another address is mailed.
    expect((await call(freshAddress(), '/otp', { email: other.email })).status).toBe(200);
    expect(await mails(other.email)).toHaveLength(1);
  });
});

describe('wrong passwords', () => {
  it('throttle the (address, account) pair, never the account: its owner signs in from elsewhere', async () => {
    const victim = await newUser();
    const bystander = await newUser();
    const attacker = clientFrom(freshAddress());
    const statuses: number[] = [];
    for (let i = 0; i < config.auth.maxFailedSignIns + 1; i++) {
      const { error } = await attacker.auth.signInWithPassword({ email: victim.email, password: `guess-${i}` });
      statuses.push(error?.status ?? 200);
    }
    expect(statuses).toEqual([...Array(config.auth.maxFailedSignIns).fill(400), 429]);
    // Even the right password waits on that pair...
    const pair = await attacker.auth.signInWithPassword({ email: victim.email, password: victim.password });
    expect(pair.error?.code).toBe('over_request_rate_limit');
    // ...while another account from the same address, and the victim from theirs, sign in.
    expect((await attacker.auth.signInWithPassword({ email: bystander.email, password: bystander.password })).error).toBeNull();
    const own = await clientFrom(freshAddress()).auth.signInWithPassword({ email: victim.email, password: victim.password });
    expect(own.error).toBeNull();
    expect(own.data.user?.id).toBe(victim.id);
  });

  it('the token endpoint holds 30 calls per address, then refills at token_refresh per 5 minutes', async () => {
    const address = freshAddress();
    // A new made-up account each time, so only the address's bucket counts (not the pair throttle).
    const refuse = () => call(address, '/token?grant_type=password', { email: uniqueEmail('nobody'), password: 'x' });
    for (let i = 0; i < BURST; i++) expect((await refuse()).status).toBe(400);
    const blocked = await refuse();
    expect(blocked.status).toBe(429);
    const wait = Number(blocked.headers.get('retry-after'));
    expect(wait).toBe(Math.ceil(300 / tokenRefresh));
    clock += wait * 1000;
    expect((await refuse()).status).toBe(400);
    expect((await refuse()).status).toBe(429);
    // Another address has its own bucket.
    expect((await call(freshAddress(), '/token?grant_type=password', { email: 'nobody@example.test', password: 'x' })).status).toBe(
      400,
    );
  });
});

describe('sign-ups', () => {
  it('are limited per address by sign_in_sign_ups, as config.toml sets it', async () => {
    const address = freshAddress();
    const signUp = () => clientFrom(address).auth.signUp({ email: uniqueEmail('limited'), password: 'limited-pass-1' });
    for (let i = 0; i < BURST; i++) expect((await signUp()).error).toBeNull();
    const refused = await call(address, '/signup', { email: uniqueEmail('limited'), password: 'limited-pass-1' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBe(Math.ceil(300 / signInSignUps));
    expect((await signUp()).error?.code).toBe('over_request_rate_limit');
    // One more each 300 / sign_in_sign_ups seconds; another address is not affected meanwhile.
    clock += (300 / signInSignUps) * 1000;
    expect((await signUp()).error).toBeNull();
    expect((await signUp()).error?.status).toBe(429);
    const elsewhere = await clientFrom(freshAddress()).auth.signUp({ email: uniqueEmail('free'), password: 'limited-pass-1' });
    expect(elsewhere.error).toBeNull();
  });
});

describe('as supabase start', () => {
  it('counts nothing per address: GoTrue without a rate-limit header never fills its buckets', async () => {
    const address = freshAddress();
    const answers = [];
    for (let i = 0; i < BURST + 5; i++) {
      const res = await fetchFrom(address)(`${asCli.apiUrl()}/auth/v1/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: uniqueEmail('cli'), password: 'limited-pass-1' }),
      });
      answers.push(res.status);
    }
    expect(answers.filter((s) => s !== 200)).toEqual([]);
  });
});

describe('through the gateway', () => {
  it('Auth sees the caller socket address, not a forwarded header the caller made up', async () => {
    const u = await newUser();
    const res = await fetchFrom('127.0.0.77')(`${stack().apiUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stack().anonKey, 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
      body: JSON.stringify({ email: u.email, password: u.password }),
    });
    expect(res.status).toBe(200);
    const { user } = await res.json();
    const sessions = await sql('select host(ip) as ip from auth.sessions where user_id = $1 order by created_at desc limit 1', [user.id]);
    expect(sessions).toEqual([{ ip: '127.0.0.77' }]);
  });
});
