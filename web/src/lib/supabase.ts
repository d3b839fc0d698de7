// The app's one supabase-js client, typed by the generated database types. Signed-in screens load it;
// a guest's pages reach the stack with fetch (lib/api.ts, lib/realtime.ts) and never load it.
import { createClient } from '@supabase/supabase-js';
import type { Database } from './database.types.ts';
import { authStorageKey, supabaseAnonKey, supabaseUrl } from './env.ts';

export { supabaseAnonKey, supabaseUrl };

export const supabase = createClient<Database>(supabaseUrl, supabaseAnonKey, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, flowType: 'pkce', storageKey: authStorageKey },
});
