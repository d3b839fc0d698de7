-- Availability, of a host or a team: weekly hours, date overrides and (a person's own) time off, who
-- may read and change them, the public read of a host's or a public team's hours, and the RPCs that
-- replace a week or a date's hours in one call.


-- The weekly hours of a host (in their time zone) or a team (in the team's).
create table public.availability_rules (
  id bigint generated always as identity primary key,
  user_id uuid references public.profiles (id) on delete cascade,
  team_id bigint references public.teams (id) on delete cascade,
  day_of_week smallint not null constraint availability_rules_day_of_week_range check (day_of_week between 0 and 6),
  start_time public.clock_time not null default '09:00',
  end_time public.clock_time not null default '17:00',
  is_enabled boolean not null default true,
  constraint availability_rules_one_owner check (num_nonnulls(user_id, team_id) = 1),
  constraint availability_rules_start_before_end check (start_time < end_time)
);
alter table public.availability_rules enable row level security;
comment on column public.availability_rules.day_of_week is '0 = Sunday … 6 = Saturday';
comment on column public.availability_rules.start_time is 'HH:MM in the owner''s time zone (the host''s or the team''s)';
create index availability_rules_user_id_idx on public.availability_rules (user_id, day_of_week) where user_id is not null;
create index availability_rules_team_id_idx on public.availability_rules (team_id, day_of_week) where team_id is not null;
create trigger availability_rules_immutable before update on public.availability_rules
  for each row execute function private.keep_immutable('user_id', 'team_id');
-- Privileges, from none (see the foundation migration): only what each role needs.
revoke all on public.availability_rules from anon, authenticated, service_role;
-- Identity columns need no sequence privilege; where defaults granted them, anon could move an id on.
revoke all on sequence public.availability_rules_id_seq from anon, authenticated, service_role;
-- Guests see a public team's hours (the policies say which rows).
grant select on public.availability_rules to anon;
grant select, insert, update, delete on public.availability_rules to authenticated;

create policy "Owners read weekly hours, and everyone a public team's" on public.availability_rules
  for select to anon, authenticated
  using (private.acts_for(user_id, team_id) or (team_id is not null and private.is_public_team(team_id)));
comment on policy "Owners read weekly hours, and everyone a public team's" on public.availability_rules is
  'Guests read a host''s through public_availability.';
create policy "Owners create weekly hours" on public.availability_rules
  for insert to authenticated with check (private.acts_for(user_id, team_id, array['owner', 'admin']));
create policy "Owners update weekly hours" on public.availability_rules
  for update to authenticated
  using (private.acts_for(user_id, team_id, array['owner', 'admin']))
  with check (private.acts_for(user_id, team_id, array['owner', 'admin']));
create policy "Owners delete weekly hours" on public.availability_rules
  for delete to authenticated using (private.acts_for(user_id, team_id, array['owner', 'admin']));

-- The weekly hours of a visible host (p_user_id) or a public team (p_team_slug).
create or replace function public.public_availability(p_user_id uuid default null, p_team_slug text default null)
returns table (day_of_week smallint, is_enabled boolean, start_time text, end_time text) language sql stable security definer set search_path = ''
as $$
  select a.day_of_week, a.is_enabled, a.start_time, a.end_time
  from public.availability_rules a
  where a.user_id = p_user_id and private.is_visible_host(p_user_id)
     or a.team_id = (select t.id from public.teams t where t.slug = lower(btrim(p_team_slug)) and t.is_public)
  order by a.day_of_week, a.start_time;
$$;
-- Execute rights: Postgres lets PUBLIC execute a new function (and an older project's default
-- privileges the API roles too); decide each one.
revoke all on function public.public_availability(uuid, text) from public, anon, authenticated;
grant execute on function public.public_availability(uuid, text) to anon, authenticated, service_role;

-- Weekly availability ------------------------------------------------------------------------------
-- A week holds at most 100 ranges (the editor adds them one at a time; 100 is about 14 a day).
create or replace function private.check_rule_count(p_rules jsonb)
returns void language plpgsql immutable set search_path = ''
as $$
begin
  if p_rules is not null and jsonb_typeof(p_rules) = 'array' and jsonb_array_length(p_rules) > 100 then
    raise exception 'At most 100 availability ranges' using errcode = '22023', hint = 'rangesMax', detail = json_build_object('max', 100)::text;
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
returns setof public.availability_rules language plpgsql security invoker set search_path = ''
as $$
declare
  caller uuid := private.signed_in_user();
  me uuid := case when p_team_id is null then caller end;
begin
  perform private.check_rule_count(p_rules);
  delete from public.availability_rules a where a.user_id = me or a.team_id = p_team_id;
  if exists (select 1 from public.availability_rules a where a.user_id = me or a.team_id = p_team_id) then
    raise exception 'You cannot change this team''s availability' using errcode = '42501', hint = 'teamHoursForbidden';
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
-- Date overrides ----------------------------------------------------------------------------------
-- One row per range of the date's hours, or one row with no times: unavailable all day. A date of an
-- owner (a host, or a team) is either unavailable or has ranges, never both (the exclusion
-- constraint), and has each start once.
create table public.date_overrides (
  id bigint generated always as identity primary key,
  user_id uuid references public.profiles (id) on delete cascade,
  team_id bigint references public.teams (id) on delete cascade,
  date date not null,
  start_time public.clock_time,
  end_time public.clock_time,
  created_at timestamptz not null default now(),
  constraint date_overrides_one_owner check (num_nonnulls(user_id, team_id) = 1),
  constraint date_overrides_range check (
    (start_time is null) = (end_time is null) and (start_time is null or start_time < end_time)
  ),
  constraint date_overrides_start_key unique nulls not distinct (user_id, team_id, date, start_time),
  -- The owner as one key (one of the two is always null, and null is never equal to null).
  constraint date_overrides_day_off_or_ranges exclude using gist (
    (coalesce(user_id::text, 'team:' || team_id::text)) with =, date with =, ((start_time is null)::integer) with <>)
);
comment on table public.date_overrides is
  'Hours of one date in the owner''s time zone (a host''s or a team''s) replacing the weekly rules; a row without times makes the date unavailable.';
create index date_overrides_team_id_idx on public.date_overrides (team_id, date) where team_id is not null;

-- Time off ----------------------------------------------------------------------------------------
-- Whole days [start_date, end_date] in the person's own time zone. A team member on time off is not
-- assigned team bookings on those days. The note is private: only its owner reads the row.
create table public.time_off (
  id bigint generated always as identity primary key,
  user_id uuid not null references public.profiles (id) on delete cascade,
  start_date date not null,
  end_date date not null,
  note text constraint time_off_note_length check (char_length(note) <= 500),
  created_at timestamptz not null default now(),
  constraint time_off_dates_order check (start_date <= end_date),
  constraint time_off_at_most_a_year check (end_date - start_date < 366)
);
create index time_off_user_end_idx on public.time_off (user_id, end_date);

-- Privileges and policies: the weekly rules' pattern. Identity columns stay out of reach.
revoke all on public.date_overrides, public.time_off from anon, authenticated, service_role;
revoke all on sequence public.date_overrides_id_seq, public.time_off_id_seq
  from anon, authenticated, service_role;
grant select, delete on public.date_overrides, public.time_off to authenticated;
grant insert (user_id, team_id, date, start_time, end_time) on public.date_overrides to authenticated;
grant insert (user_id, start_date, end_date, note), update (start_date, end_date, note) on public.time_off to authenticated;

alter table public.date_overrides enable row level security;
alter table public.time_off enable row level security;

-- date_overrides: a date is replaced whole (delete + insert), so there is no update. Managed like the
-- owner's weekly hours; a team's are read by its members only.
create policy "Owners read date overrides" on public.date_overrides
  for select to authenticated using (private.acts_for(user_id, team_id));
comment on policy "Owners read date overrides" on public.date_overrides is
  'Guests never read them: the slots function applies them with the service role.';
create policy "Owners create date overrides" on public.date_overrides
  for insert to authenticated with check (private.acts_for(user_id, team_id, array['owner', 'admin']));
create policy "Owners delete date overrides" on public.date_overrides
  for delete to authenticated using (private.acts_for(user_id, team_id, array['owner', 'admin']));

-- time_off: own rows only, so nobody else ever reads a note.
create policy "Users read their own time off" on public.time_off
  for select to authenticated using (user_id = (select auth.uid()));
comment on policy "Users read their own time off" on public.time_off is
  'Not even team-mates: the note is private, and slots and assignment read the dates with the service role.';
create policy "Users create their own time off" on public.time_off
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "Users update their own time off" on public.time_off
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "Users delete their own time off" on public.time_off
  for delete to authenticated using (user_id = (select auth.uid()));

-- Replacing a date's hours ------------------------------------------------------------------------
-- One call per date, of the caller's own hours or with p_team_id a team's: the old rows go and the new
-- ones come in one statement list, so a refused range leaves the date as it was. p_ranges [] (or null)
-- marks the date unavailable. Security invoker: the policies alone decide who may write, so an admin
-- who edits them in the dashboard changes every path; a refused delete is reported rather than passed
-- off as an empty date.
create or replace function public.replace_date_override(p_date date, p_ranges jsonb, p_team_id bigint default null)
returns setof public.date_overrides language plpgsql security invoker set search_path = ''
as $$
declare
  caller uuid := private.signed_in_user();
  me uuid := case when p_team_id is null then caller end;
begin
  perform private.check_rule_count(p_ranges);
  delete from public.date_overrides o where (o.user_id = me or o.team_id = p_team_id) and o.date = p_date;
  if exists (select 1 from public.date_overrides o where (o.user_id = me or o.team_id = p_team_id) and o.date = p_date) then
    raise exception 'You cannot change this team''s availability' using errcode = '42501', hint = 'teamHoursForbidden';
  end if;
  return query
    insert into public.date_overrides (user_id, team_id, date, start_time, end_time)
    select me, p_team_id, p_date, r.start_time::public.clock_time, r.end_time::public.clock_time
    from jsonb_to_recordset(coalesce(nullif(p_ranges, '[]'::jsonb), '[{}]'::jsonb)) as r(start_time text, end_time text)
    returning *;
end;
$$;
comment on function public.replace_date_override(date, jsonb, bigint) is
  'Replaces the caller''s (or team p_team_id''s) override of p_date by p_ranges ([{start_time, end_time}]; empty: unavailable) atomically.';

revoke all on function public.replace_date_override(date, jsonb, bigint) from public, anon;
grant execute on function public.replace_date_override(date, jsonb, bigint) to authenticated, service_role;

revoke all on all functions in schema private from public;
