// Create, edit or delete an event type.
import { useEffect, useState } from 'react';
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { AppDialog } from '../../components/AppDialog.tsx';
import { ChoiceSelect } from '../../components/ChoiceSelect.tsx';
import { ColorPicker } from '../../components/ColorPicker.tsx';
import { FormField, TextField, TextAreaField } from '../../components/FormField.tsx';
import { EventRulesFields } from '../../components/EventRulesFields.tsx';
import { FormSwitch } from '../../components/FormSwitch.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { eventRulesOf } from '../../lib/shared.ts';
import type { EventType } from '../../lib/types.ts';
import { DURATIONS, eventTypeDefaults, eventTypeSchema, type EventTypeInput, type EventTypeValues } from './schemas.ts';
import { useDeleteEventType, useSaveEventType } from './hooks.ts';

export const DELETE_CONFIRMATION = 'Are you sure you want to delete this event type? This action cannot be undone.';

/** Create (no `eventType`) or edit an event type; editing also offers delete behind a confirmation. */
export function EventTypeDialog({ open, onClose, eventType }: { open: boolean; onClose: () => void; eventType?: EventType | null }) {
  const save = useSaveEventType();
  const remove = useDeleteEventType();
  const [confirming, setConfirming] = useState(false);
  const { register, control, handleSubmit, reset, formState } = useForm<EventTypeInput, unknown, EventTypeValues>({
    resolver: zodResolver(eventTypeSchema),
    defaultValues: eventTypeDefaults,
  });

  // Every way out closes the delete confirmation too, so the dialog always opens without it.
  const close = () => {
    setConfirming(false);
    onClose();
  };

  useEffect(() => {
    if (!open) return;
    reset(
      eventType
        ? {
            title: eventType.title,
            description: eventType.description ?? '',
            duration: eventType.duration,
            color: eventType.color as EventTypeInput['color'],
            isActive: eventType.is_active,
            autoConfirm: eventType.auto_confirm,
            ...eventRulesOf(eventType),
          }
        : eventTypeDefaults,
    );
  }, [open, eventType, reset]);

  return (
    <AppDialog
      open={open}
      onClose={close}
      title={eventType ? 'Edit Event Type' : 'Create Event Type'}
      footer={
        <HStack justify="space-between" w="full">
          {eventType ? (
            <Button variant="ghost" colorPalette="red" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          ) : (
            <span />
          )}
          <HStack>
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <SubmitButton form="event-type-form" pending={save.isPending}>
              {eventType ? 'Save Changes' : 'Create Event Type'}
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
          <TextField label="Title" error={formState.errors.title?.message} placeholder="e.g. 30 Minute Meeting" {...register('title')} />
          <TextAreaField label="Description" placeholder="What is this meeting about?" {...register('description')} />
          <FormField label="Duration">
            <ChoiceSelect
              {...register('duration', { valueAsNumber: true })}
              choices={DURATIONS.map((minutes) => ({ value: minutes, label: `${minutes} minutes` }))}
            />
          </FormField>
          <Controller
            control={control}
            name="color"
            render={({ field }) => <ColorPicker value={field.value} onChange={field.onChange} />}
          />
          <FormSwitch
            control={control}
            name="autoConfirm"
            label={(checked) => (checked ? 'Auto-confirm bookings' : 'Manual approval required')}
          />
          <EventRulesFields register={register} errors={formState.errors} defaultLabel="My availability setting" />
          {confirming ? (
            <Box
              role="alertdialog"
              aria-label="Delete event type"
              borderWidth="1px"
              borderColor="red.muted"
              bg="red.subtle"
              p="3"
              borderRadius="md"
            >
              <Text mb="3">{DELETE_CONFIRMATION}</Text>
              <HStack>
                <Button
                  size="sm"
                  colorPalette="red"
                  disabled={remove.isPending}
                  onClick={() => eventType && remove.mutate(eventType.id, { onSuccess: close })}
                >
                  Yes, delete
                </Button>
                <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
                  Keep it
                </Button>
              </HStack>
            </Box>
          ) : null}
        </Stack>
      </form>
    </AppDialog>
  );
}
