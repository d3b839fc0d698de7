-- Team membership by consent. Owners and admins invite an email address with a role; that makes a
-- pending invitation, never a membership. The account holding that address (its email confirmed in
-- Auth) sees it, and only its acceptance makes it a member; accepting also needs proof that the
-- account reads the address's mail (private.email_proofs). Members may leave; the owner may not.
-- Modelled on basejump's invitations. Each (re)invitation writes its mail to the outbox in
-- the same transaction; the outbox function derives the link's token with a secret only the functions
-- hold and stores just its SHA-256 here, so the table never holds a usable link.
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
returns trigger
language plpgsql
set search_path = ''
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
returns text
language sql
stable
security definer
set search_path = ''
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
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select p.email from private.email_proofs p
  where p.user_id = (select auth.uid()) and p.email = (select private.my_verified_email());
$$;

-- Is there a valid invitation to this team for the signed-in user (with this role, when given)?
create or replace function private.is_invited_to(p_team_id bigint, p_role public.team_role default null)
returns boolean
language sql
stable
security definer
set search_path = ''
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
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.team_invitations i
    where i.team_id = p_team_id and i.role = p_role and i.expires_at > now()
      and i.email = (select private.my_proven_email())
  );
$$;

-- Joining consumes the invitation.
create or replace function private.consume_invitation()
returns trigger
language plpgsql
security definer
set search_path = ''
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

-- An invitation's mail, with its link, into the outbox: 'team.invitation' as it is made or renewed,
-- 'team.invitation.link' when its invitee asks for the link again. Every mail of one invitation (and
-- expiry) carries the same link.
create or replace function private.queue_invitation_mail(i public.team_invitations, p_topic text, p_message_id text)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.outbox (kind, topic, message_id, payload, deliver_before)
  select 'invitation', p_topic, p_message_id,
    jsonb_build_object('invitation_id', i.id, 'email', i.email, 'role', i.role, 'expires_at', i.expires_at,
      'team_name', t.name, 'inviter_name', (select private.display_name(p) from public.profiles p where p.id = i.invited_by)),
    i.expires_at
  from public.teams t where t.id = i.team_id;
$$;

-- The mail of each invitation and renewal goes to the outbox with the change; a mail still waiting for
-- an invitation since renewed or revoked is no longer worth sending. It must leave before the
-- invitation expires.
create or replace function private.mail_invitation()
returns trigger
language plpgsql
security definer
set search_path = ''
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
returns table (id bigint, team_id bigint, email text, role public.team_role, created_at timestamptz, expires_at timestamptz)
language plpgsql
security invoker
set search_path = ''
as $$
declare
  wanted text := lower(btrim(coalesce(p_email, '')));
begin
  if (select auth.uid()) is null then
    raise exception 'Unauthorized' using errcode = '42501';
  end if;
  if p_role is null or p_role not in ('admin', 'member') then
    raise exception 'Role must be admin or member' using errcode = '22023';
  end if;
  if wanted !~ '^[^@\s]+@[^@\s]+$' or length(wanted) > 255 then
    raise exception 'Invalid email address' using errcode = '22023';
  end if;
  if exists (select 1 from public.team_members m join public.profiles p on p.id = m.user_id
             where m.team_id = p_team_id and lower(p.email) = wanted) then
    raise exception 'This person is already a member of the team' using errcode = '23505';
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
returns boolean
language sql
security definer
set search_path = ''
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
returns boolean
language plpgsql
security definer
set search_path = ''
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
returns public.team_members
language plpgsql
security invoker
set search_path = ''
as $$
declare
  invitation record;
  joined public.team_members;
begin
  select i.team_id, i.role, i.email into invitation from public.team_invitations i
  where i.id = p_invitation_id and i.email = private.my_verified_email() and i.expires_at > now();
  if not found or (p_token is not null and not private.prove_invitation_token(p_invitation_id, p_token)) then
    raise exception 'Invitation not found or expired' using errcode = 'P0002';
  end if;
  if private.my_proven_email() is null then
    raise exception 'Open the link in the invitation mailed to % to accept it.', invitation.email using errcode = 'KR002';
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
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  i public.team_invitations;
begin
  perform private.require_assurance();
  select * into i from public.team_invitations x
  where x.id = p_invitation_id and x.email = private.my_verified_email() and x.expires_at > now()
  for update;
  if not found then
    raise exception 'Invitation not found or expired' using errcode = 'P0002';
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
