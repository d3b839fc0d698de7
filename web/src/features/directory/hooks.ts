// The public profiles the community directory lists.
import { useQuery } from '@tanstack/react-query';
import { callRpc } from '../../lib/api.ts';
import type { PublicProfile } from '../../lib/types.ts';

export function useDirectoryProfiles() {
  return useQuery({
    queryKey: ['social', 'profiles'],
    queryFn: async () => (await callRpc('directory_profiles', {})) as PublicProfile[],
  });
}
