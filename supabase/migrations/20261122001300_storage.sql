-- Profile pictures: bucket `avatars` (public read, 5 MB, images; limits mirrored in config.toml) and
-- its object policies. Object names are `<uid>/<file>`, so the first folder is the writer's id.
-- Raster images only: an SVG is a document that can run script when opened from the storage origin.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('avatars', 'avatars', true, 5242880,
  array['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'])
on conflict (id) do nothing;

create policy "Avatars are readable by everyone" on storage.objects
  for select to anon, authenticated
  using (bucket_id = 'avatars');
create policy "Users upload avatars into their own folder" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "Users replace avatars in their own folder" on storage.objects
  for update to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "Users delete avatars in their own folder" on storage.objects
  for delete to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
