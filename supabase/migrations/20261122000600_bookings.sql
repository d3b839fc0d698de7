-- Bookings and the booking door: the bookings of a host's or a team's event types, the busy intervals
-- that make double booking impossible, the status rules, booking limits under concurrency, who reads and
-- changes bookings, the public busy read and the dashboard's figures, and the one door new bookings come
-- through (create_booking, the service role's) with its rate limit.


-- Bookings and the busy intervals that make double booking impossible -------------------------------

-- A paid event type's booking starts awaiting_payment: its time is held (booking_busy, as any other)
-- until Stripe says it was paid (then confirmed, or pending for approval) or the hold ends (expired,
-- the time released). The payments migration decides which.
create type public.booking_status as enum ('pending', 'confirmed', 'cancelled', 'completed', 'awaiting_payment', 'expired');

-- A slot of a group event (event_types.seats_per_slot, docs/seats.md): its seats are bookings that
-- point here, each with its own guest, answers, manage token and mails. The row is what a seat's
-- booking locks before counting the seats taken, so two guests racing for the last seat are served one
-- after the other; its id is what the seats' busy rows share (booking_busy.shared_by). A team's slot
-- is held by one member, the one its first seat was assigned: the others follow.
create table public.seat_slots (
  id bigint generated always as identity primary key,
  event_type_id bigint not null references public.event_types (id) on delete cascade,
  -- The event type's owner, copied as bookings do, for the read policy.
  user_id uuid references public.profiles (id) on delete cascade,
  team_id bigint references public.teams (id) on delete cascade,
  member_id uuid,
  start_time timestamptz not null,
  -- The slot is one meeting in the host's calendar (write-back and feed): one event with every seat's
  -- guest as an attendee, under its own UID; its SEQUENCE rises with each seat booked or given up
  -- (private.enqueue_calendar_writes). A guest's own invites keep their booking's UID: theirs alone.
  ical_uid text not null default (gen_random_uuid()::text || '@kairos'),
  ical_sequence integer not null default 0,
  created_at timestamptz not null default now(),
  constraint seat_slots_event_type_start_key unique (event_type_id, start_time),
  constraint seat_slots_one_owner check (num_nonnulls(user_id, team_id) = 1)
);
alter table public.seat_slots enable row level security;
create index seat_slots_user_id_idx on public.seat_slots (user_id) where user_id is not null;
create index seat_slots_team_id_idx on public.seat_slots (team_id) where team_id is not null;
comment on table public.seat_slots is 'Slots of group events; their seats are the bookings with this seat_slot_id.';

-- A recurring series (docs/series.md): its occurrences are bookings that point here, each with its
-- own guest fields, status, busy rows and mails; written whole or not at all by create_booking_series.
-- `skipped` keeps the rule's starts the guest did not book (EXDATE of the series' invite), `ended_from`
-- the rule's start from which "this and all later" was cancelled (the invite's RRULE ends before it).
create table public.booking_series (
  id bigint generated always as identity primary key,
  event_type_id bigint not null references public.event_types (id) on delete cascade,
  -- The event type's owner, copied as bookings do, for the read policy.
  user_id uuid references public.profiles (id) on delete cascade,
  team_id bigint references public.teams (id) on delete cascade,
  frequency public.series_frequency not null,
  count smallint not null constraint booking_series_count_range check (count between 2 and 52),
  first_start timestamptz not null,
  -- The zone the rule was expanded in (the owner's when booked): its wall-clock time is the series'.
  time_zone text not null,
  skipped timestamptz[] not null default '{}',
  ended_from timestamptz,
  -- The series' one invite (lifecycle/series-ics.ts): its UID, and its SEQUENCE, raised by every change of an occurrence.
  ical_uid text not null default (gen_random_uuid()::text || '@kairos'),
  ical_sequence integer not null default 0,
  created_at timestamptz not null default now(),
  constraint booking_series_one_owner check (num_nonnulls(user_id, team_id) = 1)
);
alter table public.booking_series enable row level security;
create index booking_series_event_type_idx on public.booking_series (event_type_id);
create index booking_series_user_id_idx on public.booking_series (user_id) where user_id is not null;
create index booking_series_team_id_idx on public.booking_series (team_id) where team_id is not null;
comment on table public.booking_series is 'Recurring series; their occurrences are the bookings with this series_id.';

create table public.bookings (
  id bigint generated always as identity primary key,
  event_type_id bigint not null constraint bookings_event_type_fkey references public.event_types (id) on delete cascade,
  -- Host of a personal booking; null for a team booking.
  user_id uuid references public.profiles (id) on delete cascade,
  team_id bigint references public.teams (id) on delete cascade,
  -- Team member the booking is assigned to (null until assigned).
  assigned_user_id uuid,
  guest_name text not null constraint bookings_guest_name_present check (btrim(guest_name) <> ''),
  guest_email text not null constraint bookings_guest_email_format check (guest_email ~ '^[^@\s]+@[^@\s]+$'),
  guest_phone text,
  guest_company text,
  notes text,
  start_time timestamptz not null,
  end_time timestamptz not null,
  status public.booking_status not null default 'confirmed',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- A public id for the guest's manage link (its token is derived from it by the functions; only the
  -- token's hash is kept here), a calendar identity (UID and SEQUENCE, RFC 5545) that a reschedule
  -- carries over, the guest's time zone, who cancelled and why, and the reschedule chain.
  uid uuid not null default gen_random_uuid() constraint bookings_uid_key unique,
  ical_uid text not null default (gen_random_uuid()::text || '@kairos'),
  ical_sequence integer not null default 0,
  guest_timezone text,
  -- The language the guest booked in (rules/locales.ts): their mails and invites are written in it.
  guest_locale text not null default 'en' constraint bookings_guest_locale_known check (private.is_known_locale(guest_locale)),
  cancelled_by text constraint bookings_cancelled_by_party check (cancelled_by in ('host', 'guest')),
  cancellation_reason text constraint bookings_cancellation_reason_length check (length(cancellation_reason) <= 500),
  rescheduled_from bigint references public.bookings (id) on delete set null constraint bookings_rescheduled_from_key unique,
  -- A reschedule points the old booking at the new one before the new one exists (its id is drawn
  -- first), so the old booking's cancellation already reads as a move and writes no CANCEL mail.
  rescheduled_to bigint references public.bookings (id) on delete set null deferrable initially deferred,
  manage_token_hash text,
  -- Where this meeting takes place, chosen from its event type's locations when booked
  -- (private.booking_location): {kind, value}, value the address, number or link (null while a
  -- provider's link is to come). Read as the row is: by its host and team, and its guest through the
  -- functions; never by anon.
  location jsonb constraint bookings_location_shape
    check (location is null or jsonb_typeof(location) = 'object' and location ? 'kind'),
  -- Until when a booking awaiting payment holds its time (private.new_booking_hold): Kairos' own hold,
  -- shorter than Stripe lets a Checkout Session live (at least 30 minutes).
  hold_expires_at timestamptz,
  -- The slot this booking is a seat of (a group event's), else null.
  seat_slot_id bigint references public.seat_slots (id) on delete cascade,
  -- The series this booking is an occurrence of, and the rule's start it stands for (RECURRENCE-ID).
  series_id bigint references public.booking_series (id) on delete cascade,
  recurrence_id timestamptz,
  constraint bookings_occurrence_of_series check ((series_id is null) = (recurrence_id is null)),
  constraint bookings_hold_while_awaiting_payment check ((status = 'awaiting_payment') <= (hold_expires_at is not null)),
  constraint bookings_start_before_end check (start_time < end_time),
  -- Either personal (a host) or team (a team, and maybe its assignee), never a mix; the owner is the
  -- event type's (the two owner keys below).
  constraint bookings_kind check (
    (user_id is not null and team_id is null and assigned_user_id is null)
    or (team_id is not null and user_id is null)
  ),
  constraint bookings_host_owns_event_type_fkey foreign key (event_type_id, user_id)
    references public.event_types (id, user_id) on delete cascade,
  constraint bookings_team_owns_event_type_fkey foreign key (event_type_id, team_id)
    references public.event_types (id, team_id) on delete cascade,
  -- The assignee must be a member of the team; leaving the team (or deleting the user) clears it.
  constraint bookings_assigned_member_fkey foreign key (team_id, assigned_user_id)
    references public.team_members (team_id, user_id) on delete set null (assigned_user_id)
);
alter table public.bookings enable row level security;
create index bookings_user_start_idx on public.bookings (user_id, start_time) where user_id is not null;
create index bookings_event_type_idx on public.bookings (event_type_id, user_id);
create index bookings_team_start_idx on public.bookings (team_id, start_time) where team_id is not null;
create index bookings_team_event_type_idx on public.bookings (event_type_id, team_id) where team_id is not null;
-- Also when a member was last booked (assignment's tallies, private.slot_inputs): the newest first.
create index bookings_assigned_idx on public.bookings (team_id, assigned_user_id, created_at) where assigned_user_id is not null;
create index bookings_assigned_user_start_idx on public.bookings (assigned_user_id, start_time) where assigned_user_id is not null;
create index bookings_seat_slot_idx on public.bookings (seat_slot_id) where seat_slot_id is not null;
create index bookings_series_idx on public.bookings (series_id) where series_id is not null;
create index bookings_rescheduled_to_idx on public.bookings (rescheduled_to);
-- Reminders look for confirmed bookings starting within a day.
create index bookings_confirmed_start_idx on public.bookings (start_time) where status = 'confirmed';
comment on column public.bookings.uid is 'Public id of the booking in the guest''s manage link /booking/{uid}.';
comment on column public.bookings.ical_uid is 'UID of the booking''s calendar invites; the same for the bookings a reschedule chain links.';
comment on column public.bookings.ical_sequence is 'SEQUENCE of the invites: raised by every change of status or time, in the transaction of the change.';
comment on column public.bookings.guest_timezone is 'Time zone the guest booked in; their mails show times in it (null: the host''s).';
comment on column public.bookings.manage_token_hash is 'SHA-256 (hex) of the guest''s manage token; the token itself is never stored.';

-- pending → confirmed | cancelled; confirmed → cancelled, or completed once it has ended; cancelled
-- and completed are final. Whoever writes (REST, a function, the dashboard): a meeting that has not
-- happened yet cannot be marked as held, and one never confirmed was not held at all. A booking
-- awaiting payment becomes confirmed or pending (paid) or expired (not paid in time), never by a
-- host's hand: only Stripe's verdict and the hold's end decide (the payments migration, service role).
create or replace function private.check_booking_transition(b public.bookings, p_old public.bookings)
returns void language plpgsql set search_path = ''
as $$
begin
  if b.status is not distinct from p_old.status then
    return;
  end if;
  if not (p_old.status = 'pending' and b.status in ('confirmed', 'cancelled')
          or p_old.status = 'confirmed' and b.status in ('cancelled', 'completed')
          or p_old.status = 'awaiting_payment' and b.status in ('confirmed', 'pending', 'expired')) then
    raise exception 'A booking that is % cannot become %', replace(p_old.status::text, '_', ' '), replace(b.status::text, '_', ' ') using errcode = '22023', hint = 'statusChange', detail = json_build_object('from', p_old.status, 'to', b.status)::text;
  end if;
  if p_old.status = 'awaiting_payment' and (select auth.jwt() ->> 'role') in ('anon', 'authenticated') then
    raise exception 'A booking awaiting payment is decided by its payment' using errcode = '42501', hint = 'paymentDecides';
  end if;
  if b.status = 'completed' and b.end_time > now() then
    raise exception 'A booking is completed only once it has ended' using errcode = '22023', hint = 'completedAfterEnd';
  end if;
end;
$$;

-- One row per person a booking occupies: the host of a personal booking, the assignee of a team
-- booking, every member for a requires-all-members booking. The exclusion constraint refuses two
-- active rows of one person that overlap, whichever transaction comes second, so there is no
-- check-then-write race. `active` is false once the booking is cancelled. The seats of one group slot
-- are one meeting: their rows share `shared_by` (the slot's id) and do not exclude each other, but
-- exclude everything else of the person's that overlaps, another slot of the same event type included.
-- Any other booking's rows share with nothing (the negated booking id, never a slot's id).
create table public.booking_busy (
  booking_id bigint not null references public.bookings (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  during tstzrange not null,
  active boolean not null default true,
  shared_by bigint not null,
  primary key (booking_id, user_id),
  constraint booking_busy_no_overlap exclude using gist (user_id with =, during with &&, shared_by with <>) where (active)
);
alter table public.booking_busy enable row level security;
create index booking_busy_user_id_idx on public.booking_busy (user_id);

-- Busy rows follow their booking: who it occupies, when, and whether it is cancelled.
-- The exclusion constraint's own error names the other booking's person and time range. Whoever
-- caused it (a guest, an admin assigning a member) learns only that the time is taken.
create or replace function private.sync_booking_busy(p_op text, b public.bookings, p_old public.bookings)
returns void language plpgsql security definer set search_path = ''
as $$
declare
  all_members boolean := false;
  span tstzrange := tstzrange(b.start_time, b.end_time, '[)');
  is_active boolean := b.status not in ('cancelled', 'expired');
begin
  if b.team_id is not null then
    select e.requires_all_members into all_members from public.event_types e where e.id = b.event_type_id;
  end if;

  if p_op = 'INSERT' then
    insert into public.booking_busy (booking_id, user_id, during, active, shared_by)
    select b.id, person, span, is_active, coalesce(b.seat_slot_id, -b.id)
    from (
      select b.user_id as person where b.user_id is not null
      union
      select b.assigned_user_id where b.assigned_user_id is not null
      union
      select m.user_id from public.team_members m where all_members and m.team_id = b.team_id
    ) occupied
    -- Each busy row first locks its person's schedule version (booking_busy_version_first): in one
    -- order, two all-members bookings sharing people wait for each other instead of deadlocking.
    order by person;
    return;
  end if;

  if b.assigned_user_id is distinct from p_old.assigned_user_id and not all_members then
    delete from public.booking_busy where booking_id = b.id and user_id = p_old.assigned_user_id;
  end if;
  update public.booking_busy set during = span, active = is_active
  where booking_id = b.id and (during <> span or active <> is_active);
  if b.assigned_user_id is distinct from p_old.assigned_user_id and b.assigned_user_id is not null then
    insert into public.booking_busy (booking_id, user_id, during, active, shared_by)
    values (b.id, b.assigned_user_id, span, is_active, coalesce(b.seat_slot_id, -b.id))
    on conflict (booking_id, user_id) do nothing;
  end if;
exception when exclusion_violation then
  raise exception 'This time slot is no longer available' using errcode = '23P01', hint = 'slotTaken';
end;
$$;

-- A member who leaves a team no longer holds time for its bookings (a requires-all-members booking
-- keeps the others). The assignment itself is cleared by bookings_assigned_member_fkey.
create or replace function private.release_member_busy()
returns trigger language plpgsql security definer set search_path = ''
as $$
begin
  delete from public.booking_busy bb
  using public.bookings b
  where b.id = bb.booking_id and b.team_id = old.team_id and bb.user_id = old.user_id;
  return old;
end;
$$;
create trigger team_members_release_busy after delete on public.team_members
  for each row execute function private.release_member_busy();
-- Privileges, from none (see the foundation migration): only what each role needs.
revoke all on public.bookings, public.booking_busy, public.seat_slots, public.booking_series from anon, authenticated, service_role;
-- The functions read bookings for a host's feed (service role).
grant select on public.bookings, public.booking_busy, public.seat_slots, public.booking_series to service_role;
revoke all on sequence public.seat_slots_id_seq, public.booking_series_id_seq from anon, authenticated, service_role;
grant select on public.seat_slots, public.booking_series to authenticated;
-- Identity columns need no sequence privilege; where defaults granted them, anon could move an id on.
revoke all on sequence public.bookings_id_seq from anon, authenticated, service_role;
grant select on public.bookings to authenticated;
grant update (status, notes, assigned_user_id) on public.bookings to authenticated;
grant select on public.booking_busy to authenticated;

-- bookings ----------------------------------------------------------------------------------------
-- No insert (create_booking writes booking and busy rows atomically) and no delete
-- (bookings are cancelled, and removed only with their event type, team or host).
create policy "Hosts and team members read bookings" on public.bookings
  for select to authenticated
  using (user_id = (select auth.uid()) or (team_id is not null and private.has_team_role(team_id)));
comment on policy "Hosts and team members read bookings" on public.bookings is
  'Guest fields are never exposed to guests: public pages read busy intervals through public_busy.';
create policy "Hosts, team owners and admins, and assignees update bookings" on public.bookings
  for update to authenticated
  using (
    user_id = (select auth.uid())
    or (team_id is not null and private.has_team_role(team_id, array['owner', 'admin']))
    or assigned_user_id = (select auth.uid())
  )
  with check (
    user_id = (select auth.uid())
    or (team_id is not null and private.has_team_role(team_id, array['owner', 'admin']))
    or (assigned_user_id = (select auth.uid()) and status = 'cancelled')
  );
comment on policy "Hosts, team owners and admins, and assignees update bookings" on public.bookings is
  'Updatable columns are status, notes and assigned_user_id (column grants). A plain member may only cancel a team booking assigned to them; owners and admins cancel and assign any.';

-- The update policy's USING, for the security definer functions that change a booking for its host
-- (retry_meeting_link, cancel_series_from): one place for their check, which the policy itself
-- cannot call without costing every update a function call per row.
create or replace function private.caller_may_change(b public.bookings)
returns boolean language sql stable security definer set search_path = ''
as $$
  select b.user_id = (select auth.uid())
    or (b.team_id is not null and private.has_team_role(b.team_id, array['owner', 'admin']))
    or b.assigned_user_id = (select auth.uid());
$$;
revoke all on function private.caller_may_change(public.bookings) from public;

-- seat_slots --------------------------------------------------------------------------------------
-- Written only by create_booking; read as the slot's seats (bookings) are: by the host, by the team's members.
create policy "Hosts and team members read seat slots" on public.seat_slots
  for select to authenticated using (private.acts_for(user_id, team_id));

-- booking_series ----------------------------------------------------------------------------------
-- Written only by create_booking_series (service role); read as its occurrences (bookings) are: by
-- the host, by the team's members. Guests read their own occurrences through their manage tokens.
create policy "Hosts and team members read booking series" on public.booking_series
  for select to authenticated using (private.acts_for(user_id, team_id));

-- booking_busy ------------------------------------------------------------------------------------
-- Written only by triggers on bookings and team_members.
create policy "Users read their own busy intervals" on public.booking_busy
  for select to authenticated using (user_id = (select auth.uid()));

-- booking_answers ---------------------------------------------------------------------------------
-- The guest's answers to the event type's questions, as given: each keeps the label and type it was
-- asked under ({slug, label, type, value}, rules/questions.ts#answerSnapshot), so editing the questions
-- never changes an old booking. A table of its own, not a column of bookings: every member of a team
-- reads the team's bookings, but answers are read only by the booking's hosts, the people it occupies
-- (its booking_busy rows: the host, the assignee, or every member of a requires-all booking), and a
-- policy decides rows, not columns. Written with the booking by create_booking (before it: the id is
-- drawn first), carried over by a reschedule; absent when nothing was asked or answered.
create or replace function private.is_answer_snapshot(p_answers jsonb)
returns boolean language sql immutable set search_path = ''
as $$
  select jsonb_typeof(p_answers) = 'array' and jsonb_array_length(p_answers) <= 30
    and not exists (select 1 from jsonb_array_elements(p_answers) a
      where jsonb_typeof(a) <> 'object'
        or array(select jsonb_object_keys(a) order by 1) <> array['label', 'slug', 'type', 'value']
        or jsonb_typeof(a -> 'label') <> 'string' or jsonb_typeof(a -> 'slug') <> 'string' or jsonb_typeof(a -> 'type') <> 'string');
$$;
create table public.booking_answers (
  -- Deferred: written just before its booking, so the booking's own triggers (its mails, its
  -- webhooks) already read the answers.
  booking_id bigint primary key references public.bookings (id) on delete cascade deferrable initially deferred,
  answers jsonb not null constraint booking_answers_snapshot check (private.is_answer_snapshot(answers))
);
alter table public.booking_answers enable row level security;
comment on table public.booking_answers is 'A booking''s answers to its event type''s questions, each with the label and type it was asked under; read by the booking''s hosts only.';
revoke all on public.booking_answers from anon, authenticated, service_role;
grant select on public.booking_answers to authenticated, service_role;
-- Its busy rows name a booking's hosts; the busy read policy lets each person see their own only.
create policy "Hosts read their bookings' answers" on public.booking_answers
  for select to authenticated
  using (exists (select 1 from public.booking_busy b where b.booking_id = booking_answers.booking_id and b.user_id = (select auth.uid())));

-- booking_attendees -------------------------------------------------------------------------------
-- The other people a guest invites to their booking by email (up to the event type's
-- max_extra_attendees): each gets the booking's mails and invites, as an ATTENDEE, but never its
-- manage link (only the guest who booked manages it). A table of its own, not an array column of
-- bookings, for the reason booking_answers is one: every member of a team reads the team's bookings,
-- but these are people's addresses, read only by the booking's hosts; and one row per address lets
-- the key refuse the same person twice. Written with the booking by create_booking (before it: the
-- id is drawn first) and carried over by a reschedule; the guest reads them through their manage link
-- (guest_booking). Addresses are kept lower-cased, as rules/attendees.ts compares them.
create table public.booking_attendees (
  booking_id bigint not null references public.bookings (id) on delete cascade deferrable initially deferred,
  email text not null constraint booking_attendees_email_format
    check (email = lower(btrim(email)) and email ~ '^[^@\s]+@[^@\s]+$' and length(email) <= 254),
  created_at timestamptz not null default now(),
  primary key (booking_id, email)
);
alter table public.booking_attendees enable row level security;
comment on table public.booking_attendees is 'The people a guest invited to their booking (lower-cased emails); read by the booking''s hosts only.';
revoke all on public.booking_attendees from anon, authenticated, service_role;
grant select on public.booking_attendees to authenticated, service_role;
-- As booking_answers: the booking's busy rows name its hosts.
create policy "Hosts read their bookings' attendees" on public.booking_attendees
  for select to authenticated
  using (exists (select 1 from public.booking_busy b where b.booking_id = booking_attendees.booking_id and b.user_id = (select auth.uid())));

-- The addresses invited to booking p_booking_id, sorted: what its mails, webhooks and manage page list.
create or replace function private.booking_attendee_emails(p_booking_id bigint)
returns jsonb language plpgsql stable security definer set search_path = ''
as $$
begin
  return (select coalesce(jsonb_agg(a.email order by a.email), '[]') from public.booking_attendees a where a.booking_id = p_booking_id);
end;
$$;

-- Busy intervals of live (neither cancelled nor expired) bookings (personal, assigned team, requires-all team) overlapping
-- [p_from, p_to): what a guest's slot picker must avoid, without any guest data. Anyone may call it,
-- so it answers for at most 200 people at once (a team page asks for its members), each once.
create or replace function public.public_busy(p_user_ids uuid[], p_from timestamptz, p_to timestamptz)
returns table (user_id uuid, start_time timestamptz, end_time timestamptz) language plpgsql stable security definer set search_path = ''
as $$
begin
  if p_from is null or p_to is null or p_to <= p_from or p_to - p_from > interval '370 days' then
    raise exception 'The range must be non-empty and at most 370 days' using errcode = '22023', hint = 'rangeDays', detail = json_build_object('max', 370)::text;
  end if;
  if cardinality(p_user_ids) > 200 then
    raise exception 'At most 200 people at once' using errcode = '22023', hint = 'peopleMax', detail = json_build_object('max', 200)::text;
  end if;
  return query
    with shown as (
      select distinct u.id from unnest(p_user_ids) as u(id) where private.is_bookable_person(u.id)
    )
    select b.user_id, lower(b.during), upper(b.during)
    from public.booking_busy b
    join shown on shown.id = b.user_id
    where b.active and b.during && tstzrange(p_from, p_to, '[)')
    order by 2, 1;
end;
$$;

-- Figures of hosts and teams ------------------------------------------------------------------------------
-- One window of an owner's live (neither cancelled nor expired) bookings starting in [p_from, p_to): those a user (p_user_id)
-- hosts or is assigned, or a team's (p_team_id). Revenue comes from personal event types' prices, not
-- from the team bookings a member is assigned.
create or replace function private.booking_figures(p_user_id uuid, p_team_id bigint, p_from timestamptz, p_to timestamptz)
returns jsonb language sql stable set search_path = ''
as $$
  select jsonb_build_object(
    'total_bookings', count(*),
    'total_hours', coalesce(round(sum(extract(epoch from b.end_time - b.start_time)) / 3600, 1), 0),
    'active_clients', count(distinct lower(b.guest_email))
  )
  from public.bookings b
  where case when p_team_id is null then b.user_id = p_user_id or b.assigned_user_id = p_user_id else b.team_id = p_team_id end
    -- A paid booking's hold (awaiting_payment, or expired unpaid) is not a booking yet, or ever.
    and b.status not in ('cancelled', 'expired', 'awaiting_payment')
    and b.start_time >= p_from and b.start_time < p_to;
$$;
revoke all on function private.booking_figures(uuid, bigint, timestamptz, timestamptz) from public;
-- dashboard_stats and team_bookings_this_month run as the caller and count with this (itself no definer).
grant execute on function private.booking_figures(uuid, bigint, timestamptz, timestamptz) to authenticated;

-- The dashboard's figures and a team's count of bookings this month read bookings as the caller, so
-- the bookings read policy decides what they count, as it decides the lists beside them.
-- week | month | quarter | year, each to date in the host's time zone (the week starts on Monday),
-- with the same stretch of the previous period: e.g. 1-22 November against 1-22 October.
create or replace function public.dashboard_stats(p_timeframe text)
returns jsonb language plpgsql stable security invoker set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  tz text;
  unit interval := case p_timeframe when 'week' then interval '1 week' when 'month' then interval '1 month'
    when 'quarter' then interval '3 months' when 'year' then interval '1 year' end;
  local_now timestamp;
  local_start timestamp;
  cur jsonb;
  prev jsonb;
begin
  if uid is null then
    raise exception 'Not signed in' using errcode = '42501', hint = 'notSignedIn';
  end if;
  if unit is null then
    raise exception 'Timeframe must be week, month, quarter or year' using errcode = '22023', hint = 'timeframe';
  end if;
  select p.timezone into tz from public.profiles p where p.id = uid;
  tz := coalesce(tz, 'UTC');
  local_now := now() at time zone tz;
  local_start := date_trunc(p_timeframe, local_now);
  -- Revenue is what guests paid for the host's own bookings, net of refunds, per currency (the payments
  -- migration's private.payment_revenue); the spec's one figure, shown with a dollar sign, is the dollars.
  cur := private.booking_figures(uid, null, local_start at time zone tz, now())
    || private.payment_revenue(uid, local_start at time zone tz, now());
  prev := private.booking_figures(uid, null, (local_start - unit) at time zone tz, (local_now - unit) at time zone tz)
    || private.payment_revenue(uid, (local_start - unit) at time zone tz, (local_now - unit) at time zone tz);
  return jsonb_build_object(
    'timeframe', p_timeframe,
    'timezone', tz,
    'period_start', local_start at time zone tz,
    'previous_period_start', (local_start - unit) at time zone tz,
    'previous_period_end', (local_now - unit) at time zone tz,
    'total_bookings', cur -> 'total_bookings',
    'total_hours', cur -> 'total_hours',
    'active_clients', cur -> 'active_clients',
    'revenue', round((cur ->> 'revenue_cents')::numeric / 100, 2),
    'revenue_cents', cur -> 'revenue_cents',
    'revenue_by_currency', cur -> 'revenue_by_currency',
    'previous_total_bookings', prev -> 'total_bookings',
    'previous_total_hours', prev -> 'total_hours',
    'previous_active_clients', prev -> 'active_clients',
    'previous_revenue', round((prev ->> 'revenue_cents')::numeric / 100, 2),
    'previous_revenue_cents', prev -> 'revenue_cents',
    'previous_revenue_by_currency', prev -> 'revenue_by_currency'
  );
end;
$$;

-- Non-cancelled bookings of the team starting this calendar month in the team's time zone; members
-- only: the caller's own membership row, as the policies show it, says so.
create or replace function public.team_bookings_this_month(p_team_id bigint)
returns integer language plpgsql stable security invoker set search_path = ''
as $$
declare
  tz text;
  month_start timestamp;
begin
  if not exists (select 1 from public.team_members m where m.team_id = p_team_id and m.user_id = (select auth.uid())) then
    raise exception 'You are not a member of this team' using errcode = '42501', hint = 'notTeamMember';
  end if;
  select t.timezone into tz from public.teams t where t.id = p_team_id;
  month_start := date_trunc('month', now() at time zone tz);
  return private.booking_figures(null, p_team_id, month_start at time zone tz, (month_start + interval '1 month') at time zone tz)
    ->> 'total_bookings';
end;
$$;
-- Execute rights: Postgres lets PUBLIC execute a new function (and an older project's default
-- privileges the API roles too); decide each one.
revoke all on function public.public_busy(uuid[], timestamptz, timestamptz), public.dashboard_stats(text),
  public.team_bookings_this_month(bigint) from public, anon, authenticated;
grant execute on function public.public_busy(uuid[], timestamptz, timestamptz) to anon, authenticated, service_role;
grant execute on function public.dashboard_stats(text), public.team_bookings_this_month(bigint) to authenticated, service_role;

-- Booking limits under concurrency ----------------------------------------------------------------
-- The booking function checks the limits with the slot engine, but two guests may pass that check at
-- once. This step settles it: for an event type with a limit it locks the event type's row, so
-- bookings of that type are counted one after another, and refuses the one over the limit as the
-- exclusion constraint refuses an overlap (23P01: the slot is no longer available). Days and weeks
-- (Monday first) are the host's, or the team's, local ones.
create or replace function private.enforce_booking_limits(b public.bookings)
returns void language plpgsql security definer set search_path = ''
as $$
declare
  per_day integer;
  per_week integer;
  tz text;
  local_day date;
  week_start date;
begin
  if b.status = 'cancelled' then
    return;
  end if;
  select e.max_bookings_per_day, e.max_bookings_per_week into per_day, per_week
  from public.event_types e where e.id = b.event_type_id;
  if per_day is null and per_week is null then
    return;
  end if;

  -- Lock, then read again: a limit changed meanwhile is the one that counts.
  select e.max_bookings_per_day, e.max_bookings_per_week, coalesce(p.timezone, t.timezone) into per_day, per_week, tz
  from public.event_types e
  left join public.profiles p on p.id = e.user_id
  left join public.teams t on t.id = e.team_id
  where e.id = b.event_type_id
  for no key update of e;
  tz := coalesce(tz, 'UTC');
  local_day := (b.start_time at time zone tz)::date;
  week_start := local_day - (extract(isodow from local_day)::integer - 1);

  if per_day is not null and private.count_event_bookings(b, tz, local_day, local_day + 1) >= per_day
     or per_week is not null and private.count_event_bookings(b, tz, week_start, week_start + 7) >= per_week then
    raise exception 'This time slot is no longer available' using errcode = '23P01', hint = 'slotTaken',
      detail = 'The event type''s booking limit for that day or week is reached.';
  end if;
end;
$$;

-- Other live (neither cancelled nor expired) bookings of the same event type starting on the local dates [p_from, p_to).
create or replace function private.count_event_bookings(p_booking public.bookings, p_tz text, p_from date, p_to date)
returns integer language sql stable set search_path = ''
as $$
  select count(*)::integer from public.bookings b
  where b.status not in ('cancelled', 'expired')
    and b.id is distinct from p_booking.id
    and b.event_type_id = p_booking.event_type_id
    and b.start_time >= p_from::timestamp at time zone p_tz
    and b.start_time < p_to::timestamp at time zone p_tz;
$$;

-- Counting bookings of one event type in a window (the limits trigger and the slot loader).
create index bookings_event_type_start_idx on public.bookings (event_type_id, start_time);
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
returns text language plpgsql immutable set search_path = ''
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
returns public.booking_status language plpgsql immutable set search_path = ''
as $$
begin
  if p_start is null or p_end is null or p_end - p_start <> make_interval(mins => p_duration) then
    raise exception 'The end time must be the start time plus the event duration' using errcode = '22023', hint = 'wrongDuration';
  end if;
  return case when p_auto_confirm then 'confirmed' else 'pending' end::public.booking_status;
end;
$$;

-- The place of a new booking of an event type with `p_locations`: the kind the guest chose (needed
-- only when there are several), with its value. The host calls the guest on the guest's phone, which
-- must then be in E.164 form; a Jitsi room is made here, fresh and unguessable (128 random bits), on
-- the host's server; Google Meet and Zoom links come later from their providers (value null).
create or replace function private.booking_location(p_locations jsonb, p_kind text, p_phone text)
returns jsonb language plpgsql volatile set search_path = ''
as $$
declare
  place jsonb;
begin
  if jsonb_array_length(p_locations) = 0 then
    if p_kind is not null then
      raise exception 'This event type has no location to choose' using errcode = '22023', hint = 'noPlaceToChoose';
    end if;
    return null;
  end if;
  if p_kind is null and jsonb_array_length(p_locations) > 1 then
    raise exception 'Please choose where to meet.' using errcode = '22023', hint = 'place';
  end if;
  select l into place from jsonb_array_elements(p_locations) l
  where p_kind is null or l ->> 'kind' = p_kind;
  if place is null then
    raise exception 'This location is not offered for this event type' using errcode = '22023', hint = 'placeNotOffered';
  end if;
  if place ->> 'kind' = 'phone_host_calls' and not private.is_e164(p_phone) then
    raise exception 'Please enter a valid phone number with its country code.' using errcode = '22023', hint = 'phone';
  end if;
  return jsonb_build_object('kind', place ->> 'kind', 'value', case place ->> 'kind'
    when 'in_person' then place ->> 'address'
    when 'phone_host_calls' then p_phone
    when 'phone_guest_calls' then place ->> 'number'
    when 'link' then place ->> 'url'
    when 'jitsi' then 'https://' || (place ->> 'server') || '/kairos-' || encode(extensions.gen_random_bytes(16), 'hex')
    end);
end;
$$;

-- The seats of a group slot still free: its event type's seats less the slot's bookings, but for
-- cancelled or expired ones (a cancel frees a seat). A new seat's answer says it (booking/create.ts).
create or replace function private.seats_left(p_seat_slot_id bigint)
returns integer language sql stable security definer set search_path = ''
as $$
  select e.seats_per_slot - (select count(*)::integer from public.bookings b
    where b.seat_slot_id = s.id and b.status not in ('cancelled', 'expired'))
  from public.seat_slots s join public.event_types e on e.id = s.event_type_id
  where s.id = p_seat_slot_id;
$$;

-- The place of a new booking, `p_place`; a seat of a group slot whose other seats meet in a room Kairos
-- or Google makes (Jitsi, Google Meet) joins that room: one meeting, one link, as its calendar event.
create or replace function private.seat_location(p_seat_slot_id bigint, p_place jsonb)
returns jsonb language plpgsql stable security definer set search_path = ''
as $$
begin
  if p_seat_slot_id is null or p_place ->> 'kind' not in ('jitsi', 'google_meet') then
    return p_place;
  end if;
  return coalesce(
    (select b.location from public.bookings b
     where b.seat_slot_id = p_seat_slot_id and b.status not in ('cancelled', 'expired') and b.location ->> 'kind' = p_place ->> 'kind'
     order by b.id limit 1),
    p_place);
end;
$$;

-- A seat of the group slot of `et` at `p_start` for a new booking: the slot, made by its first seat
-- (held by `p_member`, for a team's) and locked, so the count below sees every seat committed before
-- and none can be taken meanwhile. Seats awaiting payment hold theirs as any booking holds its time.
create or replace function private.take_seat(et public.event_types, p_start timestamptz, p_member uuid)
returns public.seat_slots language plpgsql security definer set search_path = ''
as $$
declare
  slot public.seat_slots;
begin
  insert into public.seat_slots as s (event_type_id, user_id, team_id, member_id, start_time)
  values (et.id, et.user_id, et.team_id, p_member, p_start)
  on conflict (event_type_id, start_time) do update set member_id = coalesce(s.member_id, excluded.member_id)
  returning * into slot;
  if private.seats_left(slot.id) <= 0 then
    -- Its own code: the exclusion handler of create_booking would word it as a taken time.
    raise exception 'This time slot is full' using errcode = 'KR004', hint = 'slotFull';
  end if;
  return slot;
end;
$$;

-- Writes a new booking of an active event type, a host's or a team's, with the guest's fields (and
-- `answers`, their snapshot, and `attendees`, the addresses they invite), the span and the status its rules give. A paid event type's booking
-- awaits its payment, holding the time until hold_expires_at (private.payment_hold, the payments
-- migration); its payee must still be able to take charges. Holds that have run out on this time are
-- released first, so the next guest never waits for the sweep. For a team's: with a requires-all-members type every current member is
-- booked (p_member_ids is ignored); otherwise p_member_ids holds at most one member, the assignee chosen
-- by the team's strategy (none: unassigned). A host's booking takes no member. The busy rows are
-- written by the bookings trigger in the same statement, so a concurrent overlapping booking fails with
-- 23P01 whatever was checked before. An occurrence of a series (create_booking_series) names its series
-- and the rule's start it stands for. The functions may name the booking's uid and the hash of its guest's
-- manage token (derived from that uid, lifecycle/manage-token.ts): the link works from the first answer
-- without a second write of the booking; otherwise the uid is drawn here and the hash stored later.
-- Its statements, and those of every trigger and helper they run, keep one plan for the session
-- (plan_cache_mode, docs/scale.md "Plans kept"): left to choose, PL/pgSQL plans most of them again at
-- every booking.
create or replace function public.create_booking(p_event_type_id bigint, p_start timestamptz, p_end timestamptz,
  p_guest jsonb, p_member_ids uuid[] default null, p_series_id bigint default null, p_recurrence_id timestamptz default null,
  p_uid uuid default null, p_manage_token_hash text default null)
returns public.bookings language plpgsql security definer set search_path = '' set plan_cache_mode = force_generic_plan
as $$
declare
  et public.event_types;
  assignee uuid;
  new_id bigint := nextval(pg_get_serial_sequence('public.bookings', 'id'));
  created public.bookings;
  seat_slot public.seat_slots;
begin
  select * into et from public.event_types e where e.id = p_event_type_id and e.is_active;
  if not found then
    raise exception 'Event type not found' using errcode = 'P0002', hint = 'eventTypeNotFound';
  end if;
  if et.price_cents > 0 and private.payment_account(et.user_id, et.team_id) is null then
    raise exception 'This event type cannot take payments right now. Please try again later.' using errcode = '22023', hint = 'paymentsOff';
  end if;
  perform private.expire_overdue_holds(p_start, p_end);
  if et.team_id is null then
    if coalesce(cardinality(p_member_ids), 0) > 0 then
      raise exception 'A booking of a host''s event type is assigned to no member' using errcode = '22023', hint = 'personalUnassigned';
    end if;
  elsif not et.requires_all_members then
    if coalesce(cardinality(p_member_ids), 0) > 1 then
      raise exception 'A booking of this event type is assigned to one member' using errcode = '22023', hint = 'oneMemberAssigned';
    end if;
    assignee := p_member_ids[1];
    if assignee is not null
       and not exists (select 1 from public.team_members m where m.team_id = et.team_id and m.user_id = assignee) then
      raise exception 'Member is not in this team' using errcode = '22023', hint = 'memberNotInTeam';
    end if;
  end if;
  if et.seats_per_slot is not null then
    seat_slot := private.take_seat(et, p_start, assignee);
    assignee := coalesce(seat_slot.member_id, assignee);
  end if;
  -- The answers as the functions checked them against the event type's questions (answerSnapshot),
  -- first: the booking's mails and webhooks, written by its triggers, carry them.
  if jsonb_array_length(coalesce(p_guest -> 'answers', '[]')) > 0 then
    insert into public.booking_answers (booking_id, answers) values (new_id, p_guest -> 'answers');
  end if;
  -- The people the guest invites (rules/attendees.ts checked them), before the booking too: its
  -- mails go to them. The event type's cap and "not the guest" hold here for every writer.
  if jsonb_array_length(coalesce(p_guest -> 'attendees', '[]')) > et.max_extra_attendees then
    raise exception 'At most % other % can be added.', et.max_extra_attendees, case when et.max_extra_attendees = 1 then 'person' else 'people' end using errcode = '22023', hint = 'guestsMax', detail = json_build_object('max', et.max_extra_attendees)::text;
  end if;
  insert into public.booking_attendees (booking_id, email)
  select new_id, lower(btrim(a)) from jsonb_array_elements_text(coalesce(p_guest -> 'attendees', '[]')) a;
  if exists (select 1 from public.booking_attendees a where a.booking_id = new_id
             and a.email = lower(btrim(private.guest_field(p_guest, 'guest_email', 'guestEmail')))) then
    raise exception 'The guest is already on the booking: invite other people only.' using errcode = '22023', hint = 'guestAlreadyOn';
  end if;
  insert into public.bookings (id, event_type_id, user_id, team_id, assigned_user_id, guest_name, guest_email, guest_phone,
    guest_company, notes, guest_timezone, guest_locale, start_time, end_time, status, hold_expires_at, location, seat_slot_id,
    series_id, recurrence_id, uid, manage_token_hash)
  overriding system value
  values (new_id, et.id, et.user_id, et.team_id, assignee,
    private.guest_field(p_guest, 'guest_name', 'guestName'),
    private.guest_field(p_guest, 'guest_email', 'guestEmail'), private.guest_field(p_guest, 'guest_phone', 'guestPhone'),
    private.guest_field(p_guest, 'guest_company', 'guestCompany'), private.guest_field(p_guest, 'notes', 'notes'),
    private.guest_field(p_guest, 'guest_timezone', 'guestTimezone'),
    coalesce(private.guest_field(p_guest, 'guest_locale', 'guestLocale'), 'en'),
    p_start, p_end,
    case when et.price_cents > 0 then 'awaiting_payment' else private.new_booking_status(p_start, p_end, et.duration, et.auto_confirm) end,
    case when et.price_cents > 0 then now() + private.payment_hold() end,
    private.seat_location(seat_slot.id, private.booking_location(et.locations, private.guest_field(p_guest, 'location_kind', 'locationKind'),
      private.guest_field(p_guest, 'guest_phone', 'guestPhone'))),
    seat_slot.id, p_series_id, p_recurrence_id, coalesce(p_uid, gen_random_uuid()), p_manage_token_hash)
  returning * into created;
  return created;
exception when exclusion_violation then
  raise exception 'This time slot is no longer available' using errcode = '23P01', hint = 'slotTaken';
end;
$$;
comment on function public.create_booking(bigint, timestamptz, timestamptz, jsonb, uuid[], bigint, timestamptz, uuid, text) is
  'Service role only: the bookings and api functions call it once the slot engine has accepted the time and chosen the member.';

-- Writes a recurring series (docs/series.md) of an active event type that allows it: the series row and
-- each occurrence through create_booking, all in this transaction. `p_occurrences` is
-- [{"recurrenceId", "start", "end"}, …] as the slot engine accepted them (recurrenceId: the rule's start;
-- start differs for a moved one), `p_skipped` the rule's starts not booked. Each occurrence runs in its
-- own sub-block: one that is taken (the exclusion constraint, or a full group slot) is noted and the
-- rest still tried, so the answer names every taken one; if any is, the outer block's exception undoes
-- everything and nothing is written. Answers {"seriesId", "bookings": [ids]} or {"taken": [starts]}.
create or replace function public.create_booking_series(p_event_type_id bigint, p_frequency public.series_frequency,
  p_time_zone text, p_occurrences jsonb, p_skipped timestamptz[], p_guest jsonb, p_member_ids uuid[] default null)
returns jsonb language plpgsql security definer set search_path = ''
as $$
declare
  et public.event_types;
  series public.booking_series;
  occurrence jsonb;
  created public.bookings;
  ids bigint[] := '{}';
  taken text[] := '{}';
  total integer := jsonb_array_length(p_occurrences) + coalesce(cardinality(p_skipped), 0);
begin
  select * into et from public.event_types e where e.id = p_event_type_id and e.is_active;
  if not found then
    raise exception 'Event type not found' using errcode = 'P0002', hint = 'eventTypeNotFound';
  end if;
  if not p_frequency = any (et.recurrence_frequencies) or total > et.recurrence_max_count then
    raise exception 'This event type does not allow this series' using errcode = '22023', hint = 'seriesNotOffered';
  end if;
  if jsonb_array_length(p_occurrences) = 0 then
    raise exception 'A series books at least one occurrence' using errcode = '22023', hint = 'seriesEmpty';
  end if;
  -- Paying for each occurrence of a series is still to be designed.
  if et.price_cents > 0 then
    raise exception 'Paid and group event types cannot be booked as a series' using errcode = '22023', hint = 'seriesFreeOnly';
  end if;
  begin
    insert into public.booking_series (event_type_id, user_id, team_id, frequency, count, first_start, time_zone, skipped)
    values (et.id, et.user_id, et.team_id, p_frequency, total,
      least((select min((o ->> 'recurrenceId')::timestamptz) from jsonb_array_elements(p_occurrences) o), (select min(x) from unnest(p_skipped) x)),
      p_time_zone, coalesce(p_skipped, '{}'))
    returning * into series;
    for occurrence in select o from jsonb_array_elements(p_occurrences) o order by (o ->> 'start')::timestamptz loop
      begin
        created := public.create_booking(et.id, (occurrence ->> 'start')::timestamptz, (occurrence ->> 'end')::timestamptz, p_guest,
          p_member_ids, series.id, (occurrence ->> 'recurrenceId')::timestamptz);
        ids := ids || created.id;
      exception when exclusion_violation or sqlstate 'KR004' then
        taken := taken || (occurrence ->> 'start');
      end;
    end loop;
    if cardinality(taken) > 0 then
      raise exception 'Taken occurrences' using errcode = 'KR005';
    end if;
    -- One mail per recipient for the whole series (its occurrences' own are not written: booking_mails).
    select * into created from public.bookings where id = ids[1];
    perform private.enqueue_series_mails(created, 'booking.created',
      case created.status when 'pending' then 'requested' else 'confirmed' end,
      case created.status when 'pending' then 'approval_needed' else 'new_booking' end, p_bump => false);
  exception when sqlstate 'KR005' then
    return jsonb_build_object('taken', to_jsonb(taken));
  end;
  return jsonb_build_object('seriesId', series.id, 'bookings', to_jsonb(ids));
end;
$$;
comment on function public.create_booking_series(bigint, public.series_frequency, text, jsonb, timestamptz[], jsonb, uuid[]) is
  'Service role only: the bookings function calls it once the slot engine has accepted every occurrence.';
revoke all on function public.create_booking_series(bigint, public.series_frequency, text, jsonb, timestamptz[], jsonb, uuid[])
  from public, anon, authenticated;
grant execute on function public.create_booking_series(bigint, public.series_frequency, text, jsonb, timestamptz[], jsonb, uuid[])
  to service_role;

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
returns boolean language plpgsql volatile security definer set search_path = ''
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

revoke all on function public.create_booking(bigint, timestamptz, timestamptz, jsonb, uuid[], bigint, timestamptz, uuid, text),
  public.take_booking_token(text, text, integer) from public, anon, authenticated;
grant execute on function public.create_booking(bigint, timestamptz, timestamptz, jsonb, uuid[], bigint, timestamptz, uuid, text),
  public.take_booking_token(text, text, integer) to service_role;


-- Triggers on bookings, in one list --------------------------------------------------------------
-- Every row trigger on bookings is here. Row triggers of one timing fire in name order, so the steps
-- whose order matters are not separate triggers: one trigger before a write and one after it call
-- them in the order written below. (The schedule version of a team booking is raised by statement
-- triggers after all of these: bookings_version_insert/update/delete, the slots migration.)

-- Every change of status or time is a new version of the invite; a cancellation without a named party
-- is the host's (hosts cancel and reject through their own update; guests through guest_cancel_booking).
create or replace function private.version_booking(b public.bookings, p_old public.bookings)
returns public.bookings language plpgsql set search_path = ''
as $$
begin
  if b.status is distinct from p_old.status or b.start_time is distinct from p_old.start_time
     or b.end_time is distinct from p_old.end_time then
    b.ical_sequence := p_old.ical_sequence + 1;
  end if;
  if b.status = 'cancelled' and p_old.status <> 'cancelled' and b.cancelled_by is null then
    b.cancelled_by := 'host';
  end if;
  return b;
end;
$$;

-- Before a write. The helpers every table uses are their own triggers: what a row is born with stays
-- (bookings_immutable fires before bookings_updated_at, in name order, so a client's created_at is
-- refused rather than quietly replaced), the guest's zone is a known one, and updated_at is stamped.
-- The booking's own steps run in one trigger, in this order: the status moves only as the booking
-- rules allow, the booking limits hold under concurrency, and an update is a new version of the invite.
create trigger bookings_immutable before insert or update on public.bookings
  for each row execute function private.keep_immutable('event_type_id', 'user_id', 'team_id', 'created_at');
create trigger bookings_guest_timezone before insert or update of guest_timezone on public.bookings
  for each row when (new.guest_timezone is not null) execute function private.check_timezone('guest_timezone');
create trigger bookings_updated_at before update on public.bookings
  for each row execute function private.set_updated_at();
create or replace function private.before_booking_change()
returns trigger language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    perform private.check_booking_transition(new, old);
  end if;
  if tg_op = 'INSERT' or new.start_time is distinct from old.start_time then
    perform private.enforce_booking_limits(new);
  end if;
  if tg_op = 'UPDATE' then
    new := private.version_booking(new, old);
  end if;
  return new;
end;
$$;
create trigger bookings_before_change before insert or update on public.bookings
  for each row execute function private.before_booking_change();

-- After a write, in its transaction: the busy rows first (the exclusion constraint settles a race
-- here), then a paid booking's refund when it is cancelled (its mails and webhooks say it), then the
-- mails, the webhooks and the calendar writes of the change (the calendar writes read the busy rows),
-- then the signal to the host's screens. The steps live with their domains (outbox, payments,
-- webhooks, calendars, realtime); each does nothing for a change that is not its event.
create or replace function private.after_booking_change()
returns trigger language plpgsql security definer set search_path = ''
as $$
declare
  moved boolean := tg_op = 'INSERT' or (tg_op = 'UPDATE' and (new.start_time, new.end_time, new.status, new.assigned_user_id)
    is distinct from (old.start_time, old.end_time, old.status, old.assigned_user_id));
begin
  if moved then
    perform private.sync_booking_busy(tg_op, new, old);
  end if;
  if tg_op = 'UPDATE' then
    perform private.refund_cancelled_booking(new, old);
  end if;
  if tg_op <> 'DELETE' then
    perform private.booking_mails(tg_op, new, old);
    perform private.enqueue_booking_webhooks(tg_op, new, old);
  end if;
  -- Calendars and meeting rooms hear of a paid booking once it is paid; an expired hold was never there.
  if moved and new.status not in ('awaiting_payment', 'expired') then
    perform private.enqueue_calendar_writes(new);
    perform private.enqueue_meeting_write(new);
  end if;
  perform private.broadcast_booking_change(tg_op, new, old);
  return null;
end;
$$;
create trigger bookings_after_change after insert or update or delete on public.bookings
  for each row execute function private.after_booking_change();

revoke all on all functions in schema private from public;
