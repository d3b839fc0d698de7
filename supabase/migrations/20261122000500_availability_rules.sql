-- Availability that fits real lives: date overrides (of a host or a team), time off, per-event-type
-- rules (buffers, notice, horizon, slot interval) and booking limits per day and per week. The slot
-- engine in supabase/functions/_shared reads all of them; the database keeps the closed sets, who may
-- change what, and the limits under concurrent bookings.

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
returns setof public.date_overrides
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
  perform private.check_rule_count(p_ranges);
  delete from public.date_overrides o where (o.user_id = me or o.team_id = p_team_id) and o.date = p_date;
  if exists (select 1 from public.date_overrides o where (o.user_id = me or o.team_id = p_team_id) and o.date = p_date) then
    raise exception 'You cannot change this team''s availability' using errcode = '42501';
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

-- Booking limits under concurrency ----------------------------------------------------------------
-- The booking function checks the limits with the slot engine, but two guests may pass that check at
-- once. This trigger settles it: for an event type with a limit it locks the event type's row, so
-- bookings of that type are counted one after another, and refuses the one over the limit as the
-- exclusion constraint refuses an overlap (23P01: the slot is no longer available). Days and weeks
-- (Monday first) are the host's, or the team's, local ones.
create or replace function private.enforce_booking_limits()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  per_day integer;
  per_week integer;
  tz text;
  local_day date;
  week_start date;
begin
  if new.status = 'cancelled' or (tg_op = 'UPDATE' and new.start_time = old.start_time) then
    return new;
  end if;
  select e.max_bookings_per_day, e.max_bookings_per_week into per_day, per_week
  from public.event_types e where e.id = new.event_type_id;
  if per_day is null and per_week is null then
    return new;
  end if;

  -- Lock, then read again: a limit changed meanwhile is the one that counts.
  select e.max_bookings_per_day, e.max_bookings_per_week, coalesce(p.timezone, t.timezone) into per_day, per_week, tz
  from public.event_types e
  left join public.profiles p on p.id = e.user_id
  left join public.teams t on t.id = e.team_id
  where e.id = new.event_type_id
  for no key update of e;
  tz := coalesce(tz, 'UTC');
  local_day := (new.start_time at time zone tz)::date;
  week_start := local_day - (extract(isodow from local_day)::integer - 1);

  if per_day is not null and private.count_event_bookings(new, tz, local_day, local_day + 1) >= per_day
     or per_week is not null and private.count_event_bookings(new, tz, week_start, week_start + 7) >= per_week then
    raise exception 'This time slot is no longer available' using errcode = '23P01',
      detail = 'The event type''s booking limit for that day or week is reached.';
  end if;
  return new;
end;
$$;

-- Other non-cancelled bookings of the same event type starting on the local dates [p_from, p_to).
create or replace function private.count_event_bookings(p_booking public.bookings, p_tz text, p_from date, p_to date)
returns integer
language sql
stable
set search_path = ''
as $$
  select count(*)::integer from public.bookings b
  where b.status <> 'cancelled'
    and b.id is distinct from p_booking.id
    and b.event_type_id = p_booking.event_type_id
    and b.start_time >= p_from::timestamp at time zone p_tz
    and b.start_time < p_to::timestamp at time zone p_tz;
$$;

create trigger bookings_enforce_limits before insert or update of start_time on public.bookings
  for each row execute function private.enforce_booking_limits();

-- Counting bookings of one event type in a window (the trigger above and the slot loader).
create index bookings_event_type_start_idx on public.bookings (event_type_id, start_time);

revoke all on all functions in schema private from public;
