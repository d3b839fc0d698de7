// On-demand refresh: a slot request that finds a host's calendar cache older than a few minutes asks
// the `calendars` function to sync it, without waiting: this request is answered from the cache.
import type { FunctionEnv } from './env.ts';

declare const EdgeRuntime: { waitUntil(p: Promise<unknown>): void } | undefined;

export function refreshStaleCalendars(env: FunctionEnv, userIds: string[]): void {
  if (userIds.length === 0) return;
  const task = (async () => {
    const res = await fetch(`${env.supabaseUrl}/functions/v1/calendars/sync`, {
      method: 'POST',
      headers: { authorization: `Bearer ${env.serviceRoleKey}`, apikey: env.serviceRoleKey, 'content-type': 'application/json' },
      body: JSON.stringify({ userIds }),
    });
    await res.body?.cancel();
  })().catch(() => {
    // The schedule's sweep refreshes it anyway.
  });
  // Hosted functions end with their response unless told to wait for background work.
  if (typeof EdgeRuntime !== 'undefined') EdgeRuntime?.waitUntil(task);
}
