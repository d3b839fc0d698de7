-- Demo data for `npm run dev` (applied on a fresh local database only).
--
-- Demo logins (every password: password123):
--   alex@kairos.test     Alex Rivera, career coach; owner of the public team "Brightpath Advisors" (/team/brightpath)
--   maya@kairos.test     Maya Chen, leadership coach; member of Brightpath
--   daniel@kairos.test   Daniel Okafor, product strategy; admin of Brightpath, owner of the private team "Okafor Labs"
--   sofia@kairos.test    Sofia Martínez, dietitian (approves bookings by hand)
--   arjun@kairos.test    Arjun Patel, engineering mentor (Asia/Kolkata, a half-hour zone); member of Okafor Labs
--   emma@kairos.test     Emma Schmidt, UX research
--   liam@kairos.test     Liam O'Brien, financial planner (Australia/Sydney)
--   aiko@kairos.test     Aiko Tanaka, yoga teacher
--   jordan@kairos.test   Jordan Lee, a private profile (not in the directory); member of Brightpath
-- Bookings are placed relative to now(): past (completed), upcoming, pending and cancelled ones.

-- Users as GoTrue stores them: bcrypt password, confirmed email, an `email` identity. The sign-up
-- trigger creates each profile and settings row from the metadata.
with people (id, email, first_name, last_name) as (
  values
    ('a1000000-0000-4000-8000-000000000001'::uuid, 'alex@kairos.test', 'Alex', 'Rivera'),
    ('a1000000-0000-4000-8000-000000000002'::uuid, 'maya@kairos.test', 'Maya', 'Chen'),
    ('a1000000-0000-4000-8000-000000000003'::uuid, 'daniel@kairos.test', 'Daniel', 'Okafor'),
    ('a1000000-0000-4000-8000-000000000004'::uuid, 'sofia@kairos.test', 'Sofia', 'Martínez'),
    ('a1000000-0000-4000-8000-000000000005'::uuid, 'arjun@kairos.test', 'Arjun', 'Patel'),
    ('a1000000-0000-4000-8000-000000000006'::uuid, 'emma@kairos.test', 'Emma', 'Schmidt'),
    ('a1000000-0000-4000-8000-000000000007'::uuid, 'liam@kairos.test', 'Liam', 'O''Brien'),
    ('a1000000-0000-4000-8000-000000000008'::uuid, 'aiko@kairos.test', 'Aiko', 'Tanaka'),
    ('a1000000-0000-4000-8000-000000000009'::uuid, 'jordan@kairos.test', 'Jordan', 'Lee')
), users as (
  insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
    raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token, email_change_token_new, email_change,
    is_super_admin, is_anonymous)
  select '00000000-0000-0000-0000-000000000000', id, 'authenticated', 'authenticated', email,
    extensions.crypt('password123', extensions.gen_salt('bf')), now(), '{"provider": "email", "providers": ["email"]}',
    jsonb_build_object('first_name', first_name, 'last_name', last_name, 'email_verified', true),
    now() - interval '90 days', now() - interval '90 days', '', '', '', '', false, false
  from people
  returning id, email
)
insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select id::text, id, jsonb_build_object('sub', id::text, 'email', email, 'email_verified', true), 'email', now(), now(), now()
from users;

update public.profiles p set
  handle = v.handle, title = v.title, bio = v.bio, company = v.company, location = v.location, timezone = v.timezone,
  website = v.website, linkedin = v.linkedin, twitter = v.twitter, instagram = v.instagram,
  is_public_profile = v.listed, is_calendar_public = v.listed
