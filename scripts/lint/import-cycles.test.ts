// Import cycles among the repository's own modules, type-only imports included: import-x/no-cycle
// (eslint.config.js) passes over `import type`, yet a cycle through types still ties two modules'
// meanings together. madge reads every import, types too (skipTypeImports off).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import madge from 'madge';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;

async function importCycles(baseDir: string, folders: string[]): Promise<string[][]> {
  const graph = await madge(
    folders.map((folder) => join(baseDir, folder)),
    {
      baseDir,
      fileExtensions: ['ts', 'tsx'],
      excludeRegExp: [/node_modules/, /\.d\.ts$/],
      detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
    } as madge.MadgeConfig,
  );
  return graph.circular();
}

describe('import cycles', () => {
  it('finds a cycle made of type-only imports', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cycles-'));
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src/a.ts'), "import type { B } from './b.ts';\nexport type A = { b?: B };\n");
    writeFileSync(join(dir, 'src/b.ts'), "import type { A } from './a.ts';\nexport type B = { a?: A };\n");
    writeFileSync(join(dir, 'src/c.ts'), "export { type A } from './a.ts';\n");
    expect(await importCycles(dir, ['src'])).toEqual([['src/a.ts', 'src/b.ts']]);
  });

  it('finds none in the web app, the functions or the scripts', async () => {
    expect(await importCycles(ROOT, ['web/src', 'supabase/functions', 'scripts'])).toEqual([]);
  });
});
