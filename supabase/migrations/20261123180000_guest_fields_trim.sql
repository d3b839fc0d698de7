-- Guest fields trimmed as the functions trim them (JavaScript's String.prototype.trim: every Unicode
-- space and line break, not only ' '), so a booking written through REST stores what one written
-- through a function would. supabase/tests/db/rules-match.test.ts compares the two.
create or replace function private.guest_field(p_guest jsonb, p_snake text, p_camel text)
returns text
language sql
immutable
set search_path = ''
as $$
  select nullif(
    regexp_replace(
      coalesce(p_guest ->> p_snake, p_guest ->> p_camel, ''),
      '^[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+|[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$',
      '', 'g'),
    '');
$$;