from (values
  ('alex@kairos.test', 'alexrivera', 'Career Coach', 'I help mid-career professionals change direction without starting over: clarity on what you want, a plan, and accountability until you land it.', 'Rivera Careers', 'New York, NY', 'America/New_York', 'https://rivera-careers.example', 'https://linkedin.com/in/alexrivera', 'alexrivera', null, true),
  ('maya@kairos.test', 'mayachen', 'Leadership Coach', 'Former engineering director coaching new managers through their first two years. Practical, warm, and direct.', 'Northstar Coaching', 'San Francisco, CA', 'America/Los_Angeles', 'https://northstar.example', 'https://linkedin.com/in/mayachen', 'mayacoaches', null, true),
  ('daniel@kairos.test', 'danielokafor', 'Product Strategy Consultant', 'Fifteen years shipping B2B products. I run strategy sessions and roadmap workshops for seed to series B teams.', 'Okafor Advisory', 'London, UK', 'Europe/London', 'https://okafor.example', 'https://linkedin.com/in/danielokafor', null, null, true),
  ('sofia@kairos.test', 'sofia-martinez', 'Registered Dietitian', 'Evidence-based nutrition for busy people and endurance athletes. Consultations in English and Spanish.', 'Nourish Studio', 'Madrid, Spain', 'Europe/Madrid', 'https://nourish.example', null, null, 'nourish.studio', true),
  ('arjun@kairos.test', 'arjun_patel', 'Senior Software Engineer & Mentor', 'Code reviews, system design practice and career mentoring for developers preparing for senior roles.', 'Patel Code Labs', 'Bengaluru, India', 'Asia/Kolkata', null, 'https://linkedin.com/in/arjunpatel', 'arjuncodes', null, true),
  ('emma@kairos.test', 'emmaschmidt', 'UX Research Consultant', 'I plan and run user research that changes decisions: interviews, usability audits and research ops.', 'Fieldnotes UX', 'Berlin, Germany', 'Europe/Berlin', 'https://fieldnotes.example', 'https://linkedin.com/in/emmaschmidt', null, null, true),
  ('liam@kairos.test', 'liamobrien', 'Certified Financial Planner', 'Straightforward financial planning for young families and first-home buyers. No products, no commissions.', 'Harbour Wealth', 'Sydney, Australia', 'Australia/Sydney', 'https://harbourwealth.example', null, null, null, true),
  ('aiko@kairos.test', 'aikotanaka', 'Yoga & Mindfulness Teacher', 'Private yoga and breathwork sessions online, for beginners and for desk-bound bodies.', 'Studio Aiko', 'Tokyo, Japan', 'Asia/Tokyo', null, null, null, 'studio.aiko', true),
  ('jordan@kairos.test', null, 'Operations Lead', 'Keeps Brightpath running.', 'Brightpath Advisors', 'Boston, MA', 'America/New_York', null, null, null, null, false)
) as v(email, handle, title, bio, company, location, timezone, website, linkedin, twitter, instagram, listed)
where p.email = v.email;

update public.user_settings s set buffer_before = v.b, buffer_after = v.a, minimum_notice = v.notice, max_future_bookings = v.horizon
from public.profiles p, (values
  ('maya@kairos.test', 15, 15, 1440, 30),
  ('daniel@kairos.test', 5, 10, 2880, 90),
  ('sofia@kairos.test', 0, 15, 240, 60),
  ('arjun@kairos.test', 0, 0, 120, 14),
  ('aiko@kairos.test', 10, 10, 60, 30)
) as v(email, b, a, notice, horizon)
where p.email = v.email and s.user_id = p.id;

