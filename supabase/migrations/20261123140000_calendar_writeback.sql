-- Write-back: a confirmed booking appears in each host's chosen calendar, moves with it and leaves
-- when it is cancelled or rejected. Every change of a booking writes an outbox row of kind 'calendar'
-- in its own transaction, one per person it concerns; the outbox function then makes that person's
-- calendar match the booking as it is at delivery time (so rows may run in any order, or twice). A
-- calendar that is down delays the write; the row is retried with backoff and nothing is lost.
-- The scheduled calendar sync is created here too (pg_cron where it exists; the local stack's timer).

-- Where Kairos wrote each booking event (one per booking UID and person), with the ETag for If-Match.
create table public.calendar_events (
  ical_uid text not null,
  user_id uuid not null references public.profiles (id) on delete cascade,
  source_id bigint not null references public.calendar_sources (id) on delete cascade,
  href text not null,
  etag text,
  updated_at timestamptz not null default now(),
  primary key (ical_uid, user_id)
);
create index calendar_events_user_id_idx on public.calendar_events (user_id);
create index calendar_events_source_id_idx on public.calendar_events (source_id);
alter table public.calendar_events enable row level security;
revoke all on public.calendar_events from anon, authenticated;
comment on table public.calendar_events is 'Written by the outbox''s calendar handler (service role); no policy and no privilege for API roles.';

-- One 'calendar' outbox row per person of booking b who has a booking calendar, or whose calendar
-- already holds this booking's event (to move or remove it).
create or replace function private.enqueue_calendar_writes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.outbox (kind, topic, booking_id, message_id, payload)
  select 'calendar', 'booking.calendar', new.id,
         'calendar:' || new.ical_uid || ':' || people.user_id || ':' || new.ical_sequence || ':' || new.status || ':' || txid_current(),
         jsonb_build_object('icalUid', new.ical_uid, 'userId', people.user_id)
  from (
    select bb.user_id from public.booking_busy bb where bb.booking_id = new.id
    union
    select new.user_id where new.user_id is not null
    union
    select new.assigned_user_id where new.assigned_user_id is not null
    union
    select ce.user_id from public.calendar_events ce where ce.ical_uid = new.ical_uid
  ) people
  where exists (select 1 from public.calendar_sources s where s.user_id = people.user_id and s.receives_bookings)
     or exists (select 1 from public.calendar_events ce where ce.ical_uid = new.ical_uid and ce.user_id = people.user_id)
  on conflict (message_id) do nothing;
  return null;
end;
$$;
-- Named to run after bookings_busy_* (triggers fire in name order), so busy rows exist for new bookings.
create trigger bookings_zz_calendar_writes after insert or update of status, start_time, end_time, assigned_user_id on public.bookings
  for each row execute function private.enqueue_calendar_writes();

-- The calendar handler's read: the confirmed booking with this UID that occupies this person, if any.
create or replace function public.calendar_write_state(p_ical_uid text, p_user_id uuid)
returns table (booking_id bigint, start_time timestamptz, end_time timestamptz, sequence integer, title text, guest_name text)
language sql
stable
security definer
set search_path = ''
as $$
  select b.id, b.start_time, b.end_time, b.ical_sequence, coalesce(e.title, te.title, 'Booking'), b.guest_name
  from public.bookings b
  join public.booking_busy bb on bb.booking_id = b.id and bb.user_id = p_user_id and bb.active
  left join public.event_types e on e.id = b.event_type_id
  left join public.team_event_types te on te.id = b.team_event_type_id
  where b.ical_uid = p_ical_uid and b.status = 'confirmed'
  order by b.id desc
  limit 1;
$$;

revoke all on function public.calendar_write_state(text, uuid) from public, anon, authenticated;
grant execute on function public.calendar_write_state(text, uuid) to service_role;
revoke all on all functions in schema private from public;

-- The schedule of the calendar sync: on a project with pg_cron and pg_net (hosted Supabase), every
-- minute, calling the calendars function's sweep with the URL and key kept in Vault
-- (`kairos_calendar_sync_url`, `kairos_calendar_sync_key`; see the README). The local stack runs the
-- same sweep on its timer.
create or replace function private.kick_calendar_sync()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  url text;
  key text;
begin
  if to_regnamespace('net') is null or to_regclass('vault.decrypted_secrets') is null then
    return;
  end if;
  execute 'select max(decrypted_secret) filter (where name = $1), max(decrypted_secret) filter (where name = $2) from vault.decrypted_secrets'
    into url, key using 'kairos_calendar_sync_url', 'kairos_calendar_sync_key';
  if url is not null then
    execute 'select net.http_post(url := $1, body := $2, headers := $3, timeout_milliseconds := 60000)'
      using url, '{}'::jsonb, jsonb_build_object('Authorization', 'Bearer ' || key, 'Content-Type', 'application/json');
  end if;
end;
$$;
revoke all on function private.kick_calendar_sync() from public;

do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
     and exists (select 1 from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net;
    create extension if not exists pg_cron;
    perform cron.schedule('kairos-calendar-sync', '* * * * *', 'select private.kick_calendar_sync()');
  end if;
end;
$$;
