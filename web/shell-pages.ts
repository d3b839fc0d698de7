// The open pages' shells (src/shell/render.tsx) in the page's HTML: the build writes one file per route
// and the `_redirects` rules that serve it; the dev server puts the route's shell into index.html.
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createServer, type Plugin, type ViteDevServer } from 'vite';
import { redirectsFile } from './security-headers.ts';
import { EXACT_SHELL, SHELL_END, type Shell, type ShellModule } from './src/shell/shell.ts';

const ENTRY = '/src/shell/render.tsx';
export const SERVE_PLUGIN = 'kairos-shells-serve';
const ROOT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;

/**
 * The page with its shell. A browser paints a page while it still reads its HTML; the shell is painted
 * whole (`rel=expect`: not before its last element is read), or a bar half read would grow as the rest
 * arrives, a layout shift. The app's scripts load at low priority: the first paint no longer waits for them.
 */
function withShell(page: string, { html, exact, title, styles }: Shell): string {
  if (!page.includes(ROOT) || !TITLE.test(page)) throw new Error(`index.html has no ${ROOT} or <title> to put a shell in`);
  return page
    // The page's own title in its tab before the app sets it (the app's is the same: usePageTitle).
    .replace(TITLE, () => title)
    // The page paints without its script now: the script need not come before anything else on a slow link.
    .replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"')
    // Replaced by functions: a `$` in the page's texts is kept as it is.
    .replace('</head>', () => `${styles}\n    <link rel="expect" href="#${SHELL_END}" blocking="render" />\n  </head>`)
    // The app hydrates an exact shell (main.tsx), having removed the end mark, which is not the app's.
    .replace(ROOT, () => `<div id="root"${exact ? ` ${EXACT_SHELL}` : ''}>${html}<span id="${SHELL_END}"></span></div>`);
}

const load = (server: ViteDevServer) => server.ssrLoadModule(ENTRY) as Promise<ShellModule>;

/** Writes the shells and `_redirects` into the build: app.html is the page without a shell. */
function buildShells(projectUrl: (mode: string) => string | undefined): Plugin {
  let configFile: string | undefined;
  let mode = 'production';
  let outDir = '';
  return {
    name: 'kairos-shells-build',
    apply: 'build',
    configResolved(config) {
      configFile = config.configFile;
      mode = config.mode;
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // The app's modules, run in Node by Vite as the dev server runs them (this config's plugins included).
      const server = await createServer({
        configFile,
        mode,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, watch: null },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const shells = await load(server);
        const page = readFileSync(join(outDir, 'index.html'), 'utf8');
        writeFileSync(join(outDir, 'app.html'), page);
        const plan = shells.shellPlan();
        for (const { pattern, file } of plan) {
          if (!file) continue;
          mkdirSync(dirname(join(outDir, file)), { recursive: true });
          writeFileSync(join(outDir, file), withShell(page, await shells.renderShell(pattern)));
        }
        writeFileSync(join(outDir, '_redirects'), redirectsFile({ supabaseUrl: projectUrl(mode) }, plan));
      } finally {
        await server.close();
      }
    },
  };
}

/** What the dev server's start (scripts/local/dev.ts) waits for: every shell rendered once. */
export interface ShellsApi {
  warmed: Promise<void>;
}

/**
 * The dev server answers a page with its shell: rendered once per route when the server starts (the
 * app's modules load in the browser one by one, which takes seconds on a first visit) and again after
 * a file changes.
 */
function serveShells(): Plugin<ShellsApi> {
  let server: ViteDevServer | undefined;
  let warmed: () => void = () => {};
  const api: ShellsApi = { warmed: new Promise<void>((resolve) => (warmed = resolve)) };
  const rendered = new Map<string, Promise<Shell>>();
  const shellOf = async (pattern: string) => {
    let shell = rendered.get(pattern);
    if (!shell) {
      shell = load(server!).then((shells) => shells.renderShell(pattern));
      // A failed render is tried again on the next request (the file may be mended by then).
      shell.catch(() => rendered.delete(pattern));
      rendered.set(pattern, shell);
    }
    return shell;
  };
  return {
    name: SERVE_PLUGIN,
    apply: 'serve',
    api,
    configureServer(devServer) {
      // Only a server that answers pages: the build's renderer (buildShells) and Vitest run this
      // config in middleware mode, without an HTTP server of their own.
      if (!devServer.httpServer) return;
      server = devServer;
      devServer.watcher.on('change', () => rendered.clear());
      void load(devServer)
        .then((shells) => Promise.all(shells.shellPlan().map(({ pattern, file }) => (file ? shellOf(pattern) : null))))
        .catch((error: unknown) => devServer.config.logger.error(`Page shells: ${String(error)}`))
        .finally(warmed);
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html, { originalUrl, path }) {
        if (!server) return html;
        try {
          const shells = await load(server);
          const pattern = shells.patternOf(new URL(originalUrl ?? path, 'http://localhost').pathname);
          const route = shells.shellPlan().find((r) => r.pattern === pattern);
          return route?.file ? withShell(html, await shellOf(route.pattern)) : html;
        } catch (error) {
          // A page whose shell fails still loads: the app renders it as it would without one.
          server.config.logger.error(`Page shell: ${String(error)}`);
          return html;
        }
      },
    },
  };
}

export function shellPages(projectUrl: (mode: string) => string | undefined): Plugin[] {
  return [buildShells(projectUrl), serveShells()];
}
