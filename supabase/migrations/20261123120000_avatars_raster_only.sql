-- Avatars take raster images only: an SVG is a document that can run script when opened from the
-- storage origin. Same list as [storage.buckets.avatars] in config.toml.
update storage.buckets
set allowed_mime_types = array['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'],
    updated_at = now()
where id = 'avatars';
