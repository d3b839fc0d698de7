// Runs the functions' own `deno test` suites (supabase/functions/{api,slots,bookings,calendars,stripe_webhook}/*.test.ts, the
// outbound guard's in _shared/net and the database pool's in _shared/db, on this stack's Postgres) so that `npm test` covers them: they need Deno, which vitest
// is not, and run on the pinned Deno the Edge Runtime is built on. `--unstable-net` is for the guard's
// test DNS server (UDP); the guard itself uses only stable APIs.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { ROOT } from '../../../scripts/local/config.ts';
import { denoBinary } from '../../../scripts/local/functions.ts';

describe('deno test of the edge functions', () => {
  // Type-checking every module on the pinned Deno takes most of it, and far longer on a loaded machine.
  it('passes', { timeout: 300_000 }, () => {
    const dirs = ['api', 'slots', 'bookings', 'calendars', 'stripe_webhook', '_shared/net', '_shared/db'].map((d) => join('supabase', 'functions', d));
    const run = spawnSync(denoBinary(), ['test', '--allow-all', '--no-prompt', '--unstable-net', ...dirs], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1', KAIROS_TEST_DB_URL: inject('stack').dbUrl },
      timeout: 290_000,
    });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/ok \| \d+ passed \| 0 failed/);
  });
});
