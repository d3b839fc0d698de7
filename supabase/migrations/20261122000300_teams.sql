-- Teams, membership by consent, and invitations: the role helpers every owned table's policies ask
-- (has_team_role, acts_for), the teams and members with their policies, public teams' reads, and the
-- invitations an owner or admin sends and only the invitee's acceptance turns into a membership.


-- Teams and their members ---------------------------------------------------------------------------

-- Closed sets as enums, so the generated TypeScript types carry them as unions.
create type public.team_role as enum ('owner', 'admin', 'member');

create table public.teams (
  id bigint generated always as identity primary key,
  name text not null constraint teams_name_present check (btrim(name) <> ''),
  description text,
  slug text not null constraint teams_slug_format check (slug ~ '^[a-z0-9-]+$' and length(slug) <= 100),
  owner_id uuid not null references public.profiles (id) on delete cascade,
  is_public boolean not null default false,
  timezone text not null default 'UTC',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint teams_slug_key unique (slug)
);
alter table public.teams enable row level security;
create index teams_owner_id_idx on public.teams (owner_id);
create trigger teams_timezone before insert or update of timezone on public.teams
  for each row execute function private.check_timezone();
create trigger teams_updated_at before update on public.teams
  for each row execute function private.set_updated_at();

create table public.team_members (
  id bigint generated always as identity primary key,
  team_id bigint not null references public.teams (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  role public.team_role not null default 'member',
  joined_at timestamptz not null default now(),
  constraint team_members_team_user_key unique (team_id, user_id)
);
alter table public.team_members enable row level security;
-- Exactly the team's creator holds the owner role (added by trigger below).
create unique index team_members_one_owner on public.team_members (team_id) where role = 'owner';
create index team_members_user_id_idx on public.team_members (user_id, team_id);

-- The creator of a team becomes its owner member.
create or replace function private.add_team_owner()
returns trigger language plpgsql security definer set search_path = ''
as $$
begin
  insert into public.team_members (team_id, user_id, role) values (new.id, new.owner_id, 'owner');
  return new;
end;
$$;
create trigger teams_add_owner after insert on public.teams
  for each row execute function private.add_team_owner();

-- Ownership does not move through an API update (the owner is never removed: docs/product/permissions.md).
create or replace function private.protect_team_owner()
returns trigger language plpgsql set search_path = ''
as $$
begin
  if new.owner_id is distinct from old.owner_id and current_user in ('anon', 'authenticated') then
    raise exception 'The owner of a team cannot be changed' using errcode = '42501', hint = 'teamOwnerFixed';
  end if;
  return new;
end;
$$;
create trigger teams_protect_owner before update of owner_id on public.teams
  for each row execute function private.protect_team_owner();
create trigger teams_immutable before insert or update on public.teams
  for each row execute function private.keep_immutable('created_at');
create trigger team_members_immutable before insert or update on public.team_members
  for each row execute function private.keep_immutable('team_id', 'user_id', 'joined_at');
-- The role helpers below are called by the policies of eleven tables (teams, their members and
-- invitations, event types, hours, overrides, bookings, series, group slots, webhooks, profiles) and
-- of the Realtime slot topics. They are PL/pgSQL, whose plans a session keeps: a SQL function with a
-- pinned search_path is never inlined, and every statement that calls it plans it again.

-- Is the signed-in user a member of the team, with one of the roles when given?
create or replace function private.has_team_role(p_team_id bigint, p_roles text[] default null)
returns boolean language plpgsql stable security definer set search_path = ''
as $$
begin
  return exists (
    select 1 from public.team_members m
    where m.team_id = p_team_id
      and m.user_id = (select auth.uid())
      and (p_roles is null or m.role::text = any (p_roles))
  );
end;
$$;

-- May the signed-in user act for this owner of a row: the host themselves (p_user_id), or a member of
-- the team (p_team_id) with one of the roles when given. Tables owned by a host or a team (event
-- types, weekly hours, date overrides, webhooks) decide every action with it, one policy each.
create or replace function private.acts_for(p_user_id uuid, p_team_id bigint, p_roles text[] default null)
returns boolean language plpgsql stable security definer set search_path = ''
as $$
begin
  return (p_user_id is not null and p_user_id = (select auth.uid()))
      or (p_team_id is not null and private.has_team_role(p_team_id, p_roles));
end;
$$;

create or replace function private.is_public_team(p_team_id bigint)
returns boolean language plpgsql stable security definer set search_path = ''
as $$
begin
  return exists (select 1 from public.teams t where t.id = p_team_id and t.is_public);
end;
$$;

-- Does the signed-in user share at least one team with this user? (Team-mates see each other's email.)
create or replace function private.shares_team(p_user_id uuid)
returns boolean language plpgsql stable security definer set search_path = ''
as $$
begin
  return exists (
    select 1
    from public.team_members mine
    join public.team_members theirs on theirs.team_id = mine.team_id
    where mine.user_id = (select auth.uid()) and theirs.user_id = p_user_id
  );
end;
$$;

-- A person whose busy intervals a guest may see: a visible host or a member of a public team. A
-- private host's busy times reach a guest only as the slots of an event type they hold the link to
-- (private.slot_inputs), never by the host's id, which that link shows.
create or replace function private.is_bookable_person(p_user_id uuid)
returns boolean language plpgsql stable security definer set search_path = ''
as $$
begin
  return private.is_visible_host(p_user_id)
    or exists (select 1 from public.team_members m join public.teams t on t.id = m.team_id
               where m.user_id = p_user_id and t.is_public);
end;
$$;
grant execute on function private.has_team_role(bigint, text[]), private.acts_for(uuid, bigint, text[]),
  private.is_public_team(bigint), private.shares_team(uuid), private.is_bookable_person(uuid)
  to anon, authenticated, service_role;

-- Privileges, from none (see the foundation migration): only what each role needs.
revoke all on public.teams, public.team_members from anon, authenticated, service_role;
-- Identity columns need no sequence privilege; where defaults granted them, anon could move an id on.
revoke all on sequence public.teams_id_seq, public.team_members_id_seq from anon, authenticated, service_role;
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
  'Whole rows include the email, so others read public fields through directory_profiles/public_profile.';

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

-- Public teams --------------------------------------------------------------------------------------------
create or replace function public.public_team(p_slug text)
returns table (id bigint, name text, description text, slug text, timezone text, member_count integer) language sql stable security definer set search_path = ''
as $$
  select t.id, t.name, t.description, t.slug, t.timezone,
    (select count(*)::integer from public.team_members m where m.team_id = t.id)
  from public.teams t
  where t.slug = lower(btrim(p_slug)) and t.is_public;
$$;

-- Card fields of every member of a public team (joining a public team puts you on its page).
create or replace function public.public_team_members(p_slug text)
returns table (user_id uuid, role public.team_role, joined_at timestamptz, handle text, first_name text, last_name text,
  profile_image_url text, title text, company text, location text)
language sql
stable
security definer
set search_path = ''
as $$
  select m.user_id, m.role, m.joined_at, p.handle, p.first_name, p.last_name, p.profile_image_url, p.title,
    p.company, p.location
  from public.team_members m
  join public.teams t on t.id = m.team_id
  join public.profiles p on p.id = m.user_id
  where t.slug = lower(btrim(p_slug)) and t.is_public
  order by case m.role when 'owner' then 0 when 'admin' then 1 else 2 end, m.joined_at, m.user_id;
$$;
-- Execute rights: Postgres lets PUBLIC execute a new function (and an older project's default
-- privileges the API roles too); decide each one.
revoke all on function public.public_team(text), public.public_team_members(text) from public, anon, authenticated;
grant execute on function public.public_team(text), public.public_team_members(text) to anon, authenticated, service_role;
-- Team membership by consent. Owners and admins invite an email address with a role; that makes a
-- pending invitation, never a membership. The account holding that address (its email confirmed in
-- Auth) sees it, and only its acceptance makes it a member; accepting also needs proof that the
-- account reads the address's mail (private.email_proofs). Members may leave; the owner may not.
-- Modelled on basejump's invitations. Each (re)invitation writes its mail to the outbox in the same
-- transaction (its trigger is in the outbox_lifecycle migration); the outbox function derives the
-- link's token with a secret only the functions hold and stores just its SHA-256 here, so the table
-- never holds a usable link.
--
-- Every decision is a policy, so an admin who edits one in the dashboard changes every path:
--   invite   insert/update on team_invitations   (owners and admins)
--   revoke   delete on team_invitations           (owners and admins; the invitee declines the same way)
--   accept   insert on team_members               (the invitee, with the invited role, while it is valid)
--   leave    delete on team_members               (oneself unless owner; owners and admins remove others)

create table public.team_invitations (
  id bigint generated always as identity primary key,
  team_id bigint not null references public.teams (id) on delete cascade,
  -- Stored trimmed and lowercased (Auth compares addresses case-insensitively too).
  email text not null
    constraint team_invitations_email_format check (email ~ '^[^@\s]+@[^@\s]+$' and email = lower(btrim(email)) and length(email) <= 255),
  -- The owner role is never invited: it belongs to the team's creator.
  role public.team_role not null default 'member' constraint team_invitations_role_invitable check (role in ('admin', 'member')),
  -- SHA-256 (hex) of the token of the latest mailed link, set by the outbox function as it sends it.
  token_hash text constraint team_invitations_token_hash_key unique,
  invited_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  -- Set by trigger on every (re)invitation made through the API.
  expires_at timestamptz not null default now() + interval '7 days',
  -- One pending invitation per address and team: inviting again renews it.
  constraint team_invitations_team_email_key unique (team_id, email)
);
comment on table public.team_invitations is
  'Pending team invitations: no membership until the invitee accepts (accept_team_invitation).';
create index team_invitations_email_idx on public.team_invitations (email);
create index team_invitations_invited_by_idx on public.team_invitations (invited_by) where invited_by is not null;

-- An invitation is valid for 7 days from its latest sending: every write of an API caller is an
-- invitation or its renewal (the columns they may write say so), whatever expiry it sent.
create or replace function private.stamp_invitation()
returns trigger language plpgsql set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    new.expires_at := now() + interval '7 days';
  end if;
  return new;
end;
$$;
create trigger team_invitations_stamp before insert or update on public.team_invitations
  for each row execute function private.stamp_invitation();
create trigger team_invitations_immutable before insert or update on public.team_invitations
  for each row execute function private.keep_immutable('team_id', 'email', 'created_at');

-- Role helpers -------------------------------------------------------------------------------------

-- The signed-in user's email address, once Auth has confirmed they own it (null otherwise): an
-- invitation belongs to the owner of an address, not to whoever typed it at sign-up.
create or replace function private.my_verified_email()
returns text language sql stable security definer set search_path = ''
as $$
  select lower(u.email) from auth.users u where u.id = (select auth.uid()) and u.email_confirmed_at is not null;
$$;

-- Addresses an account has shown it reads: it presented a token Kairos mailed there (an invitation's
-- link). With confirmations off (config.toml), Auth confirms every sign-up at once, so
-- email_confirmed_at says only that an account holds the address, not that its holder reads the mail:
-- whoever registers an invited address first would otherwise take the invitation. Keyed by the
-- address, so a changed email is unproven again.
create table private.email_proofs (
  user_id uuid not null references auth.users (id) on delete cascade,
  email text not null,
  proven_at timestamptz not null default now(),
  primary key (user_id, email)
);
comment on table private.email_proofs is
  'Addresses proven by a Kairos mail (an invitation link used by the account); read by private.my_proven_email.';

-- The signed-in user's address once a Kairos mail has proven they read it (null otherwise).
create or replace function private.my_proven_email()
returns text language sql stable security definer set search_path = ''
as $$
  select p.email from private.email_proofs p
  where p.user_id = (select auth.uid()) and p.email = (select private.my_verified_email());
$$;

-- Is there a valid invitation to this team for the signed-in user (with this role, when given)?
create or replace function private.is_invited_to(p_team_id bigint, p_role public.team_role default null)
returns boolean language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.team_invitations i
    where i.team_id = p_team_id
      and i.email = (select private.my_verified_email())
      and i.expires_at > now()
      and (p_role is null or i.role = p_role)
  );
$$;

-- May the signed-in user join this team with this role: a valid invitation to an address they have
-- proven they read.
create or replace function private.may_join(p_team_id bigint, p_role public.team_role)
returns boolean language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.team_invitations i
    where i.team_id = p_team_id and i.role = p_role and i.expires_at > now()
      and i.email = (select private.my_proven_email())
  );
