-- What happens after a booking: the mails of each change (with calendar invites), written to the
-- outbox by triggers in the transaction of the change, and what the guest's manage link needs.

-- Bookings gain a public id for the guest's manage link (its token is derived from it by the functions;
-- only the token's hash is kept here), a calendar identity (UID and SEQUENCE, RFC 5545) that a
-- reschedule carries over, the guest's time zone, who cancelled and why, and the reschedule chain.
alter table public.bookings
  add column uid uuid not null default gen_random_uuid(),
  add column ical_uid text not null default (gen_random_uuid()::text || '@kairos'),
  add column ical_sequence integer not null default 0,
  add column guest_timezone text,
  add column cancelled_by text constraint bookings_cancelled_by_party check (cancelled_by in ('host', 'guest')),
  add column cancellation_reason text constraint bookings_cancellation_reason_length check (length(cancellation_reason) <= 500),
  add column rescheduled_from bigint references public.bookings (id) on delete set null,
  add column rescheduled_to bigint references public.bookings (id) on delete set null,
  add column manage_token_hash text,
  add constraint bookings_uid_key unique (uid),
  add constraint bookings_rescheduled_from_key unique (rescheduled_from);
create index bookings_rescheduled_to_idx on public.bookings (rescheduled_to);
-- Reminders look for confirmed bookings starting within a day.
create index bookings_confirmed_start_idx on public.bookings (start_time) where status = 'confirmed';
comment on column public.bookings.uid is 'Public id of the booking in the guest''s manage link /booking/{uid}.';
comment on column public.bookings.ical_uid is 'UID of the booking''s calendar invites; the same for the bookings a reschedule chain links.';
comment on column public.bookings.ical_sequence is 'SEQUENCE of the invites: raised by every change of status or time, in the transaction of the change.';
comment on column public.bookings.guest_timezone is 'Time zone the guest booked in; their mails show times in it (null: the host''s).';
comment on column public.bookings.manage_token_hash is 'SHA-256 (hex) of the guest''s manage token; the token itself is never stored.';

create or replace function private.check_guest_timezone()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not private.is_valid_timezone(new.guest_timezone) then
    raise exception 'Unknown time zone: %', new.guest_timezone using errcode = '22023';
  end if;
  return new;
end;
$$;
create trigger bookings_guest_timezone before insert or update of guest_timezone on public.bookings
  for each row when (new.guest_timezone is not null) execute function private.check_guest_timezone();

-- Hosts choose how close to the start a guest may still cancel or reschedule online (hours).
alter table public.user_settings
  add column guest_change_notice integer not null default 0
    constraint user_settings_guest_change_notice_choice check (guest_change_notice in (0, 1, 2, 4, 12, 24, 48));
comment on column public.user_settings.guest_change_notice is
  'Hours before the start inside which a guest can no longer cancel or reschedule online. Hosts are never bound by it.';

-- Every change of status or time is a new version of the invite; a cancellation without a named party
-- is the host's (hosts cancel and reject through their own update; guests through guest_cancel_booking).
create or replace function private.version_booking()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status is distinct from old.status or new.start_time is distinct from old.start_time
     or new.end_time is distinct from old.end_time then
    new.ical_sequence := old.ical_sequence + 1;
  end if;
  if new.status = 'cancelled' and old.status <> 'cancelled' and new.cancelled_by is null then
    new.cancelled_by := 'host';
  end if;
  return new;
end;
$$;
create trigger bookings_version before update on public.bookings
  for each row execute function private.version_booking();

-- Display name of a profile: first and last name, else the email.
create or replace function private.display_name(p public.profiles)
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce(nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), ''), p.email);
$$;

-- The people who hold a booking on the host side, organiser first: the host of a personal booking;
-- for a team booking its assignee, every member of a requires-all-members booking, or (unassigned)
-- the owners and admins who will assign it.
create or replace function private.booking_hosts(b public.bookings)
returns table (user_id uuid, name text, email text, timezone text)
language sql
stable
security definer
set search_path = ''
as $$
  select p.id, private.display_name(p), p.email, p.timezone
  from public.profiles p
  left join public.team_members m on m.team_id = b.team_id and m.user_id = p.id
  where p.email is not null and (
    p.id = b.user_id
    or p.id = b.assigned_user_id
    or (b.team_id is not null and b.assigned_user_id is null and m.user_id is not null
        and (m.role in ('owner', 'admin')
             or exists (select 1 from public.team_event_types e where e.id = b.team_event_type_id and e.requires_all_members))))
  order by (p.id = b.user_id or p.id = b.assigned_user_id) desc, m.role nulls first, m.joined_at, p.id;
$$;

-- What a mail about booking b needs, as it is now: the booking, its event type, the organiser, the
-- guest and every host.
create or replace function private.booking_snapshot(b public.bookings)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  with et as (
    select e.title, e.duration, null::text as team_name from public.event_types e where e.id = b.event_type_id
    union all
    select e.title, e.duration, t.name from public.team_event_types e join public.teams t on t.id = e.team_id
    where e.id = b.team_event_type_id
  ), hosts as (
    select coalesce(jsonb_agg(jsonb_build_object('name', h.name, 'email', h.email, 'timezone', h.timezone)), '[]'::jsonb) as list
    from private.booking_hosts(b) h
  ), previous as (
    select jsonb_build_object('start', o.start_time, 'end', o.end_time) as span from public.bookings o where o.id = b.rescheduled_from
  )
  select jsonb_build_object(
    'booking', jsonb_build_object(
      'id', b.id, 'uid', b.uid, 'status', b.status, 'start', b.start_time, 'end', b.end_time,
      'title', et.title, 'duration', et.duration, 'team', et.team_name,
      'icalUid', b.ical_uid, 'sequence', b.ical_sequence,
      'cancelledBy', b.cancelled_by, 'cancellationReason', b.cancellation_reason,
      'previous', (select span from previous)),
    'guest', jsonb_build_object('name', b.guest_name, 'email', b.guest_email,
      'timezone', coalesce(b.guest_timezone, hosts.list -> 0 ->> 'timezone', 'UTC')),
    'hosts', hosts.list)
  from et, hosts;
