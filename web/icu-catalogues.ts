// Message catalogues arrive in the browser already parsed: `import.meta.glob('…/*.json', { query: '?icu' })`
// gives each message as its ICU syntax tree (FormatJS's own parser, at build time), so the app ships
// react-intl without the parser (the alias in vite.config.ts) and never parses a message at runtime.
import { readFile } from 'node:fs/promises';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const QUERY = '?icu';
// Not ending in `.json`: Vite's JSON plugin would read the module it is given as JSON again.
const PREFIX = '\0icu-catalogue:';

/** Every message of a catalogue file as its syntax tree; a message that does not parse fails the build. */
export function compileCatalogue(source: string, file: string): Record<string, unknown> {
  const messages = JSON.parse(source) as Record<string, string>;
  return Object.fromEntries(
    Object.entries(messages).map(([id, message]) => {
      try {
        return [id, parse(message)];
      } catch (error) {
        throw new Error(`${file}: message "${id}" is not valid ICU (${(error as Error).message})`, { cause: error });
      }
    }),
  );
}

export function icuCatalogues(): Plugin {
  return {
    name: 'kairos-icu-catalogues',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(`.json${QUERY}`)) return null;
      const resolved = await this.resolve(source.slice(0, -QUERY.length), importer, { skipSelf: true });
      return resolved ? `${PREFIX}${resolved.id.replace(/\.json$/, '')}` : null;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = `${id.slice(PREFIX.length)}.json`;
      this.addWatchFile(file);
      return `export default ${JSON.stringify(compileCatalogue(await readFile(file, 'utf8'), file))};`;
    },
  };
}
