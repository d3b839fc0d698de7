// Whether guests may book a standing series of this event type (docs/series.md): the frequencies they
// may choose and the most occurrences. No frequency ticked is no series (recurrence null); the count
// typed is kept meanwhile, so ticking one again brings it back. A paid or group event type cannot be
// booked as a series: the shared schema refuses the combination, and the fields say why beforehand.
import { useState } from 'react';
import { Checkbox, Fieldset, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useController, useWatch, type Control, type FieldErrors } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { FormField } from '../../components/FormField.tsx';
import { MAX_SERIES_COUNT, SERIES_FREQUENCIES, type SeriesFrequency } from '../../lib/shared.ts';
import type { EventTypeFormInput } from './schemas.ts';

/** A new series' default most occurrences: a quarter of weekly meetings. */
const DEFAULT_MAX_COUNT = 12;

export function RecurrenceFields({ control, errors }: { control: Control<EventTypeFormInput>; errors: FieldErrors<EventTypeFormInput> }) {
  const intl = useIntl();
  const { field } = useController({ control, name: 'recurrence' });
  const value = field.value ?? null;
  const [count, setCount] = useState(() => String(value?.maxCount ?? DEFAULT_MAX_COUNT));
  const price = useWatch({ control, name: 'priceCents' });
  const seats = useWatch({ control, name: 'seatsPerSlot' });
  const unbookable = Boolean((price && price > 0) || seats);
  const frequencies: SeriesFrequency[] = value?.frequencies ?? [];
  // A count that is not a whole number is NaN, which the schema refuses with its message.
  const countOf = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : Number.NaN);

  // The saved count when the form was reset to a saved event type, else what the host typed.
  const shown = value && !Object.is(value.maxCount, countOf(count)) ? String(value.maxCount) : count;

  const toggle = (frequency: SeriesFrequency, on: boolean) => {
    const next = SERIES_FREQUENCIES.filter((f) => (f === frequency ? on : frequencies.includes(f)));
    setCount(shown);
    field.onChange(next.length ? { frequencies: next, maxCount: countOf(shown) } : null);
  };
  const recurrenceErrors = errors.recurrence as { message?: string; maxCount?: { message?: string } } | undefined;
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="medium">{intl.formatMessage({ id: 'eventTypes.recurrence.legend' })}</Fieldset.Legend>
      <Fieldset.HelperText>{intl.formatMessage({ id: 'eventTypes.recurrence.help' })}</Fieldset.HelperText>
      <Stack gap="3" mt="2">
        {unbookable ? (
          <Text fontSize="sm" color={recurrenceErrors?.message ? 'red.fg' : 'fg.muted'} role={recurrenceErrors?.message ? 'alert' : undefined}>
            {intl.formatMessage({ id: 'eventTypes.recurrence.paidOrGroup' })}
          </Text>
        ) : null}
        <HStack gap="4" wrap="wrap">
          {SERIES_FREQUENCIES.map((frequency) => (
            <Checkbox.Root key={frequency} checked={frequencies.includes(frequency)} onCheckedChange={(details) => toggle(frequency, details.checked === true)}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{intl.formatMessage({ id: `eventTypes.recurrence.${frequency}` })}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </HStack>
        {frequencies.length ? (
          <FormField
            label={intl.formatMessage({ id: 'eventTypes.recurrence.maxCount' })}
            helper={intl.formatMessage({ id: 'eventTypes.recurrence.maxCountHelp' }, { max: MAX_SERIES_COUNT })}
            error={recurrenceErrors?.maxCount ? intl.formatMessage({ id: 'eventTypes.recurrence.maxCountError' }, { max: MAX_SERIES_COUNT }) : undefined}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={2}
              max={MAX_SERIES_COUNT}
              maxW="28"
              value={shown}
              onChange={(e) => {
                setCount(e.target.value);
                field.onChange({ frequencies, maxCount: countOf(e.target.value) });
              }}
              onBlur={field.onBlur}
            />
          </FormField>
        ) : null}
      </Stack>
    </Fieldset.Root>
  );
}
