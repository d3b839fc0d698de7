// The 'Advanced' section of the event type dialogs (personal and team): the event type's own buffers,
// notice, horizon, slot interval and booking limits, with the same choice lists as the availability
// settings. An empty choice means the default (the host's setting, or for a team none).
import { Button, Collapsible, SimpleGrid, Stack } from '@chakra-ui/react';
import { ChevronDown } from 'lucide-react';
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { BUFFER_OPTIONS, FUTURE_OPTIONS, NOTICE_OPTIONS, SLOT_INTERVAL_OPTIONS } from '../lib/choices.ts';
import { DAY_LIMIT_MAX, WEEK_LIMIT_MAX, type EventRulesInput } from '../lib/shared.ts';
import { nullableNumber } from '../lib/formValues.ts';
import { ChoiceSelect } from './ChoiceSelect.tsx';
import { FormField, TextField } from './FormField.tsx';

const interval = (value: unknown) => (value === 'duration' ? 'duration' : Number(value));

export function EventRulesFields<T extends FieldValues>({
  register,
  errors,
  defaultLabel,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** What an empty choice means here ('My availability setting', 'Team default: none'). */
  defaultLabel: string;
}) {
  const field = (name: keyof EventRulesInput) => name as Path<T>;
  const choice = (name: keyof EventRulesInput, label: string, options: { value: number; label: string }[]) => (
    <FormField label={label}>
      <ChoiceSelect {...register(field(name), { setValueAs: nullableNumber })} choices={options}>
        <option value="">{defaultLabel}</option>
      </ChoiceSelect>
    </FormField>
  );
  const limit = (name: 'maxBookingsPerDay' | 'maxBookingsPerWeek', label: string, max: number) => (
    <TextField
      label={label}
      error={(errors as FieldErrors<EventRulesInput>)[name]?.message}
      type="number"
      min={1}
      max={max}
      step={1}
      placeholder="No limit"
      {...register(field(name), { setValueAs: nullableNumber })}
    />
  );
  return (
    <Collapsible.Root>
      <Collapsible.Trigger asChild>
        <Button variant="plain" px="0" fontWeight="medium">
          Advanced <ChevronDown />
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Stack gap="4" pt="3">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            {choice('bufferBefore', 'Buffer before', BUFFER_OPTIONS)}
            {choice('bufferAfter', 'Buffer after', BUFFER_OPTIONS)}
            {choice('minimumNotice', 'Minimum notice', NOTICE_OPTIONS)}
            {choice('maxFutureBookings', 'Maximum future bookings', FUTURE_OPTIONS)}
          </SimpleGrid>
          <FormField label="Start times">
            <ChoiceSelect {...register(field('slotInterval'), { setValueAs: interval })} choices={SLOT_INTERVAL_OPTIONS} />
          </FormField>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            {limit('maxBookingsPerDay', 'Bookings per day', DAY_LIMIT_MAX)}
            {limit('maxBookingsPerWeek', 'Bookings per week', WEEK_LIMIT_MAX)}
          </SimpleGrid>
        </Stack>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
