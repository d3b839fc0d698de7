-- What a hosted Supabase project provides before any migration runs, shaped like Supabase's own
-- (roles, owners, grants, the auth/storage/realtime schemas), so migrations meet the privileges
-- they meet hosted. Applied by the bootstrap superuser `supabase_admin` on every start
-- (idempotent); migrations then run as `postgres`, which is NOT a superuser:
--   * postgres: CREATEROLE, CREATEDB, REPLICATION, BYPASSRLS; owns what migrations create.
--   * auth.* belongs to supabase_auth_admin, storage.* to supabase_storage_admin, realtime.* to
--     supabase_realtime_admin. postgres may read and write their rows (as hosted), create triggers
--     on them, and create/alter/drop policies and drop triggers only on the tables hosted
--     Supabase lists in supautils.policy_grants / drop_trigger_grants (see the guard at the end).
--     Anything else on those schemas (ALTER TABLE, new tables or functions, indexes, ENABLE RLS)
--     fails with "must be owner", as it does on a hosted project.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then create role authenticator login noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then create role supabase_auth_admin login noinherit createrole; end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_storage_admin') then create role supabase_storage_admin login noinherit createrole; end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_realtime_admin') then create role supabase_realtime_admin nologin noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'postgres') then create role postgres login; end if;
end $$;

-- The role a developer (and `supabase db push`) connects as on a hosted project.
alter role postgres nosuperuser createdb createrole login replication bypassrls;
-- API roles inherit, as on hosted projects since 2023 (a role granted to them takes effect).
alter role anon inherit;
alter role authenticated inherit;
alter role service_role inherit;

grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres with admin option;
-- PostgREST's settings live on authenticator (`alter role authenticator set pgrst.db_aggregates_enabled
-- = 'true'`, as Supabase's docs and the postgrest-js suite's migration do), which hosted postgres may
-- set through supautils. Here postgres holds authenticator's admin option without using its rights
-- (no inherit, no set); this also lets it grant authenticator on, which supautils refuses hosted.
grant authenticator to postgres with admin option, inherit false, set false;
-- Setting a placeholder parameter on a role needs SET on it; supautils allows pgrst.* hosted. These are
-- the settings PostgREST reads from the database (its "in-database configuration").
do $$
declare
  name text;
begin
  foreach name in array array['db_aggregates_enabled', 'db_anon_role', 'db_extra_search_path', 'db_hoisted_tx_settings',
    'db_max_rows', 'db_plan_enabled', 'db_pre_config', 'db_pre_request', 'db_prepared_statements', 'db_root_spec',
    'db_schemas', 'db_tx_end', 'jwt_aud', 'jwt_cache_max_lifetime', 'jwt_role_claim_key', 'jwt_secret',
    'jwt_secret_is_base64', 'openapi_mode', 'openapi_security_active', 'openapi_server_proxy_uri',
    'server_cors_allowed_origins', 'server_timing_enabled', 'server_trace_header'] loop
    execute format('grant set on parameter %I to postgres', 'pgrst.' || name);
  end loop;
end $$;
grant pg_read_all_data, pg_signal_backend, pg_monitor to postgres;
-- Storage switches to the caller's role through authenticator, as hosted Storage does.
grant authenticator to supabase_storage_admin;
-- Membership without SET: postgres passes the ownership checks of these roles' tables (policy
-- DDL needs them), cannot SET ROLE to them, and the guard below narrows what it may do as owner.
grant supabase_auth_admin to postgres with inherit true, set false;
grant supabase_storage_admin to postgres with inherit true, set false;
grant supabase_realtime_admin to postgres with inherit true, set false;

do $$ begin execute format('grant all on database %I to postgres', current_database()); end $$;
grant all on schema public to postgres with grant option;

create schema if not exists extensions;
grant all on schema extensions to postgres with grant option;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;
grant usage on schema extensions to anon, authenticated, service_role;

alter role postgres set search_path to "$user", public, extensions;
alter role authenticator set search_path to "$user", public, extensions;
alter role anon set search_path to "$user", public, extensions;
alter role authenticated set search_path to "$user", public, extensions;
alter role service_role set search_path to "$user", public, extensions;
alter role supabase_auth_admin set search_path to auth;
alter role supabase_storage_admin set search_path to storage;
-- PostgREST's per-request role switch keeps the statement_timeout Supabase sets for these roles.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

-- public: the API roles may use the schema; what they may do with each object is granted by the
-- migration that creates it. A project created since 2026-05-30 has "Default privileges for new
-- entities" off: what postgres creates in public gets no grant to anon, authenticated or service_role
-- (Supabase changelog 45329). Older projects have them on; `kairos.default_privileges = 'on'` (set by
-- migrate.ts for the test that builds both) makes this database one of those.
grant usage on schema public to anon, authenticated, service_role;
do $$
declare
  verb text := case when current_setting('kairos.default_privileges', true) = 'on' then 'grant all on %s to' else 'revoke all on %s from' end;
  kind text;
begin
  foreach kind in array array['tables', 'functions', 'sequences'] loop
    execute format('alter default privileges for role postgres in schema public ' || verb || ' anon, authenticated, service_role', kind);
  end loop;
end $$;

create schema if not exists graphql_public;
grant usage on schema graphql_public to anon, authenticated, service_role;

-- auth ---------------------------------------------------------------------------------------
create schema if not exists auth authorization supabase_auth_admin;
grant usage on schema auth to anon, authenticated, service_role, postgres;
-- Everything in auth is created by (and so belongs to) supabase_auth_admin, as GoTrue's migrations do.
set role supabase_auth_admin;

do $$ begin
  create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
exception when duplicate_object then null; end $$;
do $$ begin
  create type auth.code_challenge_method as enum ('s256', 'plain');
exception when duplicate_object then null; end $$;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0 check (email_change_confirm_status between 0 and 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_partial_key on auth.users (email) where is_sso_user = false;
create index if not exists users_instance_id_email_idx on auth.users (instance_id, lower(email));

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default gen_random_uuid(),
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal auth.aal_level,
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet,
  tag text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);

-- How each session was authenticated (the `amr` claim of its access tokens).
create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);

-- MFA factors and their challenges, shaped like Supabase Auth's (TOTP is what the local Auth serves).
do $$ begin
  create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
exception when duplicate_object then null; end $$;
do $$ begin
  create type auth.factor_status as enum ('unverified', 'verified');
exception when duplicate_object then null; end $$;

create table if not exists auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text,
  last_challenged_at timestamptz unique,
  web_authn_credential jsonb,
  web_authn_aaguid uuid,
  last_webauthn_challenge_data jsonb
);
create unique index if not exists mfa_factors_user_friendly_name_unique on auth.mfa_factors (friendly_name, user_id)
  where trim(friendly_name) <> '';
create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);
create unique index if not exists unique_phone_factor_per_user on auth.mfa_factors (user_id, phone);

create table if not exists auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null,
  otp_code text,
  web_authn_session_data jsonb
);
create index if not exists mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);
create index if not exists mfa_challenges_factor_id_idx on auth.mfa_challenges (factor_id);

-- PKCE and OAuth hand-offs, as GoTrue keeps them.
create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid,
  auth_code text not null,
  code_challenge_method auth.code_challenge_method not null,
  code_challenge text not null,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz,
  updated_at timestamptz,
  authentication_method text not null,
  auth_code_issued_at timestamptz
);
create index if not exists idx_auth_code on auth.flow_state (auth_code);

create or replace function auth.uid() returns uuid language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create or replace function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role, postgres;
-- GoTrue enables RLS on its tables (no policies: only their owner and BYPASSRLS roles read them).
alter table auth.users enable row level security;
alter table auth.identities enable row level security;
alter table auth.sessions enable row level security;
alter table auth.refresh_tokens enable row level security;
alter table auth.mfa_amr_claims enable row level security;
alter table auth.flow_state enable row level security;
-- Hosted postgres reads and writes auth rows (seed data, admin scripts), without owning the tables.
grant all on all tables in schema auth to postgres;
grant all on all sequences in schema auth to postgres;
alter default privileges in schema auth grant all on tables to postgres;
alter default privileges in schema auth grant all on sequences to postgres;
reset role;

-- storage ------------------------------------------------------------------------------------
create schema if not exists storage authorization supabase_storage_admin;
grant usage on schema storage to anon, authenticated, service_role, postgres;
-- Everything in storage belongs to supabase_storage_admin, as Storage's own migrations make it.
set role supabase_storage_admin;

do $$ begin
  create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
exception when duplicate_object then null; end $$;

create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text,
  type storage.buckettype not null default 'STANDARD'
);
create unique index if not exists bname on storage.buckets (name);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
-- The API roles get row operations only (RLS decides); postgres gets every table privilege.
grant select, insert, update, delete on storage.buckets, storage.objects to anon, authenticated;
grant all on storage.buckets, storage.objects to service_role, postgres;

create or replace function storage.foldername(name text) returns text[] language plpgsql immutable as $$
declare _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1:array_length(_parts, 1) - 1];
end $$;

create or replace function storage.filename(name text) returns text language plpgsql immutable as $$
declare _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end $$;

create or replace function storage.extension(name text) returns text language plpgsql immutable as $$
declare _parts text[]; _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end $$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text) to anon, authenticated, service_role, postgres;

-- Rows of buckets and objects are removed through the Storage API, which sets
-- storage.allow_delete_query; a plain SQL delete would orphan the stored files.
create or replace function storage.protect_delete() returns trigger language plpgsql as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') <> 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end $$;
create or replace trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
create or replace trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();
reset role;

-- realtime -----------------------------------------------------------------------------------
-- Broadcast from Database: realtime.send() and realtime.broadcast_changes() write rows of
-- realtime.messages; the Realtime service reads them through logical replication of the
-- publication below and delivers them to the channel named by `topic`. RLS on realtime.messages
-- authorises private channels (SELECT to receive, INSERT to send), as hosted Realtime does.
create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role, postgres;
grant create, usage on schema realtime to supabase_realtime_admin with grant option;
set role supabase_realtime_admin;

create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now(),
  id uuid not null default gen_random_uuid(),
  binary_payload bytea,
  constraint messages_payload_exclusive check (payload is null or binary_payload is null),
  constraint messages_pkey primary key (id, inserted_at)
) partition by range (inserted_at);
create index if not exists messages_inserted_at_topic_index on only realtime.messages (inserted_at desc, topic)
  where extension = 'broadcast' and private is true;
alter table realtime.messages enable row level security;
grant insert, select, update on realtime.messages to anon, authenticated, service_role, postgres;

-- The topic of the channel being authorised, for policies on realtime.messages.
create or replace function realtime.topic() returns text language sql stable as $$
  select nullif(current_setting('realtime.topic', true), '')::text;
$$;

-- Runs as the caller: a trigger function that calls it is usually `security definer` (owned by
-- postgres, which bypasses RLS). A failure is a warning, never the caller's error.
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void language plpgsql as $$
declare
  generated_id uuid := gen_random_uuid();
  final_payload jsonb;
begin
  begin
    final_payload := case when payload ? 'id' then payload else jsonb_set(payload, '{id}', to_jsonb(generated_id)) end;
    execute format('set local realtime.topic to %L', topic);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (generated_id, final_payload, event, topic, private, 'broadcast');
  exception when others then
    raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end $$;

create or replace function realtime.broadcast_changes(
  topic_name text, event_name text, operation text, table_name text, table_schema text,
  new record, old record, level text default 'ROW'
) returns void language plpgsql as $$
declare
  row_data jsonb := '{}'::jsonb;
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  if operation in ('INSERT', 'UPDATE', 'DELETE') then
    row_data := jsonb_build_object('old_record', old, 'record', new, 'operation', operation, 'table', table_name, 'schema', table_schema);
    perform realtime.send(row_data, event_name, topic_name);
  else
    raise exception 'Unexpected operation type: %', operation;
  end if;
exception when others then
  raise exception 'Failed to process the row: %', sqlerrm;
end $$;
grant execute on function realtime.topic(), realtime.send(jsonb, text, text, boolean),
  realtime.broadcast_changes(text, text, text, text, text, record, record, text)
  to anon, authenticated, service_role, postgres;
reset role;

do $$ begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime_messages_publication') then
    create publication supabase_realtime_messages_publication for table realtime.messages
      with (publish_via_partition_root = true);
  end if;
  -- postgres_changes reads this one (empty until a migration adds tables), as on hosted projects.
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end $$;
alter publication supabase_realtime owner to postgres;

-- migrations bookkeeping, as the Supabase CLI records it (as postgres) -----------------------
create schema if not exists supabase_migrations authorization postgres;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
alter table supabase_migrations.schema_migrations owner to postgres;

-- supautils, locally -------------------------------------------------------------------------
-- Hosted projects run the supautils extension, which lets postgres manage policies on (and drop
-- triggers of) a fixed list of tables it does not own. Embedded Postgres has no supautils, so
-- postgres inherits the admin roles' ownership (without SET) and these event triggers refuse
-- whatever that ownership would allow beyond supautils' lists, with hosted Postgres's message.
create schema if not exists supautils;
-- The guards run as whoever runs the DDL, so everyone may call these read-only helpers.
grant usage on schema supautils to public;

-- supautils.policy_grants and supautils.drop_trigger_grants of hosted projects (supabase/postgres).
create or replace function supautils.granted_tables(kind text) returns text[]
language sql immutable set search_path = '' as $$
  select case kind
    when 'policy' then array['auth.audit_log_entries', 'auth.identities', 'auth.refresh_tokens', 'auth.sessions',
      'auth.users', 'realtime.messages', 'storage.buckets', 'storage.migrations', 'storage.objects',
      'storage.s3_multipart_uploads', 'storage.s3_multipart_uploads_parts']
    when 'trigger' then array['auth.audit_log_entries', 'auth.flow_state', 'auth.identities', 'auth.instances',
      'auth.mfa_amr_claims', 'auth.mfa_challenges', 'auth.mfa_factors', 'auth.one_time_tokens',
      'auth.refresh_tokens', 'auth.saml_providers', 'auth.saml_relay_states', 'auth.sessions',
      'auth.sso_domains', 'auth.sso_providers', 'auth.users', 'realtime.messages', 'storage.buckets',
      'storage.objects', 'storage.s3_multipart_uploads', 'storage.s3_multipart_uploads_parts']
  end
$$;

-- True when the current role acts on these schemas only through inherited ownership.
create or replace function supautils.restricted() returns boolean
language sql stable set search_path = '' as $$
  select not (select rolsuper from pg_catalog.pg_roles where rolname = current_user)
    and current_user not in ('supabase_auth_admin', 'supabase_storage_admin', 'supabase_realtime_admin')
$$;

create or replace function supautils.guard_ddl() returns event_trigger
language plpgsql set search_path = '' as $$
declare
  cmd record;
  target text;
begin
  if not supautils.restricted() then return; end if;
  for cmd in select * from pg_catalog.pg_event_trigger_ddl_commands() loop
    target := case
      when cmd.object_type = 'policy' then (select polrelid::regclass::text from pg_catalog.pg_policy where oid = cmd.objid)
      when cmd.object_type = 'trigger' then (select tgrelid::regclass::text from pg_catalog.pg_trigger where oid = cmd.objid)
      else cmd.schema_name || '.'
    end;
    continue when target is null or split_part(target, '.', 1) not in ('auth', 'storage', 'realtime');
    continue when cmd.object_type = 'policy' and target = any (supautils.granted_tables('policy'));
    continue when cmd.command_tag = 'CREATE TRIGGER' and target = any (supautils.granted_tables('trigger'));
    raise exception 'must be owner of %', cmd.object_identity using errcode = '42501',
      hint = 'Hosted Supabase gives postgres policies and triggers on these tables, not their ownership.';
  end loop;
end $$;

create or replace function supautils.guard_drop() returns event_trigger
language plpgsql set search_path = '' as $$
declare
  obj record;
  target text;
begin
  if not supautils.restricted() then return; end if;
  for obj in select * from pg_catalog.pg_event_trigger_dropped_objects() loop
    target := case
      when obj.object_type in ('policy', 'trigger') then obj.address_names[1] || '.' || obj.address_names[2]
      else obj.schema_name || '.'
    end;
    continue when target is null or split_part(target, '.', 1) not in ('auth', 'storage', 'realtime');
    continue when obj.object_type in ('policy', 'trigger') and target = any (supautils.granted_tables(obj.object_type));
    raise exception 'must be owner of %', obj.object_identity using errcode = '42501';
  end loop;
end $$;

do $$ begin
  if not exists (select 1 from pg_event_trigger where evtname = 'supautils_guard_ddl') then
    create event trigger supautils_guard_ddl on ddl_command_end execute function supautils.guard_ddl();
  end if;
  if not exists (select 1 from pg_event_trigger where evtname = 'supautils_guard_drop') then
    create event trigger supautils_guard_drop on sql_drop execute function supautils.guard_drop();
  end if;
end $$;
