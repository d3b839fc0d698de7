// Create a team: name, slug and description.
import { Stack } from '@chakra-ui/react';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormField, TextField, TextAreaField } from '../../components/FormField.tsx';
import { FormSwitch } from '../../components/FormSwitch.tsx';
import { TimezoneSelect } from '../../components/TimezoneSelect.tsx';
import { slugify } from '../../lib/shared.ts';
import { useDialogForm } from '../../lib/useDialogForm.ts';
import { useCreateTeam } from './hooks.ts';
import { teamCreateSchema, type TeamCreateInput, type TeamCreateValues } from './schemas.ts';

const DEFAULTS: TeamCreateInput = { name: '', slug: '', description: '', timezone: 'UTC', isPublic: false };

/** The slug follows the name until the user edits the slug by hand (docs/product/validation.md). */
export function CreateTeamDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateTeam();
  const { register, control, handleSubmit, setValue, formState } = useDialogForm<TeamCreateInput, TeamCreateValues>(
    open,
    teamCreateSchema,
    DEFAULTS,
  );
  // Typing in the slug makes it dirty; following the name does not (setValue without shouldDirty).
  const name = register('name', {
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      if (!formState.dirtyFields.slug) setValue('slug', slugify(event.target.value), { shouldValidate: formState.isSubmitted });
    },
  });
  const slug = register('slug');
  const errors = formState.errors;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Create Team"
      onSubmit={handleSubmit((values) => create.mutate(values, { onSuccess: onClose }))}
      submitLabel="Create Team"
      pendingLabel="Creating..."
      pending={create.isPending}
    >
      <Stack gap="4">
        <TextField label="Team Name" error={errors.name?.message} placeholder="e.g. Sales Team" {...name} />
        <TextField label="Team URL" error={errors.slug?.message} helper={`${window.location.origin}/team/…`} placeholder="sales-team" {...slug} />
        <TextAreaField label="Description (optional)" {...register('description')} />
        <FormField label="Timezone">
          <TimezoneSelect {...register('timezone')} />
        </FormField>
        <FormSwitch control={control} name="isPublic" label="Public Team" />
      </Stack>
    </FormDialog>
  );
}