$$;

-- Joining consumes the invitation.
create or replace function private.consume_invitation()
returns trigger language plpgsql security definer set search_path = ''
as $$
begin
  delete from public.team_invitations i
  using auth.users u
  where u.id = new.user_id and i.team_id = new.team_id and i.email = lower(u.email);
  return new;
end;
$$;
create trigger team_members_consume_invitation after insert on public.team_members
  for each row execute function private.consume_invitation();

-- is_invited_to is part of the teams read policy, which anon is subject to too; may_join of the
-- team_members insert policy.
grant execute on function private.my_verified_email(), private.my_proven_email() to authenticated, service_role;
grant execute on function private.is_invited_to(bigint, public.team_role) to anon, authenticated, service_role;
grant execute on function private.may_join(bigint, public.team_role) to authenticated, service_role;

-- Privileges --------------------------------------------------------------------------------------
-- The token hash is neither readable nor writable through the API (the outbox function sets it).
revoke all on public.team_invitations from anon, authenticated, service_role;
revoke all on sequence public.team_invitations_id_seq from anon, authenticated, service_role;
grant select (id, team_id, email, role, invited_by, created_at, expires_at) on public.team_invitations to authenticated;
grant insert (team_id, email, role, invited_by) on public.team_invitations to authenticated;
grant update (role, invited_by) on public.team_invitations to authenticated;
grant delete on public.team_invitations to authenticated;
alter table public.team_invitations enable row level security;

