-- Row-level security: the roles of docs/product/permissions.md. One named policy per action; the
-- helpers are security definer so a policy on team_members can ask about team_members without
-- recursing into its own RLS.

-- Is the signed-in user a member of the team, with one of the roles when given?
create or replace function private.has_team_role(p_team_id bigint, p_roles text[] default null)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.team_members m
    where m.team_id = p_team_id
      and m.user_id = (select auth.uid())
      and (p_roles is null or m.role::text = any (p_roles))
  );
$$;

-- May the signed-in user act for this owner of a row: the host themselves (p_user_id), or a member of
-- the team (p_team_id) with one of the roles when given. Tables owned by a host or a team (event
-- types, weekly hours, date overrides, webhooks) decide every action with it, one policy each.
create or replace function private.acts_for(p_user_id uuid, p_team_id bigint, p_roles text[] default null)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select (p_user_id is not null and p_user_id = (select auth.uid()))
      or (p_team_id is not null and private.has_team_role(p_team_id, p_roles));
$$;

create or replace function private.is_public_team(p_team_id bigint)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.teams t where t.id = p_team_id and t.is_public);
$$;

-- Does the signed-in user share at least one team with this user? (Team-mates see each other's email.)
create or replace function private.shares_team(p_user_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.team_members mine
    join public.team_members theirs on theirs.team_id = mine.team_id
    where mine.user_id = (select auth.uid()) and theirs.user_id = p_user_id
  );
$$;

-- A host is visible on public pages when either discoverability switch is on
-- (docs/product/permissions.md).
create or replace function private.is_visible_host(p_user_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.profiles p where p.id = p_user_id and (p.is_public_profile or p.is_calendar_public));
$$;

-- A person whose busy intervals a guest may see: a visible host or a member of a public team. A
-- private host's busy times reach a guest only as the slots of an event type they hold the link to
-- (private.slot_inputs), never by the host's id, which that link shows.
create or replace function private.is_bookable_person(p_user_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.is_visible_host(p_user_id)
    or exists (select 1 from public.team_members m join public.teams t on t.id = m.team_id
               where m.user_id = p_user_id and t.is_public);
$$;

grant execute on function private.has_team_role(bigint, text[]), private.acts_for(uuid, bigint, text[]),
  private.is_public_team(bigint), private.shares_team(uuid),
  private.is_visible_host(uuid), private.is_bookable_person(uuid)
  to anon, authenticated, service_role;

-- Two-factor authentication that holds (see the two_factor_assurance migration): whether this
-- session may act for its user: aal2, or an account without a verified factor
-- (two-factor is the user's choice). Security definer: auth.mfa_factors is not readable by API roles.
create or replace function private.meets_assurance()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select auth.jwt() ->> 'aal'), 'aal1') = 'aal2'
    or not exists (
      select 1 from auth.mfa_factors f
      where f.user_id = (select auth.uid()) and f.status = 'verified'
    );
$$;

-- The same rule for security definer functions: refuse as PostgREST refuses a forbidden write.
create or replace function private.require_assurance()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not private.meets_assurance() then
    raise exception 'Enter your two-factor code to continue' using errcode = '42501', hint = 'insufficient_aal';
  end if;
end;
$$;

revoke all on function private.meets_assurance(), private.require_assurance() from public;
grant execute on function private.meets_assurance(), private.require_assurance() to authenticated, service_role;

-- Table privileges, granted here for the tables of the schema migration and in the migration that
-- creates each later table. A project created since 2026-05-30 grants nothing by default, an older one
-- everything; every grant starts from none so both end the same. An action nobody may take through
-- the API is refused by privilege, and column grants keep identity and ownership columns out of reach.
-- service_role (RLS bypassed) gets what the functions do with it: here, reading profiles for a
-- calendar's time zone and the bookings of a host's feed (supabase/tests/db/grants.test.ts lists all).
revoke all on public.profiles, public.user_settings, public.event_types, public.availability_rules,
  public.bookings, public.booking_busy, public.teams, public.team_members from anon, authenticated, service_role;
grant select on public.profiles, public.bookings, public.booking_busy, public.event_types to service_role;
-- Identity columns need no sequence privilege; where defaults granted them, anon could move an id on.
revoke all on sequence public.availability_rules_id_seq, public.bookings_id_seq,
  public.teams_id_seq, public.team_members_id_seq
  from anon, authenticated, service_role;

grant select on public.profiles to authenticated;
grant update (handle, first_name, last_name, profile_image_url, timezone, bio, title, company, location, website,
  linkedin, twitter, instagram, is_public_profile, is_calendar_public) on public.profiles to authenticated;
grant select, insert, update on public.user_settings to authenticated;
-- Guests see a public team's active event types and hours (the policies say which rows).
grant select on public.event_types, public.availability_rules to anon;
grant select, insert, update, delete on public.event_types, public.availability_rules to authenticated;
grant select on public.bookings to authenticated;
grant update (status, notes, assigned_user_id) on public.bookings to authenticated;
grant select on public.booking_busy to authenticated;
grant select on public.teams, public.team_members to anon, authenticated;
grant insert, update, delete on public.teams to authenticated;
grant insert, delete on public.team_members to authenticated;
grant update (role) on public.team_members to authenticated;

-- profiles ----------------------------------------------------------------------------------------
-- No insert (created by the auth.users trigger) and no delete (deleting the auth user cascades).
create policy "Profiles are readable by their user and team-mates" on public.profiles
  for select to authenticated
  using (id = (select auth.uid()) or private.shares_team(id));
comment on policy "Profiles are readable by their user and team-mates" on public.profiles is
  'Whole rows include the email, so others read public fields through directory_profiles/public_profile*.';
create policy "Users update their own profile" on public.profiles
  for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

-- user_settings -----------------------------------------------------------------------------------
-- No delete: every user always has exactly one settings row.
create policy "Users read their own settings" on public.user_settings
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Users create their own settings" on public.user_settings
  for insert to authenticated with check (user_id = (select auth.uid()));
comment on policy "Users create their own settings" on public.user_settings is
  'The row is created at sign-up; this lets a client upsert it.';
create policy "Users update their own settings" on public.user_settings
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

-- event_types and availability_rules: a host's own, a team's to its members (and, for a public
-- team, its active event types and its hours to everyone); written by the host, or by the team's
-- owners and admins. One policy per action, whoever owns the row.
create policy "Owners read event types, and everyone a public team's active ones" on public.event_types
  for select to anon, authenticated
  using (private.acts_for(user_id, team_id) or (is_active and team_id is not null and private.is_public_team(team_id)));
comment on policy "Owners read event types, and everyone a public team's active ones" on public.event_types is
  'Guests read a host''s active event types through public_event_types/public_event_type.';
create policy "Owners create event types" on public.event_types
  for insert to authenticated with check (private.acts_for(user_id, team_id, array['owner', 'admin']));
create policy "Owners update event types" on public.event_types
  for update to authenticated
  using (private.acts_for(user_id, team_id, array['owner', 'admin']))
  with check (private.acts_for(user_id, team_id, array['owner', 'admin']));
create policy "Owners delete event types" on public.event_types
  for delete to authenticated using (private.acts_for(user_id, team_id, array['owner', 'admin']));

create policy "Owners read weekly hours, and everyone a public team's" on public.availability_rules
  for select to anon, authenticated
  using (private.acts_for(user_id, team_id) or (team_id is not null and private.is_public_team(team_id)));
comment on policy "Owners read weekly hours, and everyone a public team's" on public.availability_rules is
  'Guests read a host''s through public_availability.';
create policy "Owners create weekly hours" on public.availability_rules
  for insert to authenticated with check (private.acts_for(user_id, team_id, array['owner', 'admin']));
create policy "Owners update weekly hours" on public.availability_rules
  for update to authenticated
  using (private.acts_for(user_id, team_id, array['owner', 'admin']))
  with check (private.acts_for(user_id, team_id, array['owner', 'admin']));
create policy "Owners delete weekly hours" on public.availability_rules
  for delete to authenticated using (private.acts_for(user_id, team_id, array['owner', 'admin']));

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

-- booking_busy ------------------------------------------------------------------------------------
-- Written only by triggers on bookings and team_members.
create policy "Users read their own busy intervals" on public.booking_busy
  for select to authenticated using (user_id = (select auth.uid()));

create policy "Signed-in users create teams they own" on public.teams
  for insert to authenticated with check (owner_id = (select auth.uid()));
comment on policy "Signed-in users create teams they own" on public.teams is
  'The teams_add_owner trigger makes the creator the owner member.';
create policy "Team owners and admins update the team" on public.teams
  for update to authenticated
  using (private.has_team_role(id, array['owner', 'admin']))
  with check (private.has_team_role(id, array['owner', 'admin']));
create policy "Team owners delete the team" on public.teams
  for delete to authenticated using (owner_id = (select auth.uid()));

create policy "Team owners and admins change roles of non-owners" on public.team_members
  for update to authenticated
  using (private.has_team_role(team_id, array['owner', 'admin']) and role <> 'owner')
  with check (private.has_team_role(team_id, array['owner', 'admin']) and role in ('admin', 'member'));

revoke all on all functions in schema private from public;
