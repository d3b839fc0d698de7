// Create Booking: a host (or team member) books a time for a guest.
import { SimpleGrid } from '@chakra-ui/react';
import type { UseMutationResult } from '@tanstack/react-query';
import { addMinutes } from 'date-fns';
import { ChoiceSelect } from '../../components/ChoiceSelect.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormField, TextField, TextAreaField } from '../../components/FormField.tsx';
import { halfHourChoices } from '../../lib/time.ts';
import { notifyError } from '../../lib/toaster.ts';
import { useMutationDialog } from '../../lib/useMutationDialog.ts';
import { hostBookingDefaults, hostBookingFormSchema, type HostBookingValues } from './schemas.ts';
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
  const toBody = (values: HostBookingValues): BookingBody | null => {
    if (!values.date || !values.time) {
      notifyError('Missing Information', 'Please select a date and time.');
      return null;
    }
    const eventType = eventTypes.find((item) => item.id === values.eventTypeId);
    const start = new Date(`${values.date}T${values.time}:00`);
    return {
      ...(team ? { teamEventTypeId: values.eventTypeId } : { eventTypeId: values.eventTypeId }),
      guestName: values.guestName,
      guestEmail: values.guestEmail,
      guestPhone: values.guestPhone,
      guestCompany: values.guestCompany,
      notes: values.notes,
      startTime: start.toISOString(),
      endTime: addMinutes(start, eventType?.duration ?? 30).toISOString(),
    };
  };
  const { form, dialog } = useMutationDialog({ open, onClose }, hostBookingFormSchema, hostBookingDefaults, mutation, toBody);
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <FormDialog {...dialog} title="Create Booking" size="lg" submitLabel="Create Booking" pendingLabel="Creating...">
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
          <ChoiceSelect placeholder="Select a time" {...register('time')} choices={halfHourChoices()} />
        </FormField>
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField label="Guest Name" error={errors.guestName?.message} {...register('guestName')} />
        <TextField label="Guest Email" error={errors.guestEmail?.message} type="email" {...register('guestEmail')} />
        <TextField label="Phone (optional)" type="tel" {...register('guestPhone')} />
        <TextField label="Company (optional)" {...register('guestCompany')} />
      </SimpleGrid>
      <TextAreaField label="Notes (optional)" {...register('notes')} />
    </FormDialog>
  );
}
