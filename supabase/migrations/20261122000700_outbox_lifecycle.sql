-- The outbox: every side effect of a change (a mail, a calendar write, a webhook) is a row
-- written in the transaction of the change, and delivered afterwards by the `outbox` edge function.
-- A new kind of delivery is a new `kind` with its handler in the function, never a new table.
--
-- Life of a row: pending → processing (claimed under a lease) → sent | pending again (retry with
-- backoff) | failed (attempts used up, or a permanent error) | skipped (no longer worth sending, e.g. a
-- reminder after its meeting began). A worker that dies mid-delivery leaves its rows processing with an
-- expired lease; the next claim takes them again. Delivery is therefore at least once; `message_id`
-- is stable per row so the receiving end can drop a repeat (SMTP Message-ID, webhook-id).

create type public.outbox_status as enum ('pending', 'processing', 'sent', 'failed', 'skipped');

create table public.outbox (
  id bigint generated always as identity primary key,
  -- Which handler delivers it ('email', 'calendar', 'webhook').
  kind text not null constraint outbox_kind_name check (kind ~ '^[a-z][a-z_]*$'),
  -- What happened, in the words webhooks use ('booking.created', 'booking.reminder', ...).
  topic text not null,
  booking_id bigint references public.bookings (id) on delete cascade,
  -- Idempotency key of the delivery: the same for every attempt of this row, unique across rows.
  message_id text not null constraint outbox_message_id_key unique,
  -- What the handler needs, as it was when the change happened.
  payload jsonb not null,
  status public.outbox_status not null default 'pending',
  attempts integer not null default 0,
  max_attempts integer not null default 8 constraint outbox_max_attempts_positive check (max_attempts > 0),
  -- Not before (retry backoff, or a scheduled send).
  available_at timestamptz not null default now(),
  -- Not after: past it a pending row is skipped instead of sent.
  deliver_before timestamptz,
  locked_by text,
  locked_until timestamptz,
  last_error text,
  last_attempt_at timestamptz,
  sent_at timestamptz,
  created_at timestamptz not null default now()
);
create index outbox_due_idx on public.outbox (available_at, id) where status = 'pending';
create index outbox_lease_idx on public.outbox (locked_until) where status = 'processing';
create index outbox_booking_id_idx on public.outbox (booking_id);
comment on table public.outbox is
  'Side effects awaiting delivery by the outbox function. Written by triggers and RPCs in the transaction of the change.';

