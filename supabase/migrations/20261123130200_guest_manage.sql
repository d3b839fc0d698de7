-- The guest's side of a booking, without an account: view, cancel and reschedule through the manage
-- link /booking/{uid}?token=… . Every check lives here: the token (only its SHA-256 is stored), the
-- booking's state, and the host's notice for guest changes. A wrong token, another booking's token, a
-- token whose booking has ended and a token already used (its booking was cancelled or moved) all
-- answer the same 'Booking not found' (P0002): never a hint of what exists.

-- The guest's time zone, as the booking form sends it (guestTimezone / guest_timezone), is kept on
-- the booking: the guest's mails show times in it. Otherwise as in 20261122000700_rpc.sql.
create or replace function public.create_booking(p_event_type_id bigint, p_start timestamptz, p_end timestamptz,
  p_guest jsonb, p_status text default null)
returns public.bookings
language plpgsql
security definer
set search_path = ''
as $$
declare
  et public.event_types;
  as_host boolean := coalesce((select auth.role()), '') = 'authenticated';
  created public.bookings;
begin
  select * into et from public.event_types e where e.id = p_event_type_id;
  if not found or (as_host and et.user_id <> (select auth.uid())) or (not as_host and not et.is_active) then
    raise exception 'Event type not found' using errcode = 'P0002';
  end if;
  insert into public.bookings (event_type_id, user_id, guest_name, guest_email, guest_phone, guest_company, notes,
    guest_timezone, start_time, end_time, status)
  values (et.id, et.user_id, private.guest_field(p_guest, 'guest_name', 'guestName'),
    private.guest_field(p_guest, 'guest_email', 'guestEmail'), private.guest_field(p_guest, 'guest_phone', 'guestPhone'),
    private.guest_field(p_guest, 'guest_company', 'guestCompany'), private.guest_field(p_guest, 'notes', 'notes'),
    private.guest_field(p_guest, 'guest_timezone', 'guestTimezone'),
    p_start, p_end, private.booking_status(p_start, p_end, et.duration, et.auto_confirm, p_status))
  returning * into created;
  return created;
exception when exclusion_violation then
  raise exception 'This time slot is no longer available' using errcode = '23P01';
end;
$$;

create or replace function public.create_team_booking(p_team_event_type_id bigint, p_start timestamptz,
  p_end timestamptz, p_guest jsonb, p_status text default null, p_member_ids uuid[] default null)
returns public.bookings
language plpgsql
security definer
set search_path = ''
as $$
declare
  et public.team_event_types;
  as_member boolean := coalesce((select auth.role()), '') = 'authenticated';
  assignee uuid;
  created public.bookings;
begin
  select * into et from public.team_event_types e where e.id = p_team_event_type_id;
  if not found or (as_member and not private.has_team_role(et.team_id, array['owner', 'admin']))
     or (not as_member and not et.is_active) then
    raise exception 'Event type not found' using errcode = 'P0002';
  end if;
  if not et.requires_all_members then
    if coalesce(cardinality(p_member_ids), 0) > 1 then
      raise exception 'A booking of this event type is assigned to one member' using errcode = '22023';
    end if;
    assignee := p_member_ids[1];
    if assignee is not null
       and not exists (select 1 from public.team_members m where m.team_id = et.team_id and m.user_id = assignee) then
      raise exception 'Member is not in this team' using errcode = '22023';
    end if;
  end if;
  insert into public.bookings (team_event_type_id, team_id, assigned_user_id, guest_name, guest_email, guest_phone,
    guest_company, notes, guest_timezone, start_time, end_time, status)
  values (et.id, et.team_id, assignee, private.guest_field(p_guest, 'guest_name', 'guestName'),
    private.guest_field(p_guest, 'guest_email', 'guestEmail'), private.guest_field(p_guest, 'guest_phone', 'guestPhone'),
    private.guest_field(p_guest, 'guest_company', 'guestCompany'), private.guest_field(p_guest, 'notes', 'notes'),
    private.guest_field(p_guest, 'guest_timezone', 'guestTimezone'),
    p_start, p_end, private.booking_status(p_start, p_end, et.duration, et.auto_confirm, p_status))
  returning * into created;
  return created;
exception when exclusion_violation then
  raise exception 'This time slot is no longer available' using errcode = '23P01';
end;
$$;

-- A reschedule points the old booking at the new one before the new one exists (its id is drawn
-- first), so the old booking's cancellation already reads as a move and writes no CANCEL mail.
alter table public.bookings alter constraint bookings_rescheduled_to_fkey deferrable initially deferred;

-- The booking whose token this is, if the token is right and the booking has not ended.
create or replace function private.guest_token_booking(p_uid uuid, p_token text)
returns public.bookings
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  b public.bookings;
begin
  select * into b from public.bookings x
  where x.uid = p_uid and x.manage_token_hash is not null and p_token is not null
    and x.manage_token_hash = encode(sha256(convert_to(p_token, 'UTF8')), 'hex')
    and x.end_time > now();
  if not found then
    raise exception 'Booking not found' using errcode = 'P0002';
  end if;
  return b;
end;
$$;

-- Hours before the start inside which the guest may no longer change the booking online: the host's
-- setting; for a team booking the largest of its hosts'.
create or replace function private.guest_change_deadline(b public.bookings)
returns timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select b.start_time - make_interval(hours => coalesce(max(s.guest_change_notice), 0))
  from private.booking_hosts(b) h join public.user_settings s on s.user_id = h.user_id;
$$;

