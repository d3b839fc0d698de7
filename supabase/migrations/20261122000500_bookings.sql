-- Bookings and the busy intervals that make double booking impossible.

create type public.booking_status as enum ('pending', 'confirmed', 'cancelled', 'completed');

create table public.bookings (
  id bigint generated always as identity primary key,
  event_type_id bigint,
  team_event_type_id bigint,
  -- Host of a personal booking; null for a team booking.
  user_id uuid references public.profiles (id) on delete cascade,
  team_id bigint references public.teams (id) on delete cascade,
  -- Team member the booking is assigned to (null until assigned).
  assigned_user_id uuid,
  guest_name text not null constraint bookings_guest_name_present check (btrim(guest_name) <> ''),
  guest_email text not null constraint bookings_guest_email_format check (guest_email ~ '^[^@\s]+@[^@\s]+$'),
  guest_phone text,
  guest_company text,
  notes text,
  start_time timestamptz not null,
  end_time timestamptz not null,
  status public.booking_status not null default 'confirmed',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint bookings_start_before_end check (start_time < end_time),
  -- Either personal (event type + host) or team (team event type + team), never a mix.
  constraint bookings_kind check (
    (event_type_id is not null and user_id is not null and team_event_type_id is null and team_id is null and assigned_user_id is null)
    or (team_event_type_id is not null and team_id is not null and event_type_id is null and user_id is null)
  ),
  constraint bookings_event_type_fkey foreign key (event_type_id, user_id)
    references public.event_types (id, user_id) on delete cascade,
  constraint bookings_team_event_type_fkey foreign key (team_event_type_id, team_id)
    references public.team_event_types (id, team_id) on delete cascade,
  -- The assignee must be a member of the team; leaving the team (or deleting the user) clears it.
  constraint bookings_assigned_member_fkey foreign key (team_id, assigned_user_id)
    references public.team_members (team_id, user_id) on delete set null (assigned_user_id)
);
create index bookings_user_start_idx on public.bookings (user_id, start_time) where user_id is not null;
create index bookings_event_type_idx on public.bookings (event_type_id, user_id) where event_type_id is not null;
create index bookings_team_start_idx on public.bookings (team_id, start_time) where team_id is not null;
create index bookings_team_event_type_idx on public.bookings (team_event_type_id, team_id) where team_event_type_id is not null;
create index bookings_assigned_idx on public.bookings (team_id, assigned_user_id) where assigned_user_id is not null;
create index bookings_assigned_user_start_idx on public.bookings (assigned_user_id, start_time) where assigned_user_id is not null;
create trigger bookings_updated_at before update on public.bookings
  for each row execute function private.set_updated_at();

-- pending → confirmed | cancelled | completed, confirmed → cancelled | completed; cancelled and
-- completed are final (spec section 4: cancelled is not offered again).
create or replace function private.check_booking_transition()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status is distinct from old.status
     and not (old.status = 'pending' and new.status in ('confirmed', 'cancelled', 'completed')
              or old.status = 'confirmed' and new.status in ('cancelled', 'completed')) then
    raise exception 'A % booking cannot become %', old.status, new.status using errcode = '22023';
  end if;
  return new;
end;
$$;
create trigger bookings_status_transition before update of status on public.bookings
  for each row execute function private.check_booking_transition();

-- One row per person a booking occupies: the host of a personal booking, the assignee of a team
-- booking, every member for a requires-all-members booking. The exclusion constraint refuses two
-- active rows of one person that overlap, whichever transaction comes second, so there is no
-- check-then-write race. `active` is false once the booking is cancelled.
create table public.booking_busy (
  booking_id bigint not null references public.bookings (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  during tstzrange not null,
  active boolean not null default true,
  primary key (booking_id, user_id),
  constraint booking_busy_no_overlap exclude using gist (user_id with =, during with &&) where (active)
);
create index booking_busy_user_id_idx on public.booking_busy (user_id);

-- Busy rows follow their booking: who it occupies, when, and whether it is cancelled.
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
end;
$$;
create trigger bookings_busy_insert after insert on public.bookings
  for each row execute function private.sync_booking_busy();
create trigger bookings_busy_update after update of start_time, end_time, status, assigned_user_id on public.bookings
  for each row execute function private.sync_booking_busy();

-- A member who leaves a team no longer holds time for its bookings (a requires-all-members booking
-- keeps the others). The assignment itself is cleared by bookings_assigned_member_fkey.
create or replace function private.release_member_busy()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.booking_busy bb
  using public.bookings b
  where b.id = bb.booking_id and b.team_id = old.team_id and bb.user_id = old.user_id;
  return old;
end;
$$;
create trigger team_members_release_busy after delete on public.team_members
  for each row execute function private.release_member_busy();

revoke all on all functions in schema private from public;
