-- The tables of the product: profiles and settings, event types and weekly availability, teams, and
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
  -- A sign-up through Google or Apple names no time zone: the web app's first visit sends the
  -- browser's (public.start_first_week), once.
  awaits_time_zone boolean not null default false,
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

-- A new host's first week: Monday to Friday 09:00-17:00 (in their profile's zone) and one 30-minute
-- event type (DEFAULT_WORKING_DAYS, DEFAULT_RANGE and FIRST_EVENT_TYPE_TITLE in rules/constants.ts;
-- supabase/tests/db/rules-match.test.ts ties them), each only where the person has none yet.
create or replace function private.start_week(p_user_id uuid)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if not exists (select 1 from public.availability_rules where user_id = p_user_id) then
    insert into public.availability_rules (user_id, day_of_week, start_time, end_time)
    select p_user_id, d, '09:00', '17:00' from generate_series(1, 5) d;
  end if;
  if not exists (select 1 from public.event_types where user_id = p_user_id) then
    insert into public.event_types (user_id, title) values (p_user_id, '30 Minute Meeting');
  end if;
end;
$$;

-- Sign-up (password or OAuth) creates the profile and the settings. Names come from the sign-up
-- metadata: firstName/lastName (the body of POST /api/auth/register), first_name/last_name (supabase-js callers),
-- given_name/family_name or full_name/name (Google, Apple).
-- A sign-up that names the person's time zone (the web app's sends the browser's) starts bookable in
-- that zone (UTC when it is not a zone this server knows): private.start_week. One through a provider
-- (Google, Apple) cannot name it: its profile awaits the zone, which the web app's first visit sends
-- (public.start_first_week). Any other (an API client, an admin) keeps an empty week.
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
  provider text := coalesce(new.raw_app_meta_data ->> 'provider', 'email');
begin
  insert into public.profiles (id, email, first_name, last_name, profile_image_url, timezone, awaits_time_zone)
  values (
    new.id,
    new.email,
    coalesce(nullif(btrim(coalesce(meta ->> 'firstName', meta ->> 'first_name', meta ->> 'given_name', '')), ''),
             split_part(full_name, ' ', 1)),
    coalesce(nullif(btrim(coalesce(meta ->> 'lastName', meta ->> 'last_name', meta ->> 'family_name', '')), ''),
             nullif(btrim(substr(full_name, length(split_part(full_name, ' ', 1)) + 1)), '')),
    coalesce(meta ->> 'avatar_url', meta ->> 'picture'),
    case when tz is not null and private.is_valid_timezone(tz) then tz else 'UTC' end,
    not meta ? 'timezone' and provider not in ('email', 'phone') and not coalesce(new.is_anonymous, false)
  );
  insert into public.user_settings (user_id) values (new.id);
  if meta ? 'timezone' then
    perform private.start_week(new.id);
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

-- A host's event types and weekly availability -------------------------------------------------------

