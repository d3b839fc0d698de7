// What a function needs from its environment, read once at start-up (hosted Supabase names).
export interface FunctionEnv {
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Guest bookings one address may make on one calendar per minute (BOOKING_RATE_LIMIT_PER_MINUTE, default 60). */
  bookingsPerMinute: number;
  /** Derives guests' manage tokens (BOOKING_TOKEN_SECRET); without it guests cannot reschedule. */
  bookingTokenSecret?: string;
}

function positive(value: string | undefined): number | undefined {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : undefined;
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
    bookingsPerMinute: positive(get('BOOKING_RATE_LIMIT_PER_MINUTE')) ?? 60,
    bookingTokenSecret: get('BOOKING_TOKEN_SECRET'),
  };
}
