-- A host's event types and weekly availability.

create table public.event_types (
  id bigint generated always as identity primary key,
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
  -- Target of the bookings (event_type_id, user_id) foreign key: a booking's host is its event type's owner.
  constraint event_types_id_user_key unique (id, user_id)
);
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
comment on column public.availability_rules.day_of_week is '0 = Sunday … 6 = Saturday';
create index availability_rules_user_id_idx on public.availability_rules (user_id, day_of_week);
