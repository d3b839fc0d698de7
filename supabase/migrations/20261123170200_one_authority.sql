-- The team date overrides follow the team availability (integrity migration): the policies alone
-- decide who may replace a date's hours, so an admin who edits them in the dashboard changes every
-- path; a refused delete is reported rather than passed off as an empty date. Both functions take
-- a bounded list of ranges.

create or replace function public.replace_date_override(p_date date, p_ranges jsonb)
returns setof public.date_overrides
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    raise exception 'Unauthorized' using errcode = '42501';
  end if;
  perform private.check_rule_count(p_ranges);
  delete from public.date_overrides where user_id = (select auth.uid()) and date = p_date;
  return query
    insert into public.date_overrides (user_id, date, start_time, end_time)
    select (select auth.uid()), p_date, r.start_time::public.clock_time, r.end_time::public.clock_time
    from jsonb_to_recordset(coalesce(nullif(p_ranges, '[]'::jsonb), '[{}]'::jsonb)) as r(start_time text, end_time text)
    returning *;
end;
$$;

create or replace function public.replace_team_date_override(p_team_id bigint, p_date date, p_ranges jsonb)
returns setof public.team_date_overrides
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform private.check_rule_count(p_ranges);
  delete from public.team_date_overrides where team_id = p_team_id and date = p_date;
  if exists (select 1 from public.team_date_overrides o where o.team_id = p_team_id and o.date = p_date) then
    raise exception 'You cannot change this team''s availability' using errcode = '42501';
  end if;
  return query
    insert into public.team_date_overrides (team_id, date, start_time, end_time)
    select p_team_id, p_date, r.start_time::public.clock_time, r.end_time::public.clock_time
    from jsonb_to_recordset(coalesce(nullif(p_ranges, '[]'::jsonb), '[{}]'::jsonb)) as r(start_time text, end_time text)
    returning *;
end;
$$;
comment on function public.replace_team_date_override(bigint, date, jsonb) is
  'Replaces a team''s override of p_date by p_ranges atomically (empty: closed all day); who may, the policies say.';