create table public.event_types (
  -- Random, not sequential: the id is the direct link a private host shares (private.random_id).
  id bigint primary key default private.random_id(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  title text not null constraint event_types_title_present check (btrim(title) <> ''),
  description text,
  duration integer not null default 30 constraint event_types_duration_choice check (duration in (15, 30, 45, 60, 90, 120)),
  color public.event_color not null default '#3b82f6',
  is_active boolean not null default true,
  auto_confirm boolean not null default true,
  -- Price of one booking, the basis of dashboard revenue.
  price_cents integer not null default 0 constraint event_types_price_not_negative check (price_cents >= 0),
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
  constraint event_types_week_limit_not_below_day
    check (max_bookings_per_week is null or max_bookings_per_day is null or max_bookings_per_week >= max_bookings_per_day),
  -- Target of the bookings (event_type_id, user_id) foreign key: a booking's host is its event type's owner.
  constraint event_types_id_user_key unique (id, user_id)
);
alter table public.event_types enable row level security;
create index event_types_user_id_idx on public.event_types (user_id);
create trigger event_types_updated_at before update on public.event_types
  for each row execute function private.set_updated_at();

create table public.availability_rules (
  id bigint generated always as identity primary key,
  user_id uuid not null references public.profiles (id) on delete cascade,
  day_of_week smallint not null constraint availability_rules_day_of_week_range check (day_of_week between 0 and 6),
  start_time public.clock_time not null default '09:00',
  end_time public.clock_time not null default '17:00',
  is_enabled boolean not null default true,
  constraint availability_rules_start_before_end check (start_time < end_time)
);
alter table public.availability_rules enable row level security;
comment on column public.availability_rules.day_of_week is '0 = Sunday … 6 = Saturday';
create index availability_rules_user_id_idx on public.availability_rules (user_id, day_of_week);

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

create table public.team_event_types (
  id bigint generated always as identity primary key,
  team_id bigint not null references public.teams (id) on delete cascade,
  title text not null constraint team_event_types_title_present check (btrim(title) <> ''),
  description text,
  -- The team form offers any multiple of 15 from 15; a day is the sanity ceiling.
  duration integer not null default 30
    constraint team_event_types_duration_step check (duration >= 15 and duration <= 1440 and duration % 15 = 0),
  color public.event_color not null default '#3b82f6',
  is_active boolean not null default true,
  auto_confirm boolean not null default true,
  requires_all_members boolean not null default false,
  assignment_type public.assignment_type not null default 'round_robin',
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
  constraint team_event_types_week_limit_not_below_day
    check (max_bookings_per_week is null or max_bookings_per_day is null or max_bookings_per_week >= max_bookings_per_day),
  constraint team_event_types_id_team_key unique (id, team_id),
  constraint team_event_types_specific_member_set
    check (assignment_type <> 'specific_member' or specific_member_id is not null),
  -- The specific member must belong to the team; leaving the team clears it (see fallback trigger).
  constraint team_event_types_specific_member_fkey foreign key (team_id, specific_member_id)
    references public.team_members (team_id, user_id) on delete set null (specific_member_id)
);
alter table public.team_event_types enable row level security;
create index team_event_types_team_id_idx on public.team_event_types (team_id);
create index team_event_types_specific_member_idx on public.team_event_types (team_id, specific_member_id)
  where specific_member_id is not null;

-- When the specific member leaves, the event type falls back to round robin instead of breaking.
create or replace function private.team_event_type_fallback()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.assignment_type = 'specific_member' and new.specific_member_id is null then
    new.assignment_type := 'round_robin';
  end if;
  return new;
end;
$$;
create trigger team_event_types_fallback before update on public.team_event_types
  for each row execute function private.team_event_type_fallback();
create trigger team_event_types_updated_at before update on public.team_event_types
  for each row execute function private.set_updated_at();

create table public.team_availability (
  id bigint generated always as identity primary key,
  team_id bigint not null references public.teams (id) on delete cascade,
  day_of_week smallint not null constraint team_availability_day_of_week_range check (day_of_week between 0 and 6),
  start_time public.clock_time not null default '09:00',
  end_time public.clock_time not null default '17:00',
  is_enabled boolean not null default true,
  constraint team_availability_start_before_end check (start_time < end_time)
);
alter table public.team_availability enable row level security;
comment on column public.team_availability.start_time is 'HH:MM in the team''s time zone';
create index team_availability_team_id_idx on public.team_availability (team_id, day_of_week);

-- Bookings and the busy intervals that make double booking impossible -------------------------------

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
alter table public.bookings enable row level security;
create index bookings_user_start_idx on public.bookings (user_id, start_time) where user_id is not null;
create index bookings_event_type_idx on public.bookings (event_type_id, user_id) where event_type_id is not null;
create index bookings_team_start_idx on public.bookings (team_id, start_time) where team_id is not null;
create index bookings_team_event_type_idx on public.bookings (team_event_type_id, team_id) where team_event_type_id is not null;
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
  for each row execute function private.keep_immutable('user_id', 'created_at');
create trigger event_types_random_id before insert on public.event_types
  for each row execute function private.stamp_random_id();
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

revoke all on all functions in schema private from public;
