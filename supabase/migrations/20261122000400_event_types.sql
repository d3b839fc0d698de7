-- Event types, of a host or a team: one table, its rules, who may read and change which rows, and the
-- public reads of a host's event types and of one by its link.

create type public.assignment_type as enum ('round_robin', 'least_busy', 'specific_member');
-- How a recurring series repeats (docs/series.md): SERIES_FREQUENCIES in rules/constants.ts.
create type public.series_frequency as enum ('weekly', 'biweekly', 'monthly');

-- Event types and weekly availability, of a person or a team ---------------------------------------
-- One table per concept, whoever owns the row: a host (user_id) or a team (team_id), never both. The
-- policies ask private.acts_for(user_id, team_id, …) (teams migration), so one policy per action serves
-- both owners.

-- An event type's duration: a host picks one of DURATIONS; a team's form takes any multiple of 15
-- from 15 to a day (TEAM_DURATION_STEP, TEAM_DURATION_MAX in rules/constants.ts).
create or replace function private.is_event_duration(p_duration integer, p_team boolean)
returns boolean language sql immutable set search_path = ''
as $$
  select case when p_team then p_duration between 15 and 1440 and p_duration % 15 = 0
              else p_duration in (15, 30, 45, 60, 90, 120) end;
$$;
-- Part of a CHECK constraint, evaluated as the caller.
grant execute on function private.is_event_duration(integer, boolean) to authenticated, service_role;