$$;

-- Writes the mails of one booking event to the outbox: one row per recipient. p_guest and p_host name
-- the message each side gets (null: none). The message id is fixed by the booking, the event, the
-- invite's version and the recipient, so the same event can never be written twice.
create or replace function private.enqueue_booking_mails(b public.bookings, p_topic text, p_guest text, p_host text,
  p_deliver_before timestamptz default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  snap jsonb := private.booking_snapshot(b);
  version text := case when p_topic = 'booking.reminder' then 'reminder' else b.ical_sequence::text end;
begin
  insert into public.outbox (kind, topic, booking_id, message_id, payload, deliver_before)
  select 'email', p_topic, b.id, format('%s.%s.%s@kairos', b.uid, version, r.key),
    snap || jsonb_build_object('message', r.message, 'recipient', r.recipient), p_deliver_before
  from (
    select 'guest' as key, p_guest as message,
      jsonb_build_object('role', 'guest', 'name', snap -> 'guest' ->> 'name', 'email', snap -> 'guest' ->> 'email',
        'timezone', snap -> 'guest' ->> 'timezone') as recipient
    where p_guest is not null
    union all
    select 'host-' || md5(h ->> 'email'), p_host, h || jsonb_build_object('role', 'host')
    from jsonb_array_elements(snap -> 'hosts') h
    where p_host is not null
  ) r
  on conflict (message_id) do nothing;
end;
$$;

-- The mails of each booking change. A booking created by a reschedule announces the move; the booking
-- it replaces (rescheduled_to set) says nothing, or its CANCEL would remove the moved event from the
-- guest's calendar (both carry the same UID). Hosts are not mailed about their own actions, nobody
-- about a booking that is already over, and nobody during a data import (a superuser session that set
-- `kairos.bulk_import` to on; API roles cannot set it).
create or replace function private.booking_mails()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.end_time <= now() or current_setting('kairos.bulk_import', true) = 'on' then
    return null;
  end if;
  if tg_op = 'INSERT' then
    if new.rescheduled_from is not null then
      perform private.enqueue_booking_mails(new, 'booking.rescheduled', 'rescheduled', 'guest_rescheduled');
    elsif new.status = 'pending' then
      perform private.enqueue_booking_mails(new, 'booking.created', 'requested', 'approval_needed');
    elsif new.status = 'confirmed' then
      perform private.enqueue_booking_mails(new, 'booking.created', 'confirmed', 'new_booking');
    end if;
    return null;
  end if;
  if new.status = old.status or new.rescheduled_to is not null then
    return null;
  end if;
  if old.status = 'pending' and new.status = 'confirmed' then
    perform private.enqueue_booking_mails(new, 'booking.confirmed', 'confirmed', null);
  elsif new.status = 'cancelled' and new.cancelled_by = 'guest' then
    perform private.enqueue_booking_mails(new, 'booking.cancelled', 'cancelled', 'guest_cancelled');
  elsif new.status = 'cancelled' and old.status = 'pending' then
    perform private.enqueue_booking_mails(new, 'booking.rejected', 'declined', null);
  elsif new.status = 'cancelled' then
    perform private.enqueue_booking_mails(new, 'booking.cancelled', 'cancelled', null);
  end if;
  return null;
end;
$$;
create trigger bookings_mails after insert or update of status on public.bookings
  for each row execute function private.booking_mails();

-- Reminders: a day before a confirmed booking, to the guest and the hosts, once (the message id is
-- per booking and recipient). Called by the outbox worker at the start of every sweep. Bookings made
-- (or moved) less than a day ahead get none: their confirmation is recent.
create or replace function public.enqueue_due_reminders()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  b public.bookings;
  n integer := 0;
begin
  for b in
    select * from public.bookings x
    where x.status = 'confirmed' and x.start_time > now() and x.start_time <= now() + interval '24 hours'
      and x.created_at <= x.start_time - interval '24 hours'
      and not exists (select 1 from public.outbox o where o.booking_id = x.id and o.topic = 'booking.reminder')
  loop
    perform private.enqueue_booking_mails(b, 'booking.reminder', 'reminder', 'reminder', b.start_time);
    n := n + 1;
  end loop;
  return n;
end;
$$;

-- The outbox worker stores the hash of the token it puts in a guest's mail (the functions derive the
-- token from the booking's uid with a secret the database never sees).
create or replace function public.set_manage_token_hash(p_booking_id bigint, p_hash text)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.bookings set manage_token_hash = p_hash
  where id = p_booking_id and manage_token_hash is distinct from p_hash;
$$;

revoke all on function public.enqueue_due_reminders(), public.set_manage_token_hash(bigint, text) from public, anon, authenticated;
grant execute on function public.enqueue_due_reminders(), public.set_manage_token_hash(bigint, text) to service_role;
revoke all on all functions in schema private from public;
