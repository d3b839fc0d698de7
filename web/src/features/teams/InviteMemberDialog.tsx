// Invite someone to a team by email, as a member or an admin.
import { ChoiceSelect } from '../../components/ChoiceSelect.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormField, TextField } from '../../components/FormField.tsx';
import { INVITABLE_ROLES } from '../../lib/shared.ts';
import { useMutationDialog } from '../../lib/useMutationDialog.ts';
import { useInviteMember } from './hooks/teamInvitations.ts';
import { inviteSchema, type InviteInput } from './schemas.ts';

const DEFAULTS: InviteInput = { email: '', role: 'member' };
const ROLE_LABELS: Record<(typeof INVITABLE_ROLES)[number], string> = { member: 'Member', admin: 'Admin' };
const ROLES = INVITABLE_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));

export function InviteMemberDialog({ teamId, open, onClose }: { teamId: number; open: boolean; onClose: () => void }) {
  const { form, dialog } = useMutationDialog({ open, onClose }, inviteSchema, DEFAULTS, useInviteMember(teamId));
  const { register, formState } = form;
  return (
    <FormDialog {...dialog} title="Invite Member" submitLabel="Invite Member" pendingLabel="Inviting...">
      <TextField label="Email" error={formState.errors.email?.message} type="email" placeholder="colleague@example.com" {...register('email')} />
      <FormField label="Role">
        <ChoiceSelect {...register('role')} choices={ROLES} />
      </FormField>
    </FormDialog>
  );
}
