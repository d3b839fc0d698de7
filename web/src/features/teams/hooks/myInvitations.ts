// Invitations as the invited person sees them: theirs, the one a link names, accepting and declining.
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useIntl } from 'react-intl';
import { dbCode, unwrap } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { supabase } from '../../../lib/supabase.ts';
import { notify, notifyError } from '../../../lib/toaster.ts';
import type { MyInvitation } from '../../../lib/types.ts';
import { useChange } from '../../../lib/useChange.ts';
import { INVITATION_COLUMNS, invitationsKey, teamsKey } from './keys.ts';
import type { MessageId } from '../../../i18n/catalogue.ts';

/** Invitations addressed to the signed-in user (a manager also reads their own team's, hence the email). */
export function useMyInvitations() {
  const { data: user } = useCurrentUser();
  return useQuery({
    queryKey: [...invitationsKey, user?.email],
    enabled: Boolean(user?.email),
    queryFn: async () =>
      unwrap(
        await supabase
          .from('team_invitations')
          .select(`${INVITATION_COLUMNS}, team:teams(id, name, slug, description)`)
          .eq('email', user!.email!.toLowerCase())
          .order('created_at'),
      ) as MyInvitation[],
  });
}

/** The invitation a mailed link names (anyone holding the link may look). */
export function useInvitationByToken(token: string) {
  return useQuery({
    queryKey: [...invitationsKey, 'link', token],
    queryFn: async () => (unwrap(await supabase.rpc('team_invitation_by_token', { p_token: token })) ?? [])[0] ?? null,
  });
}

/** What a refused answer says: the link is on its way (KR002), the invitation is gone (P0002), else `failed`. */
function useInvitationAnswer<T>(run: (invitationId: number) => Promise<T>, done: (result: T) => void, failed: MessageId) {
  const intl = useIntl();
  const { data: user } = useCurrentUser();
  const refused = (error: Error) => {
    const code = dbCode(error);
    const id: MessageId = code === 'KR002' ? 'invitation.toast.openLink' : code === 'P0002' ? 'invitation.toast.gone' : failed;
    // The invitation was addressed to the signed-in person (it is theirs to answer): its link went to their address.
    notifyError(intl.formatMessage({ id: 'invitation.toast.error' }), intl.formatMessage({ id }, { email: user?.email ?? '' }));
  };
  return useChange({ run, refresh: [invitationsKey, teamsKey], done, failed: refused });
}

/**
 * Accepting needs proof that the user reads the invited address: the token of the mailed link they
 * opened, or an address a Kairos mail proved before. Without either, the link is mailed again and the
 * server's sentence says where to find it.
 */
export function useAcceptInvitation(token?: string) {
  const navigate = useNavigate();
  const intl = useIntl();
  return useInvitationAnswer(
    async (invitationId) => {
      const accepted = await supabase.rpc('accept_team_invitation', { p_invitation_id: invitationId, p_token: token });
      if (accepted.error?.code === 'KR002') unwrap(await supabase.rpc('mail_invitation_link', { p_invitation_id: invitationId }));
      return unwrap(accepted);
    },
    (member) => {
      notify(intl.formatMessage({ id: 'invitation.toast.accepted' }), intl.formatMessage({ id: 'invitation.toast.acceptedText' }));
      navigate(`/teams/${member.team_id}`);
    },
    'invitation.toast.acceptFailed',
  );
}

export function useDeclineInvitation() {
  const intl = useIntl();
  return useInvitationAnswer(
    async (invitationId) => {
      unwrap(await supabase.from('team_invitations').delete().eq('id', invitationId).select('id').single());
    },
    () => notify(intl.formatMessage({ id: 'invitation.toast.declined' })),
    'invitation.toast.declineFailed',
  );
}
