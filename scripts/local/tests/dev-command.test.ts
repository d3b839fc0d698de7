import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../config.ts';
import { isAlive as alive } from '../process.ts';
import { freePortRange } from '../ports.ts';
import { tempDataDir } from '../postgres.ts';

function descendants(pid: number): number[] {
  // /proc/<pid>/task/<pid>/children lists direct children (Linux).
  try {
    const direct = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    return direct.flatMap((c) => [c, ...descendants(c)]);
  } catch {
    return [];
  }
}

describe('npm run dev', () => {
  // A whole stack and the web app's dev server boot here, beside the shared test stack: the waits
  // below (two minutes for the banner, then the shutdown) need more than the default minute.
  it('starts the stack and the web app, prints keys and start-up time, and stops on Ctrl-C leaving no process', { timeout: 180_000 }, async () => {
    const dataDir = tempDataDir('kairos-dev-');
    const base = await freePortRange(16);
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/local/dev.ts'], {
      cwd: ROOT,
      env: { ...process.env, KAIROS_PORT_BASE: String(base), KAIROS_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    try {
      await expect.poll(() => out, { timeout: 120_000, interval: 200 }).toContain('Press Ctrl-C to stop.');
      expect(out).toMatch(/ready in \d+\.\d s \(first run, database created\)/);
      expect(out).toContain('anon key: eyJ');
      expect(out).toContain('service_role key: eyJ');
      const web = await fetch(`http://127.0.0.1:${base + 5}/`);
      expect(web.status).toBe(200);
      const api = await fetch(`http://127.0.0.1:${base + 5}/api/auth/user`);
      expect(api.status).toBe(401);
      // The mail catcher's inbox, shown in the banner, answers Mailpit's API.
      expect(out).toContain(`Inbox: http://127.0.0.1:${base + 6}`);
      const inbox = await fetch(`http://127.0.0.1:${base + 6}/api/v1/messages`);
      expect(inbox.status).toBe(200);
      expect(await inbox.json()).toMatchObject({ messages: expect.any(Array), total: expect.any(Number) });
      const children = descendants(child.pid!);
      expect(children.length).toBeGreaterThanOrEqual(3); // postgres, postgrest, deno functions
      child.kill('SIGINT');
      await new Promise((r) => child.once('exit', r));
      await expect.poll(() => children.filter(alive)).toEqual([]);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  // Right after its start-up, as the stop of `npm run db:reset` comes, Realtime may still be
  // subscribing to its replication slot: the stop must not wait for that stream.
  it('rebuilds the database with --reset-only, then exits on its own leaving no process', { timeout: 180_000 }, async () => {
    const dataDir = tempDataDir('kairos-reset-');
    const base = await freePortRange(16);
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/local/dev.ts', '--reset-only'], {
      cwd: ROOT,
      env: { ...process.env, KAIROS_PORT_BASE: String(base), KAIROS_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const seen = new Set<number>();
    child.stdout.on('data', (c) => {
      out += c;
      for (const pid of descendants(child.pid!)) seen.add(pid);
    });
    child.stderr.on('data', (c) => (out += c));
    try {
      const code = await new Promise((r) => child.once('exit', r));
      expect(out).toMatch(/Database rebuilt: \d+ migrations applied, seed loaded\./);
      expect(code).toBe(0);
      expect(seen.size).toBeGreaterThanOrEqual(3);
      await expect.poll(() => [...seen].filter(alive)).toEqual([]);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
