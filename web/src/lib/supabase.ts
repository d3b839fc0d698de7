// The app's one supabase-js client, typed by the generated database types. Signed-in screens load it;
// a guest's pages reach the stack with fetch (lib/api.ts, lib/realtime.ts) and never load it.
import { createClient } from '@supabase/supabase-js';
import type { Database } from './database.types.ts';
import { authStorageKey, supabaseAnonKey, supabaseUrl } from './env.ts';

export { supabaseAnonKey, supabaseUrl };

export const supabase = createClient<Database>(supabaseUrl, supabaseAnonKey, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, flowType: 'pkce', storageKey: authStorageKey },
});

/** What an Auth or Storage call answers when it succeeds: its `data`, or nothing for calls without. */
type Answer<R> = R extends { data: infer D; error: null } ? D : R extends { data: unknown } ? never : void;

/** Auth and Storage calls answer `{ data, error }`: the data, or their own error thrown as is (code and status intact). */
export function orThrow<R extends { error: Error | null }>(result: R): Answer<R> {
  if (result.error) throw result.error;
  return (result as { data?: unknown }).data as Answer<R>;
}
