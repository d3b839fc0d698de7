// The public profiles the community directory lists.
import { useQuery } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase.ts';
import { unwrap } from '../../lib/api.ts';
import type { PublicProfile } from '../../lib/types.ts';

export function useDirectoryProfiles() {
  return useQuery({
    queryKey: ['social', 'profiles'],
    queryFn: async () => unwrap(await supabase.rpc('directory_profiles')) as PublicProfile[],
  });
}
