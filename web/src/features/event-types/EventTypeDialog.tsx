// Create, edit or delete an event type, a host's or a team's: one form, its duration and assignment
// fields by owner (a host picks one of the durations; a team types a multiple of 15 and chooses how a
// booking finds its member), and for both the guest's form (QuestionBuilder.tsx).
import { useEffect, useState } from 'react';
import { Button, Fieldset, HStack, Stack } from '@chakra-ui/react';
import { Controller, useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { useRuleForm } from '../../lib/ruleResolver.ts';
import { useFieldWords } from '../../i18n/fieldWords.ts';
import { assignmentName } from '../../lib/assignmentName.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { ChoiceSelect, type Choice } from '../../components/ChoiceSelect.tsx';
import { ColorPicker } from '../../components/ColorPicker.tsx';
import { ConfirmInline } from '../../components/ConfirmInline.tsx';
import { FormField, TextField, TextAreaField } from '../../components/FormField.tsx';
import { EventRulesFields } from '../../components/EventRulesFields.tsx';
import { FormSwitch } from '../../components/FormSwitch.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { isTeamOwner, type Owner } from '../../lib/owner.ts';
import { nullableNumber } from '../../lib/formValues.ts';
import { ASSIGNMENT_TYPES, DEFAULT_GUEST_FIELDS, eventRulesOf, MAX_EXTRA_ATTENDEES, MAX_SEATS_PER_SLOT, type GuestFieldsConfig, type Question } from '../../lib/shared.ts';
import type { EventLocation } from '../../lib/places.ts';
import type { EventType } from '../../lib/types.ts';
import { LocationsEditor } from './LocationsEditor.tsx';
import { GuestFieldsEditor, QuestionList } from './QuestionBuilder.tsx';
import { PriceFields } from './PriceFields.tsx';
import { RecurrenceFields } from './RecurrenceFields.tsx';
import {
  DURATIONS,
  eventTypeDefaults,
  eventTypeSchema,
  teamEventTypeDefaults,
  teamEventTypeSchema,
  type EventTypeFormInput,
  type EventTypeFormValues,
} from './schemas.ts';
import { useDeleteEventType, useSaveEventType } from './hooks.ts';
import { useSay } from '../../i18n/useSay.ts';

/** The form's values of a saved event type. */
function valuesOf(eventType: EventType): EventTypeFormInput {
  return {
    title: eventType.title,
    description: eventType.description ?? '',
    duration: eventType.duration,
    color: eventType.color as EventTypeFormInput['color'],
    isActive: eventType.is_active,
    autoConfirm: eventType.auto_confirm,
    requiresAllMembers: eventType.requires_all_members ?? false,
    assignmentType: eventType.assignment_type ?? 'round_robin',
    specificMemberId: eventType.specific_member_id,
    locations: eventType.locations as EventLocation[],
    questions: (eventType.questions as Question[] | null) ?? [],
    guestFields: { ...DEFAULT_GUEST_FIELDS, ...(eventType.guest_fields as Partial<GuestFieldsConfig> | null) },
    maxExtraAttendees: eventType.max_extra_attendees ?? 0,
    seatsPerSlot: eventType.seats_per_slot,
    priceCents: eventType.price_cents,
    currency: eventType.currency as EventTypeFormInput['currency'],
    lateCancelRefundPercent: eventType.late_cancel_refund_percent,
    recurrence: eventType.recurrence_max_count ? { frequencies: eventType.recurrence_frequencies ?? [], maxCount: eventType.recurrence_max_count } : null,
    ...eventRulesOf(eventType),
  };
}

/**
 * Create (no `eventType`) or edit an event type of `owner`; editing also offers delete behind a
 * confirmation. A team's form offers its members (`members`) for the specific-member strategy.
 */
export function EventTypeDialog({
  owner,
  open,
  onClose,
  eventType,
  members = [],
}: {
  owner: Owner;
  open: boolean;
  onClose: () => void;
  eventType?: EventType | null;
  members?: Choice[];
}) {
  const team = isTeamOwner(owner);
  const save = useSaveEventType(owner);
  const remove = useDeleteEventType(owner);
  const [confirming, setConfirming] = useState(false);
  const defaults = team ? teamEventTypeDefaults : eventTypeDefaults;
  const { register, control, handleSubmit, reset, formState, setValue } = useRuleForm<EventTypeFormInput, EventTypeFormValues>(
    (team ? teamEventTypeSchema : eventTypeSchema) as never,
    defaults,
  );
  const assignment = useWatch({ control, name: 'assignmentType' });
  const errors = formState.errors;
  const intl = useIntl();
  const say = useSay();
  const words = useFieldWords();
  // The keys the saved questions have: answers, links and exports already use them, so they stay put.
  const savedKeys = ((eventType?.questions as Question[] | null) ?? []).map((q) => q.slug);

  // Every way out closes the delete confirmation too, so the dialog always opens without it.
  const close = () => {
    setConfirming(false);
    onClose();
  };

  useEffect(() => {
    if (open) reset(eventType ? valuesOf(eventType) : defaults);
  }, [open, eventType, reset, defaults]);

  return (
    <AppDialog
      open={open}
      onClose={close}
      title={say(eventType ? 'eventType.edit' : 'teams.eventTypes.create')}
      footer={
        <HStack justify="space-between" w="full">
          {eventType ? (
            <Button variant="ghost" colorPalette="red" onClick={() => setConfirming(true)}>
              {say('eventType.delete')}
            </Button>
          ) : (
            <span />
          )}
          <HStack>
            <Button variant="outline" onClick={close}>
              {say('common.cancel')}
            </Button>
            <SubmitButton form="event-type-form" pending={save.isPending}>
              {say(eventType ? 'teams.form.save' : 'teams.eventTypes.create')}
            </SubmitButton>
          </HStack>
        </HStack>
      }
    >
      <form
        id="event-type-form"
        noValidate
        onSubmit={handleSubmit((values) => save.mutate({ id: eventType?.id, values }, { onSuccess: close }))}
      >
        <Stack gap="4">
          <TextField label={say('eventType.title')} error={words(errors.title)} placeholder={team ? undefined : say('eventType.titlePlaceholder')} {...register('title')} />
          <TextAreaField
            label={say('teams.form.description')}
            error={words(errors.description)}
            placeholder={team ? undefined : say('eventType.descriptionPlaceholder')}
            {...register('description')}
          />
          {team ? (
            <TextField
              label={say('eventType.durationMinutes')}
              error={words(errors.duration)}
              type="number"
              min={15}
              step={15}
              {...register('duration', { valueAsNumber: true })}
            />
          ) : (
            <FormField label={say('eventType.duration')}>
              <ChoiceSelect
                {...register('duration', { valueAsNumber: true })}
                choices={DURATIONS.map((minutes) => ({ value: minutes, label: intl.formatMessage({ id: 'common.minutes' }, { minutes }) }))}
              />
            </FormField>
          )}
          <Controller control={control} name="color" render={({ field }) => <ColorPicker value={field.value} onChange={field.onChange} />} />
          {team ? (
            <FormField label={say('eventType.assignment')}>
              <ChoiceSelect {...register('assignmentType')} choices={ASSIGNMENT_TYPES.map((value) => ({ value, label: assignmentName(intl, value) }))} />
            </FormField>
          ) : null}
          {team && assignment === 'specific_member' ? (
            <FormField label={say('eventType.member')} error={words(errors.specificMemberId)}>
              <ChoiceSelect
                placeholder={say('eventType.memberPlaceholder')}
                {...register('specificMemberId', { setValueAs: (value: string) => value || null })}
                choices={members}
              />
            </FormField>
          ) : null}
          <LocationsEditor control={control} register={register} errors={errors} />
          {/* A team's guests pay its owner's account (the price-payee rule of the payments migration). */}
          <PriceFields control={control} errors={errors} setValue={setValue} teamId={team ? owner.teamId : undefined} />
          <TextField
            label={say('eventType.seats')}
            helper={say('eventType.seatsHelp')}
            error={words(errors.seatsPerSlot)}
            type="number"
            min={2}
            max={MAX_SEATS_PER_SLOT}
            step={1}
            placeholder="1"
            {...register('seatsPerSlot', { setValueAs: nullableNumber })}
          />
          <RecurrenceFields control={control} errors={errors} />
          <Fieldset.Root>
            <Fieldset.Legend fontWeight="medium">{say('eventType.bookingForm')}</Fieldset.Legend>
            <Stack gap="4" mt="2">
              <Controller control={control} name="guestFields" render={({ field }) => <GuestFieldsEditor value={{ ...DEFAULT_GUEST_FIELDS, ...field.value }} onChange={field.onChange} />} />
              <Controller
                control={control}
                name="questions"
                render={({ field }) => <QuestionList value={(field.value ?? []) as Question[]} onChange={field.onChange} errors={errors.questions} saved={savedKeys} />}
              />
              <TextField
                label={say('eventType.guests')}
                helper={say('eventType.guestsHelp')}
                error={words(errors.maxExtraAttendees)}
                type="number"
                min={0}
                max={MAX_EXTRA_ATTENDEES}
                {...register('maxExtraAttendees', { valueAsNumber: true })}
              />
            </Stack>
          </Fieldset.Root>
          <FormSwitch
            control={control}
            name="autoConfirm"
            label={team ? say('eventType.autoConfirm') : (checked) => say(checked ? 'eventType.autoConfirm' : 'eventType.manual')}
          />
          {team ? <FormSwitch control={control} name="requiresAllMembers" label={say('eventType.allMembers')} /> : null}
          <EventRulesFields register={register} errors={errors} defaultLabel={say(team ? 'eventType.teamDefault' : 'eventType.mySetting')} />
          {confirming ? (
            <ConfirmInline
              label={say('eventType.deleteLabel')}
              confirmLabel={say('eventType.deleteYes')}
              busy={remove.isPending}
              onConfirm={() => eventType && remove.mutate(eventType.id, { onSuccess: close })}
              onKeep={() => setConfirming(false)}
            >
              {say('eventType.deleteConfirm')}
            </ConfirmInline>
          ) : null}
        </Stack>
      </form>
    </AppDialog>
  );
}
