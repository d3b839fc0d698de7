-- public_busy asked "may this person be shown?" once per busy row: 5,000 bookings cost ~0.5 s, and
-- anyone may call it. The question is about the person, so it is asked once per requested person.
create or replace function public.public_busy(p_user_ids uuid[], p_from timestamptz, p_to timestamptz)
returns table (user_id uuid, start_time timestamptz, end_time timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_from is null or p_to is null or p_to <= p_from or p_to - p_from > interval '370 days' then
    raise exception 'The range must be non-empty and at most 370 days' using errcode = '22023';
  end if;
  return query
    with shown as (
      select distinct u.id from unnest(p_user_ids) as u(id) where private.is_bookable_person(u.id)
    )
    select b.user_id, lower(b.during), upper(b.during)
    from public.booking_busy b
    join shown on shown.id = b.user_id
    where b.active and b.during && tstzrange(p_from, p_to, '[)')
    order by 2, 1;
end;
$$;
