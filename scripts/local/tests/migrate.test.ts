// A local database keeps the migration history of the folder it was built from: a new migration is
// applied on the next start, and a history the folder no longer holds (migrations squashed or renamed,
// so a new file may reuse an applied version) or an applied file edited since is refused with the way
// out, never half-applied.
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { migrate } from '../migrate.ts';
import { startPostgres, tempDataDir } from '../postgres.ts';
import { freePortRange } from '../ports.ts';

const project = mkdtempSync(join(tmpdir(), 'kairos-migrate-'));
const dataDir = tempDataDir('kairos-pg-');
afterAll(() => [project, dataDir].forEach((d) => rmSync(d, { recursive: true, force: true })));

it('applies new migrations and refuses a history the folder no longer holds or whose files changed', async () => {
  mkdirSync(join(project, 'migrations'));
  const file = (name: string) => join(project, 'migrations', name);
  writeFileSync(file('20260101000000_first.sql'), 'create table public.first (id int);');
  const port = await freePortRange(1);
  const db = await startPostgres({ dataDir, port, password: 'postgres' });
  const run = () => migrate({ port, password: 'postgres' }, { seed: false, buckets: [], supabaseDir: project });
  try {
    expect((await run()).applied).toEqual(['20260101000000_first']);
    writeFileSync(file('20260102000000_second.sql'), 'create table public.second (id int);');
    expect((await run()).applied).toEqual(['20260102000000_second']);
    expect((await run()).applied).toEqual([]);

    // An applied migration edited in place (allowed until launch) would leave the old definitions.
    writeFileSync(file('20260102000000_second.sql'), 'create table public.second (id bigint);');
    await expect(run()).rejects.toThrow(/changed since they were applied \(20260102000000_second\).*npm run db:reset/);
    writeFileSync(file('20260102000000_second.sql'), 'create table public.second (id int);');
    expect((await run()).applied).toEqual([]);

    renameSync(file('20260101000000_first.sql'), file('20260101000000_squashed.sql'));
    await expect(run()).rejects.toThrow(/20260101000000_first\).*npm run db:reset/);
  } finally {
    await db.stop();
  }
});
