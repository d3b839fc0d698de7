// What a function needs from its environment, read once at start-up (hosted Supabase names, plus
// the project's own secrets).
export interface FunctionEnv {
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The functions' Postgres connection (SUPABASE_DB_URL): the guest's path reads through it in one call. */
  dbUrl?: string;
  /** Bookings one client address may make on one calendar per minute (BOOKING_RATE_LIMIT_PER_MINUTE, default 60). */
  bookingsPerMinute: number;
  /** Derives guests' manage tokens (BOOKING_TOKEN_SECRET); without it guests cannot reschedule. */
  bookingTokenSecret?: string;
  /**
   * Origins the web app is served from: those of SITE_URL and ADDITIONAL_REDIRECT_URLS, the `site_url`
   * and `additional_redirect_urls` of config.toml (set them as secrets on a hosted project). Only
   * these get CORS answers, and only they may write with the session cookies.
   */
  allowedOrigins: string[];
}

function positive(value: string | undefined): number | undefined {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : undefined;
}

/** The origin of each URL in a comma-separated list; patterns and garbage are left out. */
export function originsOf(...lists: (string | undefined)[]): string[] {
  const origins = new Set<string>();
  for (const entry of lists.flatMap((l) => (l ?? '').split(','))) {
    const value = entry.trim();
    if (!value || value.includes('*')) continue;
    try {
      const { origin } = new URL(value);
      if (origin !== 'null') origins.add(origin);
    } catch {
      // not a URL: nothing to allow
    }
  }
  return [...origins];
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
    dbUrl: get('SUPABASE_DB_URL'),
    bookingsPerMinute: positive(get('BOOKING_RATE_LIMIT_PER_MINUTE')) ?? 60,
    bookingTokenSecret: get('BOOKING_TOKEN_SECRET'),
    allowedOrigins: originsOf(get('SITE_URL'), get('ADDITIONAL_REDIRECT_URLS')),
  };
}
