-- The outbox: every side effect of a change (a mail today; calendar writes and webhooks later) is a row
-- written in the transaction of the change, and delivered afterwards by the `outbox` edge function.
-- A new kind of delivery is a new `kind` with its handler in the function, never a new table.
--
-- Life of a row: pending → processing (claimed under a lease) → sent | pending again (retry with
-- backoff) | failed (attempts used up, or a permanent error) | skipped (no longer worth sending, e.g. a
-- reminder after its meeting began). A worker that dies mid-delivery leaves its rows processing with an
-- expired lease; the next claim takes them again. Delivery is therefore at least once; `message_id`
-- is stable per row so the receiving end can drop a repeat (SMTP Message-ID, webhook-id).

create type public.outbox_status as enum ('pending', 'processing', 'sent', 'failed', 'skipped');

create table public.outbox (
  id bigint generated always as identity primary key,
  -- Which handler delivers it ('email'; later 'calendar', 'webhook').
  kind text not null constraint outbox_kind_name check (kind ~ '^[a-z][a-z_]*$'),
  -- What happened, in the words webhooks use ('booking.created', 'booking.reminder', ...).
  topic text not null,
  booking_id bigint references public.bookings (id) on delete cascade,
  -- Idempotency key of the delivery: the same for every attempt of this row, unique across rows.
  message_id text not null constraint outbox_message_id_key unique,
  -- What the handler needs, as it was when the change happened.
  payload jsonb not null,
  status public.outbox_status not null default 'pending',
  attempts integer not null default 0,
  max_attempts integer not null default 8 constraint outbox_max_attempts_positive check (max_attempts > 0),
  -- Not before (retry backoff, or a scheduled send).
  available_at timestamptz not null default now(),
  -- Not after: past it a pending row is skipped instead of sent.
  deliver_before timestamptz,
  locked_by text,
  locked_until timestamptz,
  last_error text,
  last_attempt_at timestamptz,
  sent_at timestamptz,
  created_at timestamptz not null default now()
);
create index outbox_due_idx on public.outbox (available_at, id) where status = 'pending';
create index outbox_lease_idx on public.outbox (locked_until) where status = 'processing';
create index outbox_booking_id_idx on public.outbox (booking_id);
comment on table public.outbox is
  'Side effects awaiting delivery by the outbox function. Written by triggers and RPCs in the transaction of the change.';

