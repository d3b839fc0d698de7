import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { SUPERUSER, startPostgres, tempDataDir, type PostgresHandle } from '../postgres.ts';
import { isAlive as alive } from '../process.ts';
import { freePortRange } from '../ports.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function setup() {
  const dataDir = tempDataDir('kairos-pg-');
  dirs.push(dataDir);
  const port = await freePortRange(1);
  const url = `postgres://${SUPERUSER}:postgres@127.0.0.1:${port}/postgres`;
  const query = async (text: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query(text)).rows;
    } finally {
      await c.end();
    }
  };
  return { dataDir, port, query, start: () => startPostgres({ dataDir, port, password: 'postgres' }) };
}

/**
 * A server on a new data folder writes a row, `end` ends that run its way (a clean stop, a hard kill,
 * nothing), and a second start takes the same folder: both runs, and the row as the second reads it.
 */
async function restartAfter(value: string, end: (first: PostgresHandle) => Promise<void> | void) {
  const db = await setup();
  const first = await db.start();
  await db.query(`create table kept (v text); insert into kept values ('${value}')`);
  await end(first);
  const second = await db.start();
  return { first, second, kept: await db.query('select v from kept') };
}

describe('local Postgres', () => {
  it('keeps data across a clean stop and start', async () => {
    const { first, second, kept } = await restartAfter('still here', (run) => run.stop());
    expect(first.fresh).toBe(true);
    expect(second.fresh).toBe(false);
    expect(kept).toEqual([{ v: 'still here' }]);
    await second.stop();
  });

  it('recovers after the postmaster is killed hard, with committed data intact', async () => {
    const { second, kept } = await restartAfter('committed', async (run) => {
      const pid = run.pid()!;
      process.kill(pid, 'SIGKILL');
      await expect.poll(() => alive(pid)).toBe(false);
    });
    expect(kept).toEqual([{ v: 'committed' }]);
    await second.stop();
  });

  it('takes over a data folder whose postmaster outlived its parent (stale lock)', async () => {
    let orphanPid: number | undefined;
    // A new run on the same folder while the old postmaster still holds it.
    const { second: next, kept } = await restartAfter('orphaned', (orphan) => {
      orphanPid = orphan.pid();
    });
    expect(alive(orphanPid!)).toBe(false);
    expect(kept).toEqual([{ v: 'orphaned' }]);
    await next.stop();
  });

  it('moves aside a data folder made when postgres was its superuser and builds a new one', async () => {
    const db = await setup();
    const first = await db.start();
    await db.query(`create table old_layout (v text)`);
    await first.stop();
    rmSync(join(db.dataDir, 'postgres', 'kairos-superuser'));
    const second = await db.start();
    expect(second.fresh).toBe(true);
    expect(readdirSync(db.dataDir).filter((n) => n.startsWith('postgres-superuser-postgres-'))).toHaveLength(1);
    expect(await db.query(`select to_regclass('old_layout') as t`)).toEqual([{ t: null }]);
    await second.stop();
  });
});