-- What the manage page shows. An old link (the booking was moved) leads to the booking it was moved
-- to, to look at only: acting needs the link of the latest mail.
create or replace function public.guest_booking(p_uid uuid, p_token text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  own public.bookings := private.guest_token_booking(p_uid, p_token);
  b public.bookings := own;
  deadline timestamptz;
  et record;
begin
  while b.rescheduled_to is not null loop
    select * into b from public.bookings where id = b.rescheduled_to;
  end loop;
  deadline := private.guest_change_deadline(b);
  select e.title, e.duration, e.id as event_type_id, null::bigint as team_event_type_id, null::text as team_name
    into et from public.event_types e where e.id = b.event_type_id;
  if not found then
    select e.title, e.duration, null::bigint as event_type_id, e.id as team_event_type_id, t.name as team_name
      into et from public.team_event_types e join public.teams t on t.id = e.team_id where e.id = b.team_event_type_id;
  end if;
  return jsonb_build_object(
    'uid', b.uid,
    'status', b.status,
    'start_time', b.start_time,
    'end_time', b.end_time,
    'title', et.title,
    'duration', et.duration,
    'event_type_id', et.event_type_id,
    'team_event_type_id', et.team_event_type_id,
    'team_name', et.team_name,
    'host_name', (select h.name from private.booking_hosts(b) h limit 1),
    'guest_name', b.guest_name,
    'guest_timezone', coalesce(b.guest_timezone, (select h.timezone from private.booking_hosts(b) h limit 1), 'UTC'),
    'cancelled_by', b.cancelled_by,
    'cancellation_reason', b.cancellation_reason,
    'moved', b.id <> own.id,
    'change_deadline', deadline,
    'can_change', b.id = own.id and b.status in ('pending', 'confirmed') and now() < deadline
  );
end;
$$;

-- The checks of a guest change: the token names this very booking (not one it was moved from), the
-- booking is open, and the host's notice has not begun.
create or replace function private.guest_changeable(p_uid uuid, p_token text)
returns public.bookings
language plpgsql
security definer
set search_path = ''
as $$
declare
  b public.bookings := private.guest_token_booking(p_uid, p_token);
begin
  -- Locked: a concurrent cancel or reschedule of the same booking waits, then sees it closed.
  select * into b from public.bookings where id = b.id for update;
  if b.status not in ('pending', 'confirmed') or b.rescheduled_to is not null then
    raise exception 'Booking not found' using errcode = 'P0002';
  end if;
  if now() >= private.guest_change_deadline(b) then
    raise exception 'This booking can no longer be changed online. Please contact your host.' using errcode = 'KR001';
  end if;
  return b;
end;
$$;

create or replace function public.guest_cancel_booking(p_uid uuid, p_token text, p_reason text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  b public.bookings := private.guest_changeable(p_uid, p_token);
begin
  update public.bookings
  set status = 'cancelled', cancelled_by = 'guest', cancellation_reason = nullif(btrim(left(p_reason, 500)), '')
  where id = b.id;
  return public.guest_booking(p_uid, p_token);
end;
$$;

-- Moves the booking to [p_start, p_end): the old one becomes cancelled and points at the new one,
-- which keeps its calendar UID, its guest and its status, with the next SEQUENCE. One transaction: if
-- the new time is taken (the exclusion constraint), nothing changes. The slot itself was checked by
-- the function with the slot engine; p_member_id is the team member it chose.
create or replace function public.guest_reschedule_booking(p_uid uuid, p_token text, p_start timestamptz,
  p_end timestamptz, p_member_id uuid default null)
returns public.bookings
language plpgsql
security definer
set search_path = ''
as $$
declare
  old public.bookings := private.guest_changeable(p_uid, p_token);
  new_id bigint := nextval(pg_get_serial_sequence('public.bookings', 'id'));
  created public.bookings;
begin
  if p_end - p_start <> old.end_time - old.start_time then
    raise exception 'A reschedule keeps the duration of the booking' using errcode = '22023';
  end if;
  update public.bookings set status = 'cancelled', cancelled_by = 'guest', rescheduled_to = new_id where id = old.id;
  insert into public.bookings (id, event_type_id, user_id, team_event_type_id, team_id, assigned_user_id, guest_name,
    guest_email, guest_phone, guest_company, notes, guest_timezone, start_time, end_time, status, ical_uid, ical_sequence,
    rescheduled_from)
  overriding system value
  values (new_id, old.event_type_id, old.user_id, old.team_event_type_id, old.team_id,
    case when old.team_id is null then null else coalesce(p_member_id, old.assigned_user_id) end,
    old.guest_name, old.guest_email, old.guest_phone, old.guest_company, old.notes, old.guest_timezone, p_start, p_end,
    old.status, old.ical_uid, old.ical_sequence + 1, old.id)
  returning * into created;
  return created;
exception when exclusion_violation then
  raise exception 'This time slot is no longer available' using errcode = '23P01';
end;
$$;

revoke all on function public.guest_booking(uuid, text), public.guest_cancel_booking(uuid, text, text),
  public.guest_reschedule_booking(uuid, text, timestamptz, timestamptz, uuid) from public, anon, authenticated;
-- Viewing and cancelling need nothing but the token; a reschedule goes through the function, which
-- checks the new time with the slot engine first.
grant execute on function public.guest_booking(uuid, text), public.guest_cancel_booking(uuid, text, text) to anon, authenticated;
grant execute on function public.guest_booking(uuid, text), public.guest_cancel_booking(uuid, text, text),
  public.guest_reschedule_booking(uuid, text, timestamptz, timestamptz, uuid) to service_role;
revoke all on all functions in schema private from public;
