-- The dashboard's figures and a team's count of bookings this month read bookings as the caller, so
-- the bookings read policy decides what they count, as it decides the lists beside them. A team's
-- count is for its members: the caller's own membership row, as the policies show it, says so.
-- Otherwise as in 20261122000700_rpc.sql.

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

-- dashboard_stats runs as the caller and sums with this (itself no definer).
grant execute on function private.booking_figures(uuid, timestamptz, timestamptz) to authenticated;