-- Free: a price needs the host's connected Stripe account (the payments migration), which a seed cannot make.
insert into public.event_types (user_id, title, description, duration, color, auto_confirm)
select p.id, v.title, v.description, v.duration, v.color, v.auto_confirm
from public.profiles p join (values
  ('alex@kairos.test', 'Free Intro Call', 'A short call to see whether coaching is right for you.', 15, '#10b981', true),
  ('alex@kairos.test', 'Career Coaching Session', 'One focused session on your next career move.', 60, '#3b82f6', true),
  ('alex@kairos.test', 'CV & LinkedIn Review', 'Line-by-line review of your CV and profile.', 45, '#8b5cf6', true),
  ('maya@kairos.test', 'Discovery Call', 'Meet, share your goals, and see if we fit.', 30, '#10b981', true),
  ('maya@kairos.test', 'Coaching Session', 'Leadership coaching for new and growing managers.', 60, '#3b82f6', true),
  ('maya@kairos.test', 'Deep Dive', 'A longer session for a hard problem or a big decision.', 90, '#f59e0b', false),
  ('daniel@kairos.test', 'Intro Chat', null, 15, '#06b6d4', true),
  ('daniel@kairos.test', 'Strategy Session', 'Positioning, pricing or prioritisation: bring one question.', 60, '#3b82f6', true),
  ('daniel@kairos.test', 'Roadmap Workshop', 'Two hours with your team to build a roadmap everyone believes in.', 120, '#ef4444', false),
  ('sofia@kairos.test', 'Nutrition Check-in', 'Follow-up for existing clients.', 30, '#10b981', false),
  ('sofia@kairos.test', 'Full Consultation', 'Assessment, goals and a personal plan.', 60, '#f59e0b', false),
  ('arjun@kairos.test', 'Code Review', 'Send a PR link beforehand; we go through it together.', 45, '#8b5cf6', true),
  ('arjun@kairos.test', 'Career Mentoring', 'Promotion plans, interview prep, growth.', 60, '#3b82f6', true),
  ('emma@kairos.test', 'Research Kickoff', 'Scope a study: questions, participants, method.', 60, '#3b82f6', true),
  ('emma@kairos.test', 'Usability Audit', 'Expert review of a flow with prioritised fixes.', 90, '#ef4444', true),
  ('liam@kairos.test', 'Intro Call', 'Free, no obligation.', 30, '#10b981', true),
  ('liam@kairos.test', 'Planning Meeting', 'Budget, savings and goals, with a written summary.', 60, '#3b82f6', false),
  ('aiko@kairos.test', 'Private Yoga Class', 'One-to-one class adapted to your level.', 60, '#06b6d4', true),
  ('aiko@kairos.test', 'Breathwork', 'Guided breathing to reset in the middle of the day.', 30, '#10b981', true)
) as v(email, title, description, duration, color, auto_confirm) on v.email = p.email;

-- An inactive event type, hidden from public pages.
insert into public.event_types (user_id, title, duration, is_active)
select id, 'Group Workshop (paused)', 120, false from public.profiles where email = 'alex@kairos.test';

-- Weekdays; some hosts split the day for lunch, some also work Saturday mornings.
insert into public.availability_rules (user_id, day_of_week, start_time, end_time)
select p.id, d, r.s, r.e
from public.profiles p
cross join generate_series(1, 5) d
join (values
  ('alex@kairos.test', '09:00', '17:00'),
  ('maya@kairos.test', '08:00', '12:00'), ('maya@kairos.test', '13:00', '16:30'),
  ('daniel@kairos.test', '09:30', '18:00'),
  ('sofia@kairos.test', '09:00', '14:00'), ('sofia@kairos.test', '16:00', '19:00'),
  ('arjun@kairos.test', '10:00', '19:00'),
  ('emma@kairos.test', '09:00', '17:00'),
  ('liam@kairos.test', '08:30', '16:30'),
  ('aiko@kairos.test', '07:00', '11:00'), ('aiko@kairos.test', '17:00', '21:00')
) as r(email, s, e) on r.email = p.email;
insert into public.availability_rules (user_id, day_of_week, start_time, end_time)
select id, 6, '09:00', '12:00' from public.profiles where email in ('sofia@kairos.test', 'aiko@kairos.test', 'liam@kairos.test');

-- Teams: the creator becomes owner through the teams_add_owner trigger.
insert into public.teams (name, description, slug, owner_id, is_public, timezone)
select 'Brightpath Advisors', 'Coaching and strategy for people and teams in transition. Book the team, and we match you with the right advisor.',
  'brightpath', id, true, 'America/New_York' from public.profiles where email = 'alex@kairos.test';
