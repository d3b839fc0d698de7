// A profile's fields and the columns they are stored in: the profile form and PUT /api/profile write the same way.
import type { ProfileUpdateInput } from './schemas.ts';

/** Fields whose column is not simply the same word (the rest, e.g. bio, map to themselves). */
const COLUMN = {
  firstName: 'first_name',
  lastName: 'last_name',
  profileImageUrl: 'profile_image_url',
  isPublicProfile: 'is_public_profile',
  isCalendarPublic: 'is_calendar_public',
} as const;

type Field = keyof ProfileUpdateInput;
export type ProfileColumn<F extends Field> = F extends keyof typeof COLUMN ? (typeof COLUMN)[F] : F;
export type ProfileColumns = { [F in Field as ProfileColumn<F>]?: ProfileUpdateInput[F] };

export function profileColumn<F extends Field>(field: F): ProfileColumn<F> {
  return ((COLUMN as Record<string, string>)[field] ?? field) as ProfileColumn<F>;
}

/** The columns to update for the fields given; a field left out (undefined) keeps its column as it is. */
export function profileColumns(input: ProfileUpdateInput): ProfileColumns {
  return Object.fromEntries(
    Object.entries(input)
      .filter(([, value]) => value !== undefined)
      .map(([field, value]) => [profileColumn(field as Field), value]),
  );
}
