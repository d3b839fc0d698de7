// What the API roles may do, object by object, on a project created today: "Default privileges for
// new entities" off (Supabase changelog 45329), so every privilege is one a migration granted. The
// list below is the whole of it; a table, column, sequence or function granted without being named
// here, or needed and not granted, fails. A project created before that date (default privileges on)
// is built beside it from the same migrations and must end with exactly the same privileges.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../scripts/local/migrate.ts';
import { stack } from '../../../scripts/local/test-stack/harness.ts';

const ROLES = ['anon', 'authenticated', 'service_role'];

type Kind = 'table' | 'sequence' | 'column' | 'function';

/** Per kind of object, one line per object and API role: `schema.object role: privileges` (PUBLIC counts for every role). */
async function privileges(url: string): Promise<Record<Kind, string[]>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ kind: Kind; line: string }>(
      `with api as (select unnest($1::text[]) as role),
       objects as (
         select n.nspname || '.' || c.relname as object, case c.relkind when 'S' then 'sequence' else 'table' end as kind, c.relacl as acl
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname in ('public', 'private') and c.relkind in ('r', 'p', 'v', 'm', 'S') and c.relname !~ '^messages_\\d'
         union all
         select n.nspname || '.' || c.relname || '(' || a.attname || ')', 'column', a.attacl
           from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
          where n.nspname in ('public', 'private') and c.relkind in ('r', 'p') and a.attnum > 0 and a.attacl is not null
         union all
         select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')', 'function',
                coalesce(p.proacl, acldefault('f', p.proowner))
           from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname in ('public', 'private')
       ),
       granted as (
         select o.object, o.kind, api.role, lower(x.privilege_type) as privilege
           from objects o cross join lateral aclexplode(o.acl) x
           join api on x.grantee = 0 or x.grantee = api.role::regrole
       )
       select kind, object || ' ' || role || ': ' || string_agg(privilege, ', ' order by privilege) as line
         from granted group by kind, object, role order by 2`,
      [ROLES],
    );
    const out: Record<Kind, string[]> = { table: [], sequence: [], column: [], function: [] };
    for (const r of rows) out[r.kind].push(r.line);
    return out;
  } finally {
    await c.end();
  }
}

let today: Record<Kind, string[]>;
beforeAll(async () => {
  today = await privileges(stack().dbUrl);
});

describe('privileges of a project created today (no default privileges)', () => {
  it('the stack\'s database was built that way', async () => {
    const c = new pg.Client({ connectionString: stack().adminDbUrl });
    await c.connect();
    const { rows } = await c.query(`select count(*)::int as n from pg_default_acl where defaclrole = 'postgres'::regrole
      and defaclnamespace = 'public'::regnamespace and defaclacl::text ~ '(anon|authenticated|service_role)='`);
    await c.end();
    expect(rows[0].n).toBe(0);
  });

  it('are the tables each role needs, and nothing more; no sequence (identity columns need none)', () => {
    expect(today.table).toEqual(TABLES);
    expect(today.sequence).toEqual([]);
  });

  it('hold column grants only where a whole-table grant would reach too far', () => {
    expect(today.column).toEqual(COLUMNS);
  });

  it('let the API roles execute the functions they call, and nothing more', () => {
    expect(today.function).toEqual(FUNCTIONS);
  });
});

