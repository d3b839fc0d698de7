// Helpers of the fault tests: traffic that keeps running while something breaks, and data made with SQL.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Answer } from '../../../bench/lib/guests.ts';

/** How long any single request may take before it counts as hung. Generous: this is a safety net, not a timing. */
export const HANG_MS = 15_000;

/**
 * Runs `send` in `workers` loops until `disrupt` has finished and a short tail of traffic after it,
 * and returns every answer. Requests are sequential per worker, so the load stays light.
 */
export async function underTraffic(send: () => Promise<Answer>, disrupt: () => Promise<void>, workers = 6): Promise<Answer[]> {
  const answers: Answer[] = [];
  let running = true;
  const loops = Array.from({ length: workers }, async () => {
    while (running) answers.push(await send());
  });
  await sleep(300);
  try {
    await disrupt();
    await sleep(300);
  } finally {
    running = false;
    await Promise.all(loops);
  }
  return answers;
}

/** The answer is a success, a server-side error status, or a dropped connection — never a hang. */
export function settledKind(a: Answer): 'ok' | 'server error' | 'connection error' | 'hung' | 'client error' {
  if (a.status >= 200 && a.status < 300) return 'ok';
  if (a.status >= 500) return 'server error';
  if (a.status === 0) return a.error?.startsWith('no answer within') ? 'hung' : 'connection error';
  return 'client error';
}

export function kinds(answers: Answer[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of answers) out[settledKind(a)] = (out[settledKind(a)] ?? 0) + 1;
  return out;
}