-- Membership is accepted, never given: the team's creator is added by trigger, everyone else joins
-- by accepting. joined_at stays the server's.
revoke insert on public.team_members from authenticated;
grant insert (team_id, user_id, role) on public.team_members to authenticated;

-- team_invitations ---------------------------------------------------------------------------------
create policy "Team owners and admins, and the invitee, read invitations" on public.team_invitations
  for select to authenticated
  using (
    private.has_team_role(team_id, array['owner', 'admin'])
    or (email = (select private.my_verified_email()) and expires_at > now())
  );
comment on policy "Team owners and admins, and the invitee, read invitations" on public.team_invitations is
  'Managers see their team''s invitations (expired ones too, to send them again); the invitee sees valid ones.';
create policy "Team owners and admins invite" on public.team_invitations
  for insert to authenticated
  with check (private.has_team_role(team_id, array['owner', 'admin']) and invited_by = (select auth.uid()));
create policy "Team owners and admins renew invitations" on public.team_invitations
  for update to authenticated
  using (private.has_team_role(team_id, array['owner', 'admin']))
  with check (private.has_team_role(team_id, array['owner', 'admin']) and invited_by = (select auth.uid()));
create policy "Team owners and admins revoke invitations, and the invitee declines" on public.team_invitations
  for delete to authenticated
  using (private.has_team_role(team_id, array['owner', 'admin']) or email = (select private.my_verified_email()));