alter table public.outbox enable row level security;
revoke all on public.outbox from anon, authenticated;
-- Hosts see how the mails about their bookings went (never the payload, which is the handler's).
grant select (id, kind, topic, booking_id, message_id, status, attempts, max_attempts, available_at, last_error,
  last_attempt_at, sent_at, created_at) on public.outbox to authenticated;
create policy "Hosts read the deliveries of bookings they can read" on public.outbox
  for select to authenticated
  using (booking_id is not null and exists (select 1 from public.bookings b where b.id = booking_id));
comment on policy "Hosts read the deliveries of bookings they can read" on public.outbox is
  'The bookings subquery runs under the caller''s own bookings policy, so visibility follows it.';

-- Wakes the delivery worker: a NOTIFY (delivered at commit) that the local stack listens to, and on a
-- hosted project with pg_net an HTTP call to the function, whose URL and key live in Vault
-- (`kairos_outbox_url`, `kairos_outbox_key`; see the README).
create or replace function private.kick_outbox()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  url text;
  key text;
begin
  perform pg_notify('kairos_outbox', '');
  if to_regnamespace('net') is null or to_regclass('vault.decrypted_secrets') is null then
    return;
  end if;
  execute 'select max(decrypted_secret) filter (where name = $1), max(decrypted_secret) filter (where name = $2) from vault.decrypted_secrets'
    into url, key using 'kairos_outbox_url', 'kairos_outbox_key';
  if url is not null then
    execute 'select net.http_post(url := $1, body := $2, headers := $3, timeout_milliseconds := 10000)'
      using url, '{}'::jsonb, jsonb_build_object('Authorization', 'Bearer ' || key, 'Content-Type', 'application/json');
  end if;
end;
$$;

create or replace function private.kick_outbox_on_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.kick_outbox();
  return null;
end;
$$;
create trigger outbox_kick after insert on public.outbox
  for each statement execute function private.kick_outbox_on_insert();

-- Claims up to p_limit due rows for p_worker under a lease of p_lease_seconds: pending rows whose time
-- has come, and rows of a worker whose lease ran out. `skip locked` lets concurrent workers take
-- disjoint rows. Rows past their deadline are skipped, rows that used up their attempts on expired
-- leases fail.
create or replace function public.outbox_claim(p_worker text, p_limit integer default 5, p_lease_seconds integer default 60)
returns setof public.outbox
language plpgsql
set search_path = ''
as $$
begin
  if p_worker is null or p_limit not between 1 and 100 or p_lease_seconds not between 1 and 3600 then
    raise exception 'A worker name, a limit of 1-100 and a lease of 1-3600 seconds are required' using errcode = '22023';
  end if;
  update public.outbox set status = 'skipped', last_error = 'Not delivered before its deadline', locked_by = null, locked_until = null
  where deliver_before < now()
    and (status = 'pending' or (status = 'processing' and locked_until < now()));
  update public.outbox set status = 'failed', last_error = coalesce(last_error, 'Worker stopped during delivery'),
    locked_by = null, locked_until = null
  where status = 'processing' and locked_until < now() and attempts >= max_attempts;
  return query
    update public.outbox o
    set status = 'processing', locked_by = p_worker, locked_until = now() + make_interval(secs => p_lease_seconds),
      attempts = o.attempts + 1, last_attempt_at = now()
    where o.id in (
      select c.id from public.outbox c
      where (c.status = 'pending' and c.available_at <= now())
         or (c.status = 'processing' and c.locked_until < now())
      order by c.available_at, c.id
      limit p_limit
      for update skip locked
    )
    returning o.*;
end;
$$;

-- Records the outcome of one claimed row: sent (p_error null), or failed with p_error, retried after
-- p_retry_in_seconds (default: 30 s doubling per attempt, at most an hour) unless p_permanent or the
-- attempts are used up. Only the worker holding the lease may settle it; returns the new status, or
-- null when the lease was lost (another worker took the row over).
create or replace function public.outbox_settle(p_id bigint, p_worker text, p_error text default null,
  p_permanent boolean default false, p_retry_in_seconds integer default null)
returns public.outbox_status
language plpgsql
set search_path = ''
as $$
declare
  settled public.outbox_status;
begin
  update public.outbox o
  set status = case
        when p_error is null then 'sent'
        when p_permanent or o.attempts >= o.max_attempts then 'failed'
        else 'pending' end::public.outbox_status,
      sent_at = case when p_error is null then now() end,
      last_error = coalesce(left(p_error, 1000), o.last_error),
      available_at = case when p_error is null then o.available_at
        else now() + coalesce(make_interval(secs => p_retry_in_seconds),
                              least(interval '1 hour', interval '30 seconds' * power(2, greatest(o.attempts - 1, 0)))) end,
      locked_by = null,
      locked_until = null
  where o.id = p_id and o.status = 'processing' and o.locked_by = p_worker
  returning o.status into settled;
  return settled;
end;
$$;

revoke all on function public.outbox_claim(text, integer, integer), public.outbox_settle(bigint, text, text, boolean, integer)
  from public, anon, authenticated;
grant execute on function public.outbox_claim(text, integer, integer), public.outbox_settle(bigint, text, text, boolean, integer)
  to service_role;
revoke all on all functions in schema private from public;

-- The schedule: on a project with pg_cron and pg_net (hosted Supabase), a sweep every 30 seconds wakes
-- the worker for retries and due reminders. Where they are missing (the local stack), nothing is
-- created here: the local stack runs the same sweep on a timer.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
     and exists (select 1 from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net;
    create extension if not exists pg_cron;
    perform cron.schedule('kairos-outbox-sweep', '30 seconds', 'select private.kick_outbox()');
  end if;
end;
$$;
