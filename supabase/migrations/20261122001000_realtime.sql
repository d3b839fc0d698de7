-- Realtime signals of bookings, sent from the database (Broadcast from Database): triggers write
-- realtime.messages, the Realtime service delivers them.
--   * `bookings:<host id>`, private: the host's booking rows as they change
--     (realtime.broadcast_changes), so the dashboard and bookings list update without a reload.
--     Only that host may receive them (RLS below); nobody may send on it but the database.
--   * `slots:event_type:<id>` and `slots:team:<id>`, private channels anyone may receive for what is
--     public (an active event type, whose id is its link; a public team): "the busy time behind these
--     slots changed", so an open booking page drops a slot the moment someone else books it. The
--     payload is empty: guests learn nothing from it they could not learn from the public slot list.
--     As public channels any client could broadcast on them too; as private ones nobody but the
--     database sends (no INSERT policy), and it sends nothing about a private team.

-- The host of a personal booking hears about it on their private topic: the last step of
-- private.after_booking_change (the bookings migration). An update counts when the host can see it:
-- storing the hash of a guest's manage link (set_manage_token_hash, once per guest mail) changes
-- nothing on the dashboard, and its hash is nobody's business.
create or replace function private.broadcast_booking_change(p_op text, b public.bookings, p_old public.bookings)
returns void language plpgsql security definer set search_path = ''
as $$
declare
  host uuid := coalesce(b.user_id, p_old.user_id);
begin
  if p_op = 'UPDATE'
     and (to_jsonb(p_old) - 'manage_token_hash' - 'updated_at') is not distinct from (to_jsonb(b) - 'manage_token_hash' - 'updated_at') then
    return;
  end if;
  if host is not null then
    perform realtime.broadcast_changes('bookings:' || host, p_op, p_op, 'bookings', 'public', b, p_old);
  end if;
end;
$$;

-- Busy time of a person changed: the pages of their event types and of their public teams re-read slots.
create or replace function private.broadcast_busy_change()
returns trigger language plpgsql security definer set search_path = ''
as $$
declare
  person uuid := coalesce(new.user_id, old.user_id);
  topic text;
begin
  for topic in
    select 'slots:event_type:' || e.id from public.event_types e where e.user_id = person and e.is_active
    union all
    select 'slots:team:' || m.team_id from public.team_members m join public.teams t on t.id = m.team_id
    where m.user_id = person and t.is_public
  loop
    perform realtime.send('{}'::jsonb, 'busy_changed', topic, true);
  end loop;
  return null;
end;
$$;
create trigger booking_busy_broadcast after insert or update or delete on public.booking_busy
  for each row execute function private.broadcast_busy_change();

revoke all on function private.broadcast_booking_change(text, public.bookings, public.bookings), private.broadcast_busy_change() from public;

-- A signed-in host receives the broadcasts of their own bookings topic.
create policy "Hosts receive their own booking changes" on realtime.messages
  for select to authenticated
  using (extension = 'broadcast' and realtime.topic() = 'bookings:' || (select auth.uid())::text);

-- Whether a topic is the slot signal of something anyone may book: an active event type (its id is
-- the link a guest holds), or a public team. Security definer: guests read neither table.
create or replace function private.is_public_slot_topic(p_topic text)
returns boolean language sql stable security definer set search_path = ''
as $$
  select case
    when p_topic ~ '^slots:event_type:[0-9]{1,16}$' then
      exists (select 1 from public.event_types e where e.id = split_part(p_topic, ':', 3)::bigint and e.is_active
                    and e.user_id is not null)
    when p_topic ~ '^slots:team:[0-9]{1,16}$' then private.is_public_team(split_part(p_topic, ':', 3)::bigint)
    else false
  end;
$$;
grant execute on function private.is_public_slot_topic(text) to anon, authenticated, service_role;

create policy "Anyone receives the slot signals of what is public" on realtime.messages
  for select to anon, authenticated
  using (extension = 'broadcast' and (select private.is_public_slot_topic(realtime.topic())));
comment on policy "Anyone receives the slot signals of what is public" on realtime.messages is
  'No INSERT policy: only the database (private.broadcast_busy_change) sends on these topics.';

revoke all on all functions in schema private from public;
