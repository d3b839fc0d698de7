-- Foundation: extensions and the `private` schema for helpers that must not be exposed through the
-- API (PostgREST serves `public` only). Trigger functions and RLS helpers live there.

create extension if not exists btree_gist with schema extensions;

create schema if not exists private;
revoke all on schema private from public;
-- Policies evaluated for anon/authenticated call helpers in this schema, so those roles need usage;
-- execute is granted function by function: each migration that adds functions here ends by taking
-- execute from PUBLIC (Postgres gives it to every new function).
grant usage on schema private to anon, authenticated, service_role;

-- Privileges, in every migration: every grant starts from none (a project created since 2026-05-30 grants nothing by
-- default, an older one everything); an action nobody may take through the API is refused by
-- privilege, and column grants keep identity and ownership columns out of reach.
-- Each migration grants what it creates, to the roles that use it (supabase/tests/db/grants.test.ts
-- lists them all).

-- Refusals: every `raise exception` a caller can meet names its sentence's rule in HINT (the id of
-- supabase/functions/_shared/i18n/rules/en.ts) and the values it names in DETAIL, as JSON; the
-- functions and the web say it in the reader's language by that id (docs/languages.md).

-- Closed sets shared by several tables.
-- 'HH:MM' on the half hour, 00:00 to 23:30: the 48 time choices (docs/product/constants.md). There
-- is no 24:00, so a day's last range ends at 23:30 at the latest; zero-padded text compares in time
-- order.
create domain public.clock_time as text
  constraint clock_time_half_hour check (value ~ '^([01][0-9]|2[0-3]):(00|30)$');
-- The six event colours (docs/product/constants.md).
create domain public.event_color as text
  constraint event_color_choice check (value in ('#3b82f6', '#10b981', '#f59e0b', '#ef4444', '#8b5cf6', '#06b6d4'));
-- The scheduling choices, shared by both kinds of event type.
create domain public.buffer_minutes as integer
  constraint buffer_minutes_choice check (value in (0, 5, 10, 15, 30));
create domain public.notice_minutes as integer
  constraint notice_minutes_choice check (value in (0, 60, 120, 240, 1440, 2880));
create domain public.horizon_days as integer
  constraint horizon_days_choice check (value in (7, 14, 30, 60, 90));
-- Booking limits of an event type (null: no limit).
create domain public.day_booking_limit as integer
  constraint day_booking_limit_range check (value between 1 and 100);
create domain public.week_booking_limit as integer
  constraint week_booking_limit_range check (value between 1 and 500);
-- Minutes between offered start times, or the event's own duration (back-to-back meetings).
create type public.slot_interval as enum ('15', '30', '60', 'duration');

-- Maintains updated_at on every update, whatever the client sends.
create or replace function private.set_updated_at()
returns trigger language plpgsql set search_path = ''
as $$
begin
  new.updated_at := now();
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
  end if;
  return new;
end;
$$;

