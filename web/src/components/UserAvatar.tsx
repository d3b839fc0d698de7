import { Avatar } from '@chakra-ui/react';
import { fullName, initials } from '../lib/time.ts';

type Person = { first_name?: string | null; last_name?: string | null; profile_image_url?: string | null };

/** Image when there is one, initials otherwise. */
export function UserAvatar({
  person,
  size = 'md',
}: {
  person: Person | null | undefined;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl' | '2xl';
}) {
  return (
    <Avatar.Root size={size} colorPalette="blue">
      <Avatar.Fallback aria-label={fullName(person) || undefined}>{initials(person) || '?'}</Avatar.Fallback>
      {person?.profile_image_url ? <Avatar.Image src={person.profile_image_url} alt={fullName(person)} /> : null}
    </Avatar.Root>
  );
}