describe('a project created before 2026-05-30 (default privileges on)', () => {
  const database = `kairos_defaults_on_${process.pid}`;
  const admin = new pg.Client({ connectionString: stack().adminDbUrl });
  const url = new URL(stack().adminDbUrl);

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create database ${database}`);
    await migrate({ port: Number(url.port), password: decodeURIComponent(url.password), database }, { seed: false, buckets: [], defaultPrivileges: true });
  }, 120_000);
  afterAll(async () => {
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  });

  it('ends with exactly the privileges of one created today', async () => {
    const onUrl = new URL(stack().dbUrl);
    onUrl.pathname = `/${database}`;
    const on = new pg.Client({ connectionString: onUrl.href });
    await on.connect();
    const { rows } = await on.query(`select count(*)::int as n from pg_default_acl where defaclrole = 'postgres'::regrole
      and defaclnamespace = 'public'::regnamespace and defaclacl::text ~ 'service_role='`);
    await on.end();
    // The setting took: new objects of postgres's are granted to the API roles there.
    expect(rows[0].n).toBeGreaterThan(0);
    const before = await privileges(onUrl.href);
    for (const kind of Object.keys(today) as Kind[]) expect(before[kind], kind).toEqual(today[kind]);
  });
});

// The service role's: the outbox worker (claim, settle), the calendar sync and write-back, the
// bookings feed, webhook deliveries (docs/edge-runtime.md, "Privileges").
const TABLES = [
  'private.timezone_names anon: select',
  'private.timezone_names authenticated: select',
  'private.timezone_names service_role: select',
  'public.availability_rules anon: select',
  'public.availability_rules authenticated: delete, insert, select, update',
  'public.booking_answers authenticated: select',
  'public.booking_answers service_role: select',
  'public.booking_attendees authenticated: select',
  'public.booking_attendees service_role: select',
  'public.booking_busy authenticated: select',
  'public.booking_busy service_role: select',
  'public.booking_series authenticated: select',
  'public.booking_series service_role: select',
  'public.bookings authenticated: select',
  'public.bookings service_role: select',
  'public.calendar_connections authenticated: delete, select',
  'public.calendar_connections service_role: select, update',
  'public.calendar_credentials service_role: select',
  'public.calendar_events service_role: delete, insert, select, update',
  'public.calendar_feeds service_role: select',
  'public.calendar_sources authenticated: select',
  'public.calendar_sources service_role: select',
  'public.date_overrides authenticated: delete, select',
  'public.event_types authenticated: delete, insert, select, update',
  'public.event_types service_role: select',
  'public.external_busy authenticated: select',
  'public.outbox service_role: select, update',
  'public.payments authenticated: select',
  'public.payments service_role: insert, select, update',
  'public.profiles authenticated: select',
  'public.profiles service_role: select',
  'public.seat_slots authenticated: select',
  'public.seat_slots service_role: select',
  'public.stripe_connections authenticated: delete',
  'public.stripe_connections service_role: delete, insert, select, update',
  'public.team_invitations authenticated: delete',
  'public.team_members anon: select',
  'public.team_members authenticated: delete, select',
  'public.teams anon: select',
  'public.teams authenticated: delete, insert, select, update',
  'public.time_off authenticated: delete, select',
  'public.user_settings authenticated: insert, select, update',
  'public.webhook_deliveries authenticated: select',
  'public.webhook_deliveries service_role: insert',
  'public.webhook_secrets service_role: select',
  'public.webhooks authenticated: delete, select',
  'public.webhooks service_role: select',
  'public.zoom_connections authenticated: delete',
  'public.zoom_connections service_role: delete, insert, select, update',
  'public.zoom_meetings service_role: delete, insert, select, update',
];

// Writes limited to the columns a person may set; reads that leave a payload or a hash out.
const COLUMNS = [
  'public.bookings(assigned_user_id) authenticated: update',
  'public.bookings(notes) authenticated: update',
  'public.bookings(status) authenticated: update',
  'public.calendar_connections(label) authenticated: update',
  'public.calendar_sources(checks_conflicts) authenticated: update',
  'public.date_overrides(date) authenticated: insert',
  'public.date_overrides(end_time) authenticated: insert',
  'public.date_overrides(start_time) authenticated: insert',
  'public.date_overrides(team_id) authenticated: insert',
  'public.date_overrides(user_id) authenticated: insert',
  'public.event_types(assignment_type) anon: select',
  'public.event_types(auto_confirm) anon: select',
  'public.event_types(buffer_after) anon: select',
  'public.event_types(buffer_before) anon: select',
  'public.event_types(color) anon: select',
  'public.event_types(created_at) anon: select',
  'public.event_types(currency) anon: select',
  'public.event_types(description) anon: select',
  'public.event_types(duration) anon: select',
  'public.event_types(guest_fields) anon: select',
  'public.event_types(id) anon: select',
  'public.event_types(is_active) anon: select',
  'public.event_types(late_cancel_refund_percent) anon: select',
  'public.event_types(max_bookings_per_day) anon: select',
  'public.event_types(max_bookings_per_week) anon: select',
  'public.event_types(max_extra_attendees) anon: select',
  'public.event_types(max_future_bookings) anon: select',
  'public.event_types(minimum_notice) anon: select',
  'public.event_types(price_cents) anon: select',
  'public.event_types(questions) anon: select',
  'public.event_types(recurrence_frequencies) anon: select',
  'public.event_types(recurrence_max_count) anon: select',
  'public.event_types(requires_all_members) anon: select',
  'public.event_types(seats_per_slot) anon: select',
  'public.event_types(slot_interval) anon: select',
  'public.event_types(specific_member_id) anon: select',
  'public.event_types(team_id) anon: select',
  'public.event_types(title) anon: select',
  'public.event_types(updated_at) anon: select',
  'public.event_types(user_id) anon: select',
  'public.outbox(attempts) authenticated: select',
  'public.outbox(available_at) authenticated: select',
  'public.outbox(booking_id) authenticated: select',
  'public.outbox(created_at) authenticated: select',
  'public.outbox(id) authenticated: select',
  'public.outbox(kind) authenticated: select',
  'public.outbox(last_attempt_at) authenticated: select',
  'public.outbox(last_error) authenticated: select',
  'public.outbox(max_attempts) authenticated: select',
  'public.outbox(message_id) authenticated: select',
  'public.outbox(sent_at) authenticated: select',
  'public.outbox(status) authenticated: select',
  'public.outbox(topic) authenticated: select',
  'public.profiles(bio) authenticated: update',
  'public.profiles(company) authenticated: update',
  'public.profiles(first_name) authenticated: update',
  'public.profiles(handle) authenticated: update',
  'public.profiles(instagram) authenticated: update',
  'public.profiles(is_calendar_public) authenticated: update',
  'public.profiles(is_public_profile) authenticated: update',
  'public.profiles(last_name) authenticated: update',
  'public.profiles(linkedin) authenticated: update',
  'public.profiles(locale) authenticated: update',
  'public.profiles(location) authenticated: update',
  'public.profiles(profile_image_url) authenticated: update',
  'public.profiles(timezone) authenticated: update',
  'public.profiles(title) authenticated: update',
  'public.profiles(twitter) authenticated: update',
  'public.profiles(website) authenticated: update',
  'public.stripe_connections(account_id) authenticated: select',
  'public.stripe_connections(charges_enabled) authenticated: select',
  'public.stripe_connections(connected_at) authenticated: select',
  'public.stripe_connections(country) authenticated: select',
  'public.stripe_connections(default_currency) authenticated: select',
  'public.stripe_connections(email) authenticated: select',
  'public.stripe_connections(requirements) authenticated: select',
  'public.stripe_connections(user_id) authenticated: select',
  'public.team_invitations(created_at) authenticated: select',
  'public.team_invitations(email) authenticated: insert, select',
  'public.team_invitations(expires_at) authenticated: select',
  'public.team_invitations(id) authenticated: select',
  'public.team_invitations(invited_by) authenticated: insert, select, update',
  'public.team_invitations(role) authenticated: insert, select, update',
  'public.team_invitations(team_id) authenticated: insert, select',
  'public.team_members(role) authenticated: insert, update',
  'public.team_members(team_id) authenticated: insert',
  'public.team_members(user_id) authenticated: insert',
  'public.time_off(end_date) authenticated: insert, update',
  'public.time_off(note) authenticated: insert, update',
  'public.time_off(start_date) authenticated: insert, update',
  'public.time_off(user_id) authenticated: insert',
  'public.webhooks(events) authenticated: insert, update',
  'public.webhooks(is_active) authenticated: insert, update',
  'public.webhooks(team_id) authenticated: insert',
  'public.webhooks(url) authenticated: insert, update',
  'public.webhooks(user_id) authenticated: insert',
  'public.zoom_connections(connected_at) authenticated: select',
  'public.zoom_connections(user_id) authenticated: select',
];

// As each migration decides them (the RPC catalogue tests say why, role by role).
const FUNCTIONS = [
  'private.acts_for(p_user_id uuid, p_team_id bigint, p_roles text[]) anon: execute',
  'private.acts_for(p_user_id uuid, p_team_id bigint, p_roles text[]) authenticated: execute',
  'private.acts_for(p_user_id uuid, p_team_id bigint, p_roles text[]) service_role: execute',
  'private.all_distinct(p_values text[]) authenticated: execute',
  'private.all_distinct(p_values text[]) service_role: execute',
  'private.awaits_link(b bookings) authenticated: execute',
  'private.awaits_link(b bookings) service_role: execute',
  'private.booking_figures(p_user_id uuid, p_team_id bigint, p_from timestamp with time zone, p_to timestamp with time zone) authenticated: execute',
  'private.check_rule_count(p_rules jsonb) authenticated: execute',
  'private.check_rule_count(p_rules jsonb) service_role: execute',
  'private.has_team_role(p_team_id bigint, p_roles text[]) anon: execute',
  'private.has_team_role(p_team_id bigint, p_roles text[]) authenticated: execute',
  'private.has_team_role(p_team_id bigint, p_roles text[]) service_role: execute',
  'private.is_bookable_person(p_user_id uuid) anon: execute',
  'private.is_bookable_person(p_user_id uuid) authenticated: execute',
  'private.is_bookable_person(p_user_id uuid) service_role: execute',
  'private.is_e164(p_number text) authenticated: execute',
  'private.is_e164(p_number text) service_role: execute',
  'private.is_event_duration(p_duration integer, p_team boolean) authenticated: execute',
  'private.is_event_duration(p_duration integer, p_team boolean) service_role: execute',
  'private.is_event_locations(p_locations jsonb) authenticated: execute',
  'private.is_event_locations(p_locations jsonb) service_role: execute',
  'private.is_event_questions(p_questions jsonb) authenticated: execute',
  'private.is_event_questions(p_questions jsonb) service_role: execute',
  'private.is_guest_fields(p_fields jsonb) authenticated: execute',
  'private.is_guest_fields(p_fields jsonb) service_role: execute',
  'private.is_invited_to(p_team_id bigint, p_role team_role) anon: execute',
  'private.is_invited_to(p_team_id bigint, p_role team_role) authenticated: execute',
  'private.is_invited_to(p_team_id bigint, p_role team_role) service_role: execute',
  'private.is_known_locale(p_locale text) anon: execute',
  'private.is_known_locale(p_locale text) authenticated: execute',
  'private.is_known_locale(p_locale text) service_role: execute',
  'private.is_public_slot_topic(p_topic text) anon: execute',
  'private.is_public_slot_topic(p_topic text) authenticated: execute',
  'private.is_public_slot_topic(p_topic text) service_role: execute',
  'private.is_public_team(p_team_id bigint) anon: execute',
  'private.is_public_team(p_team_id bigint) authenticated: execute',
  'private.is_public_team(p_team_id bigint) service_role: execute',
  'private.is_reserved_handle(p_handle text) anon: execute',
  'private.is_reserved_handle(p_handle text) authenticated: execute',
  'private.is_reserved_handle(p_handle text) service_role: execute',
  'private.is_valid_timezone(p_tz text) anon: execute',
  'private.is_valid_timezone(p_tz text) authenticated: execute',
  'private.is_valid_timezone(p_tz text) service_role: execute',
  'private.is_visible_host(p_user_id uuid) anon: execute',
  'private.is_visible_host(p_user_id uuid) authenticated: execute',
  'private.is_visible_host(p_user_id uuid) service_role: execute',
  'private.may_join(p_team_id bigint, p_role team_role) authenticated: execute',
  'private.may_join(p_team_id bigint, p_role team_role) service_role: execute',
  'private.meets_assurance() authenticated: execute',
  'private.meets_assurance() service_role: execute',
  'private.my_proven_email() authenticated: execute',
  'private.my_proven_email() service_role: execute',
  'private.my_verified_email() authenticated: execute',
  'private.my_verified_email() service_role: execute',
  'private.payment_revenue(p_user_id uuid, p_from timestamp with time zone, p_to timestamp with time zone) authenticated: execute',
  'private.prove_invitation_token(p_invitation_id bigint, p_token text) authenticated: execute',
  'private.prove_invitation_token(p_invitation_id bigint, p_token text) service_role: execute',
  'private.random_id() authenticated: execute',
  'private.random_id() service_role: execute',
  'private.requeue_webhook_delivery(w webhooks, d webhook_deliveries) authenticated: execute',
  'private.requeue_webhook_delivery(w webhooks, d webhook_deliveries) service_role: execute',
  'private.require_assurance() authenticated: execute',
  'private.require_assurance() service_role: execute',
  'private.rotate_locked_webhook_secret(w webhooks, p_overlap interval) authenticated: execute',
  'private.rotate_locked_webhook_secret(w webhooks, p_overlap interval) service_role: execute',
  'private.shares_team(p_user_id uuid) anon: execute',
  'private.shares_team(p_user_id uuid) authenticated: execute',
  'private.shares_team(p_user_id uuid) service_role: execute',
  'private.signed_in_user() authenticated: execute',
  'private.signed_in_user() service_role: execute',
  'private.webhook_outbox_row(w webhooks, p_event text, p_message_id text, p_data jsonb) authenticated: execute',
  'private.webhook_outbox_row(w webhooks, p_event text, p_message_id text, p_data jsonb) service_role: execute',
  'private.webhook_to_change(p_webhook_id bigint, p_active boolean) authenticated: execute',
  'private.webhook_to_change(p_webhook_id bigint, p_active boolean) service_role: execute',
  'public.accept_team_invitation(p_invitation_id bigint, p_token text) authenticated: execute',
  'public.accept_team_invitation(p_invitation_id bigint, p_token text) service_role: execute',
  'public.add_calendar_connection(p_user_id uuid, p_provider text, p_label text, p_server_url text, p_username text, p_secret text, p_calendars jsonb, p_account text) service_role: execute',
  'public.calendar_feed_created_at() authenticated: execute',
  'public.calendar_write_state(p_ical_uid text, p_user_id uuid) service_role: execute',
  'public.cancel_series_from(p_booking_id bigint) authenticated: execute',
  'public.cancel_series_from(p_booking_id bigint) service_role: execute',
  'public.check_handle(p_handle text) anon: execute',
  'public.check_handle(p_handle text) authenticated: execute',
  'public.check_handle(p_handle text) service_role: execute',
  'public.checkout_terms(p_booking_id bigint) service_role: execute',
  'public.create_booking(p_event_type_id bigint, p_start timestamp with time zone, p_end timestamp with time zone, p_guest jsonb, p_member_ids uuid[], p_series_id bigint, p_recurrence_id timestamp with time zone, p_uid uuid, p_manage_token_hash text) service_role: execute',
  'public.create_booking_series(p_event_type_id bigint, p_frequency series_frequency, p_time_zone text, p_occurrences jsonb, p_skipped timestamp with time zone[], p_guest jsonb, p_member_ids uuid[]) service_role: execute',
  'public.create_webhook(p_url text, p_events text[], p_team_id bigint, p_is_active boolean) authenticated: execute',
  'public.create_webhook(p_url text, p_events text[], p_team_id bigint, p_is_active boolean) service_role: execute',
  'public.dashboard_stats(p_timeframe text) authenticated: execute',
  'public.dashboard_stats(p_timeframe text) service_role: execute',
  'public.directory_profiles() anon: execute',
  'public.directory_profiles() authenticated: execute',
  'public.directory_profiles() service_role: execute',
  'public.enqueue_due_reminders() service_role: execute',
  'public.expire_payment_holds(p_start timestamp with time zone, p_end timestamp with time zone) service_role: execute',
  'public.guest_booking(p_uid uuid, p_token text) anon: execute',
  'public.guest_booking(p_uid uuid, p_token text) authenticated: execute',
  'public.guest_booking(p_uid uuid, p_token text) service_role: execute',
  'public.guest_cancel_booking(p_uid uuid, p_token text, p_reason text, p_client text, p_per_minute integer, p_following boolean) service_role: execute',
  'public.guest_reschedule_booking(p_uid uuid, p_token text, p_start timestamp with time zone, p_end timestamp with time zone, p_client text, p_per_minute integer, p_member_id uuid) service_role: execute',
  'public.invite_team_member(p_team_id bigint, p_email text, p_role text) authenticated: execute',
  'public.invite_team_member(p_team_id bigint, p_email text, p_role text) service_role: execute',
  'public.link_state(b bookings) authenticated: execute',
  'public.link_state(b bookings) service_role: execute',
  'public.mail_invitation_link(p_invitation_id bigint) authenticated: execute',
  'public.mail_invitation_link(p_invitation_id bigint) service_role: execute',
  'public.outbox_claim(p_worker text, p_limit integer, p_lease_seconds integer) service_role: execute',
  'public.outbox_settle(p_id bigint, p_worker text, p_error text, p_permanent boolean, p_retry_in_seconds integer) service_role: execute',
  'public.ping_webhook(p_webhook_id bigint) authenticated: execute',
  'public.ping_webhook(p_webhook_id bigint) service_role: execute',
  'public.public_availability(p_user_id uuid, p_team_slug text) anon: execute',
  'public.public_availability(p_user_id uuid, p_team_slug text) authenticated: execute',
  'public.public_availability(p_user_id uuid, p_team_slug text) service_role: execute',
  'public.public_busy(p_user_ids uuid[], p_from timestamp with time zone, p_to timestamp with time zone) anon: execute',
  'public.public_busy(p_user_ids uuid[], p_from timestamp with time zone, p_to timestamp with time zone) authenticated: execute',
  'public.public_busy(p_user_ids uuid[], p_from timestamp with time zone, p_to timestamp with time zone) service_role: execute',
  'public.public_event_type(p_event_type_id bigint) anon: execute',
  'public.public_event_type(p_event_type_id bigint) authenticated: execute',
  'public.public_event_type(p_event_type_id bigint) service_role: execute',
  'public.public_event_types(p_user_id uuid, p_team_slug text) anon: execute',
  'public.public_event_types(p_user_id uuid, p_team_slug text) authenticated: execute',
  'public.public_event_types(p_user_id uuid, p_team_slug text) service_role: execute',
  'public.public_profile(p_user_id uuid, p_handle text) anon: execute',
  'public.public_profile(p_user_id uuid, p_handle text) authenticated: execute',
  'public.public_profile(p_user_id uuid, p_handle text) service_role: execute',
  'public.public_team(p_slug text) anon: execute',
  'public.public_team(p_slug text) authenticated: execute',
  'public.public_team(p_slug text) service_role: execute',
  'public.public_team_members(p_slug text) anon: execute',
  'public.public_team_members(p_slug text) authenticated: execute',
  'public.public_team_members(p_slug text) service_role: execute',
  'public.receive_stripe_event(p_event jsonb, p_livemode boolean) service_role: execute',
  'public.record_checkout(p_booking_id bigint, p_account_id text, p_session_id text, p_amount integer, p_currency text) service_role: execute',
  'public.record_refund(p_payment_id bigint, p_amount integer, p_failure text) service_role: execute',
  'public.regenerate_calendar_feed() authenticated: execute',
  'public.release_payment_hold(p_booking_id bigint) service_role: execute',
  'public.replace_availability(p_rules jsonb, p_team_id bigint) authenticated: execute',
  'public.replace_availability(p_rules jsonb, p_team_id bigint) service_role: execute',
  'public.replace_date_override(p_date date, p_ranges jsonb, p_team_id bigint) authenticated: execute',
  'public.replace_date_override(p_date date, p_ranges jsonb, p_team_id bigint) service_role: execute',
  'public.replace_external_busy(p_source_id bigint, p_spans jsonb) service_role: execute',
  'public.resend_webhook_delivery(p_delivery_id bigint) authenticated: execute',
  'public.resend_webhook_delivery(p_delivery_id bigint) service_role: execute',
  'public.retry_meeting_link(p_booking_id bigint) authenticated: execute',
  'public.retry_meeting_link(p_booking_id bigint) service_role: execute',
  'public.rotate_webhook_secret(p_webhook_id bigint, p_overlap_hours integer) authenticated: execute',
  'public.rotate_webhook_secret(p_webhook_id bigint, p_overlap_hours integer) service_role: execute',
  'public.set_booking_calendar(p_source_id bigint) authenticated: execute',
  'public.set_invitation_token_hash(p_invitation_id bigint, p_expires_at timestamp with time zone, p_hash text) service_role: execute',
  'public.set_manage_token_hash(p_booking_id bigint, p_hash text) service_role: execute',
  'public.set_meeting_link(p_booking_id bigint, p_link text) service_role: execute',
  'public.start_first_week(p_timezone text) authenticated: execute',
  'public.take_booking_token(p_client text, p_calendar text, p_per_minute integer) service_role: execute',
  'public.team_bookings_this_month(p_team_id bigint) authenticated: execute',
  'public.team_bookings_this_month(p_team_id bigint) service_role: execute',
  'public.team_invitation_by_token(p_token text) anon: execute',
  'public.team_invitation_by_token(p_token text) authenticated: execute',
  'public.team_invitation_by_token(p_token text) service_role: execute',
  'public.team_payee_takes_charges(p_team_id bigint) authenticated: execute',
  'public.team_payee_takes_charges(p_team_id bigint) service_role: execute',
];
