-- A time zone is valid when the server's time zone data names it (pg_timezone_names). That view reads
-- and parses every zone file of the server at each query: 15-100 ms of CPU per call, and every booking
-- a guest makes carries their zone (bookings.guest_timezone), as do profile and team changes. The
-- names are copied here once; a name missing from the copy (zone data newer than the copy, or no
-- zone at all) is still decided by the view, so the answer is the view's.
create table private.timezone_names (name text primary key);
comment on table private.timezone_names is
  'Copy of pg_timezone_names(name), read by private.is_valid_timezone; not reachable through the API.';
insert into private.timezone_names (name) select n.name from pg_catalog.pg_timezone_names n on conflict do nothing;
-- The check runs in triggers as the writing role.
grant select on private.timezone_names to anon, authenticated, service_role;

create or replace function private.is_valid_timezone(p_tz text)
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  return p_tz = 'UTC'
    or exists (select 1 from private.timezone_names t where t.name = p_tz)
    or exists (select 1 from pg_catalog.pg_timezone_names n where n.name = p_tz);
end;
$$;
