-- Issue 31's large database, set-based (generate_series, no loops): at scale 1 100,000 hosts, 10,000
-- teams, about 10 million bookings over two years (one year back, one ahead), 1 million cached calendar
-- events and the outbox history of those bookings. `kairos.seed_scale` (set by seed-large.ts) scales
-- every count; run by a superuser inside one transaction (seed-large.ts), which it may roll back.
--
-- Derived rows, which way each is written:
--   * profiles, user_settings, the first week's hours and event type: the auth.users trigger runs
--     (handle_new_user → start_week), as at a web sign-up; team owners' memberships: the teams trigger.
--   * bookings: their triggers are off (session_replication_role = replica, which also skips foreign
--     key checks: the rows are made consistent here), and what they derive is written in the same
--     set-based way with the same shapes: busy time (booking_busy: one row per booking, its host or
--     assignee, inactive once cancelled) and the outbox (the guest's and the host's booking.created
--     mails, sent, a few still due and a few failed). Realtime broadcasts (realtime.messages) are not
--     written: Realtime drops them after delivery, so a used database holds none.
--   * calendar_events (where Kairos wrote a booking into a host's calendar): one per confirmed or
--     completed booking of a host whose connected calendar receives bookings, as the outbox's calendar
--     writes leave them; those writes' own outbox rows (sent) are not written.

set local session_replication_role = origin;

create temp table seed_size on commit drop as
select greatest(1, round(100000 * s))::int as hosts,
       greatest(1, round(10000 * s))::int as teams,
       greatest(1, round(10000000 * s))::bigint as bookings,
       greatest(1, round(1000000 * s))::bigint as events,
       -- Two years of 15-minute cells; a booking takes 30 minutes of its host's share of them.
       70080 as cells,
       date_trunc('day', now()) - interval '365 days' as first_day
from (select current_setting('kairos.seed_scale')::numeric as s) x;

-- Hosts: a heavy-tailed share of the bookings (rank i gets (H/i)^0.77 parts: most hosts a few dozen
-- over two years, the busiest thousands), at most one per 4 cells (an hour apart). The busiest few
-- hosts' shares are more than that room: they are filled, and what they could not take is shared among
-- the others by the same weights, so the seed holds the bookings asked, not 5 % fewer.
create temp table seed_hosts on commit drop as
with w as (
  select n, power(z.hosts::numeric / n, 0.77) as weight, z.cells / 4 as room, z.bookings as total
  from seed_size z, generate_series(1, z.hosts) n
), filled as (
  select *, total * weight / sum(weight) over () >= room as is_full from w
)
select n, gen_random_uuid() as id,
       (array['Europe/Berlin', 'America/New_York', 'UTC', 'Asia/Tokyo', 'America/Los_Angeles'])[1 + n % 5] as tz,
       case when is_full then room
            else least(room, greatest(1, round((total - room * count(*) filter (where is_full) over ())
                                               * weight / sum(weight) filter (where not is_full) over ())))::int
       end as bookings
from filled;
alter table seed_hosts add primary key (n);

insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select h.id, 'authenticated', 'authenticated', format('seed-%s-%s@seed.example.test', h.n, left(h.id::text, 8)), now(),
       '{"provider":"email","providers":["email"]}',
       jsonb_build_object('first_name', 'Seed', 'last_name', 'Host ' || h.n, 'timezone', h.tz),
       z.first_day - interval '30 days', z.first_day - interval '30 days'
from seed_hosts h, seed_size z;

-- Teams of 2 to 10 members, drawn from consecutive hosts; the first is the owner (the teams trigger
-- adds that membership), each team with one round-robin event type.
create temp table seed_members on commit drop as
select t, j, (t * 10 + j) % z.hosts + 1 as host_n
from seed_size z, generate_series(0, z.teams - 1) t, generate_series(0, 1 + t % 9) j;

create temp table seed_teams on commit drop as
with made as (
  insert into public.teams (name, slug, owner_id, is_public, timezone)
  select 'Seed team ' || m.t, format('seed-team-%s-%s', m.t, left(h.id::text, 8)), h.id, m.t % 2 = 0, h.tz
  from seed_members m join seed_hosts h on h.n = m.host_n
  where m.j = 0
  returning id, owner_id, name
)
select substr(name, 11)::int as t, id from made;

insert into public.team_members (team_id, user_id, role)
select st.id, h.id, 'member'
from seed_members m join seed_teams st using (t) join seed_hosts h on h.n = m.host_n
where m.j > 0
on conflict (team_id, user_id) do nothing;

create temp table seed_team_types on commit drop as
with made as (
  insert into public.event_types (team_id, title, duration, assignment_type, requires_all_members)
  select st.id, 'Seed team meeting', 30, 'round_robin', false from seed_teams st
  returning id, team_id
)
select id, team_id from made;

-- Each host's own event type (start_week's first one) and the first team they belong to (a join: a
-- lookup per host would read all of seed_members, which has no index, once per host).
create temp table seed_host_rows on commit drop as
select h.n, h.id, h.bookings,
       (select e.id from public.event_types e where e.user_id = h.id order by e.id limit 1) as event_type_id,
       first_team.id as team_id
