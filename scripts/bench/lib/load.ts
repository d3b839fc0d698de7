// HTTP load from a separate process (autocannon's CLI), so the CPU the stack spends per request can be
// read apart from the load generator's: the benchmark process itself hosts the gateway, Auth and Storage.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Result } from 'autocannon';
import { cpuMeter, perRequest } from './cpu.ts';

const CLI = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
const CPU_AT_EXIT = join(import.meta.dirname, 'cpu-at-exit.cjs');

export interface Load {
  url: string;
  connections: number;
  /** Seconds to run, or `amount` requests. */
  duration?: number;
  amount?: number;
  headers?: Record<string, string>;
}

/**
 * autocannon's result, the stack's CPU milliseconds (user + system, every process) per request
 * answered, and the load generator's own: on this machine it shares the same cores.
 */
export async function load(l: Load): Promise<Result & { cpuMsPerRequest: number; cpuByProcess: string; loadGeneratorCpuMsPerRequest: number }> {
  const args = ['--require', CPU_AT_EXIT, CLI, '-j', '-c', String(l.connections), '-t', '30'];
  if (l.amount) args.push('-a', String(l.amount));
  else args.push('-d', String(l.duration ?? 8));
  for (const [k, v] of Object.entries(l.headers ?? {})) args.push('-H', `${k}=${v}`);
  args.push(l.url);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const meter = cpuMeter(() => [child.pid!]);
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c));
  child.stderr.on('data', (c: Buffer) => (err += c));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const cpuSeconds = meter.stop();
  const split = meter.split();
  if (code !== 0) throw new Error(`autocannon exited with ${code}`);
  const r = JSON.parse(out) as Result;
  const answered = r['2xx'] + r.non2xx;
  const generatorUs = Number(/load-generator-cpu-us (\d+)/.exec(err)?.[1] ?? NaN);
  return {
    ...r,
    cpuMsPerRequest: answered ? (cpuSeconds * 1000) / answered : NaN,
    cpuByProcess: answered ? perRequest(split, answered) : '',
    loadGeneratorCpuMsPerRequest: answered ? generatorUs / 1000 / answered : NaN,
  };
}
