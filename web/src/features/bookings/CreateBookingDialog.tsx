// Create Booking: a host (or team member) books a time for a guest.
import { SimpleGrid, Stack } from '@chakra-ui/react';
import type { UseMutationResult } from '@tanstack/react-query';
import { addMinutes } from 'date-fns';
import { ChoiceSelect } from '../../components/ChoiceSelect.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormField, TextField, TextAreaField } from '../../components/FormField.tsx';
import { HALF_HOUR_CHOICES } from '../../lib/time.ts';
import { notifyError } from '../../lib/toaster.ts';
import { useDialogForm } from '../../lib/useDialogForm.ts';
import { hostBookingDefaults, hostBookingFormSchema, type HostBookingInput, type HostBookingValues } from './schemas.ts';
import type { BookingBody } from './hooks.ts';

type Choice = { id: number; title: string; duration: number };

/**
 * The host's own booking (and, with team event types and a team mutation, a team booking): event type,
 * date, time in the host's browser time zone, guest details.
 */
export function CreateBookingDialog({
  open,
  onClose,
  eventTypes,
  mutation,
  team = false,
}: {
  open: boolean;
  onClose: () => void;
  eventTypes: Choice[];
  mutation: UseMutationResult<{ status: string }, unknown, BookingBody>;
  team?: boolean;
}) {
  const { register, handleSubmit, formState } = useDialogForm<HostBookingInput, HostBookingValues>(
    open,
    hostBookingFormSchema,
    hostBookingDefaults,
  );

  const submit = handleSubmit((values) => {
    if (!values.date || !values.time) {
      notifyError('Missing Information', 'Please select a date and time.');
      return;
    }
    const eventType = eventTypes.find((item) => item.id === values.eventTypeId);
    const start = new Date(`${values.date}T${values.time}:00`);
    const body: BookingBody = {
      ...(team ? { teamEventTypeId: values.eventTypeId } : { eventTypeId: values.eventTypeId }),
      guestName: values.guestName,
      guestEmail: values.guestEmail,
      guestPhone: values.guestPhone,
      guestCompany: values.guestCompany,
      notes: values.notes,
      startTime: start.toISOString(),
      endTime: addMinutes(start, eventType?.duration ?? 30).toISOString(),
    };
    mutation.mutate(body, { onSuccess: onClose });
  });

  const errors = formState.errors;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Create Booking"
      size="lg"
      onSubmit={submit}
      submitLabel="Create Booking"
      pendingLabel="Creating..."
      pending={mutation.isPending}
    >
      <Stack gap="4">
        <FormField label="Event Type" error={errors.eventTypeId?.message}>
          <ChoiceSelect
            placeholder="Select an event type"
            {...register('eventTypeId')}
            choices={eventTypes.map((eventType) => ({ value: eventType.id, label: `${eventType.title} (${eventType.duration} min)` }))}
          />
        </FormField>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <TextField label="Date" type="date" {...register('date')} />
          <FormField label="Time">
            <ChoiceSelect placeholder="Select a time" {...register('time')} choices={HALF_HOUR_CHOICES} />
          </FormField>
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <TextField label="Guest Name" error={errors.guestName?.message} {...register('guestName')} />
          <TextField label="Guest Email" error={errors.guestEmail?.message} type="email" {...register('guestEmail')} />
          <TextField label="Phone (optional)" type="tel" {...register('guestPhone')} />
          <TextField label="Company (optional)" {...register('guestCompany')} />
        </SimpleGrid>
        <TextAreaField label="Notes (optional)" {...register('notes')} />
      </Stack>
    </FormDialog>
  );
}
