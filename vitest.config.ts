import { defineConfig } from 'vitest/config';

// What a stack test waits for with expect.poll (a Realtime message, an outbox row, a delivery log) comes
// from the stack's other processes: on a loaded 2-core machine that takes seconds, not poll's default one.
const STACK_EXPECT = { poll: { timeout: 15_000 } };

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker; most stack tests wait on the stack's own
    // processes, so more files run at once than there are cores.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          // Tests beside their code; those under a tests/ folder (and web/e2e) need the stack.
          include: ['supabase/functions/_shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          // _shared/net and _shared/db run on Deno's network and timers: their tests are `deno test`s
          // (deno-handlers.test.ts).
          exclude: ['scripts/local/tests/**', 'supabase/functions/_shared/net/**', 'supabase/functions/_shared/db/**'],
          // Property tests take a few seconds alone; on a 2-core machine shared by many runs, far more.
          testTimeout: 60_000,
        },
      },
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/test/setup.ts'],
          // The first render of a lazy screen (Chakra, jsdom) takes seconds on a busy 2-core machine.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'stack',
          environment: 'node',
          include: ['scripts/local/tests/**/*.test.ts', 'supabase/tests/**/*.test.ts', 'web/e2e/**/*.test.ts'],
          exclude: ['scripts/local/tests/faults/**'],
          globalSetup: ['scripts/local/test-stack/global-setup.ts'],
          expect: STACK_EXPECT,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          // Fault tests kill and restart services and flood them; they run after everything else so
          // their bursts and the journeys' timing never share the cores, and one file at a time: a
          // Postgres killed by one would fail another's claims and writes mid-test.
          name: 'faults',
          fileParallelism: false,
          environment: 'node',
          include: ['scripts/local/tests/faults/**/*.test.ts'],
          globalSetup: ['scripts/local/test-stack/global-setup.ts'],
          sequence: { groupOrder: 1 },
          expect: STACK_EXPECT,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
