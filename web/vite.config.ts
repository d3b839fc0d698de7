// Vite for the web app: the dev server proxies Supabase's paths to the local stack, the build carries the security headers.
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { icuCatalogues } from './icu-catalogues.ts';
import { headersFile, metaContentSecurityPolicy } from './security-headers.ts';
import { shellPages } from './shell-pages.ts';
import { zoneCitiesPlugin } from './zone-cities.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiUrl = process.env.KAIROS_API_URL ?? 'http://127.0.0.1:54321';

// Everything Supabase serves is proxied so the app can use its own origin as the Supabase URL locally.
const passThrough = Object.fromEntries(
  ['/rest/v1', '/auth/v1', '/storage/v1', '/realtime/v1', '/functions/v1'].map((prefix) => [
    prefix,
    { target: apiUrl, changeOrigin: true, ws: prefix === '/realtime/v1' },
  ]),
);

/** The Supabase project the build talks to (unset: the app's own origin, as locally). */
const projectUrl = (mode: string) => loadEnv(mode, root, 'VITE_').VITE_SUPABASE_URL || undefined;

/**
 * The production build carries its security headers: `_headers` for static hosts (its routes, with the
 * /api rewrite, are in `_redirects`: shell-pages.ts), and the CSP as a <meta> tag for hosts that set no
 * headers (the dev server, with Vite's inline client, gets none of them).
 */
function securityHeaders(): Plugin {
  let supabaseUrl: string | undefined;
  return {
    name: 'kairos-security-headers',
    apply: 'build',
    configResolved(config) {
      supabaseUrl = projectUrl(config.mode);
    },
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: metaContentSecurityPolicy({ supabaseUrl }) }, injectTo: 'head-prepend' },
    ],
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: '_headers', source: headersFile({ supabaseUrl }) });
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), securityHeaders(), shellPages(projectUrl), icuCatalogues(), zoneCitiesPlugin()],
  resolve: {
    // Messages arrive parsed (icu-catalogues.ts): react-intl's formatter without FormatJS's parser is
    // about 16 KB smaller, gzipped. Tests run the same way, so a message the build did not parse fails there too.
    alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }],
  },
  server: {
    port: Number(process.env.KAIROS_WEB_PORT ?? 5173),
    strictPort: false,
    fs: { allow: [fileURLToPath(new URL('..', import.meta.url))] },
    // Transformed while the server starts rather than on the first visit, which otherwise waits on
    // every module of the app and of the page it opens (the page's shell shows meanwhile: shell-pages.ts).
    warmup: { clientFiles: ['./src/main.tsx', './src/features/landing/LandingPage.tsx', './src/features/booking-flow/EventBookingPage.tsx'] },
    proxy: {
      '/api': {
        target: apiUrl,
        changeOrigin: true,
        rewrite: (path) => path.replace(/^\/api/, '/functions/v1/api'),
      },
      ...passThrough,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // Chakra's `defineConfig` returns its argument; known as pure, the default theme config built
        // from every recipe is dropped when only the recipes web/src/app/system.ts picks are used.
        manualPureFunctions: ['defineConfig'],
        // The shared rules are pure modules (no I/O, no registration on import): a page that uses
        // a constant does not carry every schema (and zod) the barrel lib/shared.ts re-exports.
        moduleSideEffects: [
          { test: /supabase\/functions\/_shared\/rules\//, sideEffects: false },
          { test: /web\/src\/lib\/shared\.ts$/, sideEffects: false },
        ],
      },
      output: {
        // Few requests on a guest's first visit: a phone on a slow network pays a round trip per
        // script, and the default split gives a booking page about 40 small ones. Everything the
        // app loads at start is one chunk; the open booking pages (and what they import statically:
        // the booking flow, its calendar and fields) are another, so /book/{id} loads 4 scripts.
        // What they import lazily (the guest form's rules, the Realtime client) stays apart.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 2 },
            {
              name: 'booking',
              test: /web[\\/]src[\\/]features[\\/](booking-flow[\\/]EventBookingPage|public-calendar[\\/](HandlePage|PublicCalendarPage)|public-team[\\/]PublicTeamPage|embed[\\/](EmbedEventPage|EmbedTeamPage))\.tsx$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
