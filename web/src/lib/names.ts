// How people are named on screen: full name and avatar initials from a profile's name columns.

/** First and last name, either one alone when the other is empty. */
export function fullName(person: { first_name?: string | null; last_name?: string | null } | null | undefined): string {
  return [person?.first_name, person?.last_name].filter(Boolean).join(' ').trim();
}

/** The first letters of first and last name, upper case. */
export function initials(person: { first_name?: string | null; last_name?: string | null } | null | undefined): string {
  return [person?.first_name, person?.last_name]
    .map((part) => part?.trim()?.[0] ?? '')
    .join('')
    .toUpperCase();
}
