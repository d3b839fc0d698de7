// Create a team: name, slug and description.
import { useMemo } from 'react';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormField, TextField, TextAreaField } from '../../components/FormField.tsx';
import { FormSwitch } from '../../components/FormSwitch.tsx';
import { TimezoneSelect } from '../../components/TimezoneSelect.tsx';
import { slugify } from '../../lib/shared.ts';
import { useMutationDialog } from '../../lib/useMutationDialog.ts';
import { useCurrentUser } from '../../lib/session.ts';
import { useCreateTeam } from './hooks/createTeam.ts';
import { teamCreateSchema, type TeamCreateInput } from './schemas.ts';

const DEFAULTS: TeamCreateInput = { name: '', slug: '', description: '', timezone: 'UTC', isPublic: false };

/** The slug follows the name until the user edits the slug by hand (docs/product/validation.md). */
export function CreateTeamDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { data: user } = useCurrentUser();
  // A new team starts in its owner's time zone.
  const timezone = user?.timezone ?? DEFAULTS.timezone;
  const defaults = useMemo(() => ({ ...DEFAULTS, timezone }), [timezone]);
  const { form, dialog } = useMutationDialog({ open, onClose }, teamCreateSchema, defaults, useCreateTeam());
  const { register, control, setValue, formState } = form;
  // Typing in the slug makes it dirty; following the name does not (setValue without shouldDirty).
  const name = register('name', {
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      if (!formState.dirtyFields.slug) setValue('slug', slugify(event.target.value), { shouldValidate: formState.isSubmitted });
    },
  });
  const errors = formState.errors;
  return (
    <FormDialog {...dialog} title="Create Team" submitLabel="Create Team" pendingLabel="Creating...">
      <TextField label="Team Name" error={errors.name?.message} placeholder="e.g. Sales Team" {...name} />
      <TextField label="Team URL" error={errors.slug?.message} helper={`${window.location.origin}/team/…`} placeholder="sales-team" {...register('slug')} />
      <TextAreaField label="Description (optional)" {...register('description')} />
      <FormField label="Timezone">
        <TimezoneSelect {...register('timezone')} />
      </FormField>
      <FormSwitch control={control} name="isPublic" label="Public Team" />
    </FormDialog>
  );
}
