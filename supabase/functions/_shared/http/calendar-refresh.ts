// On-demand refresh: a slot request that finds a host's calendar cache older than a few minutes asks
// the `calendars` function to sync it, without waiting: this request is answered from the cache.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { FunctionEnv } from './env.ts';
import { STALE_AFTER_MS } from '../calendars/sync.ts';

declare const EdgeRuntime: { waitUntil(p: Promise<unknown>): void } | undefined;

export function refreshStaleCalendars(env: FunctionEnv, service: SupabaseClient, userIds: string[], now = new Date()): void {
  if (userIds.length === 0) return;
  const task = (async () => {
    const stale = new Date(now.getTime() - STALE_AFTER_MS).toISOString();
    const { data } = await service.from('calendar_connections').select('id').in('user_id', userIds).or(`last_attempt_at.is.null,last_attempt_at.lt.${stale}`).limit(1);
    if (!data?.length) return;
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
