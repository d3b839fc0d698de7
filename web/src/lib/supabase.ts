// The app's one supabase-js client, typed by the generated database types.
import { createClient } from '@supabase/supabase-js';
import type { Database } from './database.types.ts';

// The Supabase CLI's well-known local anon key (scripts/local/config.ts): public by design, local only.
const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

// Locally the Vite dev server proxies every Supabase path, so the app's own origin is a Supabase URL.
export const supabaseUrl: string = import.meta.env.VITE_SUPABASE_URL ?? window.location.origin;
export const supabaseAnonKey: string = import.meta.env.VITE_SUPABASE_ANON_KEY ?? LOCAL_ANON_KEY;

export const supabase = createClient<Database>(supabaseUrl, supabaseAnonKey, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, flowType: 'pkce' },
});
