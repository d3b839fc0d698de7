// A person's avatar: their picture (a sized thumbnail) or their initials. Styled by Chakra's avatar
// recipe, without Chakra's Avatar component: that runs Zag's avatar state machine, whose runtime is
// 6 KiB gzipped of a guest's booking page for what the browser does itself (the picture covers the
// initials once it paints; one that fails to load is dropped, and the initials show).
import { useState } from 'react';
import { chakra, useSlotRecipe } from '@chakra-ui/react';
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
  const styles = useSlotRecipe({ key: 'avatar' })({ size });
  const [failed, setFailed] = useState<string>();
  const url = person?.profile_image_url;
  const name = fullName(person);
  const picture = url && failed !== url ? url : undefined;
  // One image for a screen reader: the picture, named for the person, or else the initials.
  const label = name ? { role: 'img', 'aria-label': name } : {};
  return (
    <chakra.span css={styles.root} colorPalette="blue">
      <chakra.span css={styles.fallback} {...(picture ? { 'aria-hidden': true } : label)}>
        {initials(person) || '?'}
      </chakra.span>
      {picture ? (
        <chakra.img
          css={styles.image}
          position="absolute"
          inset="0"
          src={avatarThumbnail(picture, PIXELS[size])}
          alt={name}
          onError={() => setFailed(picture)}
        />
      ) : null}
    </chakra.span>
  );
}