-- Where an event type's meetings take place: an ordered list, a guest picks one when there are several
-- (none: the spec's "Video Conference"). A jsonb array on the event type, not a table: the list is
-- small, always read and written whole with its event type, and ordered as the host wrote it. Each
-- element is one of the kinds below with exactly its fields, one element per kind; eventLocationsSchema
-- (rules/schemas.ts) says the same to the api and the form, and docs/product/api.md describes them.
create or replace function private.is_event_locations(p_locations jsonb)
returns boolean language plpgsql immutable set search_path = ''
as $$
declare
  place jsonb;
  kinds text[] := '{}';
  kind text;
  fields text[];
begin
  if jsonb_typeof(p_locations) <> 'array' or jsonb_array_length(p_locations) > 7 then
    return false;
  end if;
  for place in select value from jsonb_array_elements(p_locations) loop
    if jsonb_typeof(place) <> 'object' then
      return false;
    end if;
    kind := place ->> 'kind';
    if kind is null or kind = any (kinds) then
      return false;
    end if;
    kinds := kinds || kind;
    -- Exactly the kind's fields, each well formed.
    fields := array(select jsonb_object_keys(place - 'kind') order by 1);
    if not (case kind
      when 'in_person' then fields = array['address'] and btrim(place ->> 'address') <> '' and length(place ->> 'address') <= 500
      when 'phone_guest_calls' then fields = array['number'] and private.is_e164(place ->> 'number')
      when 'link' then fields = array['url'] and place ->> 'url' ~ '^https://[^\s/?#]+[^\s]*$' and length(place ->> 'url') <= 2000
      when 'jitsi' then fields = array['server']
        and place ->> 'server' ~ '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$'
      when 'phone_host_calls' then fields = '{}'
      when 'google_meet' then fields = '{}'
      when 'zoom' then fields = '{}'
      else false end) is true then
      return false;
    end if;
  end loop;
  return true;
end;
$$;

-- A phone number in E.164 form (+, country code, at most 15 digits). The api checks the number is a
-- real one (libphonenumber-js); the database holds the form.
create or replace function private.is_e164(p_number text)
returns boolean language sql immutable set search_path = ''
as $$
  select coalesce(p_number ~ '^\+[1-9][0-9]{6,14}$', false);
$$;
-- Part of CHECK constraints, evaluated as the caller.
grant execute on function private.is_event_locations(jsonb), private.is_e164(text) to authenticated, service_role;

-- What a host asks a guest beyond the built-in fields: an ordered list of questions, a jsonb array on
-- the event type for the reasons locations are one (small, read and written whole, ordered). Each
-- question has a type with exactly its fields, a key (slug) of its own, a label, optional help, and may
-- be shown only when an earlier question's answer equals a value. questionsSchema
-- (rules/questions.ts) says the same to the api and the form; supabase/tests/db/questions.test.ts
-- holds the two to one set of cases, so a bad definition sent straight through REST is refused too.
create or replace function private.is_event_questions(p_questions jsonb)
returns boolean language plpgsql immutable set search_path = ''
as $$
declare
  q jsonb;
  kind text;
  seen jsonb := '{}';
  target jsonb;
  equals jsonb;
  allowed text[];
begin
  if jsonb_typeof(p_questions) <> 'array' or jsonb_array_length(p_questions) > 30 then
    return false;
  end if;
  for q in select value from jsonb_array_elements(p_questions) loop
    if jsonb_typeof(q) <> 'object' then
      return false;
    end if;
    kind := q ->> 'type';
    allowed := array['type', 'slug', 'label', 'help', 'required', 'showIf'] || case kind
      when 'number' then array['min', 'max']
      when 'single_choice' then array['options', 'display']
      when 'multiple_choice' then array['options']
      else '{}'::text[] end;
    if kind is null or kind not in ('short_text', 'long_text', 'number', 'email', 'phone', 'single_choice',
         'multiple_choice', 'yes_no', 'date')
       or not array(select jsonb_object_keys(q)) <@ allowed
       or jsonb_typeof(q -> 'slug') is distinct from 'string' or not (q ->> 'slug') ~ '^[a-z0-9][a-z0-9-]{0,39}$'
       or seen ? (q ->> 'slug')
       or jsonb_typeof(q -> 'label') is distinct from 'string' or btrim(q ->> 'label') = '' or length(q ->> 'label') > 200
       or (q ? 'help' and (jsonb_typeof(q -> 'help') <> 'string' or length(q ->> 'help') > 500))
       or jsonb_typeof(q -> 'required') is distinct from 'boolean' then
      return false;
    end if;
    if kind = 'number' and ((q ? 'min' and jsonb_typeof(q -> 'min') <> 'number')
         or (q ? 'max' and jsonb_typeof(q -> 'max') <> 'number')
         or (q ? 'min' and q ? 'max' and (q ->> 'min')::numeric > (q ->> 'max')::numeric)) then
      return false;
    end if;
    if kind in ('single_choice', 'multiple_choice') and (jsonb_typeof(q -> 'options') is distinct from 'array'
         or jsonb_array_length(q -> 'options') not between 1 and 50
         or exists (select 1 from jsonb_array_elements(q -> 'options') o
                    where jsonb_typeof(o) <> 'string' or btrim(o #>> '{}') = '' or length(o #>> '{}') > 200)
         or (select count(distinct o) from jsonb_array_elements(q -> 'options') o) <> jsonb_array_length(q -> 'options')
         or (q ? 'display' and coalesce(q ->> 'display', '') not in ('radio', 'select'))) then
      return false;
    end if;
    if q ? 'showIf' then
      -- On an earlier question only, and an answer it can have.
      target := seen -> (q #>> '{showIf,question}');
      equals := q #> '{showIf,equals}';
      if jsonb_typeof(q -> 'showIf') <> 'object' or array(select jsonb_object_keys(q -> 'showIf') order by 1) <> array['equals', 'question']
         or target is null or not (case target ->> 'type'
           when 'single_choice' then jsonb_typeof(equals) = 'string' and target -> 'options' @> jsonb_build_array(equals)
           when 'multiple_choice' then jsonb_typeof(equals) = 'string' and target -> 'options' @> jsonb_build_array(equals)
           when 'yes_no' then jsonb_typeof(equals) = 'boolean'
           when 'number' then jsonb_typeof(equals) = 'number'
           else jsonb_typeof(equals) = 'string' end) then
        return false;
      end if;
    end if;
    seen := seen || jsonb_build_object(q ->> 'slug', q);
  end loop;
  return true;
end;
$$;

-- Phone, company and notes on the guest's form: each hidden, optional or required (name and email are
-- always asked). guestFieldsSchema (rules/questions.ts) says the same.
create or replace function private.is_guest_fields(p_fields jsonb)
returns boolean language sql immutable set search_path = ''
as $$
  select jsonb_typeof(p_fields) = 'object'
    and array(select jsonb_object_keys(p_fields) order by 1) = array['company', 'notes', 'phone']
    and not exists (select 1 from jsonb_each(p_fields) f where f.value not in ('"hidden"', '"optional"', '"required"'));
$$;
-- Part of CHECK constraints, evaluated as the caller.
grant execute on function private.is_event_questions(jsonb), private.is_guest_fields(jsonb) to authenticated, service_role;

-- What a guest may know of the places before booking: the kinds, and an in-person address (a number or
-- a link is told to the booking's guest and host only).
create or replace function private.public_locations(p_locations jsonb)
returns jsonb language plpgsql immutable set search_path = ''
as $$
begin
  return (select coalesce(jsonb_agg(
      case when place ->> 'kind' = 'in_person' then place else jsonb_build_object('kind', place -> 'kind') end
      order by position), '[]'::jsonb)
  from jsonb_array_elements(p_locations) with ordinality as l(place, position));
end;
$$;

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
  -- Price of one booking in `currency`'s minor unit (Stripe's: 1999 usd is $19.99, 1500 jpy is ¥1,500;
  -- rules/money.ts); 0 is free. A guest pays it before the booking is confirmed (the payments
  -- migration), so a new price needs the payee's Stripe account (private.event_type_price_payee).
  price_cents integer not null default 0 constraint event_types_price_not_negative check (price_cents >= 0),
  -- ISO 4217, lower case as Stripe writes it.
  currency text not null default 'usd' constraint event_types_currency_format check (currency ~ '^[a-z]{3}$'),
  -- What a paid booking's guest gets back on cancelling inside the host's notice for guest changes
  -- (private.guest_change_deadline), in percent of what they paid: 100 full, 0 none, or 1-99. Earlier,
  -- and whenever the host cancels or rejects, the refund is full (the payments migration).
  late_cancel_refund_percent smallint not null default 100
    constraint event_types_late_cancel_refund_percent_range check (late_cancel_refund_percent between 0 and 100),
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
  locations jsonb not null default '[]' constraint event_types_locations_valid check (private.is_event_locations(locations)),
  -- The guest's form: the host's questions, and how phone, company and notes are asked.
  questions jsonb not null default '[]' constraint event_types_questions_valid check (private.is_event_questions(questions)),
  guest_fields jsonb not null default '{"phone": "optional", "company": "optional", "notes": "optional"}'
    constraint event_types_guest_fields_valid check (private.is_guest_fields(guest_fields)),
  -- How many other people a guest may invite to a booking by email (0: none).
  -- MAX_EXTRA_ATTENDEES (rules/constants.ts) is the same cap: rules-match.test.ts holds them equal.
  max_extra_attendees smallint not null default 0
    constraint event_types_max_extra_attendees_range check (max_extra_attendees between 0 and 10),
  -- A group event (docs/seats.md): how many guests may each book a seat of one slot; null is one
  -- guest per slot, as for any event type. MAX_SEATS_PER_SLOT (rules/constants.ts) is the same cap.
  seats_per_slot smallint constraint event_types_seats_per_slot_range check (seats_per_slot between 2 and 100),
  -- A recurring series (docs/series.md): the frequencies a guest may choose (none: no series) and the
  -- most occurrences they may book, 2 to MAX_SERIES_COUNT (rules/constants.ts), set with frequencies only.
  recurrence_frequencies public.series_frequency[] not null default '{}',
  recurrence_max_count smallint,
  constraint event_types_recurrence_range check (
    case when cardinality(recurrence_frequencies) = 0 then recurrence_max_count is null
         else coalesce(recurrence_max_count between 2 and 52, false) end),
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
returns trigger language plpgsql set search_path = ''
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
create trigger event_types_immutable before insert or update on public.event_types
  for each row execute function private.keep_immutable('user_id', 'team_id', 'created_at');
create trigger event_types_random_id before insert on public.event_types
  for each row execute function private.stamp_random_id();
-- Privileges, from none (see the foundation migration): only what each role needs.
revoke all on public.event_types from anon, authenticated, service_role;
grant select on public.event_types to service_role;
-- Guests see a public team's active event types (the policies say which rows), all but their
-- locations: a fixed link or the host's number is told to a booking's guest only (public_event_types
-- answers the kinds).
grant select (id, user_id, team_id, title, description, duration, color, is_active, auto_confirm, price_cents, currency,
  late_cancel_refund_percent, requires_all_members, assignment_type, specific_member_id, created_at, updated_at, buffer_before, buffer_after,
  minimum_notice, max_future_bookings, slot_interval, max_bookings_per_day, max_bookings_per_week, questions, guest_fields,
  max_extra_attendees, seats_per_slot, recurrence_frequencies, recurrence_max_count)
  on public.event_types to anon;
grant select, insert, update, delete on public.event_types to authenticated;

-- event_types and availability_rules: a host's own, a team's to its members (and, for a public
-- team, its active event types and its hours to anon); written by the host, or by the team's
-- owners and admins. One policy per action, whoever owns the row.
-- Signed in, a row is read by its host and its team's members only: authenticated reads whole rows
-- (the editors select '*'), and a row's locations hold a fixed link or the host's number, told to a
-- booking's guest and hosts only. Every member may read them: each hosts the team's bookings and
-- reads their places in the team's booking list anyway. Anyone else, signed in or not, reads a public
-- team's event types through public_event_types, which answers the kinds.
-- Anon's column grant above leaves out locations, so anon (a guest, or a signed-in visitor's booking
-- check asking as one: private.bookable_calendar) may read a public team's active rows. current_user,
-- not the JWT's role: that check keeps the visitor's claims while it reads as anon.
create policy "Owners read event types, and anon a public team's active ones" on public.event_types
  for select to anon, authenticated
  using (private.acts_for(user_id, team_id)
         or (current_user = 'anon' and is_active and team_id is not null and private.is_public_team(team_id)));
comment on policy "Owners read event types, and anon a public team's active ones" on public.event_types is
  'Guests read a host''s active event types through public_event_types/public_event_type.';
create policy "Owners create event types" on public.event_types
  for insert to authenticated with check (private.acts_for(user_id, team_id, array['owner', 'admin']));
create policy "Owners update event types" on public.event_types
  for update to authenticated
  using (private.acts_for(user_id, team_id, array['owner', 'admin']))
  with check (private.acts_for(user_id, team_id, array['owner', 'admin']));
create policy "Owners delete event types" on public.event_types
  for delete to authenticated using (private.acts_for(user_id, team_id, array['owner', 'admin']));

-- Event types, availability and busy time of hosts ---------------------------------------------------------
-- The active event types of a visible host (p_user_id) or a public team (p_team_slug), shortest
-- first: the public calendar's and the public team page's list. Each row has its kind's fields filled
-- (a team's assignment); the /api answers each kind in its own shape.
create or replace function public.public_event_types(p_user_id uuid default null, p_team_slug text default null)
returns table (id bigint, user_id uuid, team_id bigint, title text, description text, duration integer, color text,
  auto_confirm boolean, price_cents integer, currency text, requires_all_members boolean,
  assignment_type public.assignment_type, specific_member_id uuid, locations jsonb, questions jsonb, guest_fields jsonb,
  max_extra_attendees smallint, recurrence_frequencies public.series_frequency[], recurrence_max_count smallint)
language sql
stable
security definer
set search_path = ''
as $$
  select e.id, e.user_id, e.team_id, e.title, e.description, e.duration, e.color, e.auto_confirm, e.price_cents,
    e.currency, e.requires_all_members, e.assignment_type, e.specific_member_id, private.public_locations(e.locations),
    e.questions, e.guest_fields, e.max_extra_attendees, e.recurrence_frequencies, e.recurrence_max_count
  from public.event_types e
  where e.is_active
    and (e.user_id = p_user_id and private.is_visible_host(p_user_id)
         or e.team_id = (select t.id from public.teams t where t.slug = lower(btrim(p_team_slug)) and t.is_public))
  order by e.duration, e.id;
$$;

-- One active event type with its host's card fields: /book/{eventTypeId} is a direct link, bookable
-- even when the host is not discoverable. It answers the guest check of every slot listing and booking
-- too (private.bookable_calendar): PL/pgSQL keeps its plan for the session, where an SQL function with a
-- pinned search_path is planned again at every call. The casts name the domain columns' base types.
create or replace function public.public_event_type(p_event_type_id bigint)
returns table (id bigint, user_id uuid, title text, description text, duration integer, color text,
  auto_confirm boolean, price_cents integer, currency text, host_handle text, host_first_name text, host_last_name text,
  host_profile_image_url text, host_timezone text, host_title text, host_company text, locations jsonb,
  questions jsonb, guest_fields jsonb, max_extra_attendees smallint, recurrence_frequencies public.series_frequency[],
  recurrence_max_count smallint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return query
  select e.id, e.user_id, e.title::text, e.description::text, e.duration::integer, e.color::text, e.auto_confirm,
    e.price_cents::integer, e.currency, p.handle::text, p.first_name::text, p.last_name::text, p.profile_image_url::text,
    p.timezone::text, p.title::text, p.company::text, private.public_locations(e.locations), e.questions, e.guest_fields,
    e.max_extra_attendees, e.recurrence_frequencies, e.recurrence_max_count
  from public.event_types e join public.profiles p on p.id = e.user_id
  where e.id = p_event_type_id and e.is_active;
end;
$$;
-- Execute rights: Postgres lets PUBLIC execute a new function (and an older project's default
-- privileges the API roles too); decide each one.
revoke all on function public.public_event_types(uuid, text), public.public_event_type(bigint) from public, anon, authenticated;
grant execute on function public.public_event_types(uuid, text), public.public_event_type(bigint) to anon, authenticated, service_role;

revoke all on all functions in schema private from public;
