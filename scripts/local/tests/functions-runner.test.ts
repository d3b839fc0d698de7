// The functions runner imitates the Supabase Edge Runtime on the Deno release it is built on
// (docs/edge-runtime.md): the pinned Deno, Deno.serve bound by the runtime, a boot failure answered
// 503 by the function alone, the per-request limits (546), the environment (platform secrets, no
// custom SUPABASE_* name, nothing of the machine's), process.env as an own property, the file APIs
// user workers may not use. Then every real function of Kairos loads and answers on it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, loadConfig, type StackConfig } from '../config.ts';
import { PLATFORM_SECRETS, denoBinary, startFunctions, type FunctionsRuntime } from '../functions.ts';
import { freePortRange } from '../ports.ts';
import { stack } from '../test-stack/harness.ts';

const PROJECT = join(import.meta.dirname, 'fixtures', 'edge-project');

describe('the pinned runtime', () => {
  it('is the Deno release the Edge Runtime is forked from (2.1.4), from the deno package', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.devDependencies.deno).toBe('2.1.4');
    expect(spawnSync(denoBinary(), ['--version'], { encoding: 'utf8' }).stdout).toMatch(/^deno 2\.1\.4 /);
  });
});

describe('the Edge Runtime imitation', () => {
  let config: StackConfig;
  let functions: FunctionsRuntime;
  const logged: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'kairos-runner-'));
  const call = (name: string, path = '') => fetch(`http://127.0.0.1:${functions.port(name)}/${name}${path}`);

  beforeAll(async () => {
    process.env.KAIROS_FUNCTION_CPU_MS = '400';
    // Long enough for a CPU-bound request to pass the CPU limit first on a loaded machine: at a load
    // of 14 on two cores a thread gets a seventh of a core, and 700 ms of CPU took more than 6 s.
    process.env.KAIROS_FUNCTION_WALL_CLOCK_MS = '10000';
    process.env.KAIROS_ONLY_IN_THIS_SHELL = 'leaks';
    config = loadConfig({ supabaseDir: PROJECT, dataDir, ports: { functions: await freePortRange(7) } });
    functions = await startFunctions(config, (m) => logged.push(m), false, {
      GOOGLE_OAUTH_CLIENT_ID: 'a project secret',
      SUPABASE_AUTH_EXTERNAL_GOOGLE_CLIENT_ID: 'refused, as `supabase secrets set` refuses it',
    });
  }, 120_000);
  afterAll(async () => {
    await functions?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('binds Deno.serve to its own port, whatever the function asks for', async () => {
    const res = await call('hello');
    expect([res.status, await res.text()]).toEqual([200, 'hello']);
  });

  it('answers 503 BOOT_ERROR for a function that fails to load or never serves, and the others still run', async () => {
    for (const name of ['broken', 'silent']) {
      const res = await call(name);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' });
    }
    expect(logged.some((l) => l.includes('broken on purpose'))).toBe(true);
    expect(logged.some((l) => l.includes('never called Deno.serve'))).toBe(true);
    expect((await call('hello')).status).toBe(200);
  });

  it('answers 546 WORKER_LIMIT past the CPU limit of a request, and past its wall clock', { timeout: 60_000 }, async () => {
    expect((await call('busy', '?ms=50')).status).toBe(200);
    const spun = await call('busy', '?ms=450');
    expect(spun.status).toBe(546);
    expect(await spun.json()).toEqual({ code: 'WORKER_LIMIT', message: 'Worker failed to respond due to a resource limit (please check logs)' });
    expect((await call('slow', '?ms=100')).status).toBe(200);
    expect((await call('slow', '?ms=12000')).status).toBe(546);
    expect(logged.some((l) => l.includes('CPU time hard limit reached'))).toBe(true);
    expect(logged.some((l) => l.includes('wall clock limit reached'))).toBe(true);
  });

  it('boots a new worker after one dies of an error thrown outside any request, as the Edge Runtime does', { timeout: 60_000 }, async () => {
    const first = await (await call('crashing')).text();
    expect(await (await call('crashing', '/crash')).text()).toBe('crashing');
    await expect.poll(() => logged.some((l) => l.includes('crashed on purpose'))).toBe(true);
    await expect
      .poll(async () => (await call('crashing').then((r) => r.text()).catch(() => 'no answer')), { timeout: 30_000, interval: 200 })
      .toMatch(/^\d+$/);
    expect(Number(await (await call('crashing')).text())).toBeGreaterThan(Number(first));
  });

  it('gives the platform secrets and the project\'s, never a custom SUPABASE_* name nor the machine\'s environment', async () => {
    const seen = await (await call('inspect')).json();
    const names = Object.keys(seen.env);
    expect(names.filter((n) => n.startsWith('SUPABASE_')).sort()).toEqual([...PLATFORM_SECRETS].sort());
    expect(seen.env.GOOGLE_OAUTH_CLIENT_ID).toBe('a project secret');
    expect(logged).toContain('functions: Env name cannot start with SUPABASE_, skipping: SUPABASE_AUTH_EXTERNAL_GOOGLE_CLIENT_ID');
    for (const hidden of ['KAIROS_ONLY_IN_THIS_SHELL', 'HOME', 'PATH', 'PWD', 'HOSTNAME', 'KAIROS_FUNCTION_CPU_MS']) expect(names).not.toContain(hidden);
  });

  it('has process.env as an own property (edge-runtime#485), no arguments, and refuses what user workers may not do', async () => {
    const seen = await (await call('inspect')).json();
    expect(seen).toMatchObject({
      processEnvIsOwn: true,
      args: [],
      statSyncWhileLoading: 'allowed',
      statSyncLater: 'Deno.statSync is blocklisted on the current context',
      chmod: 'Deno.chmodSync is blocklisted',
      exit: 'allowed',
    });
    expect((await call('hello')).status).toBe(200);
  });
});

