import { useEffect } from 'react';
import { Button, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { AppDialog } from '../../components/AppDialog.tsx';
import { FormField } from '../../components/FormField.tsx';
import { useInviteMember } from './hooks.ts';
import { inviteSchema, type InviteInput, type InviteValues } from './schemas.ts';

const DEFAULTS: InviteInput = { email: '', role: 'member' };

export function InviteMemberDialog({ teamId, open, onClose }: { teamId: number; open: boolean; onClose: () => void }) {
  const invite = useInviteMember(teamId);
  const { register, handleSubmit, reset, formState } = useForm<InviteInput, unknown, InviteValues>({
    resolver: zodResolver(inviteSchema),
    defaultValues: DEFAULTS,
  });
  useEffect(() => {
    if (open) reset(DEFAULTS);
  }, [open, reset]);
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title="Invite Member"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="invite-member-form" colorPalette="blue" disabled={invite.isPending}>
            {invite.isPending ? 'Inviting...' : 'Invite Member'}
          </Button>
        </>
      }
    >
      <form id="invite-member-form" noValidate onSubmit={handleSubmit((values) => invite.mutate(values, { onSuccess: onClose }))}>
        <Stack gap="4">
          <FormField label="Email" error={formState.errors.email?.message}>
            <Input type="email" placeholder="colleague@example.com" {...register('email')} />
          </FormField>
          <FormField label="Role">
            <NativeSelect.Root>
              <NativeSelect.Field {...register('role')}>
                <option value="member">Member</option>
                <option value="admin">Admin</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        </Stack>
      </form>
    </AppDialog>
  );
}
