// Create or edit a team's meeting type, with its assignment strategy.
import { Controller, useWatch } from 'react-hook-form';
import { ChoiceSelect } from '../../components/ChoiceSelect.tsx';
import { ColorPicker } from '../../components/ColorPicker.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormField, TextField, TextAreaField } from '../../components/FormField.tsx';
import { EventRulesFields } from '../../components/EventRulesFields.tsx';
import { FormSwitch } from '../../components/FormSwitch.tsx';
import { useMutationDialog } from '../../lib/useMutationDialog.ts';
import type { TeamMember } from '../../lib/types.ts';
import { eventTypeDefaults } from '../event-types/index.ts';
import { useCreateTeamEventType } from './hooks.ts';
import { memberChoices } from './members.ts';
import { ASSIGNMENT_LABELS, teamEventTypeSchema, type TeamEventTypeInput } from './schemas.ts';

// docs/product/validation.md: the personal event type's defaults, not requiring all members, round robin.
const DEFAULTS: TeamEventTypeInput = {
  ...eventTypeDefaults,
  requiresAllMembers: false,
  assignmentType: 'round_robin',
  specificMemberId: null,
};

export function TeamEventTypeDialog({
  teamId,
  members,
  open,
  onClose,
}: {
  teamId: number;
  members: TeamMember[];
  open: boolean;
  onClose: () => void;
}) {
  const { form, dialog } = useMutationDialog({ open, onClose }, teamEventTypeSchema, DEFAULTS, useCreateTeamEventType(teamId));
  const { register, control, formState } = form;
  const assignment = useWatch({ control, name: 'assignmentType' });
  const errors = formState.errors;
  return (
    <FormDialog {...dialog} title="Create Event Type" submitLabel="Create Event Type">
      <TextField label="Title" error={errors.title?.message} {...register('title')} />
      <TextAreaField label="Description" {...register('description')} />
      <TextField
        label="Duration (minutes)"
        error={errors.duration?.message}
        type="number"
        min={15}
        step={15}
        {...register('duration', { valueAsNumber: true })}
      />
      <Controller control={control} name="color" render={({ field }) => <ColorPicker value={field.value} onChange={field.onChange} />} />
      <FormField label="Assignment">
        <ChoiceSelect
          {...register('assignmentType')}
          choices={Object.entries(ASSIGNMENT_LABELS).map(([value, label]) => ({ value, label }))}
        />
      </FormField>
      {assignment === 'specific_member' ? (
        <FormField label="Team member" error={errors.specificMemberId?.message}>
          <ChoiceSelect
            placeholder="Select a member"
            {...register('specificMemberId', { setValueAs: (value: string) => value || null })}
            choices={memberChoices(members)}
          />
        </FormField>
      ) : null}
      <FormSwitch control={control} name="autoConfirm" label="Auto-confirm bookings" />
      <FormSwitch control={control} name="requiresAllMembers" label="Requires all members" />
      <EventRulesFields register={register} errors={errors} defaultLabel="Team default (none)" />
    </FormDialog>
  );
}
