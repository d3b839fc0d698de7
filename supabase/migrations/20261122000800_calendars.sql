-- Connected calendars: a host's CalDAV accounts, iCalendar subscriptions and Google calendars, the
-- calendars inside them, and a cache of their busy times that the slot path reads instead of calling
-- a remote calendar. Secrets (app passwords, secret feed addresses, OAuth tokens) are encrypted by the
-- `calendars` function with a key the database never sees, and are not readable through the API.

create table public.calendar_connections (
  id bigint generated always as identity primary key,
  user_id uuid not null references public.profiles (id) on delete cascade,
  provider text not null constraint calendar_connections_provider check (provider in ('caldav', 'ics', 'google')),
  label text not null constraint calendar_connections_label check (btrim(label) <> '' and length(label) <= 200),
  -- What the host sees of where the calendar lives: the CalDAV server, or only the host of a feed
  -- (a feed's full address is itself a secret, so it is kept with the credentials).
  server_url text,
  username text,
  -- Which account this is, so that connecting it again updates this connection instead of adding a
  -- second one that reads the same calendars (and of which only one would receive bookings): the
  -- CalDAV account's calendar home URL, the SHA-256 of a feed's address (the address is a secret),
  -- the Google account's email. Null where a provider names none.
  account text,
  -- 'error' once a sync fails (wrong password, server down, unreadable data): shown to the host, and
  -- the last good busy times stay in the cache rather than the calendar reading as free.
  status text not null default 'ok' constraint calendar_connections_status check (status in ('ok', 'error')),
  last_error text,
  -- The same by its rule's id and values (supabase/functions/_shared/rules/messages.ts), so that the
  -- host reads it in their language; null for a failure no rule words (its English is all there is).
  last_error_rule jsonb constraint calendar_connections_last_error_rule check (jsonb_typeof(last_error_rule) = 'object'),
  last_synced_at timestamptz,
  last_attempt_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index calendar_connections_user_id_idx on public.calendar_connections (user_id);
create unique index calendar_connections_account_unique on public.calendar_connections (user_id, provider, account);
-- The scheduled sync picks the connections not attempted for longest.
create index calendar_connections_last_attempt_idx on public.calendar_connections (last_attempt_at nulls first);
create trigger calendar_connections_updated_at before update on public.calendar_connections
  for each row execute function private.set_updated_at();

-- Ciphertext only (AES-GCM, key in the functions' secrets); no API role has any privilege on it.
create table public.calendar_credentials (
  connection_id bigint primary key references public.calendar_connections (id) on delete cascade,
  secret text not null
);

-- The calendars of a connection (a feed is one calendar).
create table public.calendar_sources (
  id bigint generated always as identity primary key,
  connection_id bigint not null references public.calendar_connections (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  -- The calendar's address (CalDAV collection URL), id (Google) or 'feed'.
  remote_id text not null,
  name text not null,
  color text,
  -- Its events make the host busy.
  checks_conflicts boolean not null default true,
  -- Kairos may write bookings into it (CalDAV calendars with events, writable Google calendars).
  can_write boolean not null default false,
  -- The one calendar that confirmed bookings are written to.
  receives_bookings boolean not null default false,
  last_synced_at timestamptz,
  created_at timestamptz not null default now(),
  constraint calendar_sources_remote_unique unique (connection_id, remote_id),
  constraint calendar_sources_writable check (not receives_bookings or can_write),
  -- Deferred, so one statement can move the choice from one calendar to another.
  constraint calendar_sources_one_booking_calendar exclude using gist (user_id with =) where (receives_bookings)
    deferrable initially deferred
);
create index calendar_sources_user_id_idx on public.calendar_sources (user_id);

-- Busy intervals read from external calendars, replaced per calendar at each successful sync.
create table public.external_busy (
  id bigint generated always as identity primary key,
  source_id bigint not null references public.calendar_sources (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  during tstzrange not null constraint external_busy_not_empty check (not isempty(during))
);
create index external_busy_source_id_idx on public.external_busy (source_id);
-- The slot path asks "this person's busy time overlapping this window".
create index external_busy_user_during_idx on public.external_busy using gist (user_id, during);

-- Each host's secret feed of their own bookings (webcal://): only the token's hash is stored.
create table public.calendar_feeds (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  token_hash text not null constraint calendar_feeds_token_hash_unique unique,
  created_at timestamptz not null default now()
);

-- Privileges and RLS -------------------------------------------------------------------------------
revoke all on public.calendar_connections, public.calendar_credentials, public.calendar_sources,
  public.external_busy, public.calendar_feeds from anon, authenticated, service_role;
revoke all on sequence public.calendar_connections_id_seq, public.calendar_sources_id_seq, public.external_busy_id_seq
  from anon, authenticated, service_role;
-- The sync and the write-back (service role): read a connection, its credentials and calendars, mark
-- how its sync went; a feed's token is looked up by its hash. Busy times go in by replace_external_busy.
grant select, update on public.calendar_connections to service_role;
grant select on public.calendar_credentials, public.calendar_sources, public.calendar_feeds to service_role;
grant select on public.calendar_connections to authenticated;
grant update (label) on public.calendar_connections to authenticated;
grant delete on public.calendar_connections to authenticated;
grant select on public.calendar_sources to authenticated;
grant update (checks_conflicts) on public.calendar_sources to authenticated;
grant select on public.external_busy to authenticated;

alter table public.calendar_connections enable row level security;
alter table public.calendar_credentials enable row level security;
alter table public.calendar_sources enable row level security;
alter table public.external_busy enable row level security;
alter table public.calendar_feeds enable row level security;

create policy "Hosts read their own calendar connections" on public.calendar_connections
  for select to authenticated using (user_id = (select auth.uid()));
comment on policy "Hosts read their own calendar connections" on public.calendar_connections is
  'Connections are added through add_calendar_connection, which only the calendars function calls, after checking the account.';
create policy "Hosts rename their own calendar connections" on public.calendar_connections
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "Hosts remove their own calendar connections" on public.calendar_connections
  for delete to authenticated using (user_id = (select auth.uid()));

create policy "Hosts read their own calendars" on public.calendar_sources
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Hosts choose which of their calendars check for conflicts" on public.calendar_sources
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

create policy "Hosts read their own external busy times" on public.external_busy
  for select to authenticated using (user_id = (select auth.uid()));
comment on policy "Hosts read their own external busy times" on public.external_busy is
  'Only intervals are stored, never titles; guests see them only as missing slots.';

comment on table public.calendar_credentials is 'No policy and no privilege for API roles: only the service role reads it.';
comment on table public.calendar_feeds is 'No policy and no privilege for API roles: tokens are made by regenerate_calendar_feed.';

-- RPCs ---------------------------------------------------------------------------------------------

-- Adds a connection of host p_user_id with its calendars and encrypted secret, in one transaction; for
-- an account the host has connected already (p_account), updates that connection instead: its login,
-- server and secret, and its calendars as the account has them now (new ones added, gone ones
-- removed), keeping the host's label, their choice of calendars that check for conflicts and their
-- booking calendar while it is still writable. p_calendars: [{remoteId, name, color, canWrite}]. The
-- first writable calendar receives bookings when the host has no booking calendar. The service role's
-- only: the calendars function calls it once it has reached the account, read its calendars and
-- sealed the secret, none of which the database can check (a host calling it over REST stored
-- plaintext secrets and made-up calendars).
create or replace function public.add_calendar_connection(
  p_user_id uuid, p_provider text, p_label text, p_server_url text, p_username text, p_secret text, p_calendars jsonb,
  p_account text
)
returns bigint language plpgsql security definer set search_path = ''
as $$
declare
  me uuid := p_user_id;
  conn_id bigint;
begin
  if me is null then
    raise exception 'Sign in to connect a calendar' using errcode = '42501', hint = 'signInCalendar';
  end if;
  if jsonb_typeof(p_calendars) <> 'array' or jsonb_array_length(p_calendars) > 200 then
    raise exception 'Too many calendars' using errcode = '22023', hint = 'calendarsMax';
  end if;
  insert into public.calendar_connections (user_id, provider, account, label, server_url, username, last_synced_at, last_attempt_at)
  values (me, p_provider, p_account, p_label, p_server_url, p_username, null, null)
  on conflict (user_id, provider, account) do update
    set server_url = excluded.server_url, username = excluded.username, status = 'ok', last_error = null, last_attempt_at = null
  returning id into conn_id;
  insert into public.calendar_credentials (connection_id, secret) values (conn_id, p_secret)
  on conflict (connection_id) do update set secret = excluded.secret;
  delete from public.calendar_sources s
  where s.connection_id = conn_id
    and not exists (select 1 from jsonb_array_elements(p_calendars) c where c->>'remoteId' = s.remote_id);
  insert into public.calendar_sources (connection_id, user_id, remote_id, name, color, can_write)
  select conn_id, me, c->>'remoteId', coalesce(nullif(btrim(c->>'name'), ''), 'Calendar'), c->>'color',
         coalesce((c->>'canWrite')::boolean, false)
  from jsonb_array_elements(p_calendars) c
  on conflict (connection_id, remote_id) do update
    set name = excluded.name, color = excluded.color, can_write = excluded.can_write,
        receives_bookings = public.calendar_sources.receives_bookings and excluded.can_write;
  update public.calendar_sources s set receives_bookings = true
  where s.id = (select min(id) from public.calendar_sources where connection_id = conn_id and can_write)
    and not exists (select 1 from public.calendar_sources o where o.user_id = me and o.receives_bookings);
  return conn_id;
end;
$$;

-- Makes one of the caller's writable calendars the one bookings are written to (null: none).
create or replace function public.set_booking_calendar(p_source_id bigint)
returns void language plpgsql security definer set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
begin
  perform private.require_assurance();
  if p_source_id is not null and not exists (
    select 1 from public.calendar_sources where id = p_source_id and user_id = me and can_write
  ) then
    raise exception 'Choose one of your calendars that Kairos can write to' using errcode = '22023', hint = 'writableCalendar';
  end if;
  update public.calendar_sources set receives_bookings = (id is not distinct from p_source_id)
  where user_id = me and receives_bookings is distinct from (id is not distinct from p_source_id);
end;
$$;

-- A new secret feed token for the caller; the old one stops working. Returned once, stored hashed.
create or replace function public.regenerate_calendar_feed()
returns text language plpgsql security definer set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  token text := translate(encode(extensions.gen_random_bytes(24), 'base64'), '+/', '-_');
begin
  perform private.require_assurance();
  if me is null then
    raise exception 'Sign in to create a calendar feed' using errcode = '42501', hint = 'signInFeed';
  end if;
  insert into public.calendar_feeds (user_id, token_hash) values (me, encode(extensions.digest(token, 'sha256'), 'hex'))
  on conflict (user_id) do update set token_hash = excluded.token_hash, created_at = now();
  return token;
end;
$$;

-- Whether the caller has a feed (the token itself is never readable again).
create or replace function public.calendar_feed_created_at()
returns timestamptz language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_assurance();
  return (select created_at from public.calendar_feeds where user_id = (select auth.uid()));
end;
$$;

-- The sync's write: one calendar's busy intervals replaced at once (service role only).
-- The calendar sync rewrites every calendar each few minutes; most of the time nothing changed, and
-- then nothing is written, so slot lists cached by guests stay valid.
create or replace function public.replace_external_busy(p_source_id bigint, p_spans jsonb)
returns void language plpgsql security definer set search_path = ''
as $$
declare
  owner uuid;
begin
  select user_id into owner from public.calendar_sources where id = p_source_id for update;
  if owner is null then
    return; -- removed while syncing
  end if;
  if (select coalesce(array_agg(r order by r), '{}')
      from (select tstzrange((s->>0)::timestamptz, (s->>1)::timestamptz, '[)') r
            from jsonb_array_elements(p_spans) s where (s->>0)::timestamptz < (s->>1)::timestamptz) fresh)
     is distinct from (select coalesce(array_agg(during order by during), '{}') from public.external_busy where source_id = p_source_id) then
    delete from public.external_busy where source_id = p_source_id;
    insert into public.external_busy (source_id, user_id, during)
    select p_source_id, owner, tstzrange((s->>0)::timestamptz, (s->>1)::timestamptz, '[)')
    from jsonb_array_elements(p_spans) s
    where (s->>0)::timestamptz < (s->>1)::timestamptz;
  end if;
  update public.calendar_sources set last_synced_at = now() where id = p_source_id;
end;
$$;

revoke all on function public.add_calendar_connection(uuid, text, text, text, text, text, jsonb, text), public.set_booking_calendar(bigint),
  public.regenerate_calendar_feed(), public.calendar_feed_created_at(), public.replace_external_busy(bigint, jsonb)
  from public, anon, authenticated, service_role;
grant execute on function public.set_booking_calendar(bigint), public.regenerate_calendar_feed(), public.calendar_feed_created_at()
  to authenticated;
grant execute on function public.add_calendar_connection(uuid, text, text, text, text, text, jsonb, text),
  public.replace_external_busy(bigint, jsonb) to service_role;

-- Write-back ----------------------------------------------------------------------------------------
-- A confirmed booking appears in each host's chosen calendar, moves with it and leaves
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
revoke all on public.calendar_events from anon, authenticated, service_role;
grant select, insert, update, delete on public.calendar_events to service_role;
comment on table public.calendar_events is 'Written by the outbox''s calendar handler (service role); no policy and no privilege for API roles.';

-- A booking whose place is a provider's meeting (Google Meet, Zoom) and whose link is still to come:
-- the organiser's Google write-back creates a Meet conference (conferenceData.createRequest), the
-- 'meeting' outbox handler a Zoom meeting; public.set_meeting_link keeps the link.
create or replace function private.awaits_link(b public.bookings)
returns boolean language plpgsql immutable set search_path = ''
as $$
begin
  return coalesce(b.location ->> 'kind' in ('google_meet', 'zoom') and b.location ->> 'value' is null, false);
end;
$$;

-- One 'calendar' outbox row per person of booking b who has a booking calendar, or whose calendar
-- already holds this booking's event (to move or remove it). A step of private.after_booking_change
-- (the bookings migration), after the busy rows, which it reads. A seat's event is its slot's: one
-- event under the slot's UID for all its seats (docs/seats.md), whose SEQUENCE each change of a seat
-- raises here (the slot row is already locked by take_seat for a new seat).
create or replace function private.enqueue_calendar_writes(b public.bookings)
returns void language plpgsql security definer set search_path = ''
as $$
declare
  uid text := b.ical_uid;
  sequence integer := b.ical_sequence;
begin
  if b.seat_slot_id is not null then
    update public.seat_slots s set ical_sequence = s.ical_sequence + 1 where s.id = b.seat_slot_id
    returning s.ical_uid, s.ical_sequence into uid, sequence;
  end if;
  insert into public.outbox (kind, topic, booking_id, message_id, payload)
  select 'calendar', 'booking.calendar', b.id,
         'calendar:' || uid || ':' || people.user_id || ':' || sequence || ':' || b.status || ':' || txid_current(),
         jsonb_build_object('icalUid', uid, 'userId', people.user_id)
  from (
    select bb.user_id from public.booking_busy bb where bb.booking_id = b.id
    union
    select b.user_id where b.user_id is not null
    union
    select b.assigned_user_id where b.assigned_user_id is not null
    union
    select ce.user_id from public.calendar_events ce where ce.ical_uid = uid
  ) people
  where exists (select 1 from public.calendar_sources s where s.user_id = people.user_id and s.receives_bookings)
     or exists (select 1 from public.calendar_events ce where ce.ical_uid = uid and ce.user_id = people.user_id)
     -- The organiser's write makes a Google Meet link, or says why it cannot.
     or (b.location ->> 'kind' = 'google_meet' and private.awaits_link(b) and people.user_id = coalesce(b.assigned_user_id, b.user_id))
  on conflict (message_id) do nothing;
end;
$$;

-- The calendar handler's read: what the event with this UID is in this person's calendar, if they
-- hold it. A booking's UID: the confirmed booking that occupies them (attendees null). A group slot's
-- UID: the slot, while a seat of it is confirmed, with every seat that holds its place (confirmed or
-- awaiting approval) as an attendee and the calendar's owner as its organiser; booking_id and location
-- are those of its first such seat. (A seat's own UID still answers its booking: the Zoom writer's.)
create or replace function public.calendar_write_state(p_ical_uid text, p_user_id uuid)
returns table (booking_id bigint, start_time timestamptz, end_time timestamptz, sequence integer, title text, guest_name text,
  location jsonb, organiser boolean, attendees jsonb, host_name text, host_email text)
language sql
stable
security definer
set search_path = ''
as $$
  select b.id, b.start_time, b.end_time, b.ical_sequence, coalesce(e.title, 'Booking'), b.guest_name, b.location,
    p_user_id = coalesce(b.assigned_user_id, b.user_id), null::jsonb, null, null
  from public.bookings b
  join public.booking_busy bb on bb.booking_id = b.id and bb.user_id = p_user_id and bb.active
  left join public.event_types e on e.id = b.event_type_id
  where b.ical_uid = p_ical_uid and b.status = 'confirmed'
  union all
  (select seats.first_id, s.start_time, seats.end_time, s.ical_sequence, e.title, null, seats.location,
     p_user_id = coalesce(s.member_id, s.user_id), seats.attendees, nullif(concat_ws(' ', p.first_name, p.last_name), ''), p.email
   from public.seat_slots s
   join public.event_types e on e.id = s.event_type_id
   join public.profiles p on p.id = p_user_id
   cross join lateral (
     select min(b.id) as first_id, max(b.end_time) as end_time, (array_agg(b.location order by b.id))[1] as location,
       jsonb_agg(jsonb_build_object('name', b.guest_name, 'email', b.guest_email,
         'partstat', case b.status when 'pending' then 'NEEDS-ACTION' else 'ACCEPTED' end) order by b.id) as attendees,
       bool_or(b.status = 'confirmed') as confirmed
     from public.bookings b
     join public.booking_busy bb on bb.booking_id = b.id and bb.user_id = p_user_id and bb.active
     where b.seat_slot_id = s.id and b.status in ('confirmed', 'pending')
   ) seats
   where s.ical_uid = p_ical_uid and seats.confirmed)
  order by 1 desc
  limit 1;
$$;

revoke all on function public.calendar_write_state(text, uuid) from public, anon, authenticated;
grant execute on function public.calendar_write_state(text, uuid) to service_role;

-- Meeting links ------------------------------------------------------------------------------------
-- A provider's link (Google Meet) arrives after the booking committed: the calendar handler keeps it
-- here, once. The link is a change of the invite: the next SEQUENCE, an updated invite to the guest
-- and the hosts ('link_ready'), and the calendars written again with it.
create or replace function public.set_meeting_link(p_booking_id bigint, p_link text)
returns void language plpgsql security definer set search_path = ''
as $$
declare
  b public.bookings;
begin
  if p_link !~ '^https://\S+$' then
    raise exception 'A meeting link is an https address' using errcode = '22023', hint = 'meetingLinkHttps';
  end if;
  -- The seats of a group slot meet in one Meet room (its calendar event's): the link is each waiting
  -- seat's. (A Zoom seat's meeting is still its own: the meeting writer works per booking.)
  for b in
    update public.bookings x
    set location = jsonb_set(x.location, '{value}', to_jsonb(p_link)), ical_sequence = x.ical_sequence + 1
    where (x.id = p_booking_id
           or x.seat_slot_id = (select y.seat_slot_id from public.bookings y where y.id = p_booking_id) and x.location ->> 'kind' = 'google_meet')
      and private.awaits_link(x) and x.status in ('pending', 'confirmed') and x.rescheduled_to is null
    returning *
  loop
    perform private.enqueue_booking_mails(b, 'booking.location', 'link_ready', 'link_ready');
    perform private.enqueue_calendar_writes(b);
  end loop;
end;
$$;

-- Where a booking's provider link stands, for its hosts (a computed field: `select=*,link_state`):
-- null when there is none to wait for, else 'pending' or 'failed' with the last error of the
-- booking's latest calendar write (Meet) or meeting write (Zoom), which is what makes it. As the caller: the outbox policy shows the
-- rows of bookings the caller reads.
create or replace function public.link_state(b public.bookings)
returns jsonb language sql stable set search_path = ''
as $$
  select case when private.awaits_link(b) and b.status in ('pending', 'confirmed') then
    coalesce(
      (select jsonb_build_object('status', case when o.status = 'failed' then 'failed' else 'pending' end, 'error', o.last_error)
       from public.outbox o
       where o.booking_id = b.id and o.kind = case b.location ->> 'kind' when 'zoom' then 'meeting' else 'calendar' end
       order by o.id desc limit 1),
      jsonb_build_object('status', 'pending', 'error', null))
  end;
$$;

-- A host asks for the link again (after "link failed"): a new write of the organiser's calendar. Who
-- may change the booking may ask; anyone else is told it does not exist. Definer: it writes an outbox
-- row, which no API role may.
create or replace function public.retry_meeting_link(p_booking_id bigint)
returns void language plpgsql security definer set search_path = ''
as $$
declare
  b public.bookings;
begin
  perform private.require_assurance();
  select * into b from public.bookings x
  where x.id = p_booking_id and private.awaits_link(x) and x.status in ('pending', 'confirmed') and private.caller_may_change(x);
  if not found then
    raise exception 'Booking not found' using errcode = 'P0002', hint = 'bookingNotFound';
  end if;
  perform private.enqueue_calendar_writes(b);
  perform private.enqueue_meeting_write(b);
end;
$$;

revoke all on function public.set_meeting_link(bigint, text), public.link_state(public.bookings), public.retry_meeting_link(bigint)
  from public, anon, authenticated;
grant execute on function public.set_meeting_link(bigint, text) to service_role;
grant execute on function public.link_state(public.bookings), public.retry_meeting_link(bigint) to authenticated, service_role;
-- link_state runs as its caller.
grant execute on function private.awaits_link(public.bookings) to authenticated, service_role;

-- Zoom ------------------------------------------------------------------------------------------------
-- A host connects their Zoom account (OAuth); each booking whose place is Zoom gets its own meeting,
-- made, moved and deleted by the outbox's 'meeting' handler through Zoom's REST API.

-- A host's Zoom account: the tokens sealed as calendar credentials are (AES-GCM with the functions'
-- key, bound to the user id), written by the functions only; hosts see that it is connected.
create table public.zoom_connections (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  -- {refreshToken, accessToken, expiresAt} sealed; Zoom rotates the refresh token at every refresh.
  secret text not null,
  connected_at timestamptz not null default now()
);
alter table public.zoom_connections enable row level security;
revoke all on public.zoom_connections from anon, authenticated, service_role;
grant select, insert, update, delete on public.zoom_connections to service_role;
-- Never the secret.
grant select (user_id, connected_at) on public.zoom_connections to authenticated;
grant delete on public.zoom_connections to authenticated;
create policy "Hosts read their own Zoom connection" on public.zoom_connections
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Hosts disconnect their own Zoom" on public.zoom_connections
  for delete to authenticated using (user_id = (select auth.uid()));

-- The Zoom meeting of each booking calendar UID (it stays the same across a reschedule, as the UID does).
create table public.zoom_meetings (
  ical_uid text primary key,
  user_id uuid not null references public.profiles (id) on delete cascade,
  meeting_id bigint not null
);
create index zoom_meetings_user_id_idx on public.zoom_meetings (user_id);
alter table public.zoom_meetings enable row level security;
revoke all on public.zoom_meetings from anon, authenticated, service_role;
grant select, insert, update, delete on public.zoom_meetings to service_role;
comment on table public.zoom_meetings is 'Written by the outbox''s meeting handler (service role); no policy and no privilege for API roles.';

-- One 'meeting' outbox row per change of a Zoom booking, for its organiser: the handler makes the
-- meeting match the booking with this UID as it is at delivery time (made, moved, or deleted when no
-- confirmed booking holds the UID any more), so rows may run in any order or twice. A booking
-- replaced by a reschedule writes none: the new booking's row moves the meeting (two rows of one
-- move, run side by side before a link exists, would make two meetings). A step of
-- private.after_booking_change (the bookings migration), as the calendar writes are.
create or replace function private.enqueue_meeting_write(b public.bookings)
returns void language plpgsql security definer set search_path = ''
as $$
begin
  if b.location ->> 'kind' = 'zoom' and coalesce(b.assigned_user_id, b.user_id) is not null and b.rescheduled_to is null then
    insert into public.outbox (kind, topic, booking_id, message_id, payload)
    values ('meeting', 'booking.meeting', b.id,
      'meeting:' || b.ical_uid || ':' || b.ical_sequence || ':' || b.status || ':' || txid_current(),
      jsonb_build_object('icalUid', b.ical_uid, 'userId', coalesce(b.assigned_user_id, b.user_id)))
    on conflict (message_id) do nothing;
  end if;
end;
$$;

-- The schedule of the calendar sync: on a project with pg_cron and pg_net (hosted Supabase), every
-- minute, calling the calendars function's sweep with the URL and key kept in Vault
-- (`kairos_calendar_sync_url`, `kairos_calendar_sync_key`; see the README). The local stack runs the
-- same sweep on its timer.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
     and exists (select 1 from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net with schema extensions;
    create extension if not exists pg_cron;
    perform cron.schedule('kairos-calendar-sync', '* * * * *', $job$select private.post_to_function('kairos_calendar_sync', 60000)$job$);
  end if;
end;
$$;

revoke all on all functions in schema private from public;