alter table public.outbox enable row level security;
revoke all on public.outbox from anon, authenticated, service_role;
revoke all on sequence public.outbox_id_seq from anon, authenticated, service_role;
-- The worker claims and settles rows (outbox_claim and outbox_settle run as the caller).
grant select, update on public.outbox to service_role;
-- Hosts see how the mails about their bookings went (never the payload, which is the handler's).
grant select (id, kind, topic, booking_id, message_id, status, attempts, max_attempts, available_at, last_error,
  last_attempt_at, sent_at, created_at) on public.outbox to authenticated;
create policy "Hosts read the deliveries of bookings they can read" on public.outbox
  for select to authenticated
  using (booking_id is not null and exists (select 1 from public.bookings b where b.id = booking_id));
comment on policy "Hosts read the deliveries of bookings they can read" on public.outbox is
  'The bookings subquery runs under the caller''s own bookings policy, so visibility follows it.';

-- On a hosted project with pg_net, an HTTP POST to one of our functions, whose URL and key live in Vault
-- as `<p_secret>_url` and `<p_secret>_key` (see the README); nothing where either is missing (the
-- local stack has neither: it listens to a NOTIFY or runs the same work on its timer). True when posted.
create or replace function private.post_to_function(p_secret text, p_timeout_ms integer)
returns boolean language plpgsql security definer set search_path = ''
as $$
declare
  url text;
  key text;
begin
  if to_regnamespace('net') is null or to_regclass('vault.decrypted_secrets') is null then
    return false;
  end if;
  execute 'select max(decrypted_secret) filter (where name = $1), max(decrypted_secret) filter (where name = $2) from vault.decrypted_secrets'
    into url, key using p_secret || '_url', p_secret || '_key';
  if url is not null then
    execute 'select net.http_post(url := $1, body := $2, headers := $3, timeout_milliseconds := $4)'
      using url, '{}'::jsonb, jsonb_build_object('Authorization', 'Bearer ' || key, 'Content-Type', 'application/json'), p_timeout_ms;
  end if;
  return url is not null;
end;
$$;

-- Wakes the delivery worker: a NOTIFY (delivered at commit) that the local stack listens to, and on a
-- hosted project the outbox function (Vault's `kairos_outbox_url`, `kairos_outbox_key`), once a
-- transaction: a booking writes its mails', webhooks' and calendar's rows in three statements, and
-- pg_net posts after commit, when the one worker woken claims them all (Postgres folds the NOTIFYs
-- itself). Each post is a function invocation and a Vault read.
create or replace function private.kick_outbox()
returns void language plpgsql security definer set search_path = ''
as $$
begin
  perform pg_notify('kairos_outbox', '');
  if current_setting('kairos.outbox_posted', true) is distinct from 'on'
     and private.post_to_function('kairos_outbox', 10000) then
    perform set_config('kairos.outbox_posted', 'on', true);
  end if;
end;
$$;

create or replace function private.kick_outbox_on_insert()
returns trigger language plpgsql security definer set search_path = ''
as $$
begin
  perform private.kick_outbox();
  return null;
end;
$$;
create trigger outbox_kick after insert on public.outbox
  for each statement execute function private.kick_outbox_on_insert();

-- Claims up to p_limit due rows for p_worker under a lease of p_lease_seconds: pending rows whose time
-- has come, and rows of a worker whose lease ran out. `skip locked` lets concurrent workers take
-- disjoint rows. Rows past their deadline are skipped, rows that used up their attempts on expired
-- leases fail.
create or replace function public.outbox_claim(p_worker text, p_limit integer default 5, p_lease_seconds integer default 60)
returns setof public.outbox language plpgsql set search_path = ''
as $$
begin
  if p_worker is null or p_limit not between 1 and 100 or p_lease_seconds not between 1 and 3600 then
    raise exception 'A worker name, a limit of 1-100 and a lease of 1-3600 seconds are required' using errcode = '22023';
  end if;
  update public.outbox set status = 'skipped', last_error = 'Not delivered before its deadline', locked_by = null, locked_until = null
  where deliver_before < now()
    and (status = 'pending' or (status = 'processing' and locked_until < now()));
  update public.outbox set status = 'failed', last_error = coalesce(last_error, 'Worker stopped during delivery'),
    locked_by = null, locked_until = null
  where status = 'processing' and locked_until < now() and attempts >= max_attempts;
  return query
    update public.outbox o
    set status = 'processing', locked_by = p_worker, locked_until = now() + make_interval(secs => p_lease_seconds),
      attempts = o.attempts + 1, last_attempt_at = now()
    where o.id in (
      select c.id from public.outbox c
      where (c.status = 'pending' and c.available_at <= now())
         or (c.status = 'processing' and c.locked_until < now())
      order by c.available_at, c.id
      limit p_limit
      for update skip locked
    )
    returning o.*;
end;
$$;

-- Records the outcome of one claimed row: sent (p_error null), or failed with p_error, retried after
-- p_retry_in_seconds (default: 30 s doubling per attempt, at most an hour) unless p_permanent or the
-- attempts are used up. Only the worker holding the lease may settle it; returns the new status, or
-- null when the lease was lost (another worker took the row over).
create or replace function public.outbox_settle(p_id bigint, p_worker text, p_error text default null,
  p_permanent boolean default false, p_retry_in_seconds integer default null)
returns public.outbox_status language plpgsql set search_path = ''
as $$
declare
  settled public.outbox_status;
begin
  update public.outbox o
  set status = case
        when p_error is null then 'sent'
        when p_permanent or o.attempts >= o.max_attempts then 'failed'
        else 'pending' end::public.outbox_status,
      sent_at = case when p_error is null then now() end,
      last_error = coalesce(left(p_error, 1000), o.last_error),
      available_at = case when p_error is null then o.available_at
        else now() + coalesce(make_interval(secs => p_retry_in_seconds),
                              least(interval '1 hour', interval '30 seconds' * power(2, greatest(o.attempts - 1, 0)))) end,
      locked_by = null,
      locked_until = null
  where o.id = p_id and o.status = 'processing' and o.locked_by = p_worker
  returning o.status into settled;
  return settled;
end;
$$;

revoke all on function public.outbox_claim(text, integer, integer), public.outbox_settle(bigint, text, text, boolean, integer)
  from public, anon, authenticated;
grant execute on function public.outbox_claim(text, integer, integer), public.outbox_settle(bigint, text, text, boolean, integer)
  to service_role;

-- The schedule: on a project with pg_cron and pg_net (hosted Supabase), a sweep every 30 seconds wakes
-- the worker for retries and due reminders. Where they are missing (the local stack), nothing is
-- created here: the local stack runs the same sweep on a timer.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
     and exists (select 1 from pg_available_extensions where name = 'pg_net') then
    -- In extensions, as Supabase's own migrations install it (a bare create lands in public).
    create extension if not exists pg_net with schema extensions;
    create extension if not exists pg_cron;
    perform cron.schedule('kairos-outbox-sweep', '30 seconds', 'select private.kick_outbox()');
  end if;
end;
$$;

-- Booking lifecycle ---------------------------------------------------------------------------------
-- What happens after a booking: the mails of each change (with calendar invites), written to the
-- outbox in the transaction of the change (a step of private.after_booking_change, the bookings
-- migration), and what the guest's manage link needs.

-- The snapshot every booking mail is written from (booking_snapshot, with booking_hosts and
-- display_name) is built in each booking's transaction: PL/pgSQL keeps their plans for the session,
-- where SQL functions with a pinned search_path are planned again at every call.

-- Display name of a profile: first and last name, else the email.
create or replace function private.display_name(p public.profiles)
returns text language plpgsql stable set search_path = ''
as $$
begin
  return coalesce(nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), ''), p.email);
