// What a function needs from its environment, read once at start-up (hosted Supabase names).
export interface FunctionEnv {
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
}

export function readEnv(get: (name: string) => string | undefined): FunctionEnv {
  const need = (name: string): string => {
    const value = get(name);
    if (!value) throw new Error(`Missing environment variable ${name}`);
    return value;
  };
  return {
    supabaseUrl: need('SUPABASE_URL').replace(/\/+$/, ''),
    anonKey: need('SUPABASE_ANON_KEY'),
    serviceRoleKey: need('SUPABASE_SERVICE_ROLE_KEY'),
  };
}
