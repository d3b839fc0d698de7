-- Webhooks: a host (or a team's owners and admins) registers an endpoint URL and the events it wants;
-- every booking change writes one outbox row of kind 'webhook' per subscribed endpoint, in the
-- transaction of the change, and the outbox function delivers it signed as Standard Webhooks asks
-- (webhook-id, webhook-timestamp, webhook-signature). Each attempt is logged per endpoint. An endpoint
-- whose message still fails after 24 hours of retries (or answers 410 Gone) is paused, and the people
-- who manage it are mailed. A team endpoint records who added it: it may be their own server, so when
-- they no longer manage the team (removed, left, made a member) it is paused until a manager resumes it.
--
-- Secrets: `whsec_` + 32 random bytes (base64), kept in webhook_secrets, which no API role can read.
-- The secret is shown once, by the call that creates it (create_webhook, rotate_webhook_secret). A
-- rotation keeps the previous secret signing for an overlap (24 hours by default), so receivers can
-- switch without dropping a message: during it every message carries one signature per secret.

-- No element twice (CHECK constraints take no subqueries; this one is immutable).
create or replace function private.all_distinct(p_values text[])
returns boolean language sql immutable set search_path = ''
as $$
  select count(distinct v) = count(*) from unnest(p_values) v;
$$;
-- Evaluated as the role writing the row.
grant execute on function private.all_distinct(text[]) to authenticated, service_role;

create table public.webhooks (
  id bigint generated always as identity primary key,
  -- Exactly one owner: a host (their personal bookings) or a team (its bookings).
  user_id uuid references public.profiles (id) on delete cascade,
  team_id bigint references public.teams (id) on delete cascade,
  -- isWebhookUrl of rules/webhooks.ts: https, or plain http to this machine only (a local stack); no
  -- login in the address. REST writes this column too, so the database holds the route's rule.
  url text not null
    constraint webhooks_url_format check (
      (url ~ '^https://[^\s/?#@]+([/?#]\S*)?$'
       or url ~* '^http://(localhost|127(\.[0-9]{1,3}){3}|\[::1\])(:[0-9]+)?([/?#]\S*)?$')
      and length(url) <= 2000),
  -- The closed set of rules/webhooks.ts (WEBHOOK_EVENTS), each at most once; a test keeps them equal.
  events text[] not null
    constraint webhooks_events_known check (
      cardinality(events) > 0
      and events <@ array['booking.created', 'booking.confirmed', 'booking.rejected', 'booking.cancelled',
                          'booking.rescheduled', 'ping']
      and private.all_distinct(events)),
  is_active boolean not null default true,
  -- Who added it: the caller, always (no API role may write this column); null once their profile is gone.
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  -- Why a paused endpoint is paused: its managers paused it, its deliveries kept failing, or the person
  -- who added it no longer manages its team.
  paused_reason text constraint webhooks_paused_reason check (paused_reason in ('manual', 'failing', 'creator_left')),
  paused_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint webhooks_one_owner check (num_nonnulls(user_id, team_id) = 1),
  constraint webhooks_pause_state check (is_active = (paused_reason is null) and (paused_reason is null) = (paused_at is null))
);
create index webhooks_user_id_idx on public.webhooks (user_id);
create index webhooks_team_id_idx on public.webhooks (team_id);
create index webhooks_created_by_idx on public.webhooks (created_by);
comment on table public.webhooks is 'Endpoints that receive signed booking events. Personal (user_id) or team (team_id) ones.';

create trigger webhooks_updated_at before update on public.webhooks
  for each row execute function private.set_updated_at();

-- Pausing and resuming keep the reason and time consistent; the system pauses with 'failing' or
-- 'creator_left' itself, every other pause is the managers' own.
create or replace function private.webhook_pause_state()
returns trigger language plpgsql set search_path = ''
as $$
begin
  if new.is_active then
    new.paused_reason := null;
    new.paused_at := null;
  elsif tg_op = 'INSERT' or old.is_active then
    new.paused_reason := coalesce(new.paused_reason, 'manual');
    new.paused_at := now();
  end if;
  return new;
end;
$$;
create trigger webhooks_pause_state before insert or update of is_active on public.webhooks
  for each row execute function private.webhook_pause_state();

create table public.webhook_secrets (
  id bigint generated always as identity primary key,
  webhook_id bigint not null references public.webhooks (id) on delete cascade,
  secret text not null constraint webhook_secrets_format check (secret ~ '^whsec_[A-Za-z0-9+/]{43}=$'),
  created_at timestamptz not null default now(),
  -- Null for the current secret; a rotation sets it to the end of the overlap.
  expires_at timestamptz
);
create unique index webhook_secrets_one_current on public.webhook_secrets (webhook_id) where expires_at is null;
alter table public.webhook_secrets enable row level security;
revoke all on public.webhook_secrets from anon, authenticated, service_role;
revoke all on sequence public.webhook_secrets_id_seq from anon, authenticated, service_role;
-- The delivery signs with them.
grant select on public.webhook_secrets to service_role;
comment on table public.webhook_secrets is
  'Signing secrets of webhooks. No policy and no privilege for API roles: read only by the outbox function (service role).';

-- Per attempt: what the endpoint answered. The response body is kept to its first 1 KB.
create table public.webhook_deliveries (
  id bigint generated always as identity primary key,
  webhook_id bigint not null references public.webhooks (id) on delete cascade,
  outbox_id bigint references public.outbox (id) on delete set null,
  -- The webhook-id header: the same on every attempt and resend of one message.
  message_id text not null,
  event text not null,
  attempt integer not null constraint webhook_deliveries_attempt_positive check (attempt > 0),
  ok boolean not null,
  -- Null when no HTTP answer came (time-out, refused address, network).
  status_code integer,
  error text constraint webhook_deliveries_error_length check (length(error) <= 1000),
  -- A failure with no HTTP answer, by its rule's id and values (a refused address, a time-out), so the
  -- host reads it in their language; null for an HTTP answer (its status says it) or a failure no rule words.
  error_rule jsonb constraint webhook_deliveries_error_rule check (jsonb_typeof(error_rule) = 'object'),
  response_body text constraint webhook_deliveries_body_size check (octet_length(response_body) <= 1024),
  duration_ms integer,
  resend boolean not null default false,
  attempted_at timestamptz not null default now()
);
create index webhook_deliveries_webhook_id_idx on public.webhook_deliveries (webhook_id, id desc);
create index webhook_deliveries_outbox_id_idx on public.webhook_deliveries (outbox_id);
comment on table public.webhook_deliveries is 'The delivery log of each endpoint, one row per attempt. Written by the outbox function.';

-- Who manages an endpoint: the host whose it is, or an owner or admin of its team (private.acts_for,
-- as for every table a host or a team owns). The RPCs below act as the caller, so these decide them too.
alter table public.webhooks enable row level security;
revoke all on public.webhooks from anon, authenticated, service_role;
revoke all on sequence public.webhooks_id_seq from anon, authenticated, service_role;
grant select on public.webhooks to service_role;
grant select, delete on public.webhooks to authenticated;
grant insert (user_id, team_id, url, events, is_active) on public.webhooks to authenticated;
-- Owners never move: an endpoint changes its address, events and state only.
grant update (url, events, is_active) on public.webhooks to authenticated;

create policy "Managers read webhooks" on public.webhooks
  for select to authenticated using (private.acts_for(user_id, team_id, array['owner', 'admin']));
create policy "Managers create webhooks" on public.webhooks
  for insert to authenticated with check (private.acts_for(user_id, team_id, array['owner', 'admin']));
create policy "Managers update webhooks" on public.webhooks
  for update to authenticated using (private.acts_for(user_id, team_id, array['owner', 'admin']))
  with check (private.acts_for(user_id, team_id, array['owner', 'admin']));
create policy "Managers delete webhooks" on public.webhooks
  for delete to authenticated using (private.acts_for(user_id, team_id, array['owner', 'admin']));
comment on policy "Managers read webhooks" on public.webhooks is
  'A host''s own endpoints; a team''s to its owners and admins only (members never see the addresses).';

alter table public.webhook_deliveries enable row level security;
revoke all on public.webhook_deliveries from anon, authenticated, service_role;
revoke all on sequence public.webhook_deliveries_id_seq from anon, authenticated, service_role;
-- Each attempt is logged by the delivery.
grant insert on public.webhook_deliveries to service_role;
grant select on public.webhook_deliveries to authenticated;
create policy "Managers read the delivery log" on public.webhook_deliveries
  for select to authenticated
  using (exists (select 1 from public.webhooks w where w.id = webhook_id));
comment on policy "Managers read the delivery log" on public.webhook_deliveries is
  'The webhooks subquery runs under the caller''s own webhooks policy, so the log follows the endpoint.';

-- A new signing secret for webhook p_webhook_id; the current one keeps signing for p_overlap (zero:
-- it stops at once). Secrets whose overlap ended are dropped.
create or replace function private.add_webhook_secret(p_webhook_id bigint, p_overlap interval)
returns text language plpgsql security definer set search_path = ''
as $$
declare
  secret text := 'whsec_' || encode(extensions.gen_random_bytes(32), 'base64');
begin
  delete from public.webhook_secrets where webhook_id = p_webhook_id and expires_at <= now();
  update public.webhook_secrets set expires_at = now() + p_overlap where webhook_id = p_webhook_id and expires_at is null;
  insert into public.webhook_secrets (webhook_id, secret) values (p_webhook_id, secret);
  return secret;
end;
$$;

-- Every endpoint has a secret from its first moment, however it was created.
-- The first secret is made by the insert trigger; the transaction that inserted the endpoint (and
-- only it) finds it here, so create_webhook shows it once without reading webhook_secrets.
create or replace function private.webhook_first_secret()
returns trigger language plpgsql security definer set search_path = ''
as $$
begin
  perform set_config('kairos.new_webhook_secret_' || new.id, private.add_webhook_secret(new.id, interval '0'), true);
  return null;
end;
$$;
create trigger webhooks_first_secret after insert on public.webhooks
  for each row execute function private.webhook_first_secret();

-- Creates an endpoint as the caller (the insert policy decides: their own, or a team they manage) and
-- answers it with its secret. A personal endpoint is the caller's; p_team_id makes it the team's.
create or replace function public.create_webhook(p_url text, p_events text[], p_team_id bigint default null,
  p_is_active boolean default true)
returns jsonb language plpgsql set search_path = ''
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

-- A new secret for an endpoint the caller manages; the previous one keeps signing for p_overlap_hours.
create or replace function public.rotate_webhook_secret(p_webhook_id bigint, p_overlap_hours integer default 24)
returns jsonb language plpgsql security invoker set search_path = ''
as $$
begin
  -- WEBHOOK_SECRET_OVERLAP_CHOICES of rules/webhooks.ts (a test keeps them equal).
  if p_overlap_hours is null or p_overlap_hours not in (0, 1, 24, 72) then
    raise exception 'Choose how long the old secret keeps working' using errcode = '22023', hint = 'secretOverlap';
  end if;
  return private.rotate_locked_webhook_secret(private.webhook_to_change(p_webhook_id), make_interval(hours => p_overlap_hours));
end;
$$;

-- An instant as the payloads write it: UTC, 'Z'.
create or replace function private.utc_iso(p_at timestamptz)
returns text language sql immutable set search_path = ''
as $$
  select to_char(p_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"');
$$;

-- The `data` of a booking event: the booking, its event type, host or team, assigned member, guest and
-- the bookings a reschedule links it to, as they are now. camelCase like the /api routes.
create or replace function private.booking_webhook_data(b public.bookings)
returns jsonb language sql stable security definer set search_path = ''
as $$
  select jsonb_build_object(
    'id', b.id,
    'uid', b.uid,
    'status', b.status,
    'startTime', private.utc_iso(b.start_time),
    'endTime', private.utc_iso(b.end_time),
    'createdAt', private.utc_iso(b.created_at),
    'eventType', (select jsonb_build_object('id', e.id, 'kind', case when e.team_id is null then 'personal' else 'team' end,
                    'title', e.title, 'duration', e.duration)
                  from public.event_types e where e.id = b.event_type_id),
    'host', (select jsonb_build_object('id', p.id, 'name', private.display_name(p), 'email', p.email, 'timeZone', p.timezone)
             from public.profiles p where p.id = b.user_id),
    'team', (select jsonb_build_object('id', t.id, 'name', t.name, 'slug', t.slug) from public.teams t where t.id = b.team_id),
    'assignedMember', (select jsonb_build_object('id', p.id, 'name', private.display_name(p), 'email', p.email)
                       from public.profiles p where p.id = b.assigned_user_id),
    'guest', jsonb_build_object('name', b.guest_name, 'email', b.guest_email, 'phone', b.guest_phone,
      'company', b.guest_company, 'notes', b.notes, 'timeZone', b.guest_timezone),
    'cancelledBy', b.cancelled_by,
    'cancellationReason', b.cancellation_reason,
    -- The receiver is the host's own endpoint: the booking's place, link and number included.
    'location', b.location,
    -- The guest's answers to the event type's questions, each with the label and type it was asked under.
    'answers', coalesce((select a.answers from public.booking_answers a where a.booking_id = b.id), '[]'),
    -- The addresses the guest invited to the booking (lower-cased, sorted).
    'attendees', private.booking_attendee_emails(b.id),
    'rescheduledFrom', (select jsonb_build_object('id', o.id, 'uid', o.uid, 'startTime', private.utc_iso(o.start_time),
                          'endTime', private.utc_iso(o.end_time)) from public.bookings o where o.id = b.rescheduled_from),
    'rescheduledTo', (select jsonb_build_object('id', o.id, 'uid', o.uid, 'startTime', private.utc_iso(o.start_time),
                        'endTime', private.utc_iso(o.end_time)) from public.bookings o where o.id = b.rescheduled_to));
$$;

-- One outbox row per endpoint: the body is fixed here, so every attempt sends (and signs) the same
-- bytes; the handler adds the attempt's timestamp and signatures. WEBHOOK_MAX_ATTEMPTS (8) attempts
-- spread over 24 hours (rules/webhooks.ts).
create or replace function private.webhook_outbox_row(w public.webhooks, p_event text, p_message_id text, p_data jsonb)
returns void language sql security definer set search_path = ''
as $$
  insert into public.outbox (kind, topic, message_id, payload, max_attempts)
  values ('webhook', p_event, p_message_id,
    jsonb_build_object('endpointId', w.id, 'messageId', p_message_id,
      'body', jsonb_build_object('type', p_event, 'timestamp', private.utc_iso(now()), 'data', p_data)),
    8)
  on conflict (message_id) do nothing;
$$;

-- A `ping` to an active endpoint the caller may change, now; answers its webhook-id.
create or replace function public.ping_webhook(p_webhook_id bigint)
returns text language plpgsql security invoker set search_path = ''
as $$
declare
  w public.webhooks := private.webhook_to_change(p_webhook_id, p_active => true);
  message_id text := 'msg_' || replace(gen_random_uuid()::text, '-', '');
begin
  perform private.webhook_outbox_row(w, 'ping', message_id,
    jsonb_build_object('webhookId', w.id, 'message', 'This is a test event from Kairos.'));
  return message_id;
end;
$$;

-- Sends a logged message again, as a new outbox row with the same webhook-id and body (receivers
-- that already have it drop it by its id). The delivery is read, and its endpoint locked, as the
-- caller. Only to an active endpoint.
create or replace function public.resend_webhook_delivery(p_delivery_id bigint)
returns text language plpgsql security invoker set search_path = ''
as $$
declare
  d public.webhook_deliveries;
begin
  select * into d from public.webhook_deliveries x where x.id = p_delivery_id;
  if not found then
    raise exception 'Delivery not found' using errcode = 'P0002', hint = 'deliveryNotFound';
  end if;
  perform private.requeue_webhook_delivery(private.webhook_to_change(d.webhook_id, p_active => true), d);
  return d.message_id;
end;
$$;

-- Each booking event (private.booking_event, as the mails name it) to the endpoints that want it: a
-- step of private.after_booking_change (the bookings migration). Nothing during a data import (see
-- private.booking_mails).
create or replace function private.enqueue_booking_webhooks(p_op text, b public.bookings, p_old public.bookings)
returns void language plpgsql security definer set search_path = ''
as $$
declare
  event text := private.booking_event(p_op, b, p_old);
  data jsonb;
  w public.webhooks;
begin
  if event is null or current_setting('kairos.bulk_import', true) = 'on' then
    return;
  end if;
  for w in
    select * from public.webhooks x
    where x.is_active and event = any (x.events)
      and (x.user_id = b.user_id or x.team_id = b.team_id)
    order by x.id
  loop
    -- A paid booking's `payment` (the payments migration) joins it here: booking_webhook_data is SQL,
    -- checked when made, before the payments table exists.
    data := coalesce(data, private.booking_webhook_data(b)
      || (select coalesce(jsonb_object_agg('payment', p), '{}') from private.booking_payment(b.id) p where p is not null));
    -- Fixed by the booking's version (its SEQUENCE rises with every change) and the endpoint.
    perform private.webhook_outbox_row(w, event,
      format('msg_%s_%s_%s', replace(b.uid::text, '-', ''), b.ical_sequence, w.id), data);
  end loop;
end;
$$;

-- A team's endpoints added by someone who no longer manages it (removed, left, or made a member) stop
-- receiving the team's guest data: the endpoint may be their own server. Its managers see who added it
-- and may resume it.
create or replace function private.pause_departed_creators_webhooks()
returns trigger language plpgsql security definer set search_path = ''
as $$
begin
  if old.role in ('owner', 'admin') and (tg_op = 'DELETE' or new.role not in ('owner', 'admin')) then
    update public.webhooks set is_active = false, paused_reason = 'creator_left'
    where team_id = old.team_id and created_by = old.user_id and is_active;
  end if;
  return null;
end;
$$;
create trigger team_members_pause_webhooks after delete or update of role on public.team_members
  for each row execute function private.pause_departed_creators_webhooks();

-- A message that failed for good (its attempts over 24 hours used up, or 410 Gone) pauses its endpoint
-- and tells the people who manage it, once per pause.
create or replace function private.webhook_delivery_failed()
returns trigger language plpgsql security definer set search_path = ''
as $$
declare
  w public.webhooks;
begin
  update public.webhooks set is_active = false, paused_reason = 'failing'
  where id = (new.payload ->> 'endpointId')::bigint and is_active
  returning * into w;
  if found then
    perform private.enqueue_webhook_paused_mails(w, new.last_error);
  end if;
  return null;
end;
$$;
create trigger outbox_webhook_failed after update of status on public.outbox
  for each row when (new.kind = 'webhook' and new.status = 'failed' and old.status is distinct from 'failed')
  execute function private.webhook_delivery_failed();

-- The mail that an endpoint was paused: to its host, or to every owner and admin of its team.
create or replace function private.enqueue_webhook_paused_mails(w public.webhooks, p_last_error text)
returns void language sql security definer set search_path = ''
as $$
  insert into public.outbox (kind, topic, message_id, payload)
  select 'webhook_mail', 'webhook.paused',
    format('webhook-paused.%s.%s.%s@kairos', w.id, extract(epoch from w.paused_at)::bigint, md5(p.email)),
    jsonb_build_object(
      'recipient', jsonb_build_object('name', private.display_name(p), 'email', p.email, 'locale', p.locale),
      'webhook', jsonb_build_object('id', w.id, 'url', w.url, 'teamId', w.team_id, 'pausedAt', private.utc_iso(w.paused_at)),
      'team', (select t.name from public.teams t where t.id = w.team_id),
      'lastError', p_last_error)
  from public.profiles p
  where p.email is not null
    and (p.id = w.user_id
         or exists (select 1 from public.team_members m
                    where m.team_id = w.team_id and m.user_id = p.id and m.role in ('owner', 'admin')))
  on conflict (message_id) do nothing;
$$;

revoke all on function public.create_webhook(text, text[], bigint, boolean), public.rotate_webhook_secret(bigint, integer),
  public.ping_webhook(bigint), public.resend_webhook_delivery(bigint) from public, anon;
grant execute on function public.create_webhook(text, text[], bigint, boolean), public.rotate_webhook_secret(bigint, integer),
  public.ping_webhook(bigint), public.resend_webhook_delivery(bigint) to authenticated, service_role;

-- Acting on an endpoint ---------------------------------------------------------------------------
-- Webhooks decided by their policies alone, like every other table a signed-in user changes: rotate,
-- ping and resend run as the caller and lock the endpoint with `for update`, so its read and update
-- policies decide who may act on it (an endpoint they refuse reads as missing). Only what no API role
-- may touch (the secrets, the outbox) is written by the private helpers below, which trust the row
-- the caller could lock. An admin who edits the webhooks policies in the dashboard changes these
-- functions and the /api routes alike.

-- The endpoint the caller may change, locked for the rest of the transaction; 'Webhook not found'
-- when the policies hide it or refuse the change, never a hint that it exists. Runs as the caller.
-- With p_active, a paused endpoint is refused: messages go only to active ones.
create or replace function private.webhook_to_change(p_webhook_id bigint, p_active boolean default false)
returns public.webhooks language plpgsql security invoker set search_path = ''
as $$
declare
  w public.webhooks;
begin
  select * into w from public.webhooks x where x.id = p_webhook_id for update;
  if not found then
    raise exception 'Webhook not found' using errcode = 'P0002', hint = 'webhookNotFound';
  end if;
  if p_active and not w.is_active then
    raise exception 'This webhook is paused: resume it first' using errcode = '22023', hint = 'webhookPaused';
  end if;
  return w;
end;
$$;

-- A new signing secret for a locked endpoint (private.webhook_to_change); the previous one keeps
-- signing for p_overlap.
create or replace function private.rotate_locked_webhook_secret(w public.webhooks, p_overlap interval)
returns jsonb language plpgsql security definer set search_path = ''
as $$
declare
  secret text := private.add_webhook_secret(w.id, p_overlap);
begin
  return jsonb_build_object('secret', secret,
    'previousExpiresAt', (select max(s.expires_at) from public.webhook_secrets s where s.webhook_id = w.id and s.expires_at > now()));
end;
$$;

-- The outbox row of a logged delivery again, with the same webhook-id and body, for a locked endpoint.
create or replace function private.requeue_webhook_delivery(w public.webhooks, d public.webhook_deliveries)
returns void language plpgsql security definer set search_path = ''
as $$
begin
  if d.webhook_id is distinct from w.id then
    raise exception 'Delivery not found' using errcode = 'P0002', hint = 'deliveryNotFound';
  end if;
  insert into public.outbox (kind, topic, message_id, payload, max_attempts)
  select o.kind, o.topic, format('%s.resend.%s', d.message_id, gen_random_uuid()), o.payload || jsonb_build_object('resend', true),
    o.max_attempts
  from public.outbox o where o.id = d.outbox_id;
  if not found then
    raise exception 'This message is no longer kept' using errcode = 'P0002', hint = 'messageGone';
  end if;
end;
$$;

-- The functions above run as the caller and call these; the private schema is not exposed by the API.
grant execute on function private.webhook_to_change(bigint, boolean), private.rotate_locked_webhook_secret(public.webhooks, interval),
  private.webhook_outbox_row(public.webhooks, text, text, jsonb), private.requeue_webhook_delivery(public.webhooks, public.webhook_deliveries)
  to authenticated, service_role;

revoke all on all functions in schema private from public;
