// A team's invitations as its managers see them: inviting, the pending list, revoking.
import { dbCode, unwrap } from '../../../lib/api.ts';
import { supabase } from '../../../lib/supabase.ts';
import { notify, notifyError } from '../../../lib/toaster.ts';
import { useIntl } from 'react-intl';
import type { TeamInvitation } from '../../../lib/types.ts';
import { useChange } from '../../../lib/useChange.ts';
import type { InviteValues } from '../schemas.ts';
import { INVITATION_COLUMNS, teamKey, useTeamRows } from './keys.ts';
import { useSay } from '../../../i18n/useSay.ts';

/** An invitation, not a membership: the person joins once they accept; the database queues its mail. */
export function useInviteMember(teamId: number) {
  const intl = useIntl();
  const say = useSay();
  return useChange({
    run: async (values: InviteValues) => {
      unwrap(await supabase.rpc('invite_team_member', { p_team_id: teamId, p_email: values.email, p_role: values.role }));
    },
    refresh: [teamKey(teamId, 'invitations')],
    done: (_data, values) => notify(say('teams.toast.invited'), intl.formatMessage({ id: 'teams.toast.invitedText' }, { email: values.email })),
    // 23505: invite_team_member's refusal of someone already in the team.
    failed: (error) => notifyError(say('bookings.toast.error'), say(dbCode(error) === '23505' ? 'teams.toast.alreadyMember' : 'teams.toast.inviteFailed')),
  });
}

/** Pending invitations of a team: the policies show them to its owners and admins only. */
export function useTeamInvitations(teamId: number) {
  return useTeamRows<TeamInvitation>(teamId, 'invitations', 'team_invitations', INVITATION_COLUMNS, ['created_at']);
}

export function useRevokeInvitation(teamId: number) {
  const intl = useIntl();
  return useChange({
    run: async (invitationId: number) => {
      unwrap(await supabase.from('team_invitations').delete().eq('id', invitationId).eq('team_id', teamId).select('id').single());
    },
    refresh: [teamKey(teamId, 'invitations')],
    done: () => notify(intl.formatMessage({ id: 'teams.toast.revoked' })),
    failed: () => notifyError(intl.formatMessage({ id: 'bookings.toast.error' }), intl.formatMessage({ id: 'teams.toast.revokeFailed' })),
  });
}