end;
$$;

-- The people who hold a booking on the host side, organiser first: the host of a personal booking;
-- for a team booking its assignee, every member of a requires-all-members booking, or (unassigned)
-- the owners and admins who will assign it. Candidates are looked up by id (the host, the assignee,
-- the team's members), so a booking never reads every profile.
create or replace function private.booking_hosts(b public.bookings)
returns table (user_id uuid, name text, email text, timezone text, locale text) language plpgsql stable security definer set search_path = ''
as $$
begin
  return query
  select p.id, private.display_name(p), p.email, p.timezone, p.locale
  from public.profiles p
  left join public.team_members m on m.team_id = b.team_id and m.user_id = p.id
  where p.id in (select b.user_id union all select b.assigned_user_id
                 union all select x.user_id from public.team_members x where x.team_id = b.team_id)
    and p.email is not null and (
    p.id = b.user_id
    or p.id = b.assigned_user_id
    or (b.team_id is not null and b.assigned_user_id is null and m.user_id is not null
        and (m.role in ('owner', 'admin')
             or exists (select 1 from public.event_types e where e.id = b.event_type_id and e.requires_all_members))))
  order by (p.id = b.user_id or p.id = b.assigned_user_id) desc, m.role nulls first, m.joined_at, p.id;
end;
$$;

-- What a mail about booking b needs, as it is now: the booking, its event type, the organiser, the
-- guest and every host.
create or replace function private.booking_snapshot(b public.bookings)
returns jsonb language plpgsql stable security definer set search_path = ''
as $$
begin
  return (
  with et as (
    select e.title, e.duration, t.name as team_name
    from public.event_types e left join public.teams t on t.id = e.team_id
    where e.id = b.event_type_id
  ), hosts as (
    select coalesce(jsonb_agg(jsonb_build_object('name', h.name, 'email', h.email, 'timezone', h.timezone, 'locale', h.locale)), '[]'::jsonb) as list
    from private.booking_hosts(b) h
  ), previous as (
    select jsonb_build_object('start', o.start_time, 'end', o.end_time) as span from public.bookings o where o.id = b.rescheduled_from
  )
  select jsonb_build_object(
    'booking', jsonb_build_object(
      'id', b.id, 'uid', b.uid, 'status', b.status, 'start', b.start_time, 'end', b.end_time,
      'title', et.title, 'duration', et.duration, 'team', et.team_name,
      'icalUid', b.ical_uid, 'sequence', b.ical_sequence,
      -- The guest's manage link's hash as stored: a mail whose link it already opens stores nothing.
      'manageTokenHash', b.manage_token_hash,
      -- An occurrence's series (its invite's UID keys the guest's one manage token of the series).
      'seriesId', b.series_id, 'seriesUid', (select s.ical_uid from public.booking_series s where s.id = b.series_id),
      'cancelledBy', b.cancelled_by, 'cancellationReason', b.cancellation_reason,
      'previous', (select span from previous), 'location', b.location,
      -- The guest's answers, for the hosts' mails (rules/questions.ts#StoredAnswer).
      'answers', coalesce((select a.answers from public.booking_answers a where a.booking_id = b.id), '[]'),
      -- The people the guest invited: every mail lists them, and each gets the guest's mails.
      'attendees', private.booking_attendee_emails(b.id),
      -- A paid booking's payment (the payments migration): the amount paid, the receipt, the refund.
      'payment', private.booking_payment(b.id)),
    'guest', jsonb_build_object('name', b.guest_name, 'email', b.guest_email,
      'timezone', coalesce(b.guest_timezone, hosts.list -> 0 ->> 'timezone', 'UTC'), 'locale', b.guest_locale),
    'hosts', hosts.list)
  from et, hosts);
end;
$$;

-- Writes the mails of one booking event to the outbox: one row per recipient. p_guest and p_host name
-- the message each side gets (null: none); the people the guest invited get the guest's. The message id is fixed by the booking, the event, the
-- invite's version and the recipient, so the same event can never be written twice. A series' mail
-- (p_series, private.series_snapshot) is about booking b and carries the series' invite: its message
-- id is the series' and its SEQUENCE's.
create or replace function private.enqueue_booking_mails(b public.bookings, p_topic text, p_guest text, p_host text,
  p_deliver_before timestamptz default null, p_series jsonb default null)
returns void language plpgsql security definer set search_path = ''
as $$
declare
  snap jsonb := private.booking_snapshot(b) || coalesce(jsonb_build_object('series', p_series), '{}');
  version text := case when p_topic = 'booking.reminder' then 'reminder' else b.ical_sequence::text end;
  about text := case when p_series is null then b.uid::text else 'series-' || (p_series ->> 'id') end;
begin
  if p_series is not null then
    version := p_series ->> 'sequence';
  end if;
  insert into public.outbox (kind, topic, booking_id, message_id, payload, deliver_before)
  select 'email', p_topic, b.id, format('%s.%s.%s@kairos', about, version, r.key),
    snap || jsonb_build_object('message', r.message, 'recipient', r.recipient), p_deliver_before
  from (
    select 'guest' as key, p_guest as message,
      jsonb_build_object('role', 'guest', 'name', snap -> 'guest' ->> 'name', 'email', snap -> 'guest' ->> 'email',
        'timezone', snap -> 'guest' ->> 'timezone', 'locale', snap -> 'guest' ->> 'locale') as recipient
    where p_guest is not null
    union all
    select 'host-' || md5(h ->> 'email'), p_host, h || jsonb_build_object('role', 'host')
    from jsonb_array_elements(snap -> 'hosts') h
    where p_host is not null
    union all
    -- The guest's invitees get the guest's message, in the guest's zone and language, without its
    -- manage link (the outbox worker gives that to role 'guest' only).
    select 'attendee-' || md5(a), p_guest,
      jsonb_build_object('role', 'attendee', 'name', a, 'email', a, 'timezone', snap -> 'guest' ->> 'timezone',
        'locale', snap -> 'guest' ->> 'locale')
    from jsonb_array_elements_text(snap -> 'booking' -> 'attendees') a
    where p_guest is not null
  ) r
  on conflict (message_id) do nothing;
end;
$$;

-- The event of a booking change, as both its mails and its webhooks name it (null: none). A booking
-- created by a reschedule announces the move; the booking it replaces (rescheduled_to set) says
-- nothing, or its CANCEL would remove the moved event from the guest's calendar (both carry the same
-- UID). A pending booking cancelled by anyone but its guest was rejected. A paid booking is created
-- for everyone when it is paid (awaiting_payment → confirmed | pending), not when its time is held; a
-- hold that expires was never announced, so its end says nothing.
create or replace function private.booking_event(p_op text, b public.bookings, p_old public.bookings, out event text)
language plpgsql
immutable
set search_path = ''
as $$
begin
  event := case
    when p_op = 'INSERT' and b.rescheduled_from is not null then 'booking.rescheduled'
    when b.status in ('awaiting_payment', 'expired') then null
    when p_op = 'INSERT' then 'booking.created'
    when b.status = p_old.status or b.rescheduled_to is not null then null
    when p_old.status = 'awaiting_payment' then 'booking.created'
    when p_old.status = 'pending' and b.status = 'confirmed' then 'booking.confirmed'
    when b.status = 'cancelled' and p_old.status = 'pending' and b.cancelled_by is distinct from 'guest' then 'booking.rejected'
    when b.status = 'cancelled' then 'booking.cancelled'
  end;
end;
$$;

-- A series as its invite and its mails need it (lifecycle/series-ics.ts): its rule, the starts it
-- skipped, where "this and all later" cut it, and each occurrence that stands for a rule's start (a
-- moved one's replaced booking is left out: its successor stands for the same start).
create or replace function private.series_snapshot(p_series_id bigint)
returns jsonb language plpgsql stable security definer set search_path = ''
as $$
begin
  return (
    select jsonb_build_object('id', s.id, 'icalUid', s.ical_uid, 'sequence', s.ical_sequence, 'frequency', s.frequency,
      'count', s.count, 'firstStart', s.first_start, 'timeZone', s.time_zone, 'skipped', to_jsonb(s.skipped),
      'endedFrom', s.ended_from,
      'occurrences', coalesce((
        select jsonb_agg(jsonb_build_object('uid', b.uid, 'recurrenceId', b.recurrence_id, 'start', b.start_time,
          'end', b.end_time, 'status', b.status) order by b.recurrence_id)
        from public.bookings b where b.series_id = s.id and b.rescheduled_to is null), '[]'))
    from public.booking_series s where s.id = p_series_id);
end;
$$;

-- The one mail per recipient of a change of a series (docs/series.md), about occurrence b, with the
-- series' invite at its next SEQUENCE (p_bump; its first mail keeps 0).
create or replace function private.enqueue_series_mails(b public.bookings, p_topic text, p_guest text, p_host text,
  p_bump boolean default true)
returns void language plpgsql security definer set search_path = ''
as $$
begin
  if p_bump then
    update public.booking_series set ical_sequence = ical_sequence + 1 where id = b.series_id;
  end if;
  perform private.enqueue_booking_mails(b, p_topic, p_guest, p_host, null, private.series_snapshot(b.series_id));
end;
$$;

-- An occurrence's own events mail the series' update instead (one cancelled, declined, moved or
-- confirmed date); its creation is the series' (create_booking_series), and an occurrence cancelled
-- with all later ones is the cut's (private.end_series).
create or replace function private.occurrence_mails(p_op text, b public.bookings, p_old public.bookings)
returns void language plpgsql security definer set search_path = ''
as $$
declare
  happened text := private.booking_event(p_op, b, p_old);
begin
  if happened in ('booking.cancelled', 'booking.rejected')
     and exists (select 1 from public.booking_series s where s.id = b.series_id and b.recurrence_id >= s.ended_from) then
    return;
  end if;
  perform private.enqueue_series_mails(b, m.event, m.guest, m.host)
  from (values
    ('booking.rescheduled', 'rescheduled', 'guest_rescheduled'),
    ('booking.confirmed', 'confirmed', null),
    ('booking.rejected', 'date_cancelled', null),
    ('booking.cancelled', 'date_cancelled', case when b.cancelled_by = 'guest' then 'guest_date_cancelled' end)
  ) m (event, guest, host)
  where m.event = happened;
end;
$$;

-- The mails of each booking event: what the guest and the hosts are sent (null: nothing). Hosts are
-- not mailed about their own actions, nobody about a booking that is already over, and nobody during
-- a data import (a superuser session that set `kairos.bulk_import` to on; API roles cannot set it).
-- An occurrence of a series mails as its series (private.occurrence_mails).
create or replace function private.booking_mails(p_op text, b public.bookings, p_old public.bookings)
returns void language plpgsql security definer set search_path = ''
as $$
begin
  if b.end_time <= now() or current_setting('kairos.bulk_import', true) = 'on' then
    return;
  end if;
  if b.series_id is not null then
    perform private.occurrence_mails(p_op, b, p_old);
    return;
  end if;
  perform private.enqueue_booking_mails(b, m.event, m.guest, m.host)
  from (values
    ('booking.rescheduled', null, 'rescheduled', 'guest_rescheduled'),
    ('booking.created', 'pending', 'requested', 'approval_needed'),
    ('booking.created', 'confirmed', 'confirmed', 'new_booking'),
    ('booking.confirmed', null, 'confirmed', null),
    ('booking.rejected', null, 'declined', null),
    ('booking.cancelled', null, 'cancelled', case when b.cancelled_by = 'guest' then 'guest_cancelled' end)
  ) m (event, status, guest, host)
  where m.event = private.booking_event(p_op, b, p_old) and (m.status is null or m.status = b.status::text);
end;
$$;

-- Reminders: a day before a confirmed booking, to the guest and the hosts, once (the message id is
-- per booking and recipient). Called by the outbox worker at the start of every sweep. Bookings made
-- (or moved) less than a day ahead get none: their confirmation is recent.
create or replace function public.enqueue_due_reminders()
returns integer language plpgsql security definer set search_path = ''
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
-- token from the booking's uid with a secret the database never sees). A series has one token, derived
-- from its invite's UID, on every occurrence: one link opens each date of that series and no other.
create or replace function public.set_manage_token_hash(p_booking_id bigint, p_hash text)
returns void language sql security definer set search_path = ''
as $$
  update public.bookings set manage_token_hash = p_hash
  where (id = p_booking_id or series_id = (select x.series_id from public.bookings x where x.id = p_booking_id))
    and manage_token_hash is distinct from p_hash;
$$;

revoke all on function public.enqueue_due_reminders(), public.set_manage_token_hash(bigint, text) from public, anon, authenticated;
grant execute on function public.enqueue_due_reminders(), public.set_manage_token_hash(bigint, text) to service_role;

-- The guest's manage link ---------------------------------------------------------------------------
-- The guest's side of a booking, without an account: view, cancel and reschedule through the manage
-- link /booking/{uid}?token=… . Every check lives here: the token (only its SHA-256 is stored), the
-- booking's state, and the host's notice for guest changes. A wrong token, another booking's token, a
-- token whose booking has ended and a token already used (its booking was cancelled or moved) all
-- answer the same 'Booking not found' (P0002): never a hint of what exists.

-- The booking whose token this is, if the token is right and the booking has not ended.
create or replace function private.guest_token_booking(p_uid uuid, p_token text)
returns public.bookings language plpgsql stable security definer set search_path = ''
as $$
declare
  b public.bookings;
begin
  select * into b from public.bookings x
  where x.uid = p_uid and x.manage_token_hash is not null and p_token is not null
    and x.manage_token_hash = encode(sha256(convert_to(p_token, 'UTF8')), 'hex')
    and x.end_time > now();
  if not found then
    raise exception 'Booking not found' using errcode = 'P0002', hint = 'bookingNotFound';
  end if;
  return b;
end;
$$;

-- Hours before the start inside which the guest may no longer change the booking online: the host's
-- setting; for a team booking the largest of its hosts'.
create or replace function private.guest_change_deadline(b public.bookings)
returns timestamptz language sql stable security definer set search_path = ''
as $$
  select b.start_time - make_interval(hours => coalesce(max(s.guest_change_notice), 0))
  from private.booking_hosts(b) h join public.user_settings s on s.user_id = h.user_id;
$$;

-- What the manage page shows. An old link (the booking was moved) leads to the booking it was moved
-- to, to look at only: acting needs the link of the latest mail.
create or replace function public.guest_booking(p_uid uuid, p_token text)
returns jsonb language plpgsql stable security definer set search_path = ''
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
  -- The answer names a team's event type as the /api does: team_event_type_id.
  select e.title, e.duration, case when e.team_id is null then e.id end as event_type_id,
    case when e.team_id is not null then e.id end as team_event_type_id, t.name as team_name
    into et from public.event_types e left join public.teams t on t.id = e.team_id where e.id = b.event_type_id;
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
    -- The place is the guest's to know: this is their booking.
    'location', b.location,
    'moved', b.id <> own.id,
    'change_deadline', deadline,
    'can_change', b.id = own.id and b.status in ('pending', 'confirmed') and now() < deadline,
    -- A paid booking may be cancelled inside the notice too, for the event type's late-cancellation
    -- refund (private.guest_changeable).
    'can_cancel', b.id = own.id and b.status in ('pending', 'confirmed')
      and (now() < deadline or exists (select 1 from public.payments p where p.booking_id = b.id and p.status = 'paid')),
    -- The guest's own answers, to read (booking_answers' RLS lets only hosts read the table; the
    -- token, checked above, is what shows them to their guest).
    'answers', coalesce((select a.answers from public.booking_answers a where a.booking_id = b.id), '[]'),
    -- The people they invited, likewise.
    'attendees', private.booking_attendee_emails(b.id),
    -- A series' dates, each opened with the same token (set_manage_token_hash): those standing for a
    -- start of its rule, moved ones at their new time.
    'series', (select jsonb_build_object('frequency', s.frequency, 'occurrences', (
        select jsonb_agg(jsonb_build_object('uid', o.uid, 'start_time', o.start_time, 'end_time', o.end_time, 'status', o.status)
          order by o.start_time)
        from public.bookings o where o.series_id = s.id and o.rescheduled_to is null))
      from public.booking_series s where s.id = b.series_id),
    -- A paid booking's payment, to its guest: the price, where the money stands, Stripe's receipt, and
    -- the share a cancellation inside the notice gives back (the payments migration's refund rule).
    'payment', (select jsonb_build_object('amount', p.amount, 'currency', p.currency, 'status', p.status,
        'refunded_amount', p.refunded_amount, 'refund_status', p.refund_status, 'refund_failure', p.refund_failure,
        'receipt_url', p.receipt_url, 'late_refund_percent', e.late_cancel_refund_percent)
      from public.payments p join public.event_types e on e.id = b.event_type_id where p.booking_id = b.id)
  );
