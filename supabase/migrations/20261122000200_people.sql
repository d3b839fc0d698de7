-- People: profiles (the app fields of a user, 1:1 with auth.users) and their settings, what a sign-up
-- creates, handles, and the public reads of the directory and profiles. A profile's read policy is
-- in the teams migration: team-mates read each other's, and that needs the team helpers.

-- Profiles (the app fields of a user, 1:1 with auth.users) and user settings (one row per user) -------

-- Words the web app routes on or may route on: a handle equal to one of them would be shadowed by
-- the route (the handle page is the catch-all /{handle}).
create or replace function private.is_reserved_handle(p_handle text)
returns boolean language sql immutable set search_path = ''
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

-- The languages Kairos speaks (web/src/i18n/locales.ts LOCALES; supabase/tests/db/locales.test.ts
-- holds the two lists equal): a profile's language is one of them.
create or replace function private.is_known_locale(p_locale text)
returns boolean language plpgsql immutable set search_path = ''
as $$
begin
  return p_locale in ('en', 'es', 'fr', 'de', 'pt-BR', 'ja', 'ar');
end;
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
  -- The language the app and the host's mails speak to them: the one they signed up in, then theirs
  -- to change.
  locale text not null default 'en' constraint profiles_locale_known check (private.is_known_locale(locale)),
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
comment on table public.profiles is 'App fields of a user (id = auth.users.id). Public reads go through directory_profiles/public_profile.';
-- Case-insensitive uniqueness; the handle is also stored lowercased (see normalise trigger).
create unique index profiles_handle_key on public.profiles (lower(handle));
create index profiles_directory_idx on public.profiles (updated_at desc) where is_public_profile;

-- The web sends what the user typed; store handles lowercased and empty ones as null.
create or replace function private.normalise_profile()
returns trigger language plpgsql set search_path = ''
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
returns void language plpgsql security invoker set search_path = ''
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
returns trigger language plpgsql security definer set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  full_name text := nullif(btrim(coalesce(meta ->> 'full_name', meta ->> 'name', '')), '');
  tz text := meta ->> 'timezone';
  language text := meta ->> 'locale';
  provider text := coalesce(new.raw_app_meta_data ->> 'provider', 'email');
begin
  insert into public.profiles (id, email, first_name, last_name, profile_image_url, timezone, locale, awaits_time_zone)
  values (
    new.id,
    new.email,
    coalesce(nullif(btrim(coalesce(meta ->> 'firstName', meta ->> 'first_name', meta ->> 'given_name', '')), ''),
             split_part(full_name, ' ', 1)),
    coalesce(nullif(btrim(coalesce(meta ->> 'lastName', meta ->> 'last_name', meta ->> 'family_name', '')), ''),
             nullif(btrim(substr(full_name, length(split_part(full_name, ' ', 1)) + 1)), '')),
    coalesce(meta ->> 'avatar_url', meta ->> 'picture'),
    case when tz is not null and private.is_valid_timezone(tz) then tz else 'UTC' end,
    -- The page's language at sign-up; a provider's own tag (Google's 'es-419') Kairos does not speak.
    case when private.is_known_locale(language) then language else 'en' end,
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

-- A sign-up through Google or Apple named no time zone (profiles.awaits_time_zone): the web app's
-- first visit sends the browser's. Once: the zone is set (UTC when this server does not know it, as
-- at a web sign-up) and the week starts as a web sign-up's does, where the person has no hours or
-- event type of their own yet. The caller's own profile only; false when there is nothing to do.
create or replace function public.start_first_week(p_timezone text)
returns boolean language plpgsql security definer set search_path = ''
as $$
declare
  me uuid := private.signed_in_user();
begin
  perform private.require_assurance();
  update public.profiles
     set timezone = case when private.is_valid_timezone(p_timezone) then p_timezone else 'UTC' end,
         awaits_time_zone = false
   where id = me and awaits_time_zone;
  if not found then
    return false;
  end if;
  perform private.start_week(me);
  return true;
end;
$$;
comment on function public.start_first_week(text) is
  'A provider sign-up''s first visit: its zone (the browser''s) and the first week, once.';
revoke all on function public.start_first_week(text) from public, anon, service_role;
grant execute on function public.start_first_week(text) to authenticated;

-- An email change confirmed in Auth is mirrored on the profile.
create or replace function private.sync_user_email()
returns trigger language plpgsql security definer set search_path = ''
as $$
begin
  update public.profiles set email = new.email where id = new.id;
  return new;
end;
$$;

create trigger on_auth_user_email_changed after update of email on auth.users
  for each row when (new.email is distinct from old.email)
  execute function private.sync_user_email();

-- Parts of CHECK constraints, evaluated as the caller.
grant execute on function private.is_reserved_handle(text) to anon, authenticated, service_role;
grant execute on function private.is_known_locale(text) to anon, authenticated, service_role;

create trigger profiles_immutable before insert or update on public.profiles
  for each row execute function private.keep_immutable('id', 'created_at');
create trigger user_settings_immutable before insert or update on public.user_settings
  for each row execute function private.keep_immutable('user_id', 'created_at');

-- A host is visible on public pages when either discoverability switch is on
-- (docs/product/permissions.md).
create or replace function private.is_visible_host(p_user_id uuid)
returns boolean language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.profiles p where p.id = p_user_id and (p.is_public_profile or p.is_calendar_public));
$$;
grant execute on function private.is_visible_host(uuid) to anon, authenticated, service_role;

