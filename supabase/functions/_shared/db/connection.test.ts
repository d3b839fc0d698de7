// The pool on the Deno the Edge Runtime is built on (2.1.4), against a real Postgres
// (KAIROS_TEST_DB_URL, given by the stack test that runs this suite).
import { database } from './connection.ts';

function dbUrl(): string {
  const url = Deno.env.get('KAIROS_TEST_DB_URL');
  if (!url) throw new Error('KAIROS_TEST_DB_URL is not set: run through supabase/tests/api/deno-handlers.test.ts');
  return url;
}

Deno.test('a write buffer flushed while its cleared flush timer was already due never ends the process', async () => {
  const pool = database(dbUrl());
  const big = 'x'.repeat(2_000);
  try {
    // One transaction, so one connection: the buffer and its flush timer are a connection's.
    await pool.begin(async (sql) => {
      // A small query leaves postgres.js's buffer to a flush on the next immediate; an op answered in
      // the turn that immediate is due sends a large one, which flushes at once and clears the
      // immediate. Deno 2.1 still runs an immediate cleared in that phase of the turn
      // (denoland/deno#29262), so the flush runs again on an empty buffer: null to the socket.
      for (let i = 0; i < 1_000; i++) {
        const small = sql`select 1 as n`.execute();
        await Deno.stat('.');
        const large = sql`select length(${big}::text) as n`.execute();
        const [[a], [b]] = await Promise.all([small, large]);
        if (a.n !== 1 || b.n !== 2_000) throw new Error(`wrong answers ${a.n} ${b.n}`);
      }
    });
  } finally {
    await pool.end({ timeout: 1 });
  }
});
