-- One door for new bookings: the booking functions. The slot engine (hours in the host's time zone,
-- notice, horizon, buffers, assignment) lives in TypeScript, so a booking written without it could
-- break every rule the engine enforces; the writing RPCs are therefore executable by the service
-- role only, and the functions call them after the engine has checked the requested time. What the
-- database can hold by itself it holds here too: the event type is active, the span is its duration,
-- the status comes from its auto-confirm setting, an assignee is a member, no double booking
-- (booking_busy's exclusion constraint).

-- Guest fields of p_guest, accepted in the column names or in the API's camelCase, trimmed as the
-- functions trim them (JavaScript's String.prototype.trim: every Unicode space and line break, not
-- only ' '), so a booking written through REST stores what one written through a function would.
-- supabase/tests/db/rules-match.test.ts compares the two. PL/pgSQL keeps its expression's plan (a SQL
-- function with a pinned search_path is planned again at each of a booking's six calls).
create or replace function private.guest_field(p_guest jsonb, p_snake text, p_camel text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  return nullif(
    regexp_replace(
      coalesce(p_guest ->> p_snake, p_guest ->> p_camel, ''),
      '^[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+|[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$',
      '', 'g'),
    '');
end;
$$;

-- The span equals the duration; the status is confirmed or pending by the event type's auto-confirm.
create or replace function private.new_booking_status(p_start timestamptz, p_end timestamptz, p_duration integer,
  p_auto_confirm boolean)
returns public.booking_status
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_start is null or p_end is null or p_end - p_start <> make_interval(mins => p_duration) then
    raise exception 'end must be start plus the event duration (% minutes)', p_duration using errcode = '22023';
  end if;
  return case when p_auto_confirm then 'confirmed' else 'pending' end::public.booking_status;
end;
$$;

-- Writes a new booking of an active event type, a host's or a team's, with the guest's fields, the span
-- and the status its rules give. For a team's: with a requires-all-members type every current member is
-- booked (p_member_ids is ignored); otherwise p_member_ids holds at most one member, the assignee chosen
-- by the team's strategy (none: unassigned). A host's booking takes no member. The busy rows are
-- written by the bookings trigger in the same statement, so a concurrent overlapping booking fails with
-- 23P01 whatever was checked before.
create or replace function public.create_booking(p_event_type_id bigint, p_start timestamptz, p_end timestamptz,
  p_guest jsonb, p_member_ids uuid[] default null)
returns public.bookings
language plpgsql
security definer
set search_path = ''
as $$
declare
  et public.event_types;
  assignee uuid;
  created public.bookings;
begin
  select * into et from public.event_types e where e.id = p_event_type_id and e.is_active;
  if not found then
    raise exception 'Event type not found' using errcode = 'P0002';
  end if;
  if et.team_id is null then
    if coalesce(cardinality(p_member_ids), 0) > 0 then
      raise exception 'A booking of a host''s event type is assigned to no member' using errcode = '22023';
    end if;
  elsif not et.requires_all_members then
    if coalesce(cardinality(p_member_ids), 0) > 1 then
      raise exception 'A booking of this event type is assigned to one member' using errcode = '22023';
    end if;
    assignee := p_member_ids[1];
    if assignee is not null
       and not exists (select 1 from public.team_members m where m.team_id = et.team_id and m.user_id = assignee) then
      raise exception 'Member is not in this team' using errcode = '22023';
    end if;
  end if;
  insert into public.bookings (event_type_id, user_id, team_id, assigned_user_id, guest_name, guest_email, guest_phone,
    guest_company, notes, guest_timezone, start_time, end_time, status)
  values (et.id, et.user_id, et.team_id, assignee,
    private.guest_field(p_guest, 'guest_name', 'guestName'),
    private.guest_field(p_guest, 'guest_email', 'guestEmail'), private.guest_field(p_guest, 'guest_phone', 'guestPhone'),
    private.guest_field(p_guest, 'guest_company', 'guestCompany'), private.guest_field(p_guest, 'notes', 'notes'),
    private.guest_field(p_guest, 'guest_timezone', 'guestTimezone'),
    p_start, p_end, private.new_booking_status(p_start, p_end, et.duration, et.auto_confirm))
  returning * into created;
  return created;
exception when exclusion_violation then
  raise exception 'This time slot is no longer available' using errcode = '23P01';
end;
$$;
comment on function public.create_booking(bigint, timestamptz, timestamptz, jsonb, uuid[]) is
  'Service role only: the bookings and api functions call it once the slot engine has accepted the time and chosen the member.';

-- Booking rate limit ------------------------------------------------------------------------------------
-- One token bucket per client address and calendar (a host, or a team), shared by every function
-- instance because it lives here. Full buckets are forgotten now and then, so the table stays small.
create table private.booking_rate_buckets (
  client text not null,
  calendar text not null,
  tokens double precision not null,
  refreshed_at timestamptz not null,
  primary key (client, calendar)
);
comment on table private.booking_rate_buckets is 'Token buckets of take_booking_token; not reachable through the API.';

create or replace function public.take_booking_token(p_client text, p_calendar text, p_per_minute integer)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  cap double precision := greatest(coalesce(p_per_minute, 1), 1);
  per_second double precision := greatest(coalesce(p_per_minute, 1), 1) / 60.0;
  at timestamptz := clock_timestamp();
  taken boolean;
begin
  insert into private.booking_rate_buckets as b (client, calendar, tokens, refreshed_at)
  values (left(coalesce(p_client, ''), 100), left(coalesce(p_calendar, ''), 100), cap - 1, at)
  on conflict (client, calendar) do update
    set tokens = least(cap, b.tokens + extract(epoch from at - b.refreshed_at) * per_second) - 1, refreshed_at = at
    where least(cap, b.tokens + extract(epoch from at - b.refreshed_at) * per_second) >= 1
  returning true into taken;
  -- A bucket untouched for a minute has refilled: forgetting it changes nothing.
  if random() < 0.01 then
    delete from private.booking_rate_buckets where refreshed_at < at - interval '2 minutes';
  end if;
  return coalesce(taken, false);
end;
$$;
comment on function public.take_booking_token(text, text, integer) is
  'Service role only: takes one booking token of (client address, calendar); false when the bucket is empty.';

revoke all on function public.create_booking(bigint, timestamptz, timestamptz, jsonb, uuid[]),
  public.take_booking_token(text, text, integer) from public, anon, authenticated;
grant execute on function public.create_booking(bigint, timestamptz, timestamptz, jsonb, uuid[]),
  public.take_booking_token(text, text, integer) to service_role;

revoke all on all functions in schema private from public;