create policy "Members are readable by team-mates and themselves, and by everyone for public teams" on public.team_members
  for select to anon, authenticated
  using (user_id = (select auth.uid()) or private.is_public_team(team_id) or private.has_team_role(team_id));
comment on policy "Members are readable by team-mates and themselves, and by everyone for public teams" on public.team_members is
  'Rows carry ids and roles only; card fields of public teams come from public_team_members.';

create policy "Invitees join with the role they were invited to" on public.team_members
  for insert to authenticated
  with check (user_id = (select auth.uid()) and private.may_join(team_id, role));
comment on policy "Invitees join with the role they were invited to" on public.team_members is
  'Only to an address the joiner has proven they read (accept_team_invitation). The owner row is written only by the teams_add_owner trigger; the invitation is consumed by trigger.';

create policy "Members leave, and team owners and admins remove, anyone but the owner" on public.team_members
  for delete to authenticated
  using (
    role <> 'owner'
    and (user_id = (select auth.uid()) or private.has_team_role(team_id, array['owner', 'admin']))
  );
comment on policy "Members leave, and team owners and admins remove, anyone but the owner" on public.team_members is
  'The owner is never removed; the row goes only with the team.';

create policy "Teams are readable by members and invitees, and by everyone when public" on public.teams
  for select to anon, authenticated
  using (is_public or owner_id = (select auth.uid()) or private.has_team_role(id) or private.is_invited_to(id));
