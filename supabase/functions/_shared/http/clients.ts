// supabase-js clients for a function: as the caller (their JWT, so RLS decides), as a guest (anon),
// or as the service (only where a guest acts and the function has re-checked everything).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { FunctionEnv } from './env.ts';

const serverAuth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

export function userClient(env: FunctionEnv, accessToken: string): SupabaseClient {
  return createClient(env.supabaseUrl, env.anonKey, {
    auth: serverAuth,
    global: { headers: { Authorization: `Bearer ${accessToken}` } },
  });
}

// One shared client per environment and key: they hold no user state.
const shared = new WeakMap<FunctionEnv, { anon: SupabaseClient; service: SupabaseClient }>();
function sharedClients(env: FunctionEnv) {
  let clients = shared.get(env);
  if (!clients) {
    clients = {
      anon: createClient(env.supabaseUrl, env.anonKey, { auth: serverAuth }),
      service: createClient(env.supabaseUrl, env.serviceRoleKey, { auth: serverAuth }),
    };
    shared.set(env, clients);
  }
  return clients;
}

export const anonClient = (env: FunctionEnv): SupabaseClient => sharedClients(env).anon;
export const serviceClient = (env: FunctionEnv): SupabaseClient => sharedClients(env).service;
