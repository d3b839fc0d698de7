// The catalogue: facts about every object in `public`, so a table or function added later without
// RLS, policies, indexes or a deliberate grant fails here.
import { describe, expect, it } from 'vitest';
import { fileConnection } from './db.ts';

const c = fileConnection();

const ACTIONS = ['SELECT', 'INSERT', 'UPDATE', 'DELETE'] as const;

/** The names of the functions `where` picks (a condition on pg_proc p), in order. */
async function functionNames(where: string): Promise<string[]> {
  const { rows } = await c.query<{ proname: string }>(`select p.proname from pg_proc p where ${where} order by 1`);
  return rows.map((r) => r.proname);
}

describe('catalogue', () => {
  it('has the tables of the contract', async () => {
    const { rows } = await c.query(`select relname from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') order by 1`);
    expect(rows.map((r) => r.relname)).toEqual([
      'availability_rules', 'booking_answers', 'booking_attendees', 'booking_busy', 'booking_series', 'bookings', 'calendar_connections', 'calendar_credentials', 'calendar_events',
      'calendar_feeds', 'calendar_sources', 'date_overrides', 'event_types', 'external_busy', 'outbox', 'payments', 'profiles',
      'seat_slots', 'stripe_connections', 'stripe_events', 'team_invitations', 'team_members', 'teams',
      'time_off', 'user_settings', 'webhook_deliveries', 'webhook_secrets', 'webhooks', 'zoom_connections', 'zoom_meetings',
    ]);
  });

  it('enables RLS on every public table', async () => {
    const { rows } = await c.query(
      `select relname from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') and not relrowsecurity`,
    );
    expect(rows).toEqual([]);
  });

  it('decides every action of every table: a policy, or no privilege for anon and authenticated', async () => {
    const { rows } = await c.query(`
      select t.relname as table, a.action,
        exists (select 1 from pg_policies p where p.schemaname = 'public' and p.tablename = t.relname
                and p.cmd in (a.action, 'ALL')) as has_policy,
        has_table_privilege('anon', t.oid, a.action) or has_table_privilege('authenticated', t.oid, a.action)
          or (a.action in ('INSERT', 'UPDATE') and exists (
            select 1 from pg_attribute att where att.attrelid = t.oid and att.attnum > 0 and not att.attisdropped
              and (has_column_privilege('anon', t.oid, att.attnum, a.action)
                   or has_column_privilege('authenticated', t.oid, att.attnum, a.action)))) as api_can
      from pg_class t cross join unnest($1::text[]) a(action)
      where t.relnamespace = 'public'::regnamespace and t.relkind in ('r', 'p')
      order by 1, 2`, [ACTIONS]);
    const undecided = rows.filter((r) => r.api_can && !r.has_policy).map((r) => `${r.table} ${r.action}`);
    expect(undecided).toEqual([]);
    const decided = rows.filter((r) => r.has_policy || !r.api_can).length;
    expect(decided).toBe(rows.length);
  });

  it('names one policy per action and table (no ALL policies besides the two-factor one)', async () => {
    const { rows } = await c.query(`
      select tablename, cmd, count(*)::int as n from pg_policies where schemaname = 'public' and permissive = 'PERMISSIVE'
      group by 1, 2 having count(*) > 1 or cmd = 'ALL'`);
    expect(rows).toEqual([]);
  });

  it('has every security definer function that acts for a signed-in user ask for the same assurance', async () => {
    const { rows } = await c.query(`
      select p.proname from pg_proc p
      where p.pronamespace = 'public'::regnamespace and p.prosecdef
        and has_function_privilege('authenticated', p.oid, 'execute') and not has_function_privilege('anon', p.oid, 'execute')
        and pg_get_functiondef(p.oid) !~ 'private\\.require_assurance\\(\\)'`);
    expect(rows).toEqual([]);
  });

  it('asks for an aal2 session of two-factor accounts on every table, and nothing else restrictively', async () => {
    const { rows } = await c.query(`
      select t.relname as table, p.cmd, p.roles::text[] as roles, p.qual, p.with_check
      from pg_class t
      left join pg_policies p on p.schemaname = 'public' and p.tablename = t.relname and p.permissive = 'RESTRICTIVE'
      where t.relnamespace = 'public'::regnamespace and t.relkind in ('r', 'p')
      order by 1`);
    const rule = { cmd: 'ALL', roles: ['authenticated'], qual: '( SELECT private.meets_assurance() AS meets_assurance)' };
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) expect({ table: row.table, ...row }).toEqual({ table: row.table, ...rule, with_check: rule.qual });
  });

  it('writes policies with (select auth.uid()), never a bare per-row auth.uid()', async () => {
    const { rows } = await c.query(`
      select tablename, policyname from pg_policies
      where schemaname in ('public', 'storage')
        and regexp_replace(coalesce(qual, '') || ' ' || coalesce(with_check, ''), '\\(\\s*SELECT auth\\.uid\\(\\) AS uid\\)', '', 'g') ~ 'auth\\.uid\\(\\)'`);
    expect(rows).toEqual([]);
  });

  it('indexes every foreign key (its columns lead some index)', async () => {
    const { rows } = await c.query(`
      select con.conrelid::regclass::text as table, con.conname
      from pg_constraint con
      where con.contype = 'f' and con.connamespace = 'public'::regnamespace
        and not exists (
          select 1 from pg_index i
          where i.indrelid = con.conrelid
            and (i.indkey::int2[])[0:cardinality(con.conkey) - 1] @> con.conkey
            and (i.indkey::int2[])[0:cardinality(con.conkey) - 1] <@ con.conkey)`);
    expect(rows).toEqual([]);
  });

  it('pins search_path on every function of public and private', async () => {
    const { rows } = await c.query(`
      select p.oid::regprocedure::text as fn from pg_proc p
      where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
        and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) cfg where cfg like 'search_path=%')`);
    expect(rows).toEqual([]);
  });

  it('keeps the plans of the booking and its read, and only theirs (docs/scale.md "Plans kept")', async () => {
    expect(
      await functionNames(`p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
        and 'plan_cache_mode=force_generic_plan' = any(p.proconfig)`),
    ).toEqual(['create_booking', 'slot_inputs']);
  });

  it('lets anon execute exactly the public read functions', async () => {
    expect(await functionNames(`p.pronamespace = 'public'::regnamespace and has_function_privilege('anon', p.oid, 'execute')`)).toEqual([
      'check_handle', 'directory_profiles', 'guest_booking', 'public_availability', 'public_busy',
      'public_event_type', 'public_event_types', 'public_profile', 'public_team',
      'public_team_members', 'team_invitation_by_token',
    ]);
  });

  it('lets authenticated execute the public reads plus the host and team RPCs, and nothing else (no booking writes)', async () => {
    expect(await functionNames(`p.pronamespace = 'public'::regnamespace and has_function_privilege('authenticated', p.oid, 'execute') and not has_function_privilege('anon', p.oid, 'execute')`)).toEqual([
      'accept_team_invitation', 'calendar_feed_created_at', 'cancel_series_from', 'create_webhook', 'dashboard_stats',
      'invite_team_member', 'link_state', 'mail_invitation_link', 'ping_webhook', 'regenerate_calendar_feed', 'replace_availability', 'replace_date_override',
      'resend_webhook_delivery', 'retry_meeting_link', 'rotate_webhook_secret',
      'set_booking_calendar', 'start_first_week', 'team_bookings_this_month', 'team_payee_takes_charges',
    ]);
  });

  it('runs the RPCs of signed-in users as the caller, so RLS decides, but for those that write what no API role may touch', async () => {
    // The caller's own calendar feed and booking calendar, an invitation's link mailed again (an
    // outbox row), a provider sign-up's first week (the profile's awaits_time_zone), and a meeting
    // link asked for again (an outbox row): tables and columns no API role may write. And whether a
    // team owner's Stripe account takes charges: a row the team's admins may not read. And a series
    // cancelled from one date on: where it ends (booking_series) and its one mail (an outbox row).
    expect(await functionNames(`p.pronamespace = 'public'::regnamespace and p.prosecdef and has_function_privilege('authenticated', p.oid, 'execute') and not has_function_privilege('anon', p.oid, 'execute')`)).toEqual(['calendar_feed_created_at', 'cancel_series_from', 'mail_invitation_link', 'regenerate_calendar_feed', 'retry_meeting_link', 'set_booking_calendar', 'start_first_week', 'team_payee_takes_charges']);
  });

  it('keeps the booking writes and the booking rate limit to the service role: the functions are their only door', async () => {
    const { rows } = await c.query(`
      select p.proname, has_function_privilege('anon', p.oid, 'execute') as anon,
        has_function_privilege('authenticated', p.oid, 'execute') as signed_in, has_function_privilege('service_role', p.oid, 'execute') as service
      from pg_proc p
      where p.pronamespace = 'public'::regnamespace and p.proname in ('create_booking', 'take_booking_token')
      order by 1`);
    expect(rows).toEqual(['create_booking', 'take_booking_token'].map((proname) => ({ proname, anon: false, signed_in: false, service: true })));
  });

  it('keeps the private schema out of the API and its trigger functions unexecutable by API roles', async () => {
    expect(await functionNames(`p.pronamespace = 'private'::regnamespace and has_function_privilege('anon', p.oid, 'execute')`)).toEqual([
      'acts_for', 'has_team_role', 'is_bookable_person', 'is_invited_to', 'is_known_locale', 'is_public_slot_topic', 'is_public_team',
      'is_reserved_handle', 'is_valid_timezone', 'is_visible_host', 'shares_team',
    ]);
  });
});
