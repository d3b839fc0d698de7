// Benchmark 7: each edge function's bundle and cold start on the Edge Runtime imitation.
//
// Bundle: what `supabase functions deploy` uploads is an eszip (the function's modules, and its npm
// packages as a file system) compressed with brotli at its default quality (supabase/cli
// pkg/function/bundle.go). The eszip itself needs the Edge Runtime's bundler, which is not on npm, so it
// is measured from what it holds: the local modules of the function's graph (`deno info` on the pinned
// Deno) and every file of each npm package the graph reaches, with their dependencies. "raw" is their
// total size; "as uploaded" is the same bytes concatenated and compressed as the CLI compresses.
// Cold start: process start to the first answer, through the runner the stack uses.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { ROOT, loadConfig } from '../local/config.ts';
import { denoBinary, functionArgs, functionEnv } from '../local/functions.ts';
import { freePortRange } from '../local/ports.ts';
import { answers } from '../local/process.ts';
import type { Report } from './lib/report.ts';

const SECTION = '7 functions: bundle and cold start';
const NODE_MODULES = join(ROOT, 'node_modules');
/** Go's brotli writer default (andybalholm/brotli DefaultCompression), what the CLI uses. */
const CLI_BROTLI_QUALITY = 6;

/** The folder of the package a file in node_modules belongs to. */
function packageDirOf(file: string): string {
  const parts = file.slice(NODE_MODULES.length + 1).split('/');
  return join(NODE_MODULES, ...(parts[0].startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)));
}

/** Where `name` resolves from a package folder, as Node looks it up (nested node_modules first). */
function resolvePackage(name: string, from: string): string | undefined {
  for (let dir = from; dir.startsWith(NODE_MODULES) || dir === ROOT; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === ROOT) break;
  }
  return undefined;
}

/** Every package folder reachable from `roots` through dependencies. */
function packageClosure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const dir = queue.pop()!;
    if (seen.has(dir)) continue;
    seen.add(dir);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies, ...pkg.peerDependencies })) {
      const found = resolvePackage(dep, dir);
      if (found) queue.push(found);
    }
  }
  return seen;
}

/** The files of a package folder, without the packages nested in it. */
function packageFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && !join(e.parentPath, e.name).slice(dir.length).includes('/node_modules/'))
    .map((e) => join(e.parentPath, e.name));
}

interface Bundle {
  raw: number;
  uploaded: number;
  /** Raw bytes of the packages only @googleapis/calendar brings in. */
  google: number;
  packages: Map<string, number>;
}

function bundleOf(name: string): Bundle {
  const info = spawnSync(denoBinary(), ['info', '--json', join('supabase', 'functions', name, 'index.ts')], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (info.status !== 0) throw new Error(`deno info ${name}: ${info.stderr}`);
  const modules = (JSON.parse(info.stdout).modules as { specifier: string; kind?: string }[]).filter((m) => m.specifier.startsWith('file://'));
  const paths = modules.map((m) => decodeURIComponent(new URL(m.specifier).pathname));
  const local = paths.filter((p) => !p.startsWith(NODE_MODULES) && !p.endsWith('.d.ts'));
  const roots = [...new Set(paths.filter((p) => p.startsWith(NODE_MODULES)).map(packageDirOf))];
  const packages = packageClosure(roots);
  const withoutGoogle = packageClosure(roots.filter((r) => !r.endsWith('@googleapis/calendar')));
  const files = [...local, ...[...packages].flatMap(packageFiles)];
  const contents = files.map((f) => readFileSync(f));
  const all = Buffer.concat(contents);
  const sizes = new Map([...packages].map((dir) => [dir.slice(NODE_MODULES.length + 1), packageFiles(dir).reduce((n, f) => n + statSync(f).size, 0)]));
  const google = [...packages].filter((p) => !withoutGoogle.has(p)).reduce((n, p) => n + sizes.get(p.slice(NODE_MODULES.length + 1))!, 0);
  return { raw: all.length, uploaded: brotliCompressSync(all, { params: { [constants.BROTLI_PARAM_QUALITY]: CLI_BROTLI_QUALITY } }).length, google, packages: sizes };
}

/** Milliseconds from spawning the function to its first answer. */
async function coldStart(name: string): Promise<number> {
  const port = await freePortRange(1);
  const config = loadConfig({ ports: { functions: port } });
  const started = performance.now();
  const child = spawn(denoBinary(), functionArgs(config, name, port), { cwd: ROOT, env: functionEnv(config, () => {}), stdio: 'ignore' });
  try {
    while (!(await answers(`http://127.0.0.1:${port}/${name}/`))) {
      if (child.exitCode !== null) throw new Error(`${name} exited during start-up`);
      if (performance.now() - started > 60_000) throw new Error(`${name} did not answer within 60 s`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return performance.now() - started;
  } finally {
    child.kill('SIGKILL');
  }
}

const MB = 1024 * 1024;
export async function benchFunctions(report: Report) {
  const names = loadConfig().functions.map((f) => f.name);
  for (const name of names) {
    const bundle = bundleOf(name);
    report.add(SECTION, name, 'bundle as uploaded (brotli of the eszip contents)', bundle.uploaded / MB, 'MB');
    report.add(SECTION, name, 'bundle raw (modules and npm packages)', bundle.raw / MB, 'MB');
    if (bundle.google > 0) {
      report.add(SECTION, name, "of which only Google's client brings (@googleapis/calendar and its own packages)", `${(bundle.google / MB).toFixed(1)} MB (${Math.round((bundle.google / bundle.raw) * 100)} %)`);
    }
    const largest = [...bundle.packages].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([p, size]) => `${p} ${(size / MB).toFixed(1)}`).join(', ');
    report.add(SECTION, name, 'largest packages (MB)', largest);
    const starts: number[] = [];
    for (let i = 0; i < 3; i++) starts.push(await coldStart(name));
    starts.sort((a, b) => a - b);
    report.add(SECTION, name, 'cold start: process start to first answer (median of 3)', starts[1], 'ms');
  }
}
