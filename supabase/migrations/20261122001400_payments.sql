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

-- Stripe's events as the stripe_webhook function received them, once each (Stripe delivers an event
-- again when an answer is lost, and retries out of order): the id decides whether it was seen. `handled`
-- says whether Kairos acted on its type. Only receive_stripe_event writes it (the function, as the
-- service role, calls nothing else), so no API role holds a privilege on the table itself.
create table public.stripe_events (
  id text primary key constraint stripe_events_id_format check (id ~ '^evt_[A-Za-z0-9_]+$'),
  type text not null,
  -- The connected account it happened on (`account`); null for the platform's own events.
  account_id text,
  -- When Stripe made it (`created`): an event speaks of connections made before it, not after.
  created timestamptz not null,
  handled boolean not null,
  received_at timestamptz not null default now()
);
create index stripe_events_account_id_idx on public.stripe_events (account_id, type);
comment on table public.stripe_events is
  'Stripe events received by the stripe_webhook function, each acted on once (receive_stripe_event, the service role''s).';

alter table public.stripe_events enable row level security;
revoke all on public.stripe_events from anon, authenticated, service_role;
-- No API role reaches it; the restrictive policy every table carries still holds if one ever does.
create policy "Two-factor accounts need an aal2 session" on public.stripe_events as restrictive for all to authenticated
  using ((select private.meets_assurance())) with check ((select private.meets_assurance()));

-- Whether Stripe said the platform lost its access to the account after a connection made at `p_since`.
-- Stripe's `created` is in whole seconds: an event of the connection's own second covers it.
create or replace function private.stripe_deauthorized_since(p_account_id text, p_since timestamptz)
returns boolean language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.stripe_events
                  where account_id = p_account_id and type = 'account.application.deauthorized'
                    and created >= date_trunc('second', p_since));
$$;
revoke all on function private.stripe_deauthorized_since(text, timestamptz) from public;

-- One verified event (the function checked its signature), received once: its id is recorded and what
-- it means is done in the same transaction, so a second delivery (even a concurrent one, which waits on
-- the first's insert) finds the id and changes nothing. Answers 'handled', 'ignored' (a type Kairos does
-- not act on, or an event of the other mode) or 'duplicate'. A live Connect endpoint also receives the
-- connected accounts' test-mode events (docs.stripe.com/connect/webhooks): only events of the platform
-- key's mode (`p_livemode`) act.
create or replace function public.receive_stripe_event(p_event jsonb, p_livemode boolean)
returns text language plpgsql security definer set search_path = ''
as $$
declare
  v_id text := p_event ->> 'id';
begin
  insert into public.stripe_events (id, type, account_id, created, handled)
  values (v_id, p_event ->> 'type', p_event ->> 'account', to_timestamp((p_event ->> 'created')::bigint), false)
  on conflict (id) do nothing;
  if not found then
    return 'duplicate';
  end if;
  if (p_event ->> 'livemode')::boolean is distinct from p_livemode then
    return 'ignored';
  end if;
  case p_event ->> 'type'
    -- The host removed Kairos from their Stripe Dashboard: Stripe has ended the access already, so the
    -- connections it covers go, and the trigger below asks Stripe nothing.
    when 'account.application.deauthorized' then
      delete from public.stripe_connections c
       where c.account_id = p_event ->> 'account' and private.stripe_deauthorized_since(c.account_id, c.connected_at);
    -- A paid booking's Checkout Session: paid, or expired unpaid (private.checkout_verdict, below).
    when 'checkout.session.completed', 'checkout.session.expired' then
      perform private.checkout_verdict(p_event ->> 'type', p_event -> 'data' -> 'object', p_event ->> 'account');
    else
      return 'ignored';
  end case;
  update public.stripe_events set handled = true where id = v_id;
  return 'handled';
end;
$$;
revoke all on function public.receive_stripe_event(jsonb, boolean) from public, anon, authenticated;
grant execute on function public.receive_stripe_event(jsonb, boolean) to service_role;

-- A disconnect (the host's delete, a deleted account's cascade, or a reconnect to another Stripe
-- account) ends the platform's access to the account at Stripe: an outbox row of kind
-- 'stripe_deauthorize', delivered by the outbox function with stripe.oauth.deauthorize and retried
-- like other outbox work. Not while another host still holds the account; the handler asks again at
-- delivery time, so a reconnect in between keeps its access.
-- Nor when Stripe told us it has ended that access itself (account.application.deauthorized since the
-- connection was made, receive_stripe_event above): there is nothing left to give up.
create or replace function private.stripe_connections_after_change()
returns trigger language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.account_id = old.account_id then
    return null;
  end if;
  if not exists (select 1 from public.stripe_connections where account_id = old.account_id)
     and not private.stripe_deauthorized_since(old.account_id, old.connected_at) then
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