end;
$$;

-- The checks of a guest change: the token names this very booking (not one it was moved from), the
-- booking is open, and the host's notice has not begun. A paid booking may still be cancelled inside
-- the notice (p_cancel): what the guest gets back then is the event type's late-cancellation refund
-- (the payments migration); moving it stays the host's.
create or replace function private.guest_changeable(p_uid uuid, p_token text, p_cancel boolean default false)
returns public.bookings language plpgsql security definer set search_path = ''
as $$
declare
  b public.bookings := private.guest_token_booking(p_uid, p_token);
begin
  -- Locked: a concurrent cancel or reschedule of the same booking waits, then sees it closed.
  select * into b from public.bookings where id = b.id for update;
  if b.status not in ('pending', 'confirmed') or b.rescheduled_to is not null then
    raise exception 'Booking not found' using errcode = 'P0002', hint = 'bookingNotFound';
  end if;
  if now() >= private.guest_change_deadline(b)
     and not (p_cancel and exists (select 1 from public.payments p where p.booking_id = b.id and p.status = 'paid')) then
    raise exception 'This booking can no longer be changed online. Please contact your host.' using errcode = 'KR001', hint = 'changeTooLate';
  end if;
  return b;
end;
$$;

-- Every guest change mails the host, so a link may not change its booking over and over (it moved one
-- 20 times in 7.4 s). Two token buckets (public.take_booking_token): the link's own, five changes a
-- minute from any address (every token of a booking and of the bookings it was moved to shares the
-- calendar UID), and the client address's on the booking's calendar, the one a new booking from that
-- address takes (p_per_minute: BOOKING_RATE_LIMIT_PER_MINUTE). KR003: rate_limited.
create or replace function private.take_guest_change(b public.bookings, p_client text, p_per_minute integer)
returns void language plpgsql security definer set search_path = ''
as $$
begin
  if not public.take_booking_token('manage-link', 'link:' || b.ical_uid, 5)
     or not public.take_booking_token(p_client,
       case when b.team_id is null then 'user:' || b.user_id else 'team:' || b.team_id end, p_per_minute) then
    raise exception 'Too many booking requests. Please wait a moment and try again.' using errcode = 'KR003', hint = 'tooManyBookings';
  end if;
