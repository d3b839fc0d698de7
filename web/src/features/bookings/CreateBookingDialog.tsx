// Create Booking: a host (or team member) books a time for a guest.
import { SimpleGrid } from '@chakra-ui/react';
import type { UseMutationResult } from '@tanstack/react-query';
import { addMinutes } from 'date-fns';
import { useWatch } from 'react-hook-form';
import { ChoiceSelect } from '../../components/ChoiceSelect.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormField, TextField, TextAreaField } from '../../components/FormField.tsx';
import { LOCATION_LABELS, publicLocations, type LocationKind } from '../../lib/places.ts';
import { halfHourChoices } from '../../lib/time.ts';
import { notifyError } from '../../lib/toaster.ts';
import { useMutationDialog } from '../../lib/useMutationDialog.ts';
import { hostBookingDefaults, hostBookingFormSchema, type HostBookingValues } from './schemas.ts';
import type { BookingBody } from './hooks.ts';

type Choice = { id: number; title: string; duration: number; locations?: unknown };

/** The event type's places' kinds, in its order. */
const placesOf = (eventType: Choice | undefined) => publicLocations(eventType?.locations).map((place) => place.kind);

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
    const places = placesOf(eventType);
    if (places.length > 1 && !places.includes(values.locationKind as LocationKind)) {
      notifyError('Missing Information', 'Please choose where to meet.');
      return null;
    }
    const start = new Date(`${values.date}T${values.time}:00`);
    return {
      ...(team ? { teamEventTypeId: values.eventTypeId } : { eventTypeId: values.eventTypeId }),
      guestName: values.guestName,
      guestEmail: values.guestEmail,
      guestPhone: values.guestPhone,
      guestCompany: values.guestCompany,
      notes: values.notes,
      ...(places.length > 1 ? { locationKind: values.locationKind } : {}),
      startTime: start.toISOString(),
      endTime: addMinutes(start, eventType?.duration ?? 30).toISOString(),
    };
  };
  const { form, dialog } = useMutationDialog({ open, onClose }, hostBookingFormSchema, hostBookingDefaults, mutation, toBody);
  const { register, formState } = form;
  const errors = formState.errors;
  const chosenId = Number(useWatch({ control: form.control, name: 'eventTypeId' }));
  const places = placesOf(eventTypes.find((item) => item.id === chosenId));
  const pickedPlace = useWatch({ control: form.control, name: 'locationKind' });
  const hostCalls = (places.length === 1 ? places[0] : pickedPlace) === 'phone_host_calls';
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
      {places.length > 1 ? (
        <FormField label="Where">
          <ChoiceSelect placeholder="Choose where to meet" {...register('locationKind')} choices={places.map((kind) => ({ value: kind, label: LOCATION_LABELS[kind] }))} />
        </FormField>
      ) : null}
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField label="Guest Name" error={errors.guestName?.message} {...register('guestName')} />
        <TextField label="Guest Email" error={errors.guestEmail?.message} type="email" {...register('guestEmail')} />
        <TextField
          label={hostCalls ? 'Phone' : 'Phone (optional)'}
          required={hostCalls}
          helper={hostCalls ? 'You call the guest: with the country code' : undefined}
          type="tel"
          {...register('guestPhone')}
        />
        <TextField label="Company (optional)" {...register('guestCompany')} />
      </SimpleGrid>
      <TextAreaField label="Notes (optional)" {...register('notes')} />
    </FormDialog>
  );
}
