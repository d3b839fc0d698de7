-- Schedule versions: one number per calendar (a host, or a team) that every change to what its slots
-- are computed from raises, in the transaction of the change. The slot function sends it as the ETag
-- of a slot list, so a guest's repeated request is answered 304 Not Modified without computing, and a
-- list is never reused once a booking, an availability, override, time-off, settings or external
-- calendar change has committed.
--
-- What feeds a host's slots: their weekly hours, settings, date overrides, time off, event types,
-- time zone, busy time (bookings) and connected calendars' busy time. A team's: its hours, overrides,
-- event types, members (and their join dates), time zone and visibility, and its bookings (limits
-- count them, assigned or not); a team's slot list also depends on each member's own version (their
-- busy time, time off and zone), which the slot function combines with the team's.

create sequence private.schedule_version_seq;

create table private.schedule_versions (
  user_id uuid unique references public.profiles (id) on delete cascade,
  team_id bigint unique references public.teams (id) on delete cascade,
  version bigint not null,
  constraint schedule_versions_one_calendar check ((user_id is null) <> (team_id is null))
);
comment on table private.schedule_versions is
  'Per calendar (host or team), raised by every change to its slots'' inputs; no row yet means version 0.';

-- Raises the versions of these hosts and teams. Keys are taken in order, so two transactions raising
-- the same calendars never wait on each other in a cycle; a host or team being deleted (its rows go
-- by cascade) has nothing left to version.
create or replace function private.bump_schedule_versions(p_user_ids uuid[], p_team_ids bigint[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.schedule_versions as v (user_id, version)
  select u, nextval('private.schedule_version_seq')
  from (select distinct u from unnest(p_user_ids) u where exists (select 1 from public.profiles p where p.id = u) order by u) keys
  on conflict (user_id) do update set version = excluded.version;
  insert into private.schedule_versions as v (team_id, version)
  select t, nextval('private.schedule_version_seq')
  from (select distinct t from unnest(p_team_ids) t where exists (select 1 from public.teams x where x.id = t) order by t) keys
  on conflict (team_id) do update set version = excluded.version;
end;
$$;

-- Statement-level, so a bulk change (a week of hours replaced, a calendar synced) raises each version
-- once. The first argument names the key column: user_id (a host) or team_id (a team).
create or replace function private.bump_versions_of_changed_rows()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  keyed text := tg_argv[0];
  keys text[];
begin
  if tg_op = 'INSERT' then
    execute format('select array_agg(distinct %I::text) from new_rows', keyed) into keys;
  elsif tg_op = 'DELETE' then
    execute format('select array_agg(distinct %I::text) from old_rows', keyed) into keys;
  else
    execute format('select array_agg(distinct k::text) from (select %1$I as k from new_rows union select %1$I from old_rows) c', keyed)
      into keys;
  end if;
  if keyed = 'user_id' then
    perform private.bump_schedule_versions(keys::uuid[], null);
  else
    perform private.bump_schedule_versions(null, keys::bigint[]);
  end if;
  return null;
end;
$$;

do $$
declare
  t record;
begin
  for t in
    select * from (values
      ('availability_rules', 'user_id'), ('user_settings', 'user_id'), ('date_overrides', 'user_id'),
      ('time_off', 'user_id'), ('event_types', 'user_id'), ('booking_busy', 'user_id'), ('external_busy', 'user_id'),
      ('team_availability', 'team_id'), ('team_date_overrides', 'team_id'), ('team_event_types', 'team_id'),
      ('team_members', 'team_id'), ('bookings', 'team_id')
    ) as x(tbl, keyed)
  loop
    execute format('create trigger %1$s_version_insert after insert on public.%1$I referencing new table as new_rows
      for each statement execute function private.bump_versions_of_changed_rows(%2$L)', t.tbl, t.keyed);
    execute format('create trigger %1$s_version_update after update on public.%1$I referencing old table as old_rows new table as new_rows
      for each statement execute function private.bump_versions_of_changed_rows(%2$L)', t.tbl, t.keyed);
    execute format('create trigger %1$s_version_delete after delete on public.%1$I referencing old table as old_rows
      for each statement execute function private.bump_versions_of_changed_rows(%2$L)', t.tbl, t.keyed);
  end loop;
end;
$$;

-- A host's time zone and a team's zone and visibility are inputs; their other columns are not.
create or replace function private.bump_version_of_profile()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.bump_schedule_versions(array[new.id], null);
  return null;
end;
$$;
create trigger profiles_version after update of timezone on public.profiles
  for each row when (old.timezone is distinct from new.timezone) execute function private.bump_version_of_profile();

create or replace function private.bump_version_of_team()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.bump_schedule_versions(null, array[new.id]);
  return null;
end;
$$;
create trigger teams_version after update of timezone, is_public on public.teams
  for each row when (old.timezone is distinct from new.timezone or old.is_public is distinct from new.is_public)
  execute function private.bump_version_of_team();

-- The calendar sync rewrites every calendar each few minutes; most of the time nothing changed, and
-- then nothing is written, so slot lists cached by guests stay valid. Otherwise as in
-- 20261123110000_calendars.sql.
create or replace function public.replace_external_busy(p_source_id bigint, p_spans jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner uuid;
begin
  select user_id into owner from public.calendar_sources where id = p_source_id for update;
  if owner is null then
    return; -- removed while syncing
  end if;
  if (select coalesce(array_agg(r order by r), '{}')
      from (select tstzrange((s->>0)::timestamptz, (s->>1)::timestamptz, '[)') r
            from jsonb_array_elements(p_spans) s where (s->>0)::timestamptz < (s->>1)::timestamptz) fresh)
     is distinct from (select coalesce(array_agg(during order by during), '{}') from public.external_busy where source_id = p_source_id) then
    delete from public.external_busy where source_id = p_source_id;
    insert into public.external_busy (source_id, user_id, during)
    select p_source_id, owner, tstzrange((s->>0)::timestamptz, (s->>1)::timestamptz, '[)')
    from jsonb_array_elements(p_spans) s
    where (s->>0)::timestamptz < (s->>1)::timestamptz;
  end if;
  update public.calendar_sources set last_synced_at = now() where id = p_source_id;
end;
$$;

revoke all on function private.bump_schedule_versions(uuid[], bigint[]), private.bump_versions_of_changed_rows(),
  private.bump_version_of_profile(), private.bump_version_of_team() from public;
revoke all on table private.schedule_versions from public, anon, authenticated;