from seed_hosts h
left join (select distinct on (m.host_n) m.host_n, st.id from seed_members m join seed_teams st using (t) order by m.host_n, m.t) first_team
  on first_team.host_n = h.n;
update seed_host_rows r set team_id = null
where team_id is not null and not exists (select 1 from public.team_members tm where tm.team_id = r.team_id and tm.user_id = r.id);

set local session_replication_role = replica;

-- The seed's own bookings are those after this id with a seed guest's address: other sessions (a test
-- suite sharing the database) may book meanwhile, and their bookings have their own busy rows and mails.
create temp table seed_first_booking on commit drop as
select coalesce(max(id), 0) as id from public.bookings;

-- Booking k of a host starts at cell k × (the host's stride): never overlapping. Every tenth booking
-- of a team member is a booking of their team assigned to them. Past: 8 % cancelled, 32 % marked
-- completed, the rest confirmed; ahead: 8 % cancelled, 4 % awaiting the host's confirmation.
insert into public.bookings (event_type_id, user_id, team_id, assigned_user_id, guest_name, guest_email, guest_timezone,
  start_time, end_time, status, cancelled_by, ical_sequence, created_at, updated_at, manage_token_hash)
select case when team then tt.id else r.event_type_id end,
       case when team then null else r.id end,
       case when team then r.team_id end,
       case when team then r.id end,
       'Seed Guest ' || k, format('guest-%s-%s@seed.example.test', r.n, k), 'Europe/London',
       s, s + interval '30 minutes',
       status::public.booking_status,
       case when status = 'cancelled' then (array['guest', 'host'])[1 + k % 2] end,
       (status = 'cancelled')::int,
       made, made, md5(r.id::text || k) || md5(k || r.id::text)
from seed_host_rows r
cross join seed_size z
cross join lateral generate_series(0, r.bookings - 1) k
left join seed_team_types tt on tt.team_id = r.team_id
cross join lateral (select r.team_id is not null and k % 10 = 5 as team,
                           z.first_day + (k * (z.cells / r.bookings)) * interval '15 minutes' as s,
                           (r.n * 7919 + k * 104729) % 100 as h) c
cross join lateral (select case when c.h < 8 then 'cancelled'
                                when s < now() and c.h < 40 then 'completed'
                                when s >= now() and c.h < 12 then 'pending'
                                else 'confirmed' end as status,
                           least(s - (1 + c.h % 30) * interval '1 day', now() - interval '1 minute') as made) d;

insert into public.booking_busy (booking_id, user_id, during, active, shared_by)
select b.id, coalesce(b.user_id, b.assigned_user_id), tstzrange(b.start_time, b.end_time, '[)'),
       b.status not in ('cancelled', 'expired'), -b.id
from public.bookings b, seed_first_booking f
where b.id > f.id and b.guest_email like 'guest-%@seed.example.test';

-- The booking.created mails to guest and host: sent a few seconds after the booking was made; one in
-- 500 bookings made in the last minute still has its mails due, one in 1,000 failed after 8 attempts.
insert into public.outbox (kind, topic, booking_id, message_id, payload, status, attempts, available_at, last_error,
  last_attempt_at, sent_at, created_at)
select 'email', 'booking.created', b.id, format('%s.0.%s@kairos', b.uid, r.key),
       jsonb_build_object('message', case when b.status = 'pending' then r.pending else r.confirmed end,
                          'recipient', jsonb_build_object('role', r.key, 'email', case when r.key = 'guest' then b.guest_email end)),
       o.status::public.outbox_status,
       case o.status when 'pending' then 0 when 'failed' then 8 else 1 end,
       case when o.status = 'pending' then now() - interval '1 minute' else b.created_at end,
       case when o.status = 'failed' then 'SMTP 550 mailbox unavailable' end,
       case when o.status <> 'pending' then b.created_at + interval '5 seconds' end,
       case when o.status = 'sent' then b.created_at + interval '5 seconds' end,
       case when o.status = 'pending' then now() - interval '1 minute' else b.created_at end
from public.bookings b
cross join seed_first_booking f
cross join (values ('guest', 'confirmed', 'requested'), ('host', 'new_booking', 'approval_needed')) r (key, confirmed, pending)
cross join lateral (select case when b.created_at > now() - interval '2 minutes' and (b.id - f.id) % 500 = 0 then 'pending'
                                when b.id % 1000 = 1 then 'failed'
                                else 'sent' end as status) o
where b.id > f.id and b.guest_email like 'guest-%@seed.example.test';

-- One host in ten connects a CalDAV calendar, synced within the last 15 minutes, whose cache holds an
-- even share of the events (hour-long ones spread from a month back to three months ahead) and which
-- receives the host's bookings.
create temp table seed_connections on commit drop as
with made as (
  insert into public.calendar_connections (user_id, provider, label, server_url, username, account, last_synced_at, last_attempt_at, created_at)
  select h.id, 'caldav', 'Work calendar', 'https://calendar.example.com', 'seed' || h.n, 'https://calendar.example.com/' || h.n || '/',
         now() - (h.n % 15) * interval '1 minute', now() - (h.n % 15) * interval '1 minute', z.first_day
  from seed_hosts h, seed_size z
  where h.n % 10 = 1
  returning id, user_id
)
select row_number() over (order by id) - 1 as i, id, user_id from made;

insert into public.calendar_credentials (connection_id, secret) select id, 'v1.seed.seed' from seed_connections;

create temp table seed_sources on commit drop as
with made as (
  insert into public.calendar_sources (connection_id, user_id, remote_id, name, last_synced_at, can_write, receives_bookings)
  select id, user_id, 'https://calendar.example.com/work/', 'Work', now(), true, true from seed_connections
  returning id, connection_id, user_id
)
select c.i, m.id, m.user_id from made m join seed_connections c on c.id = m.connection_id;

insert into public.external_busy (source_id, user_id, during)
select s.id, s.user_id, tstzrange(t, t + interval '1 hour', '[)')
from seed_sources s
cross join seed_size z
cross join lateral (select z.events / (select count(*) from seed_sources) + (s.i < z.events % (select count(*) from seed_sources))::int as n) share
cross join lateral generate_series(0, share.n - 1) e
cross join lateral (select date_trunc('hour', now()) - interval '30 days'
                           + e * (interval '120 days' / share.n) + (s.i % 7) * interval '1 hour' as t) x;

-- A host's own bookings and those of their teams assigned to them: the host is the booking's user or,
-- on a team's booking (no user), its assignee. That is one key, so one hash join over one read of the
-- bookings; a join on either column, or an index read per connected host, fetches every booking's row
-- at random (20,000 rows a minute at scale 1).
analyze seed_sources;
insert into public.calendar_events (ical_uid, user_id, source_id, href, etag, updated_at)
select b.ical_uid, s.user_id, s.id, 'https://calendar.example.com/work/' || b.uid || '.ics', md5(b.ical_uid), b.created_at
from public.bookings b
join seed_sources s on s.user_id = coalesce(b.user_id, b.assigned_user_id)
cross join seed_first_booking f
where b.id > f.id and b.guest_email like 'guest-%@seed.example.test' and b.status in ('confirmed', 'completed');

set local session_replication_role = origin;
