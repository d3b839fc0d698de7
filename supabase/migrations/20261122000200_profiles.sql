-- Profiles (the app fields of a user, 1:1 with auth.users) and user settings (one row per user).

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
  updated_at timestamptz not null default now()
);
comment on column public.user_settings.minimum_notice is 'Minutes between now and the earliest bookable slot.';
comment on column public.user_settings.max_future_bookings is 'Booking horizon in days.';
create trigger user_settings_updated_at before update on public.user_settings
  for each row execute function private.set_updated_at();

-- Sign-up (password or OAuth) creates the profile and the settings. Names come from the sign-up
-- metadata: firstName/lastName (spec's register body), first_name/last_name (supabase-js callers),
-- given_name/family_name or full_name/name (Google, Apple).
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

revoke all on all functions in schema private from public;
-- Part of a CHECK constraint, evaluated as the caller.
grant execute on function private.is_reserved_handle(text) to anon, authenticated, service_role;
