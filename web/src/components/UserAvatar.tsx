// A person's avatar: their picture (a sized thumbnail) or their initials.
import { Avatar } from '@chakra-ui/react';
import { fullName, initials } from '../lib/names.ts';

type Person = { first_name?: string | null; last_name?: string | null; profile_image_url?: string | null };
type Size = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | '2xl';

/** Rendered width of each avatar size, in CSS pixels. */
const PIXELS: Record<Size, number> = { xs: 24, sm: 32, md: 40, lg: 48, xl: 56, '2xl': 64 };

const PUBLIC_OBJECT = '/storage/v1/object/public/';
const PUBLIC_RENDER = '/storage/v1/render/image/public/';

/**
 * A picture stored in Supabase Storage, asked for as a square thumbnail of `pixels` (twice that for
 * sharp screens) through Storage's image transformation; any other URL (an OAuth provider's
 * picture) is used as it is.
 */
export function avatarThumbnail(url: string, pixels: number): string {
  if (!url.includes(PUBLIC_OBJECT)) return url;
  const thumb = new URL(url.replace(PUBLIC_OBJECT, PUBLIC_RENDER), window.location.origin);
  const side = String(pixels * 2);
  thumb.searchParams.set('width', side);
  thumb.searchParams.set('height', side);
  thumb.searchParams.set('resize', 'cover');
  return thumb.href;
}

/** Image when there is one, initials otherwise. */
export function UserAvatar({ person, size = 'md' }: { person: Person | null | undefined; size?: Size }) {
  const url = person?.profile_image_url;
  return (
    <Avatar.Root size={size} colorPalette="blue">
      <Avatar.Fallback aria-label={fullName(person) || undefined}>{initials(person) || '?'}</Avatar.Fallback>
      {url ? <Avatar.Image src={avatarThumbnail(url, PIXELS[size])} alt={fullName(person)} /> : null}
    </Avatar.Root>
  );
}
