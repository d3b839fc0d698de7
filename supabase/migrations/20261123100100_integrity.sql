-- What a row is born with stays: its owner, its team, its creation time. Booking statuses follow
-- the clock. Errors leave the database without other people's data, and arrays a caller sends are
-- bounded.

-- Immutable columns ---------------------------------------------------------------------------------
-- A trigger rather than column grants: a column added later stays writable without a new grant, and
-- the rule holds for every role, functions included. Creation times sent by an API caller are
-- replaced by the server's (a client cannot backdate a row); seed and migrations keep theirs.
create or replace function private.keep_immutable()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  col text;
begin
  if tg_op = 'INSERT' then
    if current_user in ('anon', 'authenticated') then
      new := jsonb_populate_record(new, coalesce((
        select jsonb_object_agg(c, now()) from unnest(tg_argv) c where c in ('created_at', 'joined_at')), '{}'));
    end if;
    return new;
  end if;
  foreach col in array tg_argv loop
    if (to_jsonb(new) -> col) is distinct from (to_jsonb(old) -> col) then
      raise exception '% cannot be changed', col using errcode = '42501';
    end if;
  end loop;
  return new;
end;
$$;
comment on function private.keep_immutable() is
  'Trigger: refuses a change to the columns named as arguments; stamps created_at/joined_at on API inserts.';

create trigger profiles_immutable before insert or update on public.profiles
  for each row execute function private.keep_immutable('id', 'created_at');
create trigger user_settings_immutable before insert or update on public.user_settings
  for each row execute function private.keep_immutable('user_id', 'created_at');
create trigger event_types_immutable before insert or update on public.event_types
  for each row execute function private.keep_immutable('user_id', 'created_at');
create trigger availability_rules_immutable before update on public.availability_rules
  for each row execute function private.keep_immutable('user_id');
create trigger bookings_immutable before insert or update on public.bookings
  for each row execute function private.keep_immutable('event_type_id', 'team_event_type_id', 'user_id', 'team_id', 'created_at');
create trigger teams_immutable before insert or update on public.teams
  for each row execute function private.keep_immutable('created_at');
create trigger team_members_immutable before insert or update on public.team_members
  for each row execute function private.keep_immutable('team_id', 'user_id', 'joined_at');
create trigger team_event_types_immutable before insert or update on public.team_event_types
  for each row execute function private.keep_immutable('team_id', 'created_at');
create trigger team_availability_immutable before update on public.team_availability
  for each row execute function private.keep_immutable('team_id');

-- Booking statuses ------------------------------------------------------------------------------------
-- pending → confirmed | cancelled; confirmed → cancelled, or completed once it has ended; cancelled
-- and completed are final. Whoever writes (REST, a function, the dashboard): a meeting that has not
-- happened yet cannot be marked as held, and one never confirmed was not held at all.
create or replace function private.check_booking_transition()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status is not distinct from old.status then
    return new;
  end if;
  if not (old.status = 'pending' and new.status in ('confirmed', 'cancelled')
          or old.status = 'confirmed' and new.status in ('cancelled', 'completed')) then
    raise exception 'A % booking cannot become %', old.status, new.status using errcode = '22023';
  end if;
  if new.status = 'completed' and new.end_time > now() then
    raise exception 'A booking is completed only once it has ended' using errcode = '22023';
  end if;
  return new;
end;
$$;

-- Errors without other people's data ------------------------------------------------------------------
-- The exclusion constraint's own error names the other booking's person and time range. Whoever
-- caused it (a guest, an admin assigning a member) learns only that the time is taken.
create or replace function private.sync_booking_busy()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  all_members boolean := false;
  span tstzrange := tstzrange(new.start_time, new.end_time, '[)');
  is_active boolean := new.status <> 'cancelled';
begin
  if new.team_event_type_id is not null then
    select requires_all_members into all_members from public.team_event_types where id = new.team_event_type_id;
  end if;

  if tg_op = 'INSERT' then
    insert into public.booking_busy (booking_id, user_id, during, active)
    select new.id, person, span, is_active
    from (
      select new.user_id as person where new.user_id is not null
      union
      select new.assigned_user_id where new.assigned_user_id is not null
      union
      select m.user_id from public.team_members m where all_members and m.team_id = new.team_id
    ) occupied;
    return new;
  end if;

  if new.assigned_user_id is distinct from old.assigned_user_id and not all_members then
    delete from public.booking_busy where booking_id = new.id and user_id = old.assigned_user_id;
  end if;
  update public.booking_busy set during = span, active = is_active
  where booking_id = new.id and (during <> span or active <> is_active);
  if new.assigned_user_id is distinct from old.assigned_user_id and new.assigned_user_id is not null then
    insert into public.booking_busy (booking_id, user_id, during, active)
    values (new.id, new.assigned_user_id, span, is_active)
    on conflict (booking_id, user_id) do nothing;
  end if;
  return new;
exception when exclusion_violation then
  raise exception 'This time slot is no longer available' using errcode = '23P01';
end;
$$;

-- Bounded arrays ---------------------------------------------------------------------------------------
-- public_busy is anyone's to call: at most 200 people at once (a team page asks for its members).
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
  perform private.check_rule_count(p_rules);
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

-- The policies alone decide who may replace a team's week (no role check of its own). A delete the
-- policies refused leaves visible rows behind, and is reported as the refusal it is rather than an
-- empty week that "succeeded"; an insert they refuse fails by itself.
create or replace function public.replace_team_availability(p_team_id bigint, p_rules jsonb)
returns setof public.team_availability
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform private.check_rule_count(p_rules);
  delete from public.team_availability where team_id = p_team_id;
  if exists (select 1 from public.team_availability a where a.team_id = p_team_id) then
    raise exception 'You cannot change this team''s availability' using errcode = '42501';
  end if;
  return query
    insert into public.team_availability (team_id, day_of_week, start_time, end_time, is_enabled)
    select p_team_id, r.day_of_week, r.start_time::public.clock_time, r.end_time::public.clock_time,
           coalesce(r.is_enabled, true)
    from jsonb_to_recordset(coalesce(p_rules, '[]'::jsonb))
      as r(day_of_week smallint, start_time text, end_time text, is_enabled boolean)
    returning *;
end;
$$;

revoke all on all functions in schema private from public;
grant execute on function private.check_rule_count(jsonb) to authenticated, service_role;
