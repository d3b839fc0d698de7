-- RPCs of public pages and of the signed-in host's figures and weekly hours. Public reads are
-- security definer functions that return only public columns (no email, no guest data, no private
-- profile, no inactive event type, no private team); writes that must be atomic (a whole week of
-- availability) happen in one function call.

-- Handles ---------------------------------------------------------------------------------------------
create or replace function public.check_handle(p_handle text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  wanted text := lower(btrim(coalesce(p_handle, '')));
  holder uuid;
begin
  if wanted !~ '^[a-z0-9_-]{3,30}$' then
    return jsonb_build_object('available', false,
      'message', 'Handle must be 3-30 characters: lowercase letters, numbers, underscores and hyphens');
  end if;
  if private.is_reserved_handle(wanted) then
    return jsonb_build_object('available', false, 'message', 'This handle is reserved');
  end if;
  select id into holder from public.profiles where lower(handle) = wanted;
  if holder is null then
    return jsonb_build_object('available', true, 'message', 'Handle is available');
  elsif holder = (select auth.uid()) then
    return jsonb_build_object('available', true, 'message', 'This is your current handle');
  end if;
  return jsonb_build_object('available', false, 'message', 'Handle is already taken');
end;
$$;

-- Directory and public profiles ---------------------------------------------------------------------------
create or replace function public.directory_profiles()
returns table (id uuid, handle text, first_name text, last_name text, profile_image_url text, title text, bio text,
  company text, location text)
language sql
stable
security definer
set search_path = ''
as $$
  select p.id, p.handle, p.first_name, p.last_name, p.profile_image_url, p.title, p.bio, p.company, p.location
  from public.profiles p
  where p.is_public_profile
  order by p.updated_at desc, p.id;
$$;

create or replace function public.public_profile(p_user_id uuid)
returns table (id uuid, handle text, first_name text, last_name text, profile_image_url text, timezone text, bio text,
  title text, company text, location text, website text, linkedin text, twitter text, instagram text,
  is_public_profile boolean, is_calendar_public boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select p.id, p.handle, p.first_name, p.last_name, p.profile_image_url, p.timezone, p.bio, p.title, p.company,
    p.location, p.website, p.linkedin, p.twitter, p.instagram, p.is_public_profile, p.is_calendar_public
  from public.profiles p
  where p.id = p_user_id and (p.is_public_profile or p.is_calendar_public);
$$;

create or replace function public.public_profile_by_handle(p_handle text)
returns table (id uuid, handle text, first_name text, last_name text, profile_image_url text, timezone text, bio text,
  title text, company text, location text, website text, linkedin text, twitter text, instagram text,
  is_public_profile boolean, is_calendar_public boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select pp.* from public.profiles p, public.public_profile(p.id) pp where lower(p.handle) = lower(btrim(p_handle));
$$;

-- Event types, availability and busy time of hosts ---------------------------------------------------------
-- The active event types of a visible host (p_user_id) or a public team (p_team_slug), shortest
-- first: the public calendar's and the public team page's list. Each row has its kind's fields filled
-- (a host's price, a team's assignment); the /api answers each kind in its own shape.
create or replace function public.public_event_types(p_user_id uuid default null, p_team_slug text default null)
returns table (id bigint, user_id uuid, team_id bigint, title text, description text, duration integer, color text,
  auto_confirm boolean, price_cents integer, requires_all_members boolean, assignment_type public.assignment_type,
  specific_member_id uuid)
language sql
stable
security definer
set search_path = ''
as $$
  select e.id, e.user_id, e.team_id, e.title, e.description, e.duration, e.color, e.auto_confirm, e.price_cents,
    e.requires_all_members, e.assignment_type, e.specific_member_id
  from public.event_types e
  where e.is_active
    and (e.user_id = p_user_id and private.is_visible_host(p_user_id)
         or e.team_id = (select t.id from public.teams t where t.slug = lower(btrim(p_team_slug)) and t.is_public))
  order by e.duration, e.id;
$$;

-- One active event type with its host's card fields: /book/{eventTypeId} is a direct link, bookable
-- even when the host is not discoverable. It answers the guest check of every slot listing and booking
-- too (private.bookable_calendar): PL/pgSQL keeps its plan for the session, where an SQL function with a
-- pinned search_path is planned again at every call. The casts name the domain columns' base types.
create or replace function public.public_event_type(p_event_type_id bigint)
returns table (id bigint, user_id uuid, title text, description text, duration integer, color text,
  auto_confirm boolean, price_cents integer, host_handle text, host_first_name text, host_last_name text,
  host_profile_image_url text, host_timezone text, host_title text, host_company text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return query
  select e.id, e.user_id, e.title::text, e.description::text, e.duration::integer, e.color::text, e.auto_confirm,
    e.price_cents::integer, p.handle::text, p.first_name::text, p.last_name::text, p.profile_image_url::text,
    p.timezone::text, p.title::text, p.company::text
  from public.event_types e join public.profiles p on p.id = e.user_id
  where e.id = p_event_type_id and e.is_active;
end;
$$;

-- The weekly hours of a visible host (p_user_id) or a public team (p_team_slug).
create or replace function public.public_availability(p_user_id uuid default null, p_team_slug text default null)
returns table (day_of_week smallint, is_enabled boolean, start_time text, end_time text)
language sql
stable
security definer
set search_path = ''
as $$
  select a.day_of_week, a.is_enabled, a.start_time, a.end_time
  from public.availability_rules a
  where a.user_id = p_user_id and private.is_visible_host(p_user_id)
     or a.team_id = (select t.id from public.teams t where t.slug = lower(btrim(p_team_slug)) and t.is_public)
  order by a.day_of_week, a.start_time;
$$;

-- Busy intervals of non-cancelled bookings (personal, assigned team, requires-all team) overlapping
-- [p_from, p_to): what a guest's slot picker must avoid, without any guest data. Anyone may call it,
-- so it answers for at most 200 people at once (a team page asks for its members), each once.
create or replace function public.public_busy(p_user_ids uuid[], p_from timestamptz, p_to timestamptz)
returns table (user_id uuid, start_time timestamptz, end_time timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_from is null or p_to is null or p_to <= p_from or p_to - p_from > interval '370 days' then
    raise exception 'The range must be non-empty and at most 370 days' using errcode = '22023';
  end if;
  if cardinality(p_user_ids) > 200 then
    raise exception 'At most 200 people at once' using errcode = '22023';
  end if;
  return query
    with shown as (
      select distinct u.id from unnest(p_user_ids) as u(id) where private.is_bookable_person(u.id)
    )
    select b.user_id, lower(b.during), upper(b.during)
    from public.booking_busy b
    join shown on shown.id = b.user_id
    where b.active and b.during && tstzrange(p_from, p_to, '[)')
    order by 2, 1;
end;
$$;

-- Public teams --------------------------------------------------------------------------------------------
create or replace function public.public_team(p_slug text)
returns table (id bigint, name text, description text, slug text, timezone text, member_count integer)
language sql
stable
security definer
set search_path = ''
as $$
  select t.id, t.name, t.description, t.slug, t.timezone,
    (select count(*)::integer from public.team_members m where m.team_id = t.id)
  from public.teams t
  where t.slug = lower(btrim(p_slug)) and t.is_public;
$$;

-- Card fields of every member of a public team (joining a public team puts you on its page).
create or replace function public.public_team_members(p_slug text)
returns table (user_id uuid, role public.team_role, joined_at timestamptz, handle text, first_name text, last_name text,
  profile_image_url text, title text, company text, location text)
language sql
stable
security definer
set search_path = ''
as $$
  select m.user_id, m.role, m.joined_at, p.handle, p.first_name, p.last_name, p.profile_image_url, p.title,
    p.company, p.location
  from public.team_members m
  join public.teams t on t.id = m.team_id
  join public.profiles p on p.id = m.user_id
  where t.slug = lower(btrim(p_slug)) and t.is_public
  order by case m.role when 'owner' then 0 when 'admin' then 1 else 2 end, m.joined_at, m.user_id;
$$;

-- Figures for the signed-in host --------------------------------------------------------------------------
-- One window of the dashboard: non-cancelled bookings the user hosts or is assigned, starting in [p_from, p_to).
-- Revenue comes from personal event types' prices, not from the team bookings a member is assigned.
create or replace function private.booking_figures(p_user_id uuid, p_from timestamptz, p_to timestamptz)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'total_bookings', count(*),
    'total_hours', coalesce(round(sum(extract(epoch from b.end_time - b.start_time)) / 3600, 1), 0),
    'active_clients', count(distinct lower(b.guest_email)),
    'revenue_cents', coalesce(sum(e.price_cents) filter (where b.team_id is null), 0)
  )
  from public.bookings b
  join public.event_types e on e.id = b.event_type_id
  where (b.user_id = p_user_id or b.assigned_user_id = p_user_id)
    and b.status <> 'cancelled'
    and b.start_time >= p_from and b.start_time < p_to;
$$;
revoke all on function private.booking_figures(uuid, timestamptz, timestamptz) from public;
-- dashboard_stats runs as the caller and sums with this (itself no definer).
grant execute on function private.booking_figures(uuid, timestamptz, timestamptz) to authenticated;

-- The dashboard's figures and a team's count of bookings this month read bookings as the caller, so
-- the bookings read policy decides what they count, as it decides the lists beside them.
-- week | month | quarter | year, each to date in the host's time zone (the week starts on Monday),
-- with the same stretch of the previous period: e.g. 1-22 November against 1-22 October.
create or replace function public.dashboard_stats(p_timeframe text)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  tz text;
  unit interval := case p_timeframe when 'week' then interval '1 week' when 'month' then interval '1 month'
    when 'quarter' then interval '3 months' when 'year' then interval '1 year' end;
  local_now timestamp;
  local_start timestamp;
  cur jsonb;
  prev jsonb;
begin
  if uid is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  if unit is null then
    raise exception 'timeframe must be week, month, quarter or year' using errcode = '22023';
  end if;
  select p.timezone into tz from public.profiles p where p.id = uid;
  tz := coalesce(tz, 'UTC');
  local_now := now() at time zone tz;
  local_start := date_trunc(p_timeframe, local_now);
  cur := private.booking_figures(uid, local_start at time zone tz, now());
  prev := private.booking_figures(uid, (local_start - unit) at time zone tz, (local_now - unit) at time zone tz);
  return jsonb_build_object(
    'timeframe', p_timeframe,
    'timezone', tz,
    'period_start', local_start at time zone tz,
    'previous_period_start', (local_start - unit) at time zone tz,
    'previous_period_end', (local_now - unit) at time zone tz,
    'total_bookings', cur -> 'total_bookings',
    'total_hours', cur -> 'total_hours',
    'active_clients', cur -> 'active_clients',
    'revenue', round((cur ->> 'revenue_cents')::numeric / 100, 2),
    'revenue_cents', cur -> 'revenue_cents',
    'previous_total_bookings', prev -> 'total_bookings',
    'previous_total_hours', prev -> 'total_hours',
    'previous_active_clients', prev -> 'active_clients',
    'previous_revenue', round((prev ->> 'revenue_cents')::numeric / 100, 2),
    'previous_revenue_cents', prev -> 'revenue_cents'
  );
end;
$$;

-- Non-cancelled bookings of the team starting this calendar month in the team's time zone; members
-- only: the caller's own membership row, as the policies show it, says so.
create or replace function public.team_bookings_this_month(p_team_id bigint)
returns integer
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  tz text;
  month_start timestamp;
begin
  if not exists (select 1 from public.team_members m where m.team_id = p_team_id and m.user_id = (select auth.uid())) then
    raise exception 'Not a member of this team' using errcode = '42501';
  end if;
  select t.timezone into tz from public.teams t where t.id = p_team_id;
  month_start := date_trunc('month', now() at time zone tz);
  return (
    select count(*)::integer from public.bookings b
    where b.team_id = p_team_id and b.status <> 'cancelled'
      and b.start_time >= month_start at time zone tz
      and b.start_time < (month_start + interval '1 month') at time zone tz
  );
end;
$$;

-- Execute rights: Postgres lets PUBLIC execute a new function (and an older project's default
-- privileges the API roles too); decide each one.
revoke all on all functions in schema public from public, anon, authenticated;
grant execute on function
  public.check_handle(text), public.directory_profiles(), public.public_profile(uuid),
  public.public_profile_by_handle(text), public.public_event_types(uuid, text), public.public_event_type(bigint),
  public.public_availability(uuid, text), public.public_busy(uuid[], timestamptz, timestamptz), public.public_team(text),
  public.public_team_members(text)
  to anon, authenticated;
grant execute on function
  public.dashboard_stats(text), public.team_bookings_this_month(bigint)
  to authenticated;
grant execute on all functions in schema public to service_role;

-- Weekly availability ------------------------------------------------------------------------------
-- A week holds at most 100 ranges (the editor adds them one at a time; 100 is about 14 a day).
create or replace function private.check_rule_count(p_rules jsonb)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_rules is not null and jsonb_typeof(p_rules) = 'array' and jsonb_array_length(p_rules) > 100 then
    raise exception 'At most 100 availability ranges' using errcode = '22023';
  end if;
end;
$$;
revoke all on function private.check_rule_count(jsonb) from public;
grant execute on function private.check_rule_count(jsonb) to authenticated, service_role;

-- Saving a week of availability replaces every rule of its owner: the caller's own week, or with
-- p_team_id the team's. As one function call the delete and the inserts commit together, so a refused
-- rule (a bad time, start after end, a caller the policies refuse) leaves the previous week in place
-- instead of an empty one. Security invoker: the policies alone decide who may replace what. A delete
-- they refused leaves visible rows behind (a team's plain member), and is reported as the refusal it
-- is rather than an empty week that "succeeded"; an insert they refuse fails by itself.
create or replace function public.replace_availability(p_rules jsonb, p_team_id bigint default null)
returns setof public.availability_rules
language plpgsql
security invoker
set search_path = ''
as $$
declare
  me uuid := case when p_team_id is null then (select auth.uid()) end;
begin
  if (select auth.uid()) is null then
    raise exception 'Unauthorized' using errcode = '42501';
  end if;
  perform private.check_rule_count(p_rules);
  delete from public.availability_rules a where a.user_id = me or a.team_id = p_team_id;
  if exists (select 1 from public.availability_rules a where a.user_id = me or a.team_id = p_team_id) then
    raise exception 'You cannot change this team''s availability' using errcode = '42501';
  end if;
  return query
    insert into public.availability_rules (user_id, team_id, day_of_week, start_time, end_time, is_enabled)
    select me, p_team_id, r.day_of_week, r.start_time::public.clock_time, r.end_time::public.clock_time,
           coalesce(r.is_enabled, true)
    from jsonb_to_recordset(coalesce(p_rules, '[]'::jsonb))
      as r(day_of_week smallint, start_time text, end_time text, is_enabled boolean)
    returning *;
end;
$$;
comment on function public.replace_availability(jsonb, bigint) is
  'Replaces the caller''s (or team p_team_id''s) weekly availability by p_rules ([{day_of_week, start_time, end_time, is_enabled}]) atomically.';

revoke all on function public.replace_availability(jsonb, bigint) from public, anon;
grant execute on function public.replace_availability(jsonb, bigint) to authenticated, service_role;

revoke all on all functions in schema private from public;
