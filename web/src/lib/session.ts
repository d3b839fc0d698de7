// Who is signed in, without loading supabase-js for a guest (the open pages' bar asks on every page), and queries of their own rows.
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { unwrap } from './api.ts';
import { maySignIn } from './env.ts';
import type { Owner } from './owner.ts';
import type { Profile } from './types.ts';

export const currentUserKey = ['auth', 'user'] as const;

/** The signed-in user's profile row, or null when signed out (docs/product/states.md: authenticated = data). */
export async function fetchCurrentUser(): Promise<Profile | null> {
  // No session stored and none arriving in the URL: a guest, and supabase-js stays unloaded.
  if (!maySignIn()) return null;
  const { supabase } = await import('./supabase.ts');
  const { data } = await supabase.auth.getSession();
  const user = data.session?.user;
  if (!user) return null;
  const profile = unwrap(await supabase.from('profiles').select('*').eq('id', user.id).maybeSingle()) as Profile | null;
  return profile ?? ({ id: user.id, email: user.email ?? null, timezone: 'UTC' } as Profile);
}

/** docs/product/api.md: fresh for 5 minutes and refetched on window focus, no retry. */
export function useCurrentUser() {
  return useQuery({ queryKey: currentUserKey, queryFn: fetchCurrentUser, staleTime: 5 * 60_000, refetchOnWindowFocus: true, retry: false });
}

/** A query of the signed-in user's own rows: it waits until the user is known, then reads with their id. */
export function useUserQuery<T>(queryKey: QueryKey, read: (userId: string) => Promise<T>) {
  const { data: user } = useCurrentUser();
  return useQuery({ queryKey, enabled: Boolean(user), queryFn: () => read(user!.id) });
}

/** The owner a screen works for: the team `teamId` when given, else the signed-in user (null until known). */
export function useOwner(teamId?: number): Owner | null {
  const { data: user } = useCurrentUser();
  if (teamId !== undefined) return { teamId };
  return user ? { userId: user.id } : null;
}
