-- Two-factor authentication that holds: an account with a verified factor is reachable only by an
-- aal2 session (password and code). The sign-in screen asks for the code, but a stranger who has
-- only the password gets an aal1 token that PostgREST, Storage and Realtime would otherwise honour.
-- The rule is Supabase's own recommendation for enforcing MFA: a restrictive policy ANDed with every
-- permissive one, so each path that RLS governs (REST, functions acting as the caller, Storage,
-- Realtime) follows it, and an admin's policy edits cannot loosen it by accident. Security definer
-- functions that act for the signed-in user bypass RLS, so they ask the same helper.

-- Whether this session may act for its user: aal2, or an account without a verified factor
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

-- Security definer functions that act for the signed-in user: each asks first (bodies otherwise as before).


create or replace function public.add_calendar_connection(
  p_provider text, p_label text, p_server_url text, p_username text, p_secret text, p_calendars jsonb
)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  conn_id bigint;
begin
  perform private.require_assurance();
  if me is null then
    raise exception 'Sign in to connect a calendar' using errcode = '42501';
  end if;
  if jsonb_typeof(p_calendars) <> 'array' or jsonb_array_length(p_calendars) > 200 then
    raise exception 'Too many calendars' using errcode = '22023';
  end if;
  insert into public.calendar_connections (user_id, provider, label, server_url, username, last_synced_at, last_attempt_at)
  values (me, p_provider, p_label, p_server_url, p_username, null, null)
  returning id into conn_id;
  insert into public.calendar_credentials (connection_id, secret) values (conn_id, p_secret);
  insert into public.calendar_sources (connection_id, user_id, remote_id, name, color, can_write)
  select conn_id, me, c->>'remoteId', coalesce(nullif(btrim(c->>'name'), ''), 'Calendar'), c->>'color',
         coalesce((c->>'canWrite')::boolean, false)
  from jsonb_array_elements(p_calendars) c;
  update public.calendar_sources s set receives_bookings = true
  where s.id = (select min(id) from public.calendar_sources where connection_id = conn_id and can_write)
    and not exists (select 1 from public.calendar_sources o where o.user_id = me and o.receives_bookings);
  return conn_id;
end;
$$;

create or replace function public.set_booking_calendar(p_source_id bigint)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
begin
  perform private.require_assurance();
  if p_source_id is not null and not exists (
    select 1 from public.calendar_sources where id = p_source_id and user_id = me and can_write
  ) then
    raise exception 'Choose one of your calendars that Kairos can write to' using errcode = '22023';
  end if;
  update public.calendar_sources set receives_bookings = (id is not distinct from p_source_id)
  where user_id = me and receives_bookings is distinct from (id is not distinct from p_source_id);
end;
$$;

create or replace function public.regenerate_calendar_feed()
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  token text := translate(encode(extensions.gen_random_bytes(24), 'base64'), '+/', '-_');
begin
  perform private.require_assurance();
  if me is null then
    raise exception 'Sign in to create a calendar feed' using errcode = '42501';
  end if;
  insert into public.calendar_feeds (user_id, token_hash) values (me, encode(extensions.digest(token, 'sha256'), 'hex'))
  on conflict (user_id) do update set token_hash = excluded.token_hash, created_at = now();
  return token;
end;
$$;

create or replace function public.calendar_feed_created_at()
returns timestamptz
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_assurance();
  return (select created_at from public.calendar_feeds where user_id = (select auth.uid()));
end;
$$;
