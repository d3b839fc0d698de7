// Invite someone to a team by email, as a member or an admin.
import { Stack } from '@chakra-ui/react';
import { ChoiceSelect } from '../../components/ChoiceSelect.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormField, TextField } from '../../components/FormField.tsx';
import { INVITABLE_ROLES } from '../../lib/shared.ts';
import { useDialogForm } from '../../lib/useDialogForm.ts';
import { useInviteMember } from './hooks.ts';
import { inviteSchema, type InviteInput, type InviteValues } from './schemas.ts';

const DEFAULTS: InviteInput = { email: '', role: 'member' };
const ROLE_LABELS: Record<(typeof INVITABLE_ROLES)[number], string> = { member: 'Member', admin: 'Admin' };
const ROLES = INVITABLE_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));

export function InviteMemberDialog({ teamId, open, onClose }: { teamId: number; open: boolean; onClose: () => void }) {
  const invite = useInviteMember(teamId);
  const { register, handleSubmit, formState } = useDialogForm<InviteInput, InviteValues>(open, inviteSchema, DEFAULTS);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Invite Member"
      onSubmit={handleSubmit((values) => invite.mutate(values, { onSuccess: onClose }))}
      submitLabel="Invite Member"
      pendingLabel="Inviting..."
      pending={invite.isPending}
    >
      <Stack gap="4">
        <TextField label="Email" error={formState.errors.email?.message} type="email" placeholder="colleague@example.com" {...register('email')} />
        <FormField label="Role">
          <ChoiceSelect {...register('role')} choices={ROLES} />
        </FormField>
      </Stack>
    </FormDialog>
  );
}