end;
$$;

-- Service role only: the bookings function calls it with the client's address (a caller over REST
-- could name any address). p_following: a series' occurrence and every later one (private.end_series).
create or replace function public.guest_cancel_booking(p_uid uuid, p_token text, p_reason text, p_client text,
  p_per_minute integer, p_following boolean default false)
returns jsonb language plpgsql security definer set search_path = ''
as $$
declare
  b public.bookings := private.guest_changeable(p_uid, p_token, p_cancel => true);
begin
  perform private.take_guest_change(b, p_client, p_per_minute);
  if p_following then
    perform private.end_series(b, 'guest', p_reason);
  else
    update public.bookings
    set status = 'cancelled', cancelled_by = 'guest', cancellation_reason = nullif(btrim(left(p_reason, 500)), '')
    where id = b.id;
  end if;
  return public.guest_booking(p_uid, p_token);
end;
$$;

-- Moves the booking to [p_start, p_end): the old one becomes cancelled and points at the new one,
-- which keeps its calendar UID, its guest, its place, its answers, its invitees and its status, with the next SEQUENCE. One transaction: if
-- the new time is taken (the exclusion constraint), nothing changes. The slot itself was checked by
-- the function with the slot engine; p_member_id is the team member it chose.
create or replace function public.guest_reschedule_booking(p_uid uuid, p_token text, p_start timestamptz,
  p_end timestamptz, p_client text, p_per_minute integer, p_member_id uuid default null)