-- The id of a row whose id is a link anyone may hold (/book/{eventTypeId}): random, so one link says
-- nothing about another (sequential ids let anyone count through every host's event types), and
-- between 1 and 2^53 - 1, a number the link and JavaScript carry exactly. 56 random bits folded into
-- that range; a collision is a unique violation, as improbable as guessing a link.
create or replace function private.random_id()
returns bigint language sql volatile security definer set search_path = ''
as $$
  select 1 + (('x' || encode(extensions.gen_random_bytes(7), 'hex'))::bit(56)::bigint % 9007199254740991);
$$;

-- Trigger: an id sent through the API is replaced by a random one; only the server picks link ids.
create or replace function private.stamp_random_id()
returns trigger language plpgsql set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    new.id := private.random_id();
  end if;
  return new;
end;
$$;
-- The event_types id default, evaluated as the inserting role.
grant execute on function private.random_id() to authenticated, service_role;

-- A time zone is valid when the server's time zone data names it (pg_timezone_names). That view reads
-- and parses every zone file of the server at each query: 15-100 ms of CPU per call, and every booking
-- a guest makes carries their zone (bookings.guest_timezone), as do profile and team changes. The
-- names are copied here once; a name missing from the copy (zone data newer than the copy, or no
-- zone at all) is still decided by the view, so the answer is the view's.
create table private.timezone_names (name text primary key);
comment on table private.timezone_names is
  'Copy of pg_timezone_names(name), read by private.is_valid_timezone; not reachable through the API.';
insert into private.timezone_names (name) select n.name from pg_catalog.pg_timezone_names n on conflict do nothing;
-- The check runs in triggers as the writing role.
grant select on private.timezone_names to anon, authenticated, service_role;

-- True for a name of the IANA database known to this server (what date-fns-tz accepts too), and
-- false for abbreviations and POSIX strings that `at time zone` would also take.
create or replace function private.is_valid_timezone(p_tz text)
returns boolean language plpgsql stable set search_path = ''
as $$
begin
  return p_tz = 'UTC'
    or exists (select 1 from private.timezone_names t where t.name = p_tz)
    or exists (select 1 from pg_catalog.pg_timezone_names n where n.name = p_tz);
end;
$$;

-- Rejects an unknown time zone in the column the trigger names (its argument; `timezone` when none)
-- of the table it is attached to; null is no zone. A trigger rather than a CHECK because the zone list
-- is catalogue data, not an immutable expression.
create or replace function private.check_timezone()
returns trigger language plpgsql set search_path = ''
as $$
declare
  col text := coalesce(tg_argv[0], 'timezone');
  zone text := to_jsonb(new) ->> col;
begin
  if (tg_op = 'INSERT' or zone is distinct from to_jsonb(old) ->> col)
     and not private.is_valid_timezone(zone) then
    raise exception 'Unknown time zone: %', zone using errcode = '22023', hint = 'unknownTimeZone', detail = json_build_object('zone', zone)::text;
  end if;
  return new;
end;
$$;

-- Evaluated by the timezone triggers, which run as the caller.
grant execute on function private.is_valid_timezone(text) to anon, authenticated, service_role;

-- The signed-in caller ---------------------------------------------------------------------------
-- The caller's user id, or the refusal a signed-out caller gets (42501, as PostgREST refuses): the one
-- check for functions that act for "me" whether they read it or a policy does.
create or replace function private.signed_in_user()
returns uuid language plpgsql stable set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    raise exception 'Unauthorized' using errcode = '42501', hint = 'unauthorized';
  end if;
  return (select auth.uid());
end;
$$;
grant execute on function private.signed_in_user() to authenticated, service_role;

-- What a row is born with stays: its owner, its team, its creation time ------------------------------
-- A trigger rather than column grants: a column added later stays writable without a new grant, and
-- the rule holds for every role, functions included. Creation times sent by an API caller are
-- replaced by the server's (a client cannot backdate a row); seed and migrations keep theirs.
create or replace function private.keep_immutable()
returns trigger language plpgsql set search_path = ''
as $$
declare
  col text;
  now_row jsonb;
  was_row jsonb;
begin
  if tg_op = 'INSERT' then
    if current_user in ('anon', 'authenticated') then
      new := jsonb_populate_record(new, coalesce((
        select jsonb_object_agg(c, now()) from unnest(tg_argv) c where c in ('created_at', 'joined_at')), '{}'));
    end if;
    return new;
  end if;
  -- Each row as JSON once, however many columns are fixed (a booking has four).
  now_row := to_jsonb(new);
  was_row := to_jsonb(old);
  foreach col in array tg_argv loop
    if (now_row -> col) is distinct from (was_row -> col) then
      raise exception '% cannot be changed', col using errcode = '42501', hint = 'columnFixed', detail = json_build_object('column', col)::text;
    end if;
  end loop;
  return new;
end;
$$;
comment on function private.keep_immutable() is
  'Trigger: refuses a change to the columns named as arguments; stamps created_at/joined_at on API inserts.';

revoke all on all functions in schema private from public;
