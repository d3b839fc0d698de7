// Where an event type's meetings take place: the host adds kinds (one of each), fills in each kind's
// field and removes them. The form's schema (eventTypeSchema's `locations`, the shared
// eventLocationsSchema) checks them; no places means the booking page says "Video Conference".
import { useRef, useState } from 'react';
import { Box, Button, Fieldset, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Trash2 } from 'lucide-react';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { useFieldWords } from '../../i18n/fieldWords.ts';
import { ChoiceSelect } from '../../components/ChoiceSelect.tsx';
import { FormField, TextField } from '../../components/FormField.tsx';
import { AccountNeeded, zoomAccount } from '../calendars/index.ts';
import { LOCATION_KINDS, newLocation, type EventLocation, type LocationKind } from '../../lib/places.ts';
import type { EventTypeFormInput } from './schemas.ts';

/** What a kind without a field of its own tells the host (the catalogue's places.editor.note.<kind>). */
const NOTED_KINDS = ['phone_host_calls', 'google_meet', 'zoom'] as const;
const isNoted = (kind: LocationKind): kind is (typeof NOTED_KINDS)[number] => (NOTED_KINDS as readonly string[]).includes(kind);

/** Zoom meetings need the host's Zoom account: until it is connected, the place says so and where to connect it. */
function ZoomNote() {
  const connection = zoomAccount.useConnection();
  return (
    <Stack gap="1">
      <Text fontSize="sm" color="fg.muted">
        <FormattedMessage id="places.editor.note.zoom" />
      </Text>
      {connection.isSuccess && !connection.data ? (
        <AccountNeeded provider="zoom" color="orange.fg" link={<FormattedMessage id="places.editor.connectZoom" />}>
          <FormattedMessage id="places.editor.zoomMissing" />
        </AccountNeeded>
      ) : null}
    </Stack>
  );
}

type PlaceErrors = Partial<Record<'address' | 'number' | 'url' | 'server', { message?: string }>>;

/** The one field a kind has, if any: its label, name, and how it reads. */
function PlaceField({ index, place, register, error }: { index: number; place: EventLocation; register: UseFormRegister<EventTypeFormInput>; error?: PlaceErrors }) {
  const intl = useIntl();
  const words = useFieldWords();
  switch (place.kind) {
    case 'in_person':
      return (
        <TextField
          label={intl.formatMessage({ id: 'places.editor.address' })}
          error={words(error?.address)}
          autoComplete="street-address"
          {...register(`locations.${index}.address`)}
        />
      );
    case 'phone_guest_calls':
      return (
        <TextField
          label={intl.formatMessage({ id: 'places.editor.hostPhone' })}
          type="tel"
          placeholder="+1 415 555 0100"
          helper={intl.formatMessage({ id: 'places.editor.hostPhoneHelp' })}
          error={words(error?.number)}
          {...register(`locations.${index}.number`)}
        />
      );
    case 'link':
      return (
        <TextField label={intl.formatMessage({ id: 'places.editor.link' })} type="url" placeholder="https://" error={words(error?.url)} {...register(`locations.${index}.url`)} />
      );
    case 'jitsi':
      return (
        <TextField
          label={intl.formatMessage({ id: 'places.editor.jitsiServer' })}
          helper={intl.formatMessage({ id: 'places.editor.jitsiHelp' })}
          error={words(error?.server)}
          {...register(`locations.${index}.server`)}
        />
      );
    case 'zoom':
      return <ZoomNote />;
    default:
      return isNoted(place.kind) ? (
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id={`places.editor.note.${place.kind}`} />
        </Text>
      ) : null;
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
  const intl = useIntl();
  const words = useFieldWords();
  // Each kind by its name on the host's screens (places.<kind>, as the booking cards say it).
  const kindName = (kind: LocationKind) => intl.formatMessage({ id: `places.${kind}` });
  const listError = words(errors.locations?.message ? errors.locations : errors.locations?.root);
  return (
    <Fieldset.Root invalid={Boolean(listError)}>
      <Fieldset.Legend>{intl.formatMessage({ id: 'places.editor.legend' })}</Fieldset.Legend>
      <Fieldset.HelperText>{intl.formatMessage({ id: 'places.editor.help' })}</Fieldset.HelperText>
      <Stack as="ul" listStyleType="none" gap="2">
        {fields.map((field, index) => {
          const label = kindName(field.kind);
          return (
            <Box as="li" key={field.id} aria-label={label} borderWidth="1px" borderRadius="md" p="3">
              <Stack gap="2">
                <HStack justify="space-between">
                  <Text fontWeight="medium">{label}</Text>
                  <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={intl.formatMessage({ id: 'places.editor.remove' }, { place: label })} onClick={() => removeAt(index)}>
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
          <FormField label={intl.formatMessage({ id: 'places.editor.add' })}>
            <ChoiceSelect
              ref={adder}
              value={chosen}
              onChange={(event) => setPicked(event.target.value as LocationKind)}
              choices={available.map((kind) => ({ value: kind, label: kindName(kind) }))}
            />
          </FormField>
          <Button variant="outline" onClick={() => append(newLocation(chosen), { shouldFocus: true })}>
            {intl.formatMessage({ id: 'places.editor.addButton' })}
          </Button>
        </HStack>
      ) : null}
    </Fieldset.Root>
  );
}
