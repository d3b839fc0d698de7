// Create a team: name, slug and description.
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useFieldWords } from '../../i18n/fieldWords.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormField, TextField, TextAreaField } from '../../components/FormField.tsx';
import { FormSwitch } from '../../components/FormSwitch.tsx';
import { TimezoneSelect } from '../../components/TimezoneSelect.tsx';
import { slugify } from '../../lib/shared.ts';
import { useMutationDialog } from '../../lib/useMutationDialog.ts';
import { useCurrentUser } from '../../lib/session.ts';
import { useCreateTeam } from './hooks/createTeam.ts';
import { teamCreateSchema, type TeamCreateInput } from './schemas.ts';
import { useSay } from '../../i18n/useSay.ts';

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
  const intl = useIntl();
  const say = useSay();
  const words = useFieldWords();
  return (
    <FormDialog {...dialog} title={say('teams.create')} submitLabel={say('teams.create')} pendingLabel={say('teams.creating')}>
      <TextField label={say('teams.form.name')} error={words(errors.name)} placeholder={say('teams.form.namePlaceholder')} {...name} />
      <TextField
        label={say('teams.form.url')}
        error={words(errors.slug)}
        helper={`${window.location.origin}/team/…`}
        placeholder={say('teams.form.urlPlaceholder')}
        {...register('slug')}
      />
      <TextAreaField label={intl.formatMessage({ id: 'common.optional' }, { label: say('teams.form.description') })} error={words(errors.description)} {...register('description')} />
      <FormField label={say('teams.form.timezone')}>
        <TimezoneSelect {...register('timezone')} />
      </FormField>
      <FormSwitch control={control} name="isPublic" label={say('teams.form.public')} />
    </FormDialog>
  );
}
