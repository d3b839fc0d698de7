// Benchmark 5: `npm run dev` (tsx scripts/local/dev.ts) from launch to "Press Ctrl-C to stop.", on a new
// data folder (initdb, migrations, seed) and again on the same folder (warm), stopped with SIGINT between.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { freePortRange } from '../local/ports.ts';
import { tempDataDir } from '../local/postgres.ts';
import type { Report } from './lib/report.ts';
import { run, waitForOutput } from './lib/process.ts';

const READY = 'Press Ctrl-C to stop.';

/** Seconds from launch to ready, and what dev.ts itself reports (its own clock starts after Node and tsx load). */
async function startOnce(env: Record<string, string>, expect: 'first run' | 'warm start'): Promise<{ total: number; reported: string }> {
  const started = performance.now();
  const child = run(join('node_modules', '.bin', 'tsx'), ['scripts/local/dev.ts'], env);
  try {
    await waitForOutput(child, READY, 180_000);
    const total = (performance.now() - started) / 1000;
    if (!child.output().includes(`(${expect}`)) throw new Error(`expected a ${expect} of npm run dev:\n${child.output()}`);
    return { total, reported: /ready in ([\d.]+ s)/.exec(child.output())?.[1] ?? '?' };
  } finally {
    child.proc.kill('SIGINT');
    const stopped = await Promise.race([child.exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 20_000))]);
    if (!stopped) child.proc.kill('SIGKILL');
  }
}

export async function benchStartup(report: Report) {
  const dataDir = tempDataDir('kairos-bench-dev-');
  try {
    const env = { KAIROS_PORT_BASE: String(await freePortRange(16)), KAIROS_DATA_DIR: dataDir };
    for (const [kase, expect] of [['first run (new data folder)', 'first run'], ['warm (same folder)', 'warm start']] as const) {
      const { total, reported } = await startOnce(env, expect);
      report.add('5 start-up', kase, 'launch to "Press Ctrl-C to stop."', total, 's');
      report.add('5 start-up', kase, 'as dev.ts reports it', reported);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
