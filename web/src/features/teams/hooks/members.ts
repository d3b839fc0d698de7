// A team's members: the list, the caller's role, leaving and removing.
import { useNavigate } from 'react-router-dom';
import { unwrap } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useSay } from '../../../i18n/useSay.ts';
import { supabase } from '../../../lib/supabase.ts';
import { notify, notifyError } from '../../../lib/toaster.ts';
import type { TeamMember, TeamRole } from '../../../lib/types.ts';
import { useChange } from '../../../lib/useChange.ts';
import { teamsKey, useTeamRows } from './keys.ts';

const MEMBER_COLUMNS = '*, user:profiles(id, first_name, last_name, email, profile_image_url, title, company, location)';

export function useTeamMembers(teamId: number) {
  return useTeamRows<TeamMember>(teamId, 'members', 'team_members', MEMBER_COLUMNS, ['joined_at']);
}

/** The signed-in user's role in the team (assigning is offered to owners and admins only). */
export function useMyTeamRole(teamId: number): TeamRole | undefined {
  const { data: user } = useCurrentUser();
  const { data: members } = useTeamMembers(teamId);
  return members?.find((member) => member.user_id === user?.id)?.role;
}

/** Leaving a team: the caller's own membership goes (the policies keep the owner in). */
export function useLeaveTeam(teamId: number) {
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const say = useSay();
  return useChange({
    run: async () => {
      unwrap(await supabase.from('team_members').delete().eq('team_id', teamId).eq('user_id', user!.id).select('id').single());
    },
    refresh: [teamsKey],
    done: () => {
      notify(say('teams.toast.left'), say('teams.toast.leftText'));
      navigate('/teams');
    },
    failed: () => notifyError(say('bookings.toast.error'), say('teams.toast.leaveFailed')),
  });
}

export function useRemoveMember(teamId: number) {
  const say = useSay();
  return useChange({
    run: async (userId: string) => {
      unwrap(await supabase.from('team_members').delete().eq('team_id', teamId).eq('user_id', userId).select('id').single());
    },
    refresh: [teamsKey],
    done: () => notify(say('teams.toast.removed')),
    failed: () => notifyError(say('bookings.toast.error'), say('teams.toast.removeFailed')),
  });
}