insert into public.teams (name, description, slug, owner_id, is_public, timezone)
select 'Okafor Labs', 'Internal product team.', 'okafor-labs', id, false, 'Europe/London' from public.profiles where email = 'daniel@kairos.test';

insert into public.team_members (team_id, user_id, role, joined_at)
select t.id, p.id, v.role::public.team_role, now() - v.ago
from (values
  ('brightpath', 'daniel@kairos.test', 'admin', interval '60 days'),
  ('brightpath', 'maya@kairos.test', 'member', interval '45 days'),
  ('brightpath', 'jordan@kairos.test', 'member', interval '20 days'),
  ('okafor-labs', 'arjun@kairos.test', 'member', interval '30 days')
) as v(slug, email, role, ago)
join public.teams t on t.slug = v.slug
join public.profiles p on p.email = v.email;

insert into public.event_types (team_id, title, description, duration, color, auto_confirm, requires_all_members,
  assignment_type, specific_member_id)
select t.id, v.title, v.description, v.duration, v.color, v.auto_confirm, v.all_members, v.assignment::public.assignment_type,
  (select id from public.profiles where email = v.specific)
from public.teams t join (values
  ('brightpath', 'Team Intro Call', 'Tell us what you need; we route you to the right advisor.', 30, '#10b981', true, false, 'round_robin', null),
  ('brightpath', 'Quick Consult', 'Fifteen minutes with whoever is least busy.', 15, '#06b6d4', true, false, 'least_busy', null),
  ('brightpath', 'Leadership Session with Maya', null, 45, '#3b82f6', true, false, 'specific_member', 'maya@kairos.test'),
  ('brightpath', 'Panel Review', 'The whole team reviews your plan together.', 60, '#f59e0b', false, true, 'round_robin', null),
  ('okafor-labs', 'Sprint Planning', null, 60, '#8b5cf6', true, true, 'round_robin', null)
) as v(slug, title, description, duration, color, auto_confirm, all_members, assignment, specific) on v.slug = t.slug;

-- The seed's own teams only: a database may hold others (the test database, where a team deleted
-- meanwhile fails the foreign key).
insert into public.availability_rules (team_id, day_of_week, start_time, end_time)
select t.id, d, '09:00', '17:00' from public.teams t cross join generate_series(1, 5) d
where t.slug in ('brightpath', 'okafor-labs');

-- The demo's bookings are imported data: nobody is mailed about them (the lifecycle triggers skip a
-- session marked as a bulk import).
select set_config('kairos.bulk_import', 'on', false);