comment on policy "Teams are readable by members and invitees, and by everyone when public" on public.teams is
  'owner_id keeps the row readable in the RETURNING of the insert, before the owner membership is visible.';

-- Invites an address into a team, or renews its pending invitation (a new expiry and a new mail).
-- Security invoker: the policies above decide who may invite. The answer is the same whether or not
-- the address has an account (none is looked up); only a current member is refused, and members are
-- visible to whoever may invite.
create or replace function public.invite_team_member(p_team_id bigint, p_email text, p_role text default 'member')
returns table (id bigint, team_id bigint, email text, role public.team_role, created_at timestamptz, expires_at timestamptz) language plpgsql security invoker set search_path = ''
as $$
declare
  wanted text := lower(btrim(coalesce(p_email, '')));
begin
  perform private.signed_in_user();
  if p_role is null or p_role not in ('admin', 'member') then
    raise exception 'Role must be member or admin' using errcode = '22023', hint = 'inviteRole';
  end if;
  if wanted !~ '^[^@\s]+@[^@\s]+$' or length(wanted) > 255 then
    raise exception 'Invalid email address' using errcode = '22023', hint = 'emailAddress';
  end if;
  if exists (select 1 from public.team_members m join public.profiles p on p.id = m.user_id
             where m.team_id = p_team_id and lower(p.email) = wanted) then
    raise exception 'This person is already a member of the team' using errcode = '23505', hint = 'personAlreadyMember';
  end if;
  -- The renewal writes its values again rather than reading `excluded` (an update the policies check).
  return query
    insert into public.team_invitations as i (team_id, email, role, invited_by)
    values (p_team_id, wanted, p_role::public.team_role, (select auth.uid()))
    on conflict on constraint team_invitations_team_email_key do update
      set role = p_role::public.team_role, invited_by = (select auth.uid())
    returning i.id, i.team_id, i.email, i.role, i.created_at, i.expires_at;
end;
$$;
comment on function public.invite_team_member(bigint, text, text) is
  'Creates or renews a pending invitation (owners and admins, by policy) and queues its mail.';

-- The outbox function, as it sends an invitation's mail: the hash of the link's token, for the
-- invitation as it was when the mail was queued (false: renewed or revoked since, send nothing).
create or replace function public.set_invitation_token_hash(p_invitation_id bigint, p_expires_at timestamptz, p_hash text)
returns boolean language sql security definer set search_path = ''
as $$
  with stored as (
    update public.team_invitations set token_hash = p_hash
    where id = p_invitation_id and expires_at = p_expires_at and expires_at > now()
    returning 1
  )
  select exists (select 1 from stored);
$$;

