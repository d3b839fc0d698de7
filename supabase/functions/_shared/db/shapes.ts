// The database speaks snake_case, the /api routes the camelCase of docs/product/api.md.
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Deep snake_case → camelCase of object keys (values untouched). */
export function camelize<T = Record<string, unknown>>(value: unknown): T {
  if (Array.isArray(value)) return value.map((v) => camelize(v)) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value as Record<string, Json>).map(([k, v]) => [camel(k), camelize(v)])) as T;
  }
  return value as T;
}

/** Columns of profiles a user may read about themself (GET /api/auth/user, PUT /api/profile). */
export const OWN_PROFILE_COLUMNS =
  'id, email, handle, first_name, last_name, profile_image_url, timezone, bio, title, company, location, website, linkedin, twitter, instagram, is_public_profile, is_calendar_public, created_at, updated_at';