-- Privileges, from none (see the foundation migration): only what each role needs.
revoke all on public.profiles, public.user_settings from anon, authenticated, service_role;
-- The functions read a host's zone for a calendar (service role).
grant select on public.profiles to service_role;

grant select on public.profiles to authenticated;
grant update (handle, first_name, last_name, profile_image_url, timezone, locale, bio, title, company, location, website,
  linkedin, twitter, instagram, is_public_profile, is_calendar_public) on public.profiles to authenticated;
grant select, insert, update on public.user_settings to authenticated;
create policy "Users update their own profile" on public.profiles
  for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

-- user_settings -----------------------------------------------------------------------------------
-- No delete: every user always has exactly one settings row.
create policy "Users read their own settings" on public.user_settings
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Users create their own settings" on public.user_settings
  for insert to authenticated with check (user_id = (select auth.uid()));
comment on policy "Users create their own settings" on public.user_settings is
  'The row is created at sign-up; this lets a client upsert it.';
create policy "Users update their own settings" on public.user_settings
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
-- Handles ---------------------------------------------------------------------------------------------
create or replace function public.check_handle(p_handle text)
returns jsonb language plpgsql stable security definer set search_path = ''
as $$
declare
  wanted text := lower(btrim(coalesce(p_handle, '')));
  holder uuid;
begin
  if wanted !~ '^[a-z0-9_-]{3,30}$' then
    return jsonb_build_object('available', false, 'reason', 'format',
      'message', 'Handle must be 3-30 characters: lowercase letters, numbers, underscores and hyphens');
  end if;
  if private.is_reserved_handle(wanted) then
    return jsonb_build_object('available', false, 'reason', 'reserved', 'message', 'This handle is reserved');
  end if;
  select id into holder from public.profiles where lower(handle) = wanted;
  if holder is null then
    return jsonb_build_object('available', true, 'reason', 'free', 'message', 'Handle is available');
  elsif holder = (select auth.uid()) then
    return jsonb_build_object('available', true, 'reason', 'yours', 'message', 'This is your current handle');
  end if;
  return jsonb_build_object('available', false, 'reason', 'taken', 'message', 'Handle is already taken');
end;
$$;

-- Directory and public profiles ---------------------------------------------------------------------------
create or replace function public.directory_profiles()
returns table (id uuid, handle text, first_name text, last_name text, profile_image_url text, title text, bio text,
  company text, location text)
language sql
stable
security definer
set search_path = ''
as $$
  select p.id, p.handle, p.first_name, p.last_name, p.profile_image_url, p.title, p.bio, p.company, p.location
  from public.profiles p
  where p.is_public_profile
  order by p.updated_at desc, p.id;
$$;

-- A visible host's public profile, by id (p_user_id) or by handle (p_handle, in any case): the public
-- calendar's header, /{handle}, GET /api/users/{id} and /api/users/handle/{handle}.
create or replace function public.public_profile(p_user_id uuid default null, p_handle text default null)
returns table (id uuid, handle text, first_name text, last_name text, profile_image_url text, timezone text, bio text,
  title text, company text, location text, website text, linkedin text, twitter text, instagram text,
  is_public_profile boolean, is_calendar_public boolean)
language sql stable security definer set search_path = ''
as $$
  select p.id, p.handle, p.first_name, p.last_name, p.profile_image_url, p.timezone, p.bio, p.title, p.company,
    p.location, p.website, p.linkedin, p.twitter, p.instagram, p.is_public_profile, p.is_calendar_public
  from public.profiles p
  where (p.id = p_user_id or lower(p.handle) = lower(btrim(p_handle))) and (p.is_public_profile or p.is_calendar_public);
$$;
-- Execute rights: Postgres lets PUBLIC execute a new function (and an older project's default
-- privileges the API roles too); decide each one.
revoke all on function public.check_handle(text), public.directory_profiles(), public.public_profile(uuid, text)
  from public, anon, authenticated;
grant execute on function public.check_handle(text), public.directory_profiles(), public.public_profile(uuid, text)
  to anon, authenticated, service_role;

revoke all on all functions in schema private from public;
