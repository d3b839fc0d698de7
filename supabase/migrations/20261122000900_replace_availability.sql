-- Saving a week of availability replaces every rule of its owner. As one function call the delete
-- and the inserts commit together, so a refused rule (a bad time, start after end, a caller the
-- policies refuse) leaves the previous week in place instead of an empty one. Both functions are
-- security invoker: the tables' RLS policies decide who may replace what.

create or replace function public.replace_availability(p_rules jsonb)
returns setof public.availability_rules
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    raise exception 'Unauthorized' using errcode = '42501';
  end if;
  delete from public.availability_rules where user_id = (select auth.uid());
  return query
    insert into public.availability_rules (user_id, day_of_week, start_time, end_time, is_enabled)
    select (select auth.uid()), r.day_of_week, r.start_time::public.clock_time, r.end_time::public.clock_time,
           coalesce(r.is_enabled, true)
    from jsonb_to_recordset(coalesce(p_rules, '[]'::jsonb))
      as r(day_of_week smallint, start_time text, end_time text, is_enabled boolean)
    returning *;
end;
$$;
comment on function public.replace_availability(jsonb) is
  'Replaces the caller''s weekly availability by p_rules ([{day_of_week, start_time, end_time, is_enabled}]) atomically.';

create or replace function public.replace_team_availability(p_team_id bigint, p_rules jsonb)
returns setof public.team_availability
language plpgsql
security invoker
set search_path = ''
as $$
begin
  -- Said plainly rather than left to the policies: a plain member replacing the week by an empty one
  -- would otherwise delete nothing (rows hidden by RLS) and be told it worked.
  if (select auth.role()) is distinct from 'service_role'
     and not private.has_team_role(p_team_id, array['owner', 'admin']) then
    raise exception 'Only team owners and admins can change team availability' using errcode = '42501';
  end if;
  delete from public.team_availability where team_id = p_team_id;
  return query
    insert into public.team_availability (team_id, day_of_week, start_time, end_time, is_enabled)
    select p_team_id, r.day_of_week, r.start_time::public.clock_time, r.end_time::public.clock_time,
           coalesce(r.is_enabled, true)
    from jsonb_to_recordset(coalesce(p_rules, '[]'::jsonb))
      as r(day_of_week smallint, start_time text, end_time text, is_enabled boolean)
    returning *;
end;
$$;
comment on function public.replace_team_availability(bigint, jsonb) is
  'Replaces a team''s weekly availability by p_rules atomically; owners and admins only (by RLS).';

revoke all on function public.replace_availability(jsonb), public.replace_team_availability(bigint, jsonb)
  from public, anon;
grant execute on function public.replace_availability(jsonb), public.replace_team_availability(bigint, jsonb)
  to authenticated, service_role;