-- The invitation a mailed link points at: the team's name and the role, for anyone holding the link
-- (the token is the capability), and whether it is addressed to the signed-in user.
create or replace function public.team_invitation_by_token(p_token text)
returns table (id bigint, team_id bigint, team_name text, team_slug text, role public.team_role,
  expires_at timestamptz, for_me boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select i.id, i.team_id, t.name, t.slug, i.role, i.expires_at,
    coalesce(i.email = private.my_verified_email(), false)
  from public.team_invitations i join public.teams t on t.id = i.team_id
  where i.token_hash = encode(extensions.digest(coalesce(p_token, ''), 'sha256'), 'hex') and i.expires_at > now();
$$;

-- A token mailed for this invitation, presented by the account it is addressed to, proves that the
-- account reads the address; false for any other token or account.
create or replace function private.prove_invitation_token(p_invitation_id bigint, p_token text)
returns boolean language plpgsql security definer set search_path = ''
as $$
declare
  address text;
begin
  select i.email into address from public.team_invitations i
  where i.id = p_invitation_id and i.expires_at > now() and i.email = (select private.my_verified_email())
    and i.token_hash = encode(extensions.digest(coalesce(p_token, ''), 'sha256'), 'hex');
  if not found then
    return false;
  end if;
  insert into private.email_proofs (user_id, email) values ((select auth.uid()), address)
  on conflict (user_id, email) do update set proven_at = now();
  return true;
end;
$$;

-- Accepting: one insert into team_members as the invitee, so the policy above decides; the
-- invitation is consumed by trigger in the same statement. p_token is the mailed link's: it proves
-- the address. Without it the address must have been proven before; otherwise KR002 (email_unproven),
-- and the caller may have the link mailed again (mail_invitation_link).
create or replace function public.accept_team_invitation(p_invitation_id bigint, p_token text default null)
returns public.team_members language plpgsql security invoker set search_path = ''
as $$
declare
  invitation record;
  joined public.team_members;
begin
  select i.team_id, i.role, i.email into invitation from public.team_invitations i
  where i.id = p_invitation_id and i.email = private.my_verified_email() and i.expires_at > now();
  if not found or (p_token is not null and not private.prove_invitation_token(p_invitation_id, p_token)) then
    raise exception 'Invitation not found or expired' using errcode = 'P0002', hint = 'invitationNotFound';
  end if;
  if private.my_proven_email() is null then
    raise exception 'Open the link in the invitation mailed to % to accept it.', invitation.email using errcode = 'KR002', hint = 'invitationMailedTo', detail = json_build_object('email', invitation.email)::text;
  end if;
  insert into public.team_members (team_id, user_id, role)
  values (invitation.team_id, (select auth.uid()), invitation.role)
  returning * into joined;
  return joined;
exception when unique_violation then
  -- Already a member (joined meanwhile): the invitation has nothing left to give.
  delete from public.team_invitations i where i.id = p_invitation_id;
  select * into joined from public.team_members m where m.team_id = invitation.team_id and m.user_id = (select auth.uid());
  return joined;
end;
$$;

-- The invitation's link mailed again to the signed-in user's address, which the invitation names: the
-- proof an account whose address no mail has proven needs to accept. Sent again at most once in 10
-- minutes per invitation, so nobody floods the address.
create or replace function public.mail_invitation_link(p_invitation_id bigint)
returns void language plpgsql security definer set search_path = ''
as $$
declare
  i public.team_invitations;
begin
  perform private.require_assurance();
  select * into i from public.team_invitations x
  where x.id = p_invitation_id and x.email = private.my_verified_email() and x.expires_at > now()
  for update;
  if not found then
    raise exception 'Invitation not found or expired' using errcode = 'P0002', hint = 'invitationNotFound';
  end if;
  if not exists (select 1 from public.outbox o
                 where o.kind = 'invitation' and o.topic = 'team.invitation.link'
                   and (o.payload ->> 'invitation_id')::bigint = i.id and o.created_at > now() - interval '10 minutes') then
    perform private.queue_invitation_mail(i, 'team.invitation.link', format('invitation.%s.%s.%s@kairos', i.id,
      (extract(epoch from i.expires_at) * 1000000)::bigint, (extract(epoch from clock_timestamp()) * 1000000)::bigint));
  end if;
end;
$$;

revoke all on function public.invite_team_member(bigint, text, text), public.team_invitation_by_token(text),
  public.accept_team_invitation(bigint, text), public.mail_invitation_link(bigint),
  public.set_invitation_token_hash(bigint, timestamptz, text) from public, anon, authenticated;
grant execute on function public.set_invitation_token_hash(bigint, timestamptz, text) to service_role;
grant execute on function public.invite_team_member(bigint, text, text), public.accept_team_invitation(bigint, text),
  public.mail_invitation_link(bigint) to authenticated, service_role;
-- accept_team_invitation runs as the caller and proves a token through this helper.
grant execute on function private.prove_invitation_token(bigint, text) to authenticated, service_role;
grant execute on function public.team_invitation_by_token(text) to anon, authenticated, service_role;

revoke all on all functions in schema private from public;
