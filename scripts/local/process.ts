// Child processes of the stack (PostgREST, Deno functions): started, checked ready, stopped
// without orphans, restartable one by one (the fault tests restart them under traffic).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

export interface ServiceProcess {
  readonly name: string;
  pid(): number | undefined;
  stop(): Promise<void>;
  restart(): Promise<void>;
}

export interface ProcessSpec {
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  /** Whether the child also gets this process's environment (default true). */
  inheritEnv?: boolean;
  cwd?: string;
  /** Resolves true once the service answers. */
  ready: () => Promise<boolean>;
  readyTimeoutMs?: number;
  log: (m: string) => void;
  /** Output lines not worth showing (e.g. PostgREST's 503s while its schema cache loads). */
  silence?: RegExp;
  /** Where the child's PID is kept, so a start after a hard kill of the parent ends the orphan. */
  pidFile: string;
  /** A nice value (0-19) for work that may wait while requests are served. */
  niceness?: number;
  /** Started again when it ends on its own (as the Edge Runtime boots a new worker after one dies). */
  relaunch?: boolean;
}

/** Resolves true when the URL answers HTTP with a status `accept` takes (by default any). */
export async function answers(url: string, accept: (status: number) => boolean = () => true): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await res.body?.cancel();
    return accept(res.status);
  } catch {
    return false;
  }
}

function exited(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => proc.once('exit', () => resolve()));
}

/** True while a process with this PID exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Ends a child left behind by a parent that was killed hard (it would hold our port). */
function killOrphan(pidFile: string, command: string) {
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (cmdline.startsWith(command)) process.kill(pid, 'SIGKILL');
  } catch {
    // Not running any more (or no /proc): nothing to end.
  }
  rmSync(pidFile, { force: true });
}

export async function startProcess(spec: ProcessSpec): Promise<ServiceProcess> {
  let proc: ChildProcess | undefined;
  let stopping = false;

  // Set once the first start succeeded: a child that fails its first start is an error to report.
  let started = false;

  // Raised by every stop or restart: a relaunch waiting from before it gives way.
  let generation = 0;

  const relaunch = async () => {
    const mine = generation;
    for (let wait = 100; ; wait = Math.min(wait * 2, 5000)) {
      await sleep(wait);
      if (generation !== mine) return;
      try {
        await launch();
        spec.log(`${spec.name}: started again`);
        return;
      } catch (e) {
        spec.log(`${spec.name}: could not start again: ${(e as Error).message}`);
      }
    }
  };

  const launch = async () => {
    killOrphan(spec.pidFile, spec.command);
    const child = spawn(spec.command, spec.args, {
      cwd: spec.cwd,
      env: spec.inheritEnv === false ? spec.env : { ...process.env, ...spec.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc = child;
    if (spec.niceness && child.pid) setPriority(child.pid, spec.niceness);
    writeFileSync(spec.pidFile, String(child.pid));
    let output = '';
    const collect = (chunk: Buffer) => {
      const text = chunk.toString();
      output = (output + text).slice(-4000);
      for (const line of text.split('\n')) if (line.trim() && !spec.silence?.test(line)) spec.log(`${spec.name}: ${line}`);
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.on('exit', (code, signal) => {
      if (stopping || proc !== child) return;
      spec.log(`${spec.name}: exited (${signal ?? code})`);
      if (spec.relaunch && started) void relaunch();
    });
    const deadline = Date.now() + (spec.readyTimeoutMs ?? 20_000);
    while (!(await spec.ready())) {
      if (child.exitCode !== null) throw new Error(`${spec.name} exited during start-up:\n${output}`);
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`${spec.name} did not become ready in time:\n${output}`);
      }
      await sleep(50);
    }
  };

  const halt = async () => {
    generation++;
    const child = proc;
    if (!child) return;
    stopping = true;
    child.kill('SIGTERM');
    const done = await Promise.race([exited(child).then(() => true), sleep(3000).then(() => false)]);
    if (!done) {
      child.kill('SIGKILL');
      await exited(child);
    }
    rmSync(spec.pidFile, { force: true });
    stopping = false;
  };

  await launch();
  started = true;
  return {
    name: spec.name,
    pid: () => proc?.pid,
    stop: halt,
    restart: async () => {
      await halt();
      await launch();
    },
  };
}
