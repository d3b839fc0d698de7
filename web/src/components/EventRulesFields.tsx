// The 'Advanced' section of the event type dialogs (personal and team): the event type's own buffers,
// notice, horizon, slot interval and booking limits, with the same choice lists as the availability
// settings. An empty choice means the default (the host's setting, or for a team none).
import { Button, Collapsible, SimpleGrid, Stack } from '@chakra-ui/react';
import { ChevronDown } from 'lucide-react';
import { useIntl } from 'react-intl';
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { DAY_LIMIT_MAX, SLOT_INTERVALS, WEEK_LIMIT_MAX, type EventRulesInput } from '../lib/shared.ts';
import { useFieldWords } from '../i18n/fieldWords.ts';
import { useSchedulingChoices } from './schedulingChoices.ts';
import { nullableNumber } from '../lib/formValues.ts';
import { ChoiceSelect } from './ChoiceSelect.tsx';
import { FormField, TextField } from './FormField.tsx';
import { useSay } from '../i18n/useSay.ts';

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
  const intl = useIntl();
  const say = useSay();
  const words = useFieldWords();
  const choices = useSchedulingChoices();
  const intervals = SLOT_INTERVALS.map((value) => ({ value, label: intl.formatMessage({ id: 'eventType.interval' }, { interval: String(value) }) }));
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
      error={words((errors as FieldErrors<EventRulesInput>)[name])}
      type="number"
      min={1}
      max={max}
      step={1}
      placeholder={say('eventType.noLimit')}
      {...register(field(name), { setValueAs: nullableNumber })}
    />
  );
  return (
    <Collapsible.Root>
      <Collapsible.Trigger asChild>
        <Button variant="plain" px="0" fontWeight="medium">
          {say('eventType.advanced')} <ChevronDown />
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Stack gap="4" pt="3">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            {choice('bufferBefore', say('rules.bufferBefore'), choices.buffer)}
            {choice('bufferAfter', say('rules.bufferAfter'), choices.buffer)}
            {choice('minimumNotice', say('rules.minimumNotice'), choices.notice)}
            {choice('maxFutureBookings', say('rules.maxFuture'), choices.future)}
          </SimpleGrid>
          <FormField label={say('eventType.startTimes')}>
            <ChoiceSelect {...register(field('slotInterval'), { setValueAs: interval })} choices={intervals} />
          </FormField>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            {limit('maxBookingsPerDay', say('eventType.perDay'), DAY_LIMIT_MAX)}
            {limit('maxBookingsPerWeek', say('eventType.perWeek'), WEEK_LIMIT_MAX)}
          </SimpleGrid>
        </Stack>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
