// Import cycles among the repository's own modules, type-only imports included: import-x/no-cycle
// (eslint.config.js) passes over `import type`, yet a cycle through types still ties two modules'
// meanings together, so this walks every import TypeScript sees.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const SKIP = new Set(['node_modules', 'dist', 'deno', '.kairos', 'coverage']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The repository files a file imports or re-exports by a relative path (`import type` too). */
function localImports(file: string, known: Set<string>): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .filter(({ fileName }) => fileName.startsWith('.'))
    .map(({ fileName }) => resolve(dirname(file), fileName))
    .filter((path) => known.has(path));
}

/** Each cycle once, as the files it passes through (relative to `root`), from the strongly connected parts of the graph. */
export function importCycles(root: string, folders: string[]): string[][] {
  const files = folders.flatMap((folder) => sourceFiles(join(root, folder)));
  const known = new Set(files);
  const edges = new Map(files.map((file) => [file, localImports(file, known)]));
  // Tarjan's algorithm: a component of more than one file, or a file importing itself, is a cycle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file)!) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const part: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      part.push(member);
    } while (member !== file);
    if (part.length > 1 || edges.get(file)!.includes(file)) cycles.push(part.map((path) => relative(root, path)).sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
}
