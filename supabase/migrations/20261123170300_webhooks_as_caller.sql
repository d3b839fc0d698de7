-- Webhooks decided by their policies alone, like every other table a signed-in user changes: rotate,
-- ping and resend run as the caller and lock the endpoint with `for update`, so its read and update
-- policies decide who may act on it (an endpoint they refuse reads as missing). Only what no API role
-- may touch (the secrets, the outbox) is written by the private helpers below, which trust the row
-- the caller could lock. An admin who edits the webhooks policies in the dashboard changes these
-- functions and the /api routes alike. Otherwise as in 20261123160000_webhooks.sql.

-- The endpoint the caller may change, locked for the rest of the transaction; 'Webhook not found'
-- when the policies hide it or refuse the change, never a hint that it exists. Runs as the caller.
create or replace function private.webhook_to_change(p_webhook_id bigint)
returns public.webhooks
language plpgsql
security invoker
set search_path = ''
as $$
declare
  w public.webhooks;
begin
  select * into w from public.webhooks x where x.id = p_webhook_id for update;
  if not found then
    raise exception 'Webhook not found' using errcode = 'P0002';
  end if;
  return w;
end;
$$;

-- The first secret is made by the insert trigger; the transaction that inserted the endpoint (and
-- only it) finds it here, so create_webhook shows it once without reading webhook_secrets.
create or replace function private.webhook_first_secret()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform set_config('kairos.new_webhook_secret_' || new.id, private.add_webhook_secret(new.id, interval '0'), true);
  return null;
end;
$$;

create or replace function public.create_webhook(p_url text, p_events text[], p_team_id bigint default null,
  p_is_active boolean default true)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  w public.webhooks;
begin
  insert into public.webhooks (user_id, team_id, url, events, is_active)
  values (case when p_team_id is null then (select auth.uid()) end, p_team_id, p_url, p_events, coalesce(p_is_active, true))
  returning * into w;
  if w.is_active and 'ping' = any (w.events) then
    perform public.ping_webhook(w.id);
  end if;
  return to_jsonb(w) || jsonb_build_object('secret', nullif(current_setting('kairos.new_webhook_secret_' || w.id, true), ''));
end;
$$;
drop function private.initial_webhook_secret(bigint);
drop function private.managed_webhook(bigint);

-- A new signing secret for a locked endpoint (private.webhook_to_change); the previous one keeps
-- signing for p_overlap.
create or replace function private.rotate_locked_webhook_secret(w public.webhooks, p_overlap interval)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  secret text := private.add_webhook_secret(w.id, p_overlap);
begin
  return jsonb_build_object('secret', secret,
    'previousExpiresAt', (select max(s.expires_at) from public.webhook_secrets s where s.webhook_id = w.id and s.expires_at > now()));
end;
$$;

create or replace function public.rotate_webhook_secret(p_webhook_id bigint, p_overlap_hours integer default 24)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if p_overlap_hours is null or p_overlap_hours not between 0 and 168 then
    raise exception 'The overlap is 0 to 168 hours' using errcode = '22023';
  end if;
  return private.rotate_locked_webhook_secret(private.webhook_to_change(p_webhook_id), make_interval(hours => p_overlap_hours));
end;
$$;

-- A `ping` to an active endpoint the caller may change, now; answers its webhook-id.
create or replace function public.ping_webhook(p_webhook_id bigint)
returns text
language plpgsql
security invoker
set search_path = ''
as $$
declare
  w public.webhooks := private.webhook_to_change(p_webhook_id);
  message_id text := 'msg_' || replace(gen_random_uuid()::text, '-', '');
begin
  if not w.is_active then
    raise exception 'This webhook is paused: resume it first' using errcode = '22023';
  end if;
  perform private.webhook_outbox_row(w, 'ping', message_id,
    jsonb_build_object('webhookId', w.id, 'message', 'This is a test event from Kairos.'));
  return message_id;
end;
$$;

-- The outbox row of a logged delivery again, with the same webhook-id and body, for a locked endpoint.
create or replace function private.requeue_webhook_delivery(w public.webhooks, d public.webhook_deliveries)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if d.webhook_id is distinct from w.id then
    raise exception 'Delivery not found' using errcode = 'P0002';
  end if;
  insert into public.outbox (kind, topic, message_id, payload, max_attempts)
  select o.kind, o.topic, format('%s.resend.%s', d.message_id, gen_random_uuid()), o.payload || jsonb_build_object('resend', true),
    o.max_attempts
  from public.outbox o where o.id = d.outbox_id;
  if not found then
    raise exception 'This message is no longer kept' using errcode = 'P0002';
  end if;
end;
$$;

-- Sends a logged message again (receivers that already have it drop it by its id). The delivery is
-- read, and its endpoint locked, as the caller. Only to an active endpoint.
create or replace function public.resend_webhook_delivery(p_delivery_id bigint)
returns text
language plpgsql
security invoker
set search_path = ''
as $$
declare
  d public.webhook_deliveries;
  w public.webhooks;
begin
  select * into d from public.webhook_deliveries x where x.id = p_delivery_id;
  if not found then
    raise exception 'Delivery not found' using errcode = 'P0002';
  end if;
  w := private.webhook_to_change(d.webhook_id);
  if not w.is_active then
    raise exception 'This webhook is paused: resume it first' using errcode = '22023';
  end if;
  perform private.requeue_webhook_delivery(w, d);
  return d.message_id;
end;
$$;

revoke all on all functions in schema private from public;
-- The functions above run as the caller and call these; the private schema is not exposed by the API.
grant execute on function private.webhook_to_change(bigint), private.rotate_locked_webhook_secret(public.webhooks, interval),
  private.webhook_outbox_row(public.webhooks, text, text, jsonb), private.requeue_webhook_delivery(public.webhooks, public.webhook_deliveries)
  to authenticated, service_role;