-- Prices ------------------------------------------------------------------------------------------------
-- A paid event type's guests pay its payee: the host, or for a team's the team's owner (the one person
-- who answers for the team). The payee's connected Stripe account that can take charges, or null.
create or replace function private.payment_account(p_user_id uuid, p_team_id bigint)
returns text language sql stable security definer set search_path = ''
as $$
  select c.account_id from public.stripe_connections c
  where c.charges_enabled
    and c.user_id = coalesce(p_user_id, (select t.owner_id from public.teams t where t.id = p_team_id));
$$;
revoke all on function private.payment_account(uuid, bigint) from public;

-- A new price (an event type created paid, or a price or currency changed to a paid one) needs that
-- account: a guest could not pay otherwise. A price set while the account could take charges stays if
-- the host disconnects later; booking it then is refused (create_booking).
create or replace function private.event_type_price_payee()
returns trigger language plpgsql security definer set search_path = ''
as $$
begin
  if new.price_cents > 0
     and (tg_op = 'INSERT' or (new.price_cents, new.currency) is distinct from (old.price_cents, old.currency))
     and private.payment_account(new.user_id, new.team_id) is null then
    raise exception '%', case when new.team_id is null
        then 'Connect a Stripe account that can take payments before setting a price.'
        else 'A team''s prices are paid to its owner''s Stripe account: the owner must connect one that can take payments first.' end
      using errcode = '22023', hint = case when new.team_id is null then 'stripeFirst' else 'teamStripeFirst' end;
  end if;
  return new;
end;
$$;
create trigger event_types_price_payee before insert or update of price_cents, currency on public.event_types
  for each row execute function private.event_type_price_payee();
revoke all on function private.event_type_price_payee() from public;

-- Paid bookings -------------------------------------------------------------------------------------
-- How long a booking awaiting payment holds its time. Stripe lets a Checkout Session live 30 minutes
-- at least (its expires_at), so Kairos' hold is its own, shorter one, and Kairos expires the session
-- when the hold ends.
create or replace function private.payment_hold()
returns interval language sql immutable set search_path = ''
as $$ select interval '15 minutes' $$;

