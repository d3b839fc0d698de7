-- Two-factor authentication that holds: an account with a verified factor is reachable only by an
-- aal2 session (password and code). The sign-in screen asks for the code, but a stranger who has
-- only the password gets an aal1 token that PostgREST, Storage and Realtime would otherwise honour.
-- The rule is Supabase's own recommendation for enforcing MFA: a restrictive policy ANDed with every
-- permissive one, so each path that RLS governs (REST, functions acting as the caller, Storage,
-- Realtime) follows it, and an admin's policy edits cannot loosen it by accident. Security definer
-- functions that act for the signed-in user bypass RLS, so they ask the same helper
-- (private.require_assurance, beside the other role helpers in the rls migration).

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
