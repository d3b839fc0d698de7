-- Payments (issue 28): a host takes payments through their own Stripe account, connected to the
-- project's Stripe platform with Connect OAuth for Standard accounts. A domain of its own, not the
-- calendars': it is neither a calendar nor a meeting place, and what follows it (prices paid, refunds)
-- belongs here too. It comes last because it needs the people (profiles), the outbox and the two-factor
-- helper (private.meets_assurance): the two-factor migration's loop covered the tables that existed
-- then, so this file adds that restrictive policy to its own tables itself.

-- A host's Stripe account: the OAuth tokens sealed as calendar credentials are (AES-GCM with the
-- functions' key, bound to the user id), and what the account said of itself when it was connected,
-- for the host's screen. Written by the calendars function only (service role) after Stripe's consent;
-- a reconnect replaces the row.
create table public.stripe_connections (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  -- The connected account (`stripe_user_id` of the token answer): what payments are made on.
  account_id text not null constraint stripe_connections_account_id_format check (account_id ~ '^acct_[A-Za-z0-9]+$'),
  -- {accessToken, refreshToken} sealed: never readable through the API.
  secret text not null,
  email text,
  -- ISO 3166-1 alpha-2 and ISO 4217 as Stripe writes them (upper- and lower-case).
  country text constraint stripe_connections_country_format check (country ~ '^[A-Z]{2}$'),
  default_currency text constraint stripe_connections_currency_format check (default_currency ~ '^[a-z]{3}$'),
  -- Stripe's charges_enabled, and while it is false what Stripe still asks of the account
  -- (requirements.currently_due, e.g. 'external_account'): the host's screen says what is missing.
  charges_enabled boolean not null default false,
  requirements text[] not null default '{}',
  connected_at timestamptz not null default now()
);
-- Two hosts may connect one Stripe account; a disconnect deauthorizes it only when none holds it any more.
create index stripe_connections_account_id_idx on public.stripe_connections (account_id);
comment on table public.stripe_connections is
  'A host''s connected Stripe account. Written by the calendars function (service role); the host reads its public columns and deletes it to disconnect.';

alter table public.stripe_connections enable row level security;
revoke all on public.stripe_connections from anon, authenticated, service_role;
grant select, insert, update, delete on public.stripe_connections to service_role;
-- Never the secret.
grant select (user_id, account_id, email, country, default_currency, charges_enabled, requirements, connected_at)
  on public.stripe_connections to authenticated;
grant delete on public.stripe_connections to authenticated;
create policy "Hosts read their own Stripe connection" on public.stripe_connections
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Hosts disconnect their own Stripe account" on public.stripe_connections
  for delete to authenticated using (user_id = (select auth.uid()));
create policy "Two-factor accounts need an aal2 session" on public.stripe_connections as restrictive for all to authenticated
  using ((select private.meets_assurance())) with check ((select private.meets_assurance()));

-- A disconnect (the host's delete, a deleted account's cascade, or a reconnect to another Stripe
-- account) ends the platform's access to the account at Stripe: an outbox row of kind
-- 'stripe_deauthorize', delivered by the outbox function with stripe.oauth.deauthorize and retried
-- like other outbox work. Not while another host still holds the account; the handler asks again at
-- delivery time, so a reconnect in between keeps its access.
create or replace function private.stripe_connections_after_change()
returns trigger language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.account_id = old.account_id then
    return null;
  end if;
  if not exists (select 1 from public.stripe_connections where account_id = old.account_id) then
    insert into public.outbox (kind, topic, message_id, payload)
    values ('stripe_deauthorize', 'stripe.disconnected',
      'stripe-deauthorize:' || old.account_id || ':' || txid_current(),
      jsonb_build_object('accountId', old.account_id))
    on conflict (message_id) do nothing;
  end if;
  return null;
end;
$$;
create trigger stripe_connections_after_change
  after delete or update of account_id on public.stripe_connections
  for each row execute function private.stripe_connections_after_change();

revoke all on function private.stripe_connections_after_change() from public;
