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
  'id, email, handle, first_name, last_name, profile_image_url, timezone, locale, bio, title, company, location, website, linkedin, twitter, instagram, is_public_profile, is_calendar_public, created_at, updated_at';

// Rows of the tables a host or a team owns (event_types, availability_rules, date_overrides) and of
// bookings, in the shapes the /api has always answered for each kind (docs/product/api.md): one table
// holds both, so each row leaves without the other kind's columns.
type Row = Record<string, unknown>;

/** Columns only a team's event type has (null for a host's), and only a host's has (the /api's team shape carries no price). */
const TEAM_EVENT_TYPE_ONLY = ['team_id', 'requires_all_members', 'assignment_type', 'specific_member_id'];
const HOST_EVENT_TYPE_ONLY = ['user_id', 'price_cents', 'currency', 'late_cancel_refund_percent'];

const without = (row: Row, columns: readonly string[]): Row => Object.fromEntries(Object.entries(row).filter(([k]) => !columns.includes(k)));
const isTeams = (row: Row) => row.team_id !== null && row.team_id !== undefined;

/** A row of availability_rules or date_overrides without the other owner's key. */
export function ownedColumns<T extends Row>(row: T): T {
  return without(row, [isTeams(row) ? 'user_id' : 'team_id']) as T;
}

/** An event_types row in its kind's columns: a host's without the team's, a team's without the host's. */
export function eventTypeColumnsOf<T extends Row>(row: T): T {
  return without(row, isTeams(row) ? HOST_EVENT_TYPE_ONLY : TEAM_EVENT_TYPE_ONLY) as T;
}

/** A bookings row naming its event type as its kind does: `team_event_type_id` for a team's booking, `event_type_id` for a host's. */
export function bookingColumns<T extends Row>(row: T): T & { team_event_type_id: unknown } {
  const team = isTeams(row);
  return { ...row, event_type_id: team ? null : row.event_type_id, team_event_type_id: team ? row.event_type_id : null };
}
