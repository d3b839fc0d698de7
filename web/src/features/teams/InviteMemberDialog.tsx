import { useEffect } from 'react';
import { Button, CloseButton, Dialog, Input, NativeSelect, Portal, Stack } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormField } from '../../components/FormField.tsx';
import { useInviteMember } from './hooks.ts';
import { inviteSchema, type InviteInput, type InviteValues } from './schemas.ts';

const DEFAULTS: InviteInput = { email: '', role: 'member' };

export function InviteMemberDialog({ teamId, open, onClose }: { teamId: number; open: boolean; onClose: () => void }) {
  const invite = useInviteMember(teamId);
  const { register, handleSubmit, reset, formState } = useForm<InviteInput, unknown, InviteValues>({ resolver: zodResolver(inviteSchema), defaultValues: DEFAULTS });
  useEffect(() => {
    if (open) reset(DEFAULTS);
  }, [open, reset]);
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form noValidate onSubmit={handleSubmit((values) => invite.mutate(values, { onSuccess: onClose }))}>
              <Dialog.Header>
                <Dialog.Title>Invite Member</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
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
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>Cancel</Button>
                <Button type="submit" colorPalette="blue" disabled={invite.isPending}>
                  {invite.isPending ? 'Inviting...' : 'Invite Member'}
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
