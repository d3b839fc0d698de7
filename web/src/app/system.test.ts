// The open pages' Chakra system keeps only what is shown: light values, and the palettes the screens name.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSystem, defaultConfig, type SystemContext } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { publicConfig } from './system.ts';

const cssVars = (system: SystemContext) => (system.tokens as unknown as { cssVarMap: Map<string, Map<string, string>> }).cssVarMap;

/** Chakra's colours (gray … pink, black, white …). */
const CHAKRA_PALETTES = new Set(Object.keys(defaultConfig.theme?.tokens?.colors ?? {}));

/**
 * The Chakra palettes the screens name: quoted on a line about a palette (`colorPalette="red"`,
 * `palette: 'yellow'`, `statusPalette`), or as a token ('orange.fg').
 */
function palettesNamed(dir: string): Set<string> {
  const named = new Set<string>();
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(entry) || /\.test\.tsx?$/.test(entry)) continue;
    for (const line of readFileSync(join(dir, entry), 'utf8').split('\n')) {
      const words = /palette/i.test(line) ? [...line.matchAll(/["']([a-z]+)["']/g)].map((m) => m[1]!) : [];
      const tokens = [...line.matchAll(/["']([a-z]+)\.[a-zA-Z]+["']/g)].map((m) => m[1]!);
      for (const word of [...words, ...tokens]) if (CHAKRA_PALETTES.has(word)) named.add(word);
    }
  }
  return named;
}

describe('the open pages system', () => {
  const system = createSystem(publicConfig);
  const vars = cssVars(system);

  it('has no dark values, and its light ones are Chakra’s but for the two contrast fixes', () => {
    expect([...vars.keys()]).toEqual(['base']);
    const chakra = cssVars(createSystem(defaultConfig));
    const light = new Map([...(chakra.get('base') ?? []), ...(chakra.get('_light') ?? [])]);
    const changed = [...vars.get('base')!].filter(([name, value]) => light.get(name) !== value).map(([name]) => name);
    expect(changed.sort()).toEqual(['--chakra-colors-gray-focus-ring', '--chakra-colors-green-solid']);
  });

  it('defines every palette a screen names', () => {
    const named = palettesNamed(join(import.meta.dirname, '..'));
    expect(named).toContain('yellow');
    const defined = [...vars.get('base')!.keys()];
    for (const palette of named) expect(defined.some((name) => name.startsWith(`--chakra-colors-${palette}-`)), palette).toBe(true);
  });
});