-- Personal bookings: one a day per host at the host's base hour (UTC), so none overlap. Statuses
-- follow the day: completed in the past, a cancelled one in the past and one ahead, pending ones
-- ahead, confirmed otherwise.
with guests (n, name, email, phone, company) as (
  values
    (0, 'Priya Raman', 'priya.raman@example.com', '+1 415 555 0134', 'Lumen Health'),
    (1, 'Tom Becker', 'tom.becker@example.com', null, null),
    (2, 'Chloé Dubois', 'chloe.dubois@example.com', '+33 6 12 34 56 78', 'Atelier Dubois'),
    (3, 'Marcus Johnson', 'marcus.j@example.com', null, 'Fairway Logistics'),
    (4, 'Hannah Kim', 'hannah.kim@example.com', '+82 10 5555 0199', null),
    (5, 'Lucas Silva', 'lucas.silva@example.com', null, 'Verde Energia'),
    (6, 'Olivia Brown', 'olivia.brown@example.com', '+44 7700 900123', 'Brown & Co'),
    (7, 'Noah Williams', 'noah.w@example.com', null, null),
    (8, 'Fatima Al-Sayed', 'fatima.alsayed@example.com', null, 'Oasis Design'),
    (9, 'Ethan Clarke', 'ethan.clarke@example.com', '+61 400 555 010', null)
), hosts (email, base_hour, k) as (
  values ('alex@kairos.test', 14, 0), ('maya@kairos.test', 18, 1), ('daniel@kairos.test', 10, 2), ('sofia@kairos.test', 8, 3),
    ('arjun@kairos.test', 5, 4), ('emma@kairos.test', 9, 5), ('liam@kairos.test', 23, 6), ('aiko@kairos.test', 1, 7)
), days (d, i) as (
  select d, row_number() over (order by d)
  from unnest(array[-40, -33, -26, -20, -16, -13, -9, -7, -6, -4, -3, -2, -1, 1, 2, 3, 4, 6, 8, 9, 12, 15, 22, 29]) d
), plan as (
  select p.id as host, h.k, days.d, days.i,
    date_trunc('day', now()) + make_interval(days => days.d, hours => h.base_hour) as start_time,
    (select array_agg(e.id order by e.id) from public.event_types e where e.user_id = p.id and e.is_active) as types
  from hosts h join public.profiles p on p.email = h.email cross join days
)
insert into public.bookings (event_type_id, user_id, guest_name, guest_email, guest_phone, guest_company, notes, start_time,
  end_time, status, created_at)
select e.id, plan.host, g.name, g.email, g.phone, g.company,
  case when plan.i % 4 = 0 then 'Would love to focus on next steps after our last conversation.' end,
  plan.start_time, plan.start_time + make_interval(mins => e.duration),
  (case
    when plan.d in (-3, 8) then 'cancelled'
    when plan.d in (3, 12) then 'pending'
    when plan.d < -5 then 'completed'
    else 'confirmed'
  end)::public.booking_status,
  least(now(), plan.start_time) - interval '5 days'
from plan
join public.event_types e on e.id = plan.types[1 + (plan.i + plan.k) % cardinality(plan.types)]
join guests g on g.n = (plan.i + plan.k * 3) % 10;

-- Team bookings of Brightpath at 16:00 UTC, clear of every member's personal hours; the Panel
-- Review occupies all four members.
with team_plan (title, d, assignee, status, guest, email) as (
  values
    ('Team Intro Call', -12, 'maya@kairos.test', 'completed', 'Grace Park', 'grace.park@example.com'),
    ('Team Intro Call', -5, 'daniel@kairos.test', 'confirmed', 'Samuel Ortiz', 'samuel.ortiz@example.com'),
    ('Quick Consult', -2, 'jordan@kairos.test', 'confirmed', 'Ines Costa', 'ines.costa@example.com'),
    ('Leadership Session with Maya', 2, 'maya@kairos.test', 'confirmed', 'Ben Adler', 'ben.adler@example.com'),
    ('Team Intro Call', 5, null, 'confirmed', 'Leah Novak', 'leah.novak@example.com'),
    ('Quick Consult', 7, 'alex@kairos.test', 'cancelled', 'Omar Haddad', 'omar.haddad@example.com'),
    ('Panel Review', 10, null, 'pending', 'Rachel Green', 'rachel.green@example.com'),
    ('Panel Review', 17, null, 'confirmed', 'Victor Hugo', 'victor.hugo@example.com')
)
insert into public.bookings (event_type_id, team_id, assigned_user_id, guest_name, guest_email, start_time, end_time, status)
select e.id, e.team_id, (select id from public.profiles where email = tp.assignee), tp.guest, tp.email,
  date_trunc('day', now()) + make_interval(days => tp.d, hours => 16),
  date_trunc('day', now()) + make_interval(days => tp.d, hours => 16, mins => e.duration),
  tp.status::public.booking_status
from team_plan tp
join public.event_types e on e.title = tp.title
join public.teams t on t.id = e.team_id and t.slug = 'brightpath';

select set_config('kairos.bulk_import', 'off', false);
