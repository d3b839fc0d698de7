import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['supabase/functions/_shared/**/*.test.ts', 'scripts/**/*.unit.test.ts'],
        },
      },
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'stack',
          environment: 'node',
          include: ['scripts/local/tests/**/*.test.ts', 'supabase/tests/**/*.test.ts', 'web/e2e/**/*.test.ts'],
          globalSetup: ['scripts/local/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
