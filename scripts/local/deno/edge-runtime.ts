// What the Supabase Edge Runtime changes from the Deno release it is forked from (2.1.4), imitated
// for a function run on plain Deno 2.1.4. Each item is listed, with its source, in
// docs/edge-runtime.md; the runner's tests (scripts/local/tests/functions-runner.test.ts) hold them.
import process from 'node:process';

/** The CLI's main worker hides these from functions (EXCLUDED_ENVS of its serve template). */
const HIDDEN_ENV = ['HOME', 'HOSTNAME', 'PATH', 'PWD'];

/** Deno file APIs the Edge Runtime's user workers refuse outright (ext/runtime/js/bootstrap.js). */
const BLOCKED = [
  'chmodSync', 'chmod', 'chown', 'chownSync', 'copyFileSync', 'chdir', 'copyFile', 'readLinkSync', 'readLink', 'renameSync',
  'rename', 'truncateSync', 'truncate', 'ftruncateSync', 'ftruncate', 'futime', 'futimeSync', 'openSync', 'createSync', 'seek',
  'seekSync', 'fstatSync', 'fstat', 'fsyncSync', 'fsync', 'fdatasyncSync', 'fdatasync', 'symlink', 'symlinkSync', 'link',
  'linkSync', 'utime', 'utimeSync',
];
/** Synchronous file APIs allowed only while the function's module loads. */
const INIT_ONLY = [
  'lstatSync', 'statSync', 'removeSync', 'writeFileSync', 'writeTextFileSync', 'readFileSync', 'readTextFileSync', 'mkdirSync',
  'makeTempDirSync', 'makeTempFileSync', 'readDirSync',
];
/** Process controls that do nothing there. */
const NO_OPS = ['exit', 'kill', 'addSignalListener', 'removeSignalListener'];

export interface Limits {
  /** Wall clock a request may take (the plan's limit: 150 s on Free, 400 s on paid plans). */
  wallClockMs: number;
  /** CPU time a request may use (the CLI's and hosted hard limit: 2 s). */
  cpuMs: number;
}

/** The status and body the Edge Runtime answers when a worker hits a resource limit. */
export function workerLimit(): Response {
  return Response.json(
    { code: 'WORKER_LIMIT', message: 'Worker failed to respond due to a resource limit (please check logs)' },
    { status: 546 },
  );
}

/** The answer of a function whose module did not load, as the CLI's main worker gives it. */
export function bootError(): Response {
  return Response.json({ code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' }, { status: 503 });
}

// deno-lint-ignore no-explicit-any
const denoApi = Deno as any;
const readProcFile = Deno.readTextFileSync;

/** CPU time (user + system) of this thread, the one JavaScript runs on, in milliseconds. */
export function threadCpuMs(): number {
  const stat = readProcFile('/proc/thread-self/stat');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

/** Applied before the function's module is imported. */
export function imitateEdgeRuntime(): { endInit(): void } {
  // supabase/edge-runtime#485 (a cherry-pick of denoland/deno#27891): process.env is an own property
  // of process. Plain 2.1.4 keeps it on the prototype, and google-logging-utils (through
  // @googleapis/calendar) then fails on import.
  Object.defineProperty(process, 'env', { value: process.env, writable: true, enumerable: true, configurable: true });
  for (const name of HIDDEN_ENV) Deno.env.delete(name);
  for (const name of BLOCKED) {
    denoApi[name] = () => {
      throw new Deno.errors.PermissionDenied(`Deno.${name} is blocklisted`);
    };
  }
  for (const name of NO_OPS) denoApi[name] = () => {};
  let loading = true;
  for (const name of INIT_ONLY) {
    const original = denoApi[name];
    denoApi[name] = (...args: unknown[]) => {
      if (loading) return original(...args);
      throw new Deno.errors.PermissionDenied(`Deno.${name} is blocklisted on the current context`);
    };
  }
  Object.defineProperty(Deno, 'args', { value: [], configurable: true });
  return { endInit: () => (loading = false) };
}

/**
 * The handler under the Edge Runtime's per-request limits: past the wall clock, or having used more
 * CPU than allowed, the request is answered 546 WORKER_LIMIT. CPU is counted only for a request that
 * ran alone: this one process serves every concurrent request, where the platform would spread them
 * over workers, so their time together says nothing about one of them.
 */
export function limited(handler: Deno.ServeHandler, limits: Limits, log: (m: string) => void): Deno.ServeHandler {
  const inFlight = new Set<{ overlapped: boolean }>();
  return async (req, info) => {
    const self = { overlapped: inFlight.size > 0 };
    for (const other of inFlight) other.overlapped = true;
    inFlight.add(self);
    const what = `${req.method} ${new URL(req.url).pathname}`;
    const cpuBefore = threadCpuMs();
    let timer: number | undefined;
    try {
      const wall = new Promise<'wall'>((resolve) => (timer = setTimeout(() => resolve('wall'), limits.wallClockMs)));
      const res = await Promise.race([Promise.resolve(handler(req, info)), wall]);
      if (res === 'wall') {
        log(`wall clock limit reached (${limits.wallClockMs} ms): ${what}`);
        return workerLimit();
      }
      const used = threadCpuMs() - cpuBefore;
      if (!self.overlapped && used > limits.cpuMs) {
        await res.body?.cancel();
        log(`CPU time hard limit reached (${used} ms > ${limits.cpuMs} ms): ${what}`);
        return workerLimit();
      }
      return res;
    } finally {
      clearTimeout(timer);
      inFlight.delete(self);
    }
  };
}
