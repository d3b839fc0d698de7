// `npm run dev`: the local stack on the Supabase CLI's ports plus the web app on Vite.
// `npm run db:reset` (--reset-only): wipe the local database and rebuild it from migrations and seed.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { SERVE_PLUGIN, type ShellsApi } from '../../web/shell-pages.ts';
import { ROOT, loadConfig } from './config.ts';
import { startStack, type Stack } from './stack.ts';

const resetOnly = process.argv.includes('--reset-only');
const log = (m: string) => console.log(`  ${m}`);

async function main() {
  if (resetOnly) {
    const { dataDir } = loadConfig();
    rmSync(dataDir, { recursive: true, force: true });
    console.log(`Wiped ${dataDir}`);
  }
  const started = Date.now();
  let stack: Stack | undefined;
  let vite: ViteDevServer | undefined;
  let stopping = false;
  const shutdown = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await vite?.close();
    await stack?.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGHUP', () => void shutdown());

  stack = await startStack({ log, watchFunctions: !resetOnly });
  if (resetOnly) {
    console.log(`Database rebuilt: ${stack.startup.migrations.length} migrations applied, seed loaded.`);
    return shutdown();
  }
  const { config } = stack;
  process.env.KAIROS_API_URL = config.apiUrl;
  vite = await createServer({
    configFile: join(ROOT, 'web', 'vite.config.ts'),
    server: { port: config.ports.web, strictPort: true, host: '127.0.0.1' },
  });
  await vite.listen();
  // A first visit shows its page's shell at once (web/shell-pages.ts): ready means rendered.
  await (vite.config.plugins.find((plugin) => plugin.name === SERVE_PLUGIN)?.api as ShellsApi | undefined)?.warmed;
  const { apiUrl } = config;
  console.log(`
Kairos local stack is ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${stack.startup.fresh ? 'first run, database created' : 'warm start'})

         Web app: http://localhost:${config.ports.web}
         API URL: ${apiUrl}
     REST (data): ${apiUrl}/rest/v1
            Auth: ${apiUrl}/auth/v1
         Storage: ${apiUrl}/storage/v1
        Realtime: ${apiUrl.replace(/^http/, 'ws')}/realtime/v1
       Functions: ${apiUrl}/functions/v1/<name>
           Inbox: http://127.0.0.1:${config.ports.inbox} (Mailpit API at /api/v1/messages)
      SMTP (mail): 127.0.0.1:${config.ports.smtp}
          DB URL: ${stack.dbUrl}
        anon key: ${config.anonKey}
service_role key: ${config.serviceRoleKey}

Press Ctrl-C to stop.`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
