// The teams feature's cache keys and its one way to read a team's rows of a table.
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api.ts';
import { supabase } from '../../../lib/supabase.ts';

export const teamsKey = ['teams'] as const;

/** The cache key of one team, or of one part of it ('members', 'event-types', …). */
export const teamKey = (teamId: number, ...parts: string[]) => [...teamsKey, teamId, ...parts];

export const invitationsKey = ['invitations'] as const;

export const INVITATION_COLUMNS = 'id, team_id, email, role, created_at, expires_at';

type TeamTable = 'team_members' | 'team_invitations';

/** One team's rows of a table (RLS decides who reads them), in `order`, cached under the team's `part`. */
export function useTeamRows<Row>(teamId: number, part: string, table: TeamTable, columns: string, order: string[]) {
  return useQuery({
    queryKey: teamKey(teamId, part),
    queryFn: async () => {
      let rows = supabase.from(table).select(columns).eq('team_id', teamId);
      for (const column of order) rows = rows.order(column);
      return unwrap(await rows) as Row[];
    },
  });
}
