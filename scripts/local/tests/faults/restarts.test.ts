// Restarting one service under traffic (PostgREST, Auth, a function): clients get answers or errors,
// never hangs, and the service comes back without restarting the rest of the stack.
// This file starts its own stack so the shared one is never disturbed.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventType, createUser, setAvailability } from '../../../bench/lib/fixtures.ts';
import { request, type Answer } from '../../../bench/lib/guests.ts';
import { startTestStack, type TestStack } from '../../test-stack/start.ts';
import { HANG_MS, kinds, underTraffic } from './support.ts';

let t: TestStack;
let db: pg.Pool;
let headers: Record<string, string>;
let slotsUrl: string;
const email = `restart-${Date.now()}@example.test`;
const password = 'correct-horse-1';

const api = (path: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}): Promise<Answer> =>
  request(t.stack.config.apiUrl + path, { ...init, headers: { ...headers, ...init.headers }, timeoutMs: HANG_MS });

beforeAll(async () => {
  t = await startTestStack();
  db = new pg.Pool({ connectionString: t.stack.dbUrl, max: 2 });
  const { anonKey } = t.stack.config;
  headers = { apikey: anonKey, authorization: `Bearer ${anonKey}` };
  const signup = await api('/auth/v1/signup', { method: 'POST', body: JSON.stringify({ email, password }), headers: { 'content-type': 'application/json' } });
  expect(signup.status).toBe(200);
  const host = await createUser(db, { label: 'restart' });
  await setAvailability(db, host);
  const eventTypeId = await createEventType(db, host, 30);
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  slotsUrl = `/functions/v1/slots?eventTypeId=${eventTypeId}&startDate=${day}&endDate=${day}&timeZone=UTC`;
});

afterAll(async () => {
  await db?.end();
  await t?.dispose();
});

/** Which process ids the stack runs, to show that only the restarted service changed. */
function pids() {
  return {
    postgres: t.stack.postgres.pid(),
    postgrest: t.stack.postgrest.pid(),
    slots: t.stack.functions.process('slots')?.pid(),
    api: t.stack.functions.process('api')?.pid(),
  };
}

async function restartUnderTraffic(send: () => Promise<Answer>, restart: () => Promise<void>) {
  expect((await send()).status).toBe(200);
  const answers = await underTraffic(send, restart);
  // Every request settled: a success, a 5xx from the gateway or a dropped connection; none hung.
  expect(kinds(answers)).not.toHaveProperty('hung');
  expect(kinds(answers)).not.toHaveProperty('client error');
  await expect.poll(async () => (await send()).status, { timeout: 20_000, interval: 200 }).toBe(200);
  return answers;
}

describe('restarting one service under traffic', () => {
  it('PostgREST: requests fail fast while it is down and succeed once it is back', async () => {
    const before = pids();
    await restartUnderTraffic(() => api('/rest/v1/rpc/directory_profiles'), () => t.stack.postgrest.restart());
    const after = pids();
    expect(after.postgrest).not.toBe(before.postgrest);
    expect({ ...after, postgrest: 0 }).toEqual({ ...before, postgrest: 0 });
  });

  it('Auth: password sign-ins fail fast during the restart and work again after it', async () => {
    const before = pids();
    const signIn = () =>
      api('/auth/v1/token?grant_type=password', { method: 'POST', body: JSON.stringify({ email, password }), headers: { 'content-type': 'application/json' } });
    await restartUnderTraffic(signIn, () => t.stack.restartAuth());
    expect(pids()).toEqual(before);
  });

  it('a function process: slot listings fail fast during the restart and work again after it', async () => {
    const before = pids();
    await restartUnderTraffic(() => api(slotsUrl), () => t.stack.functions.process('slots')!.restart());
    const after = pids();
    expect(after.slots).not.toBe(before.slots);
    expect({ ...after, slots: 0 }).toEqual({ ...before, slots: 0 });
  });

  it('Storage: bucket listings fail fast during the restart and work again after it', async () => {
    const before = pids();
    await restartUnderTraffic(() => api('/storage/v1/bucket'), () => t.stack.restartStorage());
    expect(pids()).toEqual(before);
  });
});
