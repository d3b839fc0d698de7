// An Auth server of a test file's own, on the shared stack's database and mail catcher, for settings
// the shared stack does not have (config.toml's real limits, confirmations on, anonymous sign-ins).
import type { Server } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { createAuthServer } from '../auth/server.ts';
import type { Clock } from '../auth/limits.ts';
import { loadConfig, type ConfigOverrides } from '../config.ts';
import { freePortRange } from '../ports.ts';
import { stack } from './harness.ts';

/**
 * Starts the server before the file's tests and stops it after; `apiUrl()` is its public URL (it
 * answers paths under /auth/v1 itself). `now` is the limiters' clock.
 */
export function ownAuthServer(overrides: ConfigOverrides = {}, now?: Clock): { apiUrl: () => string } {
  let server: Server;
  let pool: pg.Pool;
  let apiUrl = '';
  beforeAll(async () => {
    const port = await freePortRange(1);
    const config = loadConfig({ ...overrides, ports: { gateway: port, auth: port, smtp: stack().smtpPort } });
    pool = new pg.Pool({ connectionString: stack().dbUrl, max: 4 });
    server = createAuthServer({ config, pool, now });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    apiUrl = config.apiUrl;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await pool.end();
  });
  return { apiUrl: () => apiUrl };
}
