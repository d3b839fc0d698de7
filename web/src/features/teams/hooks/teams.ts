// The signed-in user's teams, and one team.
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { supabase } from '../../../lib/supabase.ts';
import type { Team, TeamRole } from '../../../lib/types.ts';
import { teamKey, teamsKey } from './keys.ts';

export type TeamListItem = Team & { role: TeamRole; memberCount: number };

export function useTeams() {
  const { data: user } = useCurrentUser();
  return useQuery({
    queryKey: teamsKey,
    enabled: Boolean(user),
    queryFn: async () => {
      const rows = unwrap(
        await supabase
          .from('team_members')
          .select('role, team:teams(*, members:team_members(count))')
          .eq('user_id', user!.id)
          .order('joined_at'),
      );
      return rows.flatMap(({ role, team }) =>
        team ? [{ ...team, role, memberCount: (team.members as unknown as { count: number }[])[0]?.count ?? 0 } as TeamListItem] : [],
      );
    },
  });
}

export function useTeam(teamId: number) {
  return useQuery({
    queryKey: teamKey(teamId),
    enabled: Number.isInteger(teamId),
    queryFn: async () => unwrap(await supabase.from('teams').select('*').eq('id', teamId).maybeSingle()) as Team | null,
  });
}
