-- Teams, their members, event types and availability.

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

-- Ownership does not move through an API update (the owner is never removed, design.md section 4).
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
  -- The team form offers any multiple of 15 from 15 (spec section 5); a day is the sanity ceiling.
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
  constraint team_event_types_id_team_key unique (id, team_id),
  constraint team_event_types_specific_member_set
    check (assignment_type <> 'specific_member' or specific_member_id is not null),
  -- The specific member must belong to the team; leaving the team clears it (see fallback trigger).
  constraint team_event_types_specific_member_fkey foreign key (team_id, specific_member_id)
    references public.team_members (team_id, user_id) on delete set null (specific_member_id)
);
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
comment on column public.team_availability.start_time is 'HH:MM in the team''s time zone';
create index team_availability_team_id_idx on public.team_availability (team_id, day_of_week);

revoke all on all functions in schema private from public;
