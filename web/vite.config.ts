import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiUrl = process.env.KAIROS_API_URL ?? 'http://127.0.0.1:54321';

// Everything Supabase serves is proxied so the app can use its own origin as the Supabase URL locally.
const passThrough = Object.fromEntries(
  ['/rest/v1', '/auth/v1', '/storage/v1', '/functions/v1'].map((prefix) => [
    prefix,
    { target: apiUrl, changeOrigin: true, ws: prefix === '/rest/v1' },
  ]),
);

export default defineConfig({
  root,
  plugins: [react()],
  server: {
    port: Number(process.env.KAIROS_WEB_PORT ?? 5173),
    strictPort: false,
    fs: { allow: [fileURLToPath(new URL('..', import.meta.url))] },
    proxy: {
      '/api': {
        target: apiUrl,
        changeOrigin: true,
        rewrite: (path) => path.replace(/^\/api/, '/functions/v1/api'),
      },
      ...passThrough,
    },
  },
  build: { outDir: 'dist', emptyOutDir: true },
});
