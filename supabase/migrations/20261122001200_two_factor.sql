-- Two-factor authentication that holds: an account with a verified factor is reachable only by an
-- aal2 session (password and code). The sign-in screen asks for the code, but a stranger who has
-- only the password gets an aal1 token that PostgREST, Storage and Realtime would otherwise honour.
-- The rule is Supabase's own recommendation for enforcing MFA: a restrictive policy ANDed with every
-- permissive one, so each path that RLS governs (REST, functions acting as the caller, Storage,
-- Realtime) follows it, and an admin's policy edits cannot loosen it by accident. Security definer
-- functions that act for the signed-in user bypass RLS, so they ask the same helper
-- (private.require_assurance, below).


-- Two-factor authentication that holds: whether this
-- session may act for its user: aal2, or an account without a verified factor
-- (two-factor is the user's choice). Security definer: auth.mfa_factors is not readable by API roles.
create or replace function private.meets_assurance()
returns boolean language sql stable security definer set search_path = ''
as $$
  select coalesce((select auth.jwt() ->> 'aal'), 'aal1') = 'aal2'
    or not exists (
      select 1 from auth.mfa_factors f
      where f.user_id = (select auth.uid()) and f.status = 'verified'
    );
$$;

-- The same rule for security definer functions: refuse as PostgREST refuses a forbidden write.
create or replace function private.require_assurance()
returns void language plpgsql stable set search_path = ''
as $$
begin
  if not private.meets_assurance() then
    raise exception 'Enter your two-factor code to continue' using errcode = '42501', hint = 'insufficient_aal';
  end if;
end;
$$;

revoke all on function private.meets_assurance(), private.require_assurance() from public;
grant execute on function private.meets_assurance(), private.require_assurance() to authenticated, service_role;
-- One restrictive policy per table for every action, on every table in public (the catalogue test
-- fails for a table added later without it). `(select ...)` runs the check once per statement.
do $$
declare
  t record;
begin
  for t in select c.relname from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
  loop
    execute format(
      'create policy "Two-factor accounts need an aal2 session" on public.%I as restrictive for all to authenticated
         using ((select private.meets_assurance())) with check ((select private.meets_assurance()))',
      t.relname);
  end loop;
end;
$$;

-- Avatars are written through Storage, and private booking topics read through Realtime: both by RLS.
create policy "Two-factor accounts need an aal2 session" on storage.objects as restrictive for all to authenticated
  using ((select private.meets_assurance())) with check ((select private.meets_assurance()));
create policy "Two-factor accounts need an aal2 session" on realtime.messages as restrictive for all to authenticated
  using ((select private.meets_assurance())) with check ((select private.meets_assurance()));

-- A TOTP code is accepted once. GoTrue accepts a code at three 30-second steps (one step of skew
-- either side) and remembers none it accepted, so one code raised two sessions to aal2. It calls its
-- MFA verification attempt hook (config.toml [auth.hook.mfa_verification_attempt]) on every attempt,
-- as supabase_auth_admin in a transaction of its own, with {user_id, factor_id, factor_type, valid}:
-- whether the code was valid, not the code. So the hook accepts one valid code per factor in any
-- three consecutive steps (the code it accepted cannot be valid again after them); a second within
-- them, the same code or the next one, is rejected, and GoTrue then ends every session of the
-- account (a replayed code means someone else has it). The price: after a code is accepted, the next
-- is accepted 60 to 90 seconds later.
create table private.mfa_accepted_steps (
  -- auth.mfa_factors belongs to Auth (no reference from here); a removed factor's row is never read.
  factor_id uuid primary key,
  -- floor(epoch / 30) when its last valid code was accepted.
  step bigint not null
);
comment on table private.mfa_accepted_steps is
  'The 30-second step at which each TOTP factor last had a code accepted; written by public.mfa_verification_attempt.';

create or replace function public.mfa_verification_attempt(event jsonb)
returns jsonb language plpgsql security definer set search_path = ''
as $$
declare
  now_step bigint := floor(extract(epoch from clock_timestamp()) / 30);
  factor uuid := (event ->> 'factor_id')::uuid;
  last_step bigint;
begin
  if not coalesce((event ->> 'valid')::boolean, false) or event ->> 'factor_type' is distinct from 'totp' then
    return jsonb_build_object('decision', 'continue');
  end if;
  select s.step into last_step from private.mfa_accepted_steps s where s.factor_id = factor for update;
  if last_step >= now_step - 2 then
    return jsonb_build_object('decision', 'reject',
      'message', 'This code was already used. Sign in again and enter the next code from your authenticator app.');
  end if;
  insert into private.mfa_accepted_steps (factor_id, step) values (factor, now_step)
  on conflict (factor_id) do update set step = excluded.step;
  return jsonb_build_object('decision', 'continue');
end;
$$;
comment on function public.mfa_verification_attempt(jsonb) is
  'Auth''s MFA verification attempt hook: one accepted TOTP code per factor in any three 30-second steps.';
-- Auth alone calls it (as supabase_auth_admin), as Supabase's hook set-up asks.
revoke all on function public.mfa_verification_attempt(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.mfa_verification_attempt(jsonb) to supabase_auth_admin;
