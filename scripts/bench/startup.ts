// Benchmark 5: `npm run dev` (tsx scripts/local/dev.ts) from launch to "Press Ctrl-C to stop.", on a new
// data folder (initdb, migrations, seed) and again on the same folder (warm), stopped with SIGINT between.
import { mkdtempSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePortRange } from '../local/test/ports.ts';
import type { Report } from './lib/report.ts';
import { run, waitForOutput } from './lib/process.ts';

const READY = 'Press Ctrl-C to stop.';

async function startOnce(env: Record<string, string>): Promise<number> {
  const started = performance.now();
  const child = run(join('node_modules', '.bin', 'tsx'), ['scripts/local/dev.ts'], env);
  try {
    await waitForOutput(child, READY, 180_000);
    return performance.now() - started;
  } finally {
    child.proc.kill('SIGINT');
    const stopped = await Promise.race([child.exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 20_000))]);
    if (!stopped) child.proc.kill('SIGKILL');
  }
}

export async function benchStartup(report: Report) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kairos-bench-dev-'));
  chmodSync(dataDir, 0o755); // Postgres runs as the `postgres` OS user when we are root.
  try {
    const env = { KAIROS_PORT_BASE: String(await freePortRange(12)), KAIROS_DATA_DIR: dataDir };
    report.add('5 start-up', 'npm run dev', 'first run (new data folder)', (await startOnce(env)) / 1000, 's');
    report.add('5 start-up', 'npm run dev', 'warm (same folder)', (await startOnce(env)) / 1000, 's');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
