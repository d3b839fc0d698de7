// Tests say what they check, not which tracker entry asked for it: an issue number means nothing to
// the next reader once the issue is closed, and the tracker is not part of the repository.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const CITATION = /\b(issues?|task) #?\d+\b/i;

const testFiles = () =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.test.ts', '*.test.tsx'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);

describe('test files', () => {
  it('recognises a citation', () => {
    // Built from parts, so that this file does not cite one itself.
    expect([`// Meeting places (${'issue'} 26, first slice)`, `see ${'Issue'} #7`, 'an issue with 3 guests'].map((line) => CITATION.test(line))).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('cite no issue numbers', () => {
    const citing = testFiles().filter((file) => CITATION.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(citing).toEqual([]);
  });
});