returns public.bookings language plpgsql security definer set search_path = ''
as $$
declare
  old public.bookings := private.guest_changeable(p_uid, p_token);
  new_id bigint := nextval(pg_get_serial_sequence('public.bookings', 'id'));
  created public.bookings;
begin
  perform private.take_guest_change(old, p_client, p_per_minute);
  if p_end - p_start <> old.end_time - old.start_time then
    raise exception 'A reschedule keeps the duration of the booking' using errcode = '22023', hint = 'rescheduleDuration';
  end if;
  update public.bookings set status = 'cancelled', cancelled_by = 'guest', rescheduled_to = new_id where id = old.id;
  -- Before the new booking, whose mails carry them (booking_answers' key is deferred).
  insert into public.booking_answers (booking_id, answers)
  select new_id, a.answers from public.booking_answers a where a.booking_id = old.id;
  insert into public.booking_attendees (booking_id, email)
  select new_id, a.email from public.booking_attendees a where a.booking_id = old.id;
  -- An occurrence of a series stays one (the same rule start, RECURRENCE-ID) and keeps the series'
  -- one token; nothing else of the series changes.
  insert into public.bookings (id, event_type_id, user_id, team_id, assigned_user_id, guest_name,
    guest_email, guest_phone, guest_company, notes, guest_timezone, guest_locale, start_time, end_time, status, ical_uid, ical_sequence,
    rescheduled_from, location, series_id, recurrence_id, manage_token_hash)
  overriding system value
  values (new_id, old.event_type_id, old.user_id, old.team_id,
    case when old.team_id is null then null else coalesce(p_member_id, old.assigned_user_id) end,
    old.guest_name, old.guest_email, old.guest_phone, old.guest_company, old.notes, old.guest_timezone, old.guest_locale, p_start, p_end,
    old.status, old.ical_uid, old.ical_sequence + 1, old.id, old.location, old.series_id, old.recurrence_id,
    case when old.series_id is not null then old.manage_token_hash end)
  returning * into created;
  -- A paid booking's payment follows it: a move never charges again (nor refunds).
  update public.payments set booking_id = new_id where booking_id = old.id;
  return created;
exception when exclusion_violation then
  raise exception 'This time slot is no longer available' using errcode = '23P01', hint = 'slotTaken';
end;
$$;

-- "This and all later" of a series (docs/series.md): the series is cut at occurrence b's rule start
-- first, so the cancellations of b and of every later open occurrence, one statement, mail nothing of
-- their own (private.occurrence_mails); then the series sends one mail, its invite's RRULE ending
-- before the cut. The series row's lock queues two cuts of one series.
create or replace function private.end_series(b public.bookings, p_by text, p_reason text)
returns void language plpgsql security definer set search_path = ''
as $$
begin
  if b.series_id is null then
    raise exception 'This booking is not part of a series' using errcode = '22023', hint = 'notSeries';
  end if;
  update public.booking_series set ended_from = least(coalesce(ended_from, b.recurrence_id), b.recurrence_id) where id = b.series_id;
  update public.bookings set status = 'cancelled', cancelled_by = p_by, cancellation_reason = nullif(btrim(left(p_reason, 500)), '')
  where series_id = b.series_id and recurrence_id >= b.recurrence_id and status in ('pending', 'confirmed');
  select * into b from public.bookings where id = b.id;
  perform private.enqueue_series_mails(b, 'booking.cancelled', 'rest_cancelled', case when p_by = 'guest' then 'guest_rest_cancelled' end);
end;
$$;

-- The host's "cancel this and all later": whoever may cancel the occurrence itself (the bookings
-- update policy: its host, the team's owners and admins, its assignee) cancels it and the later ones.
-- Security definer: it records where the series ends (booking_series, which no API role writes) and
-- queues the series' one mail (the outbox). Its check is the update policy's terms
-- (private.caller_may_change), so a policy edited in the dashboard is not followed here (docs/series.md).
create or replace function public.cancel_series_from(p_booking_id bigint)
returns void language plpgsql security definer set search_path = ''
as $$
declare
  b public.bookings;
begin
  perform private.require_assurance();
  select * into b from public.bookings x
  where x.id = p_booking_id and x.series_id is not null and x.status in ('pending', 'confirmed') and private.caller_may_change(x)
  for update;
  if not found then
    raise exception 'Booking not found' using errcode = 'P0002', hint = 'bookingNotFound';
  end if;
  perform private.end_series(b, 'host', null);
end;
$$;
revoke all on function public.cancel_series_from(bigint) from public, anon;
grant execute on function public.cancel_series_from(bigint) to authenticated, service_role;

revoke all on function public.guest_booking(uuid, text), public.guest_cancel_booking(uuid, text, text, text, integer, boolean),
  public.guest_reschedule_booking(uuid, text, timestamptz, timestamptz, text, integer, uuid) from public, anon, authenticated;
-- Viewing needs nothing but the token; a change goes through the function, which knows the client's
-- address for the throttle (and checks a new time with the slot engine first).
grant execute on function public.guest_booking(uuid, text) to anon, authenticated;
grant execute on function public.guest_booking(uuid, text), public.guest_cancel_booking(uuid, text, text, text, integer, boolean),
  public.guest_reschedule_booking(uuid, text, timestamptz, timestamptz, text, integer, uuid) to service_role;
-- Team invitations' mails ------------------------------------------------------------------------


-- An invitation's mail, with its link, into the outbox: 'team.invitation' as it is made or renewed,
-- 'team.invitation.link' when its invitee asks for the link again. Every mail of one invitation (and
-- expiry) carries the same link.
create or replace function private.queue_invitation_mail(i public.team_invitations, p_topic text, p_message_id text)
returns void language sql security definer set search_path = ''
as $$
  insert into public.outbox (kind, topic, message_id, payload, deliver_before)
  select 'invitation', p_topic, p_message_id,
    jsonb_build_object('invitation_id', i.id, 'email', i.email, 'role', i.role, 'expires_at', i.expires_at,
      'team_name', t.name, 'inviter_name', (select private.display_name(p) from public.profiles p where p.id = i.invited_by),
      -- Written in the invitee's language when they have an account, else in the inviter's.
      -- (auth.users' email is indexed and lower-cased by Auth; profiles' is not indexed.)
      'locale', coalesce((select p.locale from auth.users u join public.profiles p on p.id = u.id where u.email = lower(i.email) limit 1),
                         (select p.locale from public.profiles p where p.id = i.invited_by))),
    i.expires_at
  from public.teams t where t.id = i.team_id;
$$;

-- The mail of each invitation and renewal goes to the outbox with the change; a mail still waiting for
-- an invitation since renewed or revoked is no longer worth sending. It must leave before the
-- invitation expires.
create or replace function private.mail_invitation()
returns trigger language plpgsql security definer set search_path = ''
as $$
declare
  changed public.team_invitations := case when tg_op = 'DELETE' then old else new end;
begin
  -- Storing the mailed token's hash changes no link: the mails waiting (a link asked for again) stay.
  if tg_op = 'UPDATE' and new.expires_at = old.expires_at then
    return null;
  end if;
  update public.outbox set status = 'skipped', last_error = 'Superseded: the invitation was renewed or revoked'
  where kind = 'invitation' and status = 'pending' and (payload ->> 'invitation_id')::bigint = changed.id;
  if tg_op = 'DELETE' then
    return null;
  end if;
  perform private.queue_invitation_mail(new, 'team.invitation', format('invitation.%s.%s@kairos', new.id, (extract(epoch from new.expires_at) * 1000000)::bigint));
  return null;
end;
$$;
create trigger team_invitations_mail after insert or update or delete on public.team_invitations
  for each row execute function private.mail_invitation();

revoke all on all functions in schema private from public;
