-- The tables of the product: profiles and settings, teams, event types and weekly availability, and
-- bookings with the busy intervals that make double booking impossible. Every column is here, those
-- of later features too (per-event-type rules, the booking lifecycle's fields); policies are in the
-- rls migration, and each feature's own rules (limits, mails, manage link) in its migration.

-- Profiles (the app fields of a user, 1:1 with auth.users) and user settings (one row per user) -------

-- Words the web app routes on or may route on: a handle equal to one of them would be shadowed by
-- the route (the handle page is the catch-all /{handle}).
create or replace function private.is_reserved_handle(p_handle text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select lower(p_handle) = any (array[
    'login', 'logout', 'register', 'signup', 'signin', 'sign-in', 'sign-up', 'dashboard', 'api', 'auth',
    'book', 'booking', 'bookings', 'calendar', 'team', 'teams', 'profile', 'profiles', 'availability',
    'settings', 'terms', 'privacy', 'forgot-password', 'reset-password', 'event-types', 'events',
    'admin', 'root', 'support', 'help', 'about', 'contact', 'home', 'index', 'explore', 'community',
    'social', 'directory', 'search', 'users', 'user', 'handle', 'me', 'new', 'assets', 'static',
    'public', 'rest', 'storage', 'functions', 'inbox', 'local-idp', 'callback', 'verify', 'www',
    'null', 'undefined', '404'
  ]);
$$;

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  -- Copied from auth.users by trigger; readable only by the user and team-mates (RLS).
  email text,
  handle text,
  first_name text,
  last_name text,
  profile_image_url text,
  timezone text not null default 'UTC',
  bio text,
  title text,
  company text,
  location text,
  website text,
  linkedin text,
  twitter text,
  instagram text,
  is_public_profile boolean not null default false,
  is_calendar_public boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint profiles_handle_format check (handle ~ '^[a-z0-9_-]{3,30}$'),
  constraint profiles_handle_not_reserved check (not private.is_reserved_handle(handle))
);
alter table public.profiles enable row level security;
comment on table public.profiles is 'App fields of a user (id = auth.users.id). Public reads go through directory_profiles/public_profile*.';
-- Case-insensitive uniqueness; the handle is also stored lowercased (see normalise trigger).
create unique index profiles_handle_key on public.profiles (lower(handle));
create index profiles_directory_idx on public.profiles (updated_at desc) where is_public_profile;

-- The web sends what the user typed; store handles lowercased and empty ones as null.
create or replace function private.normalise_profile()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.handle := nullif(lower(btrim(new.handle)), '');
  return new;
end;
$$;

create trigger profiles_normalise before insert or update of handle on public.profiles
  for each row execute function private.normalise_profile();
create trigger profiles_timezone before insert or update of timezone on public.profiles
  for each row execute function private.check_timezone();
create trigger profiles_updated_at before update on public.profiles
  for each row execute function private.set_updated_at();

create table public.user_settings (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  buffer_before integer not null default 10 constraint user_settings_buffer_before_choice check (buffer_before in (0, 5, 10, 15, 30)),
  buffer_after integer not null default 10 constraint user_settings_buffer_after_choice check (buffer_after in (0, 5, 10, 15, 30)),
  minimum_notice integer not null default 1440 constraint user_settings_minimum_notice_choice check (minimum_notice in (0, 60, 120, 240, 1440, 2880)),
  max_future_bookings integer not null default 60 constraint user_settings_max_future_bookings_choice check (max_future_bookings in (7, 14, 30, 60, 90)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- How close to the start a guest may still cancel or reschedule online (hours).
  guest_change_notice integer not null default 0
    constraint user_settings_guest_change_notice_choice check (guest_change_notice in (0, 1, 2, 4, 12, 24, 48))
);
alter table public.user_settings enable row level security;
comment on column public.user_settings.minimum_notice is 'Minutes between now and the earliest bookable slot.';
comment on column public.user_settings.max_future_bookings is 'Booking horizon in days.';
comment on column public.user_settings.guest_change_notice is
  'Hours before the start inside which a guest can no longer cancel or reschedule online. Hosts are never bound by it.';
create trigger user_settings_updated_at before update on public.user_settings
  for each row execute function private.set_updated_at();

-- Sign-up (password or OAuth) creates the profile and the settings. Names come from the sign-up
-- metadata: firstName/lastName (the body of POST /api/auth/register), first_name/last_name (supabase-js callers),
-- given_name/family_name or full_name/name (Google, Apple).
-- A sign-up that names the person's time zone (the web app's sends the browser's) starts bookable:
-- Monday to Friday 09:00-17:00 in that zone (UTC when it is not a zone this server knows) and one
-- 30-minute event type (DEFAULT_WORKING_DAYS, DEFAULT_RANGE and FIRST_EVENT_TYPE_TITLE in
-- rules/constants.ts; supabase/tests/db/rules-match.test.ts ties them). One without keeps an empty week.
create or replace function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  full_name text := nullif(btrim(coalesce(meta ->> 'full_name', meta ->> 'name', '')), '');
  tz text := meta ->> 'timezone';
begin
  insert into public.profiles (id, email, first_name, last_name, profile_image_url, timezone)
  values (
    new.id,
    new.email,
    coalesce(nullif(btrim(coalesce(meta ->> 'firstName', meta ->> 'first_name', meta ->> 'given_name', '')), ''),
             split_part(full_name, ' ', 1)),
    coalesce(nullif(btrim(coalesce(meta ->> 'lastName', meta ->> 'last_name', meta ->> 'family_name', '')), ''),
             nullif(btrim(substr(full_name, length(split_part(full_name, ' ', 1)) + 1)), '')),
    coalesce(meta ->> 'avatar_url', meta ->> 'picture'),
    case when tz is not null and private.is_valid_timezone(tz) then tz else 'UTC' end
  );
  insert into public.user_settings (user_id) values (new.id);
  if meta ? 'timezone' then
    insert into public.availability_rules (user_id, day_of_week, start_time, end_time)
    select new.id, d, '09:00', '17:00' from generate_series(1, 5) d;
    insert into public.event_types (user_id, title) values (new.id, '30 Minute Meeting');
  end if;
  return new;
end;
$$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function private.handle_new_user();

-- An email change confirmed in Auth is mirrored on the profile.
create or replace function private.sync_user_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles set email = new.email where id = new.id;
  return new;
end;
$$;

create trigger on_auth_user_email_changed after update of email on auth.users
  for each row when (new.email is distinct from old.email)
  execute function private.sync_user_email();

-- Part of a CHECK constraint, evaluated as the caller.
grant execute on function private.is_reserved_handle(text) to anon, authenticated, service_role;

-- Teams, their members, event types and availability -------------------------------------------------

-- Closed sets as enums, so the generated TypeScript types carry them as unions.
create type public.team_role as enum ('owner', 'admin', 'member');
create type public.assignment_type as enum ('round_robin', 'least_busy', 'specific_member');

create table public.teams (
  id bigint generated always as identity primary key,
  name text not null constraint teams_name_present check (btrim(name) <> ''),
  description text,
  slug text not null constraint teams_slug_format check (slug ~ '^[a-z0-9-]+$' and length(slug) <= 100),
  owner_id uuid not null references public.profiles (id) on delete cascade,
  is_public boolean not null default false,
  timezone text not null default 'UTC',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint teams_slug_key unique (slug)
);
alter table public.teams enable row level security;
create index teams_owner_id_idx on public.teams (owner_id);
create trigger teams_timezone before insert or update of timezone on public.teams
  for each row execute function private.check_timezone();
create trigger teams_updated_at before update on public.teams
  for each row execute function private.set_updated_at();

create table public.team_members (
  id bigint generated always as identity primary key,
  team_id bigint not null references public.teams (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  role public.team_role not null default 'member',
  joined_at timestamptz not null default now(),
  constraint team_members_team_user_key unique (team_id, user_id)
);
alter table public.team_members enable row level security;
-- Exactly the team's creator holds the owner role (added by trigger below).
create unique index team_members_one_owner on public.team_members (team_id) where role = 'owner';
create index team_members_user_id_idx on public.team_members (user_id, team_id);

-- The creator of a team becomes its owner member.
create or replace function private.add_team_owner()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.team_members (team_id, user_id, role) values (new.id, new.owner_id, 'owner');
  return new;
end;
$$;
create trigger teams_add_owner after insert on public.teams
  for each row execute function private.add_team_owner();

-- Ownership does not move through an API update (the owner is never removed: docs/product/permissions.md).
create or replace function private.protect_team_owner()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.owner_id is distinct from old.owner_id and current_user in ('anon', 'authenticated') then
    raise exception 'The owner of a team cannot be changed' using errcode = '42501';
  end if;
  return new;
end;
$$;
create trigger teams_protect_owner before update of owner_id on public.teams
  for each row execute function private.protect_team_owner();

-- Event types and weekly availability, of a person or a team ---------------------------------------
-- One table per concept, whoever owns the row: a host (user_id) or a team (team_id), never both. The
-- policies ask private.acts_for(user_id, team_id, …) (rls migration), so one policy per action serves
-- both owners.

-- An event type's duration: a host picks one of DURATIONS; a team's form takes any multiple of 15
-- from 15 to a day (TEAM_DURATION_STEP, TEAM_DURATION_MAX in rules/constants.ts).
create or replace function private.is_event_duration(p_duration integer, p_team boolean)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case when p_team then p_duration between 15 and 1440 and p_duration % 15 = 0
              else p_duration in (15, 30, 45, 60, 90, 120) end;
$$;
-- Part of a CHECK constraint, evaluated as the caller.
grant execute on function private.is_event_duration(integer, boolean) to authenticated, service_role;

create table public.event_types (
  -- Random, not sequential: the id is the direct link a private host shares (private.random_id).
  id bigint primary key default private.random_id(),
  -- Exactly one owner: a host or a team.
  user_id uuid references public.profiles (id) on delete cascade,
  team_id bigint references public.teams (id) on delete cascade,
  title text not null constraint event_types_title_present check (btrim(title) <> ''),
  description text,
  duration integer not null default 30,
  color public.event_color not null default '#3b82f6',
  is_active boolean not null default true,
  auto_confirm boolean not null default true,
  -- Price of one booking, the basis of dashboard revenue (a team's event types carry none).
  price_cents integer not null default 0 constraint event_types_price_not_negative check (price_cents >= 0),
  -- A team's only: how a booking finds its member (private.event_type_team_fields fills the team's
  -- defaults); null for a host's.
  requires_all_members boolean,
  assignment_type public.assignment_type,
  specific_member_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Per-event-type rules. A null rule falls back to the host's settings (personal) or to the team's
  -- defaults of no buffer, no notice and the 60-day horizon (team); null limits mean no limit.
  buffer_before public.buffer_minutes,
  buffer_after public.buffer_minutes,
  minimum_notice public.notice_minutes,
  max_future_bookings public.horizon_days,
  slot_interval public.slot_interval not null default '30',
  max_bookings_per_day public.day_booking_limit,
  max_bookings_per_week public.week_booking_limit,
  constraint event_types_one_owner check (num_nonnulls(user_id, team_id) = 1),
  constraint event_types_duration_choice check (private.is_event_duration(duration, team_id is not null)),
  constraint event_types_team_fields check (
    case when team_id is null then requires_all_members is null and assignment_type is null and specific_member_id is null
         else requires_all_members is not null and assignment_type is not null end),
  constraint event_types_specific_member_set
    check (assignment_type is distinct from 'specific_member' or specific_member_id is not null),
  constraint event_types_week_limit_not_below_day
    check (max_bookings_per_week is null or max_bookings_per_day is null or max_bookings_per_week >= max_bookings_per_day),
  -- Targets of the bookings foreign keys: a booking's host or team is its event type's owner.
  constraint event_types_id_user_key unique (id, user_id),
  constraint event_types_id_team_key unique (id, team_id),
  -- The specific member must belong to the team; leaving the team clears it (see the fields trigger).
  constraint event_types_specific_member_fkey foreign key (team_id, specific_member_id)
    references public.team_members (team_id, user_id) on delete set null (specific_member_id)
);
alter table public.event_types enable row level security;
comment on table public.event_types is 'Event types of a host (user_id) or a team (team_id). Guests read active ones through public_event_type(s).';
create index event_types_user_id_idx on public.event_types (user_id) where user_id is not null;
create index event_types_team_id_idx on public.event_types (team_id) where team_id is not null;
create index event_types_specific_member_idx on public.event_types (team_id, specific_member_id)
  where specific_member_id is not null;
create trigger event_types_updated_at before update on public.event_types
  for each row execute function private.set_updated_at();

-- A team's event type starts with the team's defaults (all members not required, round robin) unless
-- the writer chose; when its specific member leaves, it falls back to round robin instead of breaking.
create or replace function private.event_type_team_fields()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.team_id is not null then
    new.requires_all_members := coalesce(new.requires_all_members, false);
    new.assignment_type := coalesce(new.assignment_type, 'round_robin');
    if tg_op = 'UPDATE' and new.assignment_type = 'specific_member' and new.specific_member_id is null then
      new.assignment_type := 'round_robin';
    end if;
  end if;
  return new;
end;
$$;
create trigger event_types_team_fields before insert or update on public.event_types
  for each row execute function private.event_type_team_fields();

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

-- Bookings and the busy intervals that make double booking impossible -------------------------------

create type public.booking_status as enum ('pending', 'confirmed', 'cancelled', 'completed');

create table public.bookings (
  id bigint generated always as identity primary key,
  event_type_id bigint not null constraint bookings_event_type_fkey references public.event_types (id) on delete cascade,
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
  -- A public id for the guest's manage link (its token is derived from it by the functions; only the
  -- token's hash is kept here), a calendar identity (UID and SEQUENCE, RFC 5545) that a reschedule
  -- carries over, the guest's time zone, who cancelled and why, and the reschedule chain.
  uid uuid not null default gen_random_uuid() constraint bookings_uid_key unique,
  ical_uid text not null default (gen_random_uuid()::text || '@kairos'),
  ical_sequence integer not null default 0,
  guest_timezone text,
  cancelled_by text constraint bookings_cancelled_by_party check (cancelled_by in ('host', 'guest')),
  cancellation_reason text constraint bookings_cancellation_reason_length check (length(cancellation_reason) <= 500),
  rescheduled_from bigint references public.bookings (id) on delete set null constraint bookings_rescheduled_from_key unique,
  -- A reschedule points the old booking at the new one before the new one exists (its id is drawn
  -- first), so the old booking's cancellation already reads as a move and writes no CANCEL mail.
  rescheduled_to bigint references public.bookings (id) on delete set null deferrable initially deferred,
  manage_token_hash text,
  constraint bookings_start_before_end check (start_time < end_time),
  -- Either personal (a host) or team (a team, and maybe its assignee), never a mix; the owner is the
  -- event type's (the two owner keys below).
  constraint bookings_kind check (
    (user_id is not null and team_id is null and assigned_user_id is null)
    or (team_id is not null and user_id is null)
  ),
  constraint bookings_host_owns_event_type_fkey foreign key (event_type_id, user_id)
    references public.event_types (id, user_id) on delete cascade,
  constraint bookings_team_owns_event_type_fkey foreign key (event_type_id, team_id)
    references public.event_types (id, team_id) on delete cascade,
  -- The assignee must be a member of the team; leaving the team (or deleting the user) clears it.
  constraint bookings_assigned_member_fkey foreign key (team_id, assigned_user_id)
    references public.team_members (team_id, user_id) on delete set null (assigned_user_id)
);
alter table public.bookings enable row level security;
create index bookings_user_start_idx on public.bookings (user_id, start_time) where user_id is not null;
create index bookings_event_type_idx on public.bookings (event_type_id, user_id);
create index bookings_team_start_idx on public.bookings (team_id, start_time) where team_id is not null;
create index bookings_team_event_type_idx on public.bookings (event_type_id, team_id) where team_id is not null;
create index bookings_assigned_idx on public.bookings (team_id, assigned_user_id) where assigned_user_id is not null;
create index bookings_assigned_user_start_idx on public.bookings (assigned_user_id, start_time) where assigned_user_id is not null;
create index bookings_rescheduled_to_idx on public.bookings (rescheduled_to);
-- Reminders look for confirmed bookings starting within a day.
create index bookings_confirmed_start_idx on public.bookings (start_time) where status = 'confirmed';
comment on column public.bookings.uid is 'Public id of the booking in the guest''s manage link /booking/{uid}.';
comment on column public.bookings.ical_uid is 'UID of the booking''s calendar invites; the same for the bookings a reschedule chain links.';
comment on column public.bookings.ical_sequence is 'SEQUENCE of the invites: raised by every change of status or time, in the transaction of the change.';
comment on column public.bookings.guest_timezone is 'Time zone the guest booked in; their mails show times in it (null: the host''s).';
comment on column public.bookings.manage_token_hash is 'SHA-256 (hex) of the guest''s manage token; the token itself is never stored.';
create trigger bookings_updated_at before update on public.bookings
  for each row execute function private.set_updated_at();

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
alter table public.booking_busy enable row level security;
create index booking_busy_user_id_idx on public.booking_busy (user_id);

-- Busy rows follow their booking: who it occupies, when, and whether it is cancelled.
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
  if new.team_id is not null then
    select e.requires_all_members into all_members from public.event_types e where e.id = new.event_type_id;
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
    ) occupied
    -- Each busy row first locks its person's schedule version (booking_busy_version_first): in one
    -- order, two all-members bookings sharing people wait for each other instead of deadlocking.
    order by person;
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

-- What a row is born with stays: its owner, its team, its creation time ------------------------------
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
  for each row execute function private.keep_immutable('user_id', 'team_id', 'created_at');
create trigger event_types_random_id before insert on public.event_types
  for each row execute function private.stamp_random_id();
create trigger availability_rules_immutable before update on public.availability_rules
  for each row execute function private.keep_immutable('user_id', 'team_id');
create trigger bookings_immutable before insert or update on public.bookings
  for each row execute function private.keep_immutable('event_type_id', 'user_id', 'team_id', 'created_at');
create trigger teams_immutable before insert or update on public.teams
  for each row execute function private.keep_immutable('created_at');
create trigger team_members_immutable before insert or update on public.team_members
  for each row execute function private.keep_immutable('team_id', 'user_id', 'joined_at');

revoke all on all functions in schema private from public;
