// Where an event type's meetings take place: the host adds kinds (one of each), fills in each kind's
// field and removes them. The form's schema (eventTypeSchema's `locations`, the shared
// eventLocationsSchema) checks them; no places means the booking page says "Video Conference".
import { useRef, useState } from 'react';
import { Box, Button, Fieldset, HStack, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { Trash2 } from 'lucide-react';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { ChoiceSelect } from '../../components/ChoiceSelect.tsx';
import { FormField, TextField } from '../../components/FormField.tsx';
import { useZoomConnection, ZOOM_SECTION_ID } from '../calendars/index.ts';
import { LOCATION_KINDS, LOCATION_LABELS, newLocation, type EventLocation, type LocationKind } from '../../lib/places.ts';
import type { EventTypeFormInput } from './schemas.ts';

/** What a kind without a field of its own tells the host. */
const KIND_NOTES: Partial<Record<LocationKind, string>> = {
  phone_host_calls: 'The guest gives their phone number when booking, and you call them.',
  google_meet: "A Meet link is created with the booking's event in your connected Google Calendar.",
  zoom: 'A Zoom meeting is created for each booking through your connected Zoom account.',
};

/** Zoom meetings need the host's Zoom account: until it is connected, the place says so and where to connect it. */
function ZoomNote() {
  const connection = useZoomConnection();
  return (
    <Stack gap="1">
      <Text fontSize="sm" color="fg.muted">
        {KIND_NOTES.zoom}
      </Text>
      {connection.isSuccess && !connection.data ? (
        <Text fontSize="sm" color="orange.fg">
          Zoom is not connected yet, so bookings get no Zoom link.{' '}
          <Link asChild variant="underline">
            <RouterLink to={`/availability#${ZOOM_SECTION_ID}`}>Connect Zoom in Availability</RouterLink>
          </Link>
        </Text>
      ) : null}
    </Stack>
  );
}

type PlaceErrors = Partial<Record<'address' | 'number' | 'url' | 'server', { message?: string }>>;

/** The one field a kind has, if any: its label, name, and how it reads. */
function PlaceField({ index, place, register, error }: { index: number; place: EventLocation; register: UseFormRegister<EventTypeFormInput>; error?: PlaceErrors }) {
  switch (place.kind) {
    case 'in_person':
      return <TextField label="Address" error={error?.address?.message} autoComplete="street-address" {...register(`locations.${index}.address`)} />;
    case 'phone_guest_calls':
      return (
        <TextField
          label="Host phone number"
          type="tel"
          placeholder="+1 415 555 0100"
          helper="With its country code: the guest calls this number."
          error={error?.number?.message}
          {...register(`locations.${index}.number`)}
        />
      );
    case 'link':
      return <TextField label="Link" type="url" placeholder="https://" error={error?.url?.message} {...register(`locations.${index}.url`)} />;
    case 'jitsi':
      return (
        <TextField
          label="Jitsi server"
          helper="Each booking gets its own room on this server."
          error={error?.server?.message}
          {...register(`locations.${index}.server`)}
        />
      );
    case 'zoom':
      return <ZoomNote />;
    default:
      return (
        <Text fontSize="sm" color="fg.muted">
          {KIND_NOTES[place.kind]}
        </Text>
      );
  }
}

export function LocationsEditor({
  control,
  register,
  errors,
}: {
  control: Control<EventTypeFormInput>;
  register: UseFormRegister<EventTypeFormInput>;
  errors: FieldErrors<EventTypeFormInput>;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'locations' });
  const taken = new Set(fields.map((field) => field.kind));
  const available = LOCATION_KINDS.filter((kind) => !taken.has(kind));
  const [picked, setPicked] = useState<LocationKind>(available[0] ?? 'in_person');
  const chosen = available.includes(picked) ? picked : available[0];
  const adder = useRef<HTMLSelectElement>(null);
  // The removed place's button goes with it: the focus moves on to adding one, not off the dialog.
  const removeAt = (index: number) => {
    remove(index);
    requestAnimationFrame(() => adder.current?.focus());
  };
  const listError = errors.locations?.message ?? errors.locations?.root?.message;
  return (
    <Fieldset.Root invalid={Boolean(listError)}>
      <Fieldset.Legend>Locations</Fieldset.Legend>
      <Fieldset.HelperText>Where the meeting takes place. With none, guests see Video Conference; with several, they choose one.</Fieldset.HelperText>
      <Stack as="ul" listStyleType="none" gap="2">
        {fields.map((field, index) => {
          const label = LOCATION_LABELS[field.kind];
          return (
            <Box as="li" key={field.id} aria-label={label} borderWidth="1px" borderRadius="md" p="3">
              <Stack gap="2">
                <HStack justify="space-between">
                  <Text fontWeight="medium">{label}</Text>
                  <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={`Remove ${label}`} onClick={() => removeAt(index)}>
                    <Trash2 />
                  </IconButton>
                </HStack>
                <PlaceField index={index} place={field} register={register} error={errors.locations?.[index] as PlaceErrors | undefined} />
              </Stack>
            </Box>
          );
        })}
      </Stack>
      {listError ? <Fieldset.ErrorText>{listError}</Fieldset.ErrorText> : null}
      {chosen ? (
        <HStack align="end">
          <FormField label="Add a location">
            <ChoiceSelect
              ref={adder}
              value={chosen}
              onChange={(event) => setPicked(event.target.value as LocationKind)}
              choices={available.map((kind) => ({ value: kind, label: LOCATION_LABELS[kind] }))}
            />
          </FormField>
          <Button variant="outline" onClick={() => append(newLocation(chosen), { shouldFocus: true })}>
            Add
          </Button>
        </HStack>
      ) : null}
    </Fieldset.Root>
  );
}
