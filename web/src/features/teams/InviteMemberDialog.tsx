// Invite someone to a team by email, as a member or an admin.
import { useIntl } from 'react-intl';
import { ChoiceSelect } from '../../components/ChoiceSelect.tsx';
import { useFieldWords } from '../../i18n/fieldWords.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormField, TextField } from '../../components/FormField.tsx';
import { INVITABLE_ROLES } from '../../lib/shared.ts';
import { useMutationDialog } from '../../lib/useMutationDialog.ts';
import { useInviteMember } from './hooks/teamInvitations.ts';
import { inviteSchema, type InviteInput } from './schemas.ts';

const DEFAULTS: InviteInput = { email: '', role: 'member' };

export function InviteMemberDialog({ teamId, open, onClose }: { teamId: number; open: boolean; onClose: () => void }) {
  const { form, dialog } = useMutationDialog({ open, onClose }, inviteSchema, DEFAULTS, useInviteMember(teamId));
  const { register, formState } = form;
  const intl = useIntl();
  const words = useFieldWords();
  const title = intl.formatMessage({ id: 'teams.invite' });
  // Each role by the catalogue's teams.invite.role.<role>.
  const roles = INVITABLE_ROLES.map((value) => ({ value, label: intl.formatMessage({ id: `teams.invite.role.${value}` }) }));
  return (
    <FormDialog {...dialog} title={title} submitLabel={title} pendingLabel={intl.formatMessage({ id: 'teams.inviting' })}>
      <TextField
        label={intl.formatMessage({ id: 'teams.invite.email' })}
        error={words(formState.errors.email)}
        type="email"
        placeholder="colleague@example.com"
        {...register('email')}
      />
      <FormField label={intl.formatMessage({ id: 'teams.invite.roleLabel' })} error={words(formState.errors.role)}>
        <ChoiceSelect {...register('role')} choices={roles} />
      </FormField>
    </FormDialog>
  );
}
