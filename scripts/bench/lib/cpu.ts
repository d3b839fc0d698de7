// CPU time of the stack's processes, read from /proc: the benchmark's own process (it hosts the
// gateway, Auth and Storage) and every process below it (Postgres and its backends, PostgREST, the
// Deno functions), except those named as load generators. Divided by the requests served, it is the
// cost of a request whatever else the machine is doing.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

interface Stat {
  ppid: number;
  /** user + system CPU of the process itself, in ticks. */
  ticks: number;
}

function readStat(pid: number): Stat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: fields start after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/** Ticks per process of `root` and its descendants, leaving out the trees of `exclude`. */
function treeTicks(root: number, exclude: ReadonlySet<number>): Map<number, number> {
  const stats = new Map<number, Stat>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const s = readStat(pid);
    if (s) stats.set(pid, s);
  }
  const children = new Map<number, number[]>();
  for (const [pid, s] of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), pid]);
  const out = new Map<number, number>();
  const walk = (pid: number) => {
    if (exclude.has(pid)) return;
    const s = stats.get(pid);
    if (s) out.set(pid, s.ticks);
    for (const c of children.get(pid) ?? []) walk(c);
  };
  walk(root);
  return out;
}

/**
 * What a process is, for the split: a function by its folder ("deno: api"), a Postgres backend by its
 * role or kind ("postgres: authenticator", "postgres: walsender"), else its command.
 */
function processName(pid: number): string {
  try {
    const command = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    const line = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (command === 'deno') {
      const fn = /functions\/([^/]+)\/index\.ts/.exec(line)?.[1];
      return fn ? `deno: ${fn}` : command;
    }
    // A backend names itself "postgres: <role> <database> <client> <state>", a helper "postgres: <kind> …".
    const backend = /^postgres: (\S+)/.exec(line)?.[1];
    return backend ? `postgres: ${backend}` : command;
  } catch {
    return 'ended';
  }
}

/**
 * Starts counting; `stop()` answers the CPU seconds the tree used since (processes that ended
 * meanwhile are lost), `split()` the same by process name, largest first.
 */
export function cpuMeter(exclude: () => number[] = () => [], root = process.pid) {
  const before = treeTicks(root, new Set(exclude()));
  const used = () => [...treeTicks(root, new Set(exclude()))].map(([pid, t]) => [pid, t - (before.get(pid) ?? 0)] as const);
  return {
    stop(): number {
      return used().reduce((sum, [, ticks]) => sum + ticks, 0) / TICKS_PER_SECOND;
    },
    split(): [string, number][] {
      const byName = new Map<string, number>();
      for (const [pid, ticks] of used()) {
        const name = processName(pid);
        byName.set(name, (byName.get(name) ?? 0) + ticks / TICKS_PER_SECOND);
      }
      return [...byName].filter(([, seconds]) => seconds > 0).sort((a, b) => b[1] - a[1]);
    },
  };
}

/** A meter's split as "name ms, …": each process's CPU milliseconds per request of `requests`. */
export function perRequest(split: [string, number][], requests: number): string {
  return split.map(([name, seconds]) => `${name} ${((seconds * 1000) / requests).toFixed(2)}`).join(', ');
}

/** The machine's idle and total CPU ticks so far (/proc/stat's first line: idle and iowait are idle). */
function machineTicks(): { idle: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return { idle: fields[3]! + fields[4]!, total: fields.reduce((a, b) => a + b, 0) };
}

/**
 * Waits until the machine's CPUs were at least `idleShare` idle over a whole `windowMs` (work left over
 * from a step before, such as a seed's vacuum or a queue's catching up, would count in the next
 * measurement), or `maxMs` have passed. Answers the idle share of the last window.
 */
export async function machineQuiet({ idleShare = 0.85, windowMs = 5000, maxMs = 300_000 } = {}): Promise<number> {
  for (const until = Date.now() + maxMs; ; ) {
    const a = machineTicks();
    await new Promise((r) => setTimeout(r, windowMs));
    const b = machineTicks();
    const idle = (b.idle - a.idle) / Math.max(1, b.total - a.total);
    if (idle >= idleShare || Date.now() >= until) return idle;
  }
}
