// The stack the HTTP benchmarks run against: a throwaway one on free ports, plus a superuser pool.
import pg from 'pg';
import { startTestStack, type TestStack } from '../../local/test-stack/start.ts';

/** What the HTTP benchmarks (and the fault tests) need of a running stack. */
export interface Target {
  db: pg.Pool;
  apiUrl: string;
  /** Headers of an anonymous supabase-js call (a guest). */
  anonHeaders: Record<string, string>;
}

export interface BenchStack extends TestStack, Target {
  close(): Promise<void>;
}

export function targetOf(test: TestStack, db: pg.Pool): Target {
  const { anonKey, apiUrl } = test.stack.config;
  return { db, apiUrl, anonHeaders: { apikey: anonKey, authorization: `Bearer ${anonKey}` } };
}

export async function startBenchStack(): Promise<BenchStack> {
  const test = await startTestStack();
  const db = new pg.Pool({ connectionString: test.stack.dbUrl, max: 10 });
  return {
    ...test,
    ...targetOf(test, db),
    close: async () => {
      await db.end();
      await test.dispose();
    },
  };
}

/** A fetch that settles: JSON body (or text) and status, or status 0 with the network error. */
export async function call(
  url: string,
  init: RequestInit & { timeoutMs?: number } = {},
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of whatever shape the endpoint answers; the caller reads what it expects
): Promise<{ status: number; body: any; error?: string }> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 30_000) });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: keep the text.
    }
    return { status: res.status, body };
  } catch (e) {
    return { status: 0, body: null, error: e instanceof Error ? e.message : String(e) };
  }
}
