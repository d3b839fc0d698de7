// A team's invitations as its managers see them: inviting, the pending list, revoking.
import { unwrap } from '../../../lib/api.ts';
import { supabase } from '../../../lib/supabase.ts';
import { notify } from '../../../lib/toaster.ts';
import type { TeamInvitation } from '../../../lib/types.ts';
import { useChange } from '../../../lib/useChange.ts';
import type { InviteValues } from '../schemas.ts';
import { INVITATION_COLUMNS, teamKey, useTeamRows } from './keys.ts';

/** An invitation, not a membership: the person joins once they accept; the database queues its mail. */
export function useInviteMember(teamId: number) {
  return useChange({
    run: async (values: InviteValues) => {
      unwrap(await supabase.rpc('invite_team_member', { p_team_id: teamId, p_email: values.email, p_role: values.role }));
    },
    refresh: [teamKey(teamId, 'invitations')],
    done: (_data, values) => notify('Member Invited', `${values.email} will join the team once they accept the invitation.`),
    failed: 'Failed to invite member',
  });
}

/** Pending invitations of a team: the policies show them to its owners and admins only. */
export function useTeamInvitations(teamId: number) {
  return useTeamRows<TeamInvitation>(teamId, 'invitations', 'team_invitations', INVITATION_COLUMNS, ['created_at']);
}

export function useRevokeInvitation(teamId: number) {
  return useChange({
    run: async (invitationId: number) => {
      unwrap(await supabase.from('team_invitations').delete().eq('id', invitationId).eq('team_id', teamId).select('id').single());
    },
    refresh: [teamKey(teamId, 'invitations')],
    done: () => notify('Invitation Revoked'),
    failed: 'Failed to revoke invitation',
  });
}
