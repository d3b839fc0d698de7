-- A calendar's schedule version is locked before its busy time is written (or made active), not after.
--
-- The version row of a host is raised (and so locked until commit) by a statement trigger once a
-- change is made. A guest's reschedule first cancels the old booking (raising the host's version),
-- then books the new time; a rival booking the same time inserted its busy row first and then
-- waited for the version row. The reschedule's busy row then waited for the rival's: a deadlock,
-- answered 500 instead of "no longer available". Taking the version before inserting busy time means
-- whoever holds a host's version is the only one with uncommitted busy rows of that host, so busy
-- inserts never wait on each other while holding a version: a conflict shows as the exclusion
-- violation the booking paths already turn into 409.

create or replace function private.lock_schedule_version_first()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.bump_schedule_versions(array[new.user_id], null);
  return new;
end;
$$;

revoke all on function private.lock_schedule_version_first() from public;

create trigger booking_busy_version_first before insert or update of user_id, during, active on public.booking_busy
  for each row execute function private.lock_schedule_version_first();