-- A booking's payment: the Checkout Session made for it on the payee's connected account (a direct
-- charge), the amount and currency it asked (the event type's price when the time was held), and
-- what Stripe said of it since. Written by the functions only (service role); read by whoever reads
-- the booking.
create table public.payments (
  id bigint generated always as identity primary key,
  booking_id bigint not null constraint payments_booking_key unique references public.bookings (id) on delete cascade,
  account_id text not null constraint payments_account_id_format check (account_id ~ '^acct_[A-Za-z0-9]+$'),
  checkout_session_id text not null constraint payments_checkout_session_key unique,
  amount integer not null constraint payments_amount_positive check (amount > 0),
  currency text not null constraint payments_currency_format check (currency ~ '^[a-z]{3}$'),
  -- open (the guest may pay) → paid | expired; Stripe's receipt once paid.
  status text not null default 'open' constraint payments_status_known check (status in ('open', 'paid', 'expired')),
  payment_intent_id text,
  receipt_url text,
  -- A paid booking's refund: the share of `amount` its cancellation gives back (percent, set when it
  -- was cancelled, private.refund_cancelled_booking; null while none was asked), what Stripe has
  -- refunded, and how the last attempt went (pending while the outbox works on it; failed with
  -- Stripe's reason until a retry succeeds).
  refund_percent smallint constraint payments_refund_percent_range check (refund_percent between 0 and 100),
  refunded_amount integer not null default 0 constraint payments_refunded_amount_range check (refunded_amount between 0 and amount),
  refund_status text constraint payments_refund_status_known check (refund_status in ('pending', 'succeeded', 'failed')),
  refund_failure text,
  constraint payments_refund_failure_reason check ((refund_status = 'failed') = (refund_failure is not null)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.payments is
  'The Stripe Checkout payment of a paid booking. Written by the functions (service role); read by whoever reads its booking.';
create trigger payments_updated_at before update on public.payments
  for each row execute function private.set_updated_at();

alter table public.payments enable row level security;
revoke all on public.payments from anon, authenticated, service_role;
revoke all on sequence public.payments_id_seq from anon, authenticated, service_role;
grant select, insert, update on public.payments to service_role;
grant select on public.payments to authenticated;
-- The booking's own read policy decides (its host, its team's members): the subquery reads bookings as the caller.
create policy "Whoever reads a booking reads its payment" on public.payments
  for select to authenticated using (exists (select 1 from public.bookings b where b.id = booking_id));
create policy "Two-factor accounts need an aal2 session" on public.payments as restrictive for all to authenticated
  using ((select private.meets_assurance())) with check ((select private.meets_assurance()));

-- Holds on [p_start, p_end) whose time has run out end as expired (their time released), and their
-- open Checkout Sessions are expired at Stripe through the outbox ('checkout_expire', retried), so the
-- guest can no longer pay for a time that is not theirs. A booking attempt calls this before it reads
-- and again before it writes (create_booking), so the next guest never waits for the sweep; the
-- outbox sweep calls it for all of them (public.expire_payment_holds).
-- The holds awaiting payment, few at any time (a Checkout Session's life), so a booking attempt's expiry
-- reads them and not every booking of the time range.
create index bookings_awaiting_payment_idx on public.bookings (hold_expires_at) where status = 'awaiting_payment';
create or replace function private.expire_overdue_holds(p_start timestamptz, p_end timestamptz)
returns integer language plpgsql security definer set search_path = ''
as $$
declare
  n integer;
begin
  -- Nearly every call (each booking's write makes one) finds none: the holds' partial index says so alone.
  if not exists (select 1 from public.bookings
                 where status = 'awaiting_payment' and hold_expires_at <= now() and start_time < p_end and end_time > p_start) then
    return 0;
  end if;
  with expired as (
    update public.bookings set status = 'expired'
    where status = 'awaiting_payment' and hold_expires_at <= now() and start_time < p_end and end_time > p_start
    returning id
  ), ended as (
    update public.payments p set status = 'expired' from expired e where p.booking_id = e.id and p.status = 'open'
    returning p.booking_id, p.account_id, p.checkout_session_id
  ), queued as (
    insert into public.outbox (kind, topic, booking_id, message_id, payload)
    select 'checkout_expire', 'payment.expired', booking_id, 'checkout-expire:' || checkout_session_id,
      jsonb_build_object('accountId', account_id, 'sessionId', checkout_session_id)
    from ended
    on conflict (message_id) do nothing
  )
  select count(*)::integer into n from expired;
  return n;
end;
$$;
revoke all on function private.expire_overdue_holds(timestamptz, timestamptz) from public;

-- The sweep's and a booking attempt's call (service role): holds run out on [p_start, p_end), or everywhere.
create or replace function public.expire_payment_holds(p_start timestamptz default null, p_end timestamptz default null)
returns integer language sql security definer set search_path = ''
as $$
  select private.expire_overdue_holds(coalesce(p_start, '-infinity'), coalesce(p_end, 'infinity'));
$$;
revoke all on function public.expire_payment_holds(timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function public.expire_payment_holds(timestamptz, timestamptz) to service_role;

-- What the Checkout Session of a booking awaiting payment asks: the payee's account, the price and
-- currency of its event type, its title, and the guest's email (prefilled on Stripe's page).
create or replace function public.checkout_terms(p_booking_id bigint)
returns table (booking_id bigint, uid uuid, account_id text, amount integer, currency text, title text, guest_email text,
  hold_expires_at timestamptz)
language sql stable security definer set search_path = ''
as $$
  select b.id, b.uid, private.payment_account(e.user_id, e.team_id), e.price_cents, e.currency, e.title, b.guest_email,
    b.hold_expires_at
  from public.bookings b join public.event_types e on e.id = b.event_type_id
  where b.id = p_booking_id and b.status = 'awaiting_payment';
$$;

-- The Checkout Session made for a booking awaiting payment: the payment row. Once per booking (the
-- session is made with an idempotency key per booking, so a retry names the same one).
create or replace function public.record_checkout(p_booking_id bigint, p_account_id text, p_session_id text, p_amount integer,
  p_currency text)
returns public.payments language plpgsql security definer set search_path = ''
as $$
declare
  saved public.payments;
begin
  insert into public.payments (booking_id, account_id, checkout_session_id, amount, currency)
  values (p_booking_id, p_account_id, p_session_id, p_amount, p_currency)
  on conflict (booking_id) do nothing
  returning * into saved;
  if saved is null then
    select * into saved from public.payments where booking_id = p_booking_id and checkout_session_id = p_session_id;
  end if;
  if saved is null then
    raise exception 'This booking has another Checkout Session' using errcode = '23505';
  end if;
  return saved;
end;
$$;

-- Stripe refused the Checkout Session: the hold ends at once, its time released.
create or replace function public.release_payment_hold(p_booking_id bigint)
returns void language sql security definer set search_path = ''
as $$
  update public.bookings set status = 'expired' where id = p_booking_id and status = 'awaiting_payment';
$$;

revoke all on function public.checkout_terms(bigint), public.record_checkout(bigint, text, text, integer, text),
  public.release_payment_hold(bigint) from public, anon, authenticated;
grant execute on function public.checkout_terms(bigint), public.record_checkout(bigint, text, text, integer, text),
  public.release_payment_hold(bigint) to service_role;
revoke all on function private.payment_hold() from public;

-- A paid payment gives back `p_percent` % of its amount, once: through the outbox ('stripe_refund',
-- retried with its backoff), whose handler works the amount out (rules/money.ts, refundShare: the one
-- rule for its rounding), asks Stripe on the account the payment was made on, and records what Stripe
-- did (public.record_refund). Nothing to give back (0 %) is settled here.
create or replace function private.queue_refund(pay public.payments, p_percent integer)
returns void language plpgsql security definer set search_path = ''
as $$
begin
  update public.payments set refund_percent = p_percent, refund_status = case when p_percent > 0 then 'pending' end
   where id = pay.id and refund_percent is null;
  if found and p_percent > 0 then
    insert into public.outbox (kind, topic, booking_id, message_id, payload)
    values ('stripe_refund', 'payment.refunded', pay.booking_id, 'refund:' || pay.id,
      jsonb_build_object('paymentId', pay.id, 'accountId', pay.account_id, 'paymentIntent', pay.payment_intent_id,
        'amount', pay.amount, 'currency', pay.currency, 'percent', p_percent))
    on conflict (message_id) do nothing;
  end if;
end;
$$;
revoke all on function private.queue_refund(public.payments, integer) from public;

-- Stripe's verdict on a paid booking's Checkout Session, on the connected account it was made on
-- (an event of another account names no payment of ours). Paid: the payment is paid and the booking,
-- if it still holds its time, becomes confirmed, or pending when its event type needs approval (its
-- mails, webhooks and calendar writes are written then: private.booking_event). Expired unpaid: the
-- payment and the hold end, the time is released. The payment row is locked first, so a verdict and
-- the hold's own expiry decide one after the other; whichever comes second finds the booking decided.
-- A payment completed after Kairos released the time is refunded in full (private.queue_refund).
create or replace function private.checkout_verdict(p_type text, p_session jsonb, p_account text)
returns void language plpgsql security definer set search_path = ''
as $$
declare
  pay public.payments;
begin
  select * into pay from public.payments
   where checkout_session_id = p_session ->> 'id' and account_id = p_account for update;
  if not found then
    return;
  end if;
  if p_type = 'checkout.session.completed' and p_session ->> 'payment_status' = 'paid' then
    update public.payments
       set status = 'paid', payment_intent_id = p_session ->> 'payment_intent', receipt_url = p_session ->> 'receipt_url'
     where id = pay.id
    returning * into pay;
    update public.bookings b
       set status = case when e.auto_confirm then 'confirmed' else 'pending' end::public.booking_status
      from public.event_types e
     where b.id = pay.booking_id and e.id = b.event_type_id and b.status = 'awaiting_payment';
    -- Paid for a time Kairos had already released (its hold ran out first): the guest gets it all back.
    if not found then
      perform private.queue_refund(pay, 100);
    end if;
  elsif p_type = 'checkout.session.expired' and pay.status = 'open' then
    update public.payments set status = 'expired' where id = pay.id;
    update public.bookings set status = 'expired' where id = pay.booking_id and status = 'awaiting_payment';
  end if;
end;
$$;
revoke all on function private.checkout_verdict(text, jsonb, text) from public;

-- Refunds by policy ---------------------------------------------------------------------------------
-- A paid booking cancelled (not moved: a reschedule's payment follows the new booking) gives back all
-- of it when the host cancels or rejects it, or when the guest cancels before the host's notice for
-- guest changes begins (private.guest_change_deadline, the rule the manage link follows); inside the
-- notice, the share its event type's late_cancel_refund_percent says.
-- A step of the bookings' one after-trigger (private.after_booking_change), before the mails and
-- webhooks of the change: they read the refund it asked for.
create or replace function private.refund_cancelled_booking(p_new public.bookings, p_old public.bookings)
returns void language plpgsql security definer set search_path = ''
as $$
declare
  pay public.payments;
begin
  if p_new.status <> 'cancelled' or p_old.status = 'cancelled' or p_new.rescheduled_to is not null then
    return;
  end if;
  select * into pay from public.payments where booking_id = p_new.id and status = 'paid' for update;
  if found then
    perform private.queue_refund(pay,
      case when p_new.cancelled_by = 'guest' and now() >= private.guest_change_deadline(p_old)
        then (select e.late_cancel_refund_percent from public.event_types e where e.id = p_new.event_type_id)
        else 100 end);
  end if;
end;
$$;
revoke all on function private.refund_cancelled_booking(public.bookings, public.bookings) from public;

-- What Stripe did with a payment's refund (the outbox's stripe_refund handler): `p_amount` refunded, or
-- the attempt failed for `p_failure` (Stripe's message), which the host reads on the booking until the
-- outbox's retry succeeds.
create or replace function public.record_refund(p_payment_id bigint, p_amount integer, p_failure text default null)
returns void language sql security definer set search_path = ''
as $$
  update public.payments
     set refunded_amount = case when p_failure is null then p_amount else refunded_amount end,
         refund_status = case when p_failure is null then 'succeeded' else 'failed' end,
         refund_failure = p_failure
   where id = p_payment_id;
$$;
revoke all on function public.record_refund(bigint, integer, text) from public, anon, authenticated;
grant execute on function public.record_refund(bigint, integer, text) to service_role;

-- A booking's payment as its mails (private.booking_snapshot) and webhooks (private.enqueue_booking_webhooks)
-- carry it, camelCase like the /api: what was asked and paid, what was refunded, the share a
-- cancellation asked back, and Stripe's receipt. Null for a free booking.
create or replace function private.booking_payment(p_booking_id bigint)
returns jsonb language plpgsql stable security definer set search_path = ''
as $$
begin
  return (select jsonb_build_object('amount', p.amount, 'currency', p.currency, 'status', p.status,
    'refundedAmount', p.refunded_amount, 'refundStatus', p.refund_status, 'refundPercent', p.refund_percent,
    'receiptUrl', p.receipt_url)
  from public.payments p where p.booking_id = p_booking_id);
end;
$$;
revoke all on function private.booking_payment(bigint) from public;

-- The dashboard's revenue (public.dashboard_stats): what guests paid for the host's own bookings starting
-- in [p_from, p_to), net of refunds, one line per currency in minor units ({currency, amount}), and the
-- dollars alone as `revenue_cents` (the spec's figure). Never the price: only payments Stripe took. Run
-- as the caller (no definer), so the payments' read policy decides, as it does for the lists.
create or replace function private.payment_revenue(p_user_id uuid, p_from timestamptz, p_to timestamptz)
returns jsonb language sql stable set search_path = ''
as $$
  with net as (
    select p.currency, sum(p.amount - p.refunded_amount)::bigint as amount
    from public.payments p join public.bookings b on b.id = p.booking_id
    where b.user_id = p_user_id and p.status = 'paid' and b.start_time >= p_from and b.start_time < p_to
    group by p.currency
  )
  select jsonb_build_object(
    'revenue_by_currency', coalesce((select jsonb_agg(jsonb_build_object('currency', currency, 'amount', amount) order by currency)
                                      from net where amount > 0), '[]'),
    'revenue_cents', coalesce((select amount from net where currency = 'usd'), 0));
$$;
revoke all on function private.payment_revenue(uuid, timestamptz, timestamptz) from public;
grant execute on function private.payment_revenue(uuid, timestamptz, timestamptz) to authenticated;

-- Whether a team's event types can take a price: its owner's connected account takes charges (the
-- payee, private.payment_account). The team's event type dialog asks it for its owners and admins, who
-- edit the team's event types but cannot read the owner's stripe_connections row (RLS: a host's own),
-- so this answers that one fact, to them only (null for anyone else), with the assurance every definer
-- acting for a signed-in user asks.
create or replace function public.team_payee_takes_charges(p_team_id bigint)
returns boolean language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_assurance();
  if not private.has_team_role(p_team_id, array['owner', 'admin']) then
    return null;
  end if;
  return private.payment_account(null, p_team_id) is not null;
end;
$$;
revoke all on function public.team_payee_takes_charges(bigint) from public, anon, authenticated;
grant execute on function public.team_payee_takes_charges(bigint) to authenticated, service_role;
