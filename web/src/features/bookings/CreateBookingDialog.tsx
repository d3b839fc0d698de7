// Create Booking: a host (or team member) books a time for a guest.
import { SimpleGrid } from '@chakra-ui/react';
import type { UseMutationResult } from '@tanstack/react-query';
import { addMinutes } from 'date-fns';
import { useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { ChoiceSelect } from '../../components/ChoiceSelect.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormField, TextField, TextAreaField } from '../../components/FormField.tsx';
import { publicLocations, type LocationKind } from '../../lib/places.ts';
import { halfHourChoices } from '../../lib/time.ts';
import { notifyError } from '../../lib/toaster.ts';
import { useMutationDialog } from '../../lib/useMutationDialog.ts';
import { useFieldWords } from '../../i18n/fieldWords.ts';
import { PLACE_RULE } from '../booking-flow/index.ts';
import { ruleWords } from '../../i18n/ruleWords.ts';
import { hostBookingDefaults, hostBookingFormSchema, type HostBookingValues } from './schemas.ts';
import type { BookingBody } from './hooks.ts';
import type { MessageId } from '../../i18n/catalogue.ts';

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
  const intl = useIntl();
  const say = intl.formatMessage;
  const fieldWords = useFieldWords();
  const toBody = (values: HostBookingValues): BookingBody | null => {
    if (!values.date || !values.time) {
      notifyError(say({ id: 'booking.toast.missing' }), say({ id: 'bookings.create.pickTime' }));
      return null;
    }
    const eventType = eventTypes.find((item) => item.id === values.eventTypeId);
    const places = placesOf(eventType);
    if (places.length > 1 && !places.includes(values.locationKind as LocationKind)) {
      notifyError(say({ id: 'booking.toast.missing' }), ruleWords(intl, PLACE_RULE));
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
  const optional = (label: MessageId) => say({ id: 'common.optional' }, { label: say({ id: label }) });
  return (
    <FormDialog
      {...dialog}
      title={say({ id: 'bookings.create' })}
      size="lg"
      submitLabel={say({ id: 'bookings.create' })}
      pendingLabel={say({ id: 'bookings.create.creating' })}
    >
      <FormField label={say({ id: 'bookings.create.eventType' })} error={fieldWords(errors.eventTypeId)}>
        <ChoiceSelect
          placeholder={say({ id: 'bookings.create.selectEventType' })}
          {...register('eventTypeId')}
          choices={eventTypes.map((eventType) => ({
            value: eventType.id,
            label: say({ id: 'bookings.create.eventTypeChoice' }, { title: eventType.title, duration: eventType.duration }),
          }))}
        />
      </FormField>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField label={say({ id: 'bookings.create.date' })} type="date" {...register('date')} />
        <FormField label={say({ id: 'bookings.create.time' })}>
          <ChoiceSelect placeholder={say({ id: 'bookings.create.selectTime' })} {...register('time')} choices={halfHourChoices()} />
        </FormField>
      </SimpleGrid>
      {places.length > 1 ? (
        <FormField label={say({ id: 'bookings.create.where' })}>
          <ChoiceSelect
            placeholder={say({ id: 'bookings.create.chooseWhere' })}
            {...register('locationKind')}
            choices={places.map((kind) => ({ value: kind, label: say({ id: `places.${kind}` }) }))}
          />
        </FormField>
      ) : null}
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField label={say({ id: 'bookings.create.guestName' })} error={fieldWords(errors.guestName)} {...register('guestName')} />
        <TextField label={say({ id: 'bookings.create.guestEmail' })} error={fieldWords(errors.guestEmail)} type="email" {...register('guestEmail')} />
        <TextField
          label={hostCalls ? say({ id: 'bookings.create.phone' }) : optional('bookings.create.phone')}
          required={hostCalls}
          helper={hostCalls ? say({ id: 'bookings.create.phoneHelp' }) : undefined}
          type="tel"
          {...register('guestPhone')}
        />
        <TextField label={optional('bookings.create.company')} {...register('guestCompany')} />
      </SimpleGrid>
      <TextAreaField label={optional('bookings.create.notes')} {...register('notes')} />
    </FormDialog>
  );
}
