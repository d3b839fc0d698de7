import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles } from './import-cycles.ts';

const ROOT = new URL('../..', import.meta.url).pathname;

describe('import cycles', () => {
  it('finds a cycle made of type-only imports', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cycles-'));
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src/a.ts'), "import type { B } from './b.ts';\nexport type A = { b?: B };\n");
    writeFileSync(join(dir, 'src/b.ts'), "import type { A } from './a.ts';\nexport type B = { a?: A };\n");
    writeFileSync(join(dir, 'src/c.ts'), "export { type A } from './a.ts';\n");
    expect(importCycles(dir, ['src'])).toEqual([['src/a.ts', 'src/b.ts']]);
  });

  it('finds none in the web app, the functions or the scripts', () => {
    expect(importCycles(ROOT, ['web/src', 'supabase/functions', 'scripts'])).toEqual([]);
  });
});