describe('a project without functions', () => {
  it('starts, watching for files as npm run dev does, and serves none', async () => {
    const project = mkdtempSync(join(tmpdir(), 'kairos-no-functions-'));
    writeFileSync(join(project, 'config.toml'), 'project_id = "bare"\n');
    const config = loadConfig({ supabaseDir: project, dataDir: project, ports: { functions: await freePortRange(1) } });
    const functions = await startFunctions(config, () => {}, true);
    expect(functions.port('api')).toBeUndefined();
    await functions.stop();
    rmSync(project, { recursive: true, force: true });
  });
});

describe('Kairos on the Edge Runtime imitation', () => {
  const names = readdirSync(join(ROOT, 'supabase', 'functions')).filter((d) => d !== '_shared' && statSync(join(ROOT, 'supabase', 'functions', d)).isDirectory());

  it('serves every function folder, as `supabase functions deploy` would deploy it', () => {
    expect(loadConfig().functions.map((f) => f.name).sort()).toEqual([...names].sort());
  });

  it.each(names)('%s loads and answers with its own router', async (name) => {
    const res = await fetch(`${stack().apiUrl}/functions/v1/${name}/__no_such_route__`, {
      headers: { apikey: stack().anonKey, authorization: `Bearer ${stack().serviceRoleKey}` },
    });
    // Any answer of the function itself: not the runner's 503 BOOT_ERROR nor 546 WORKER_LIMIT.
    expect([503, 546]).not.toContain(res.status);
    expect(res.status).toBeLessThan(500);
  });
});

describe('secrets a hosted project accepts', () => {
  /** Every SUPABASE_* name in a string of the functions' code (tests aside); a bare prefix too. */
  function supabaseNamesRead(dir: string): string[] {
    const found = new Set<string>();
    for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
      for (const m of readFileSync(join(entry.parentPath, entry.name), 'utf8').matchAll(/['"`](SUPABASE_[A-Z0-9_]*)/g)) found.add(m[1]);
    }
    return [...found].sort();
  }

  it('the functions read no SUPABASE_* name but the four the platform sets', () => {
    const read = supabaseNamesRead(join(ROOT, 'supabase', 'functions'));
    expect(read.filter((n) => !(PLATFORM_SECRETS as readonly string[]).includes(n))).toEqual([]);
  });
});
