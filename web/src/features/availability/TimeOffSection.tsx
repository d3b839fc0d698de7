// Time off: whole days the host takes no bookings (a note only they read), added and deleted here.
import { SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useRuleForm } from '../../lib/ruleResolver.ts';
import { parseISO } from 'date-fns';
import { FormattedMessage, useIntl } from 'react-intl';
import type { z } from 'zod';
import { TextField } from '../../components/FormField.tsx';
import { RemovableItem } from '../../components/RemovableItem.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { timeOffSchema } from '../../lib/shared.ts';
import type { TimeOff } from '../../lib/types.ts';
import { formatDate } from '../../lib/time.ts';
import { useFieldWords } from '../../i18n/fieldWords.ts';
import { useAddTimeOff, useDeleteTimeOff, useTimeOff } from './hooks.ts';

const EMPTY: z.input<typeof timeOffSchema> = { startDate: '', endDate: '', note: '' };

/** 'Dec 24, 2027 – Dec 31, 2027', or one date for a single day, in `locale`. */
function timeOffRange(entry: Pick<TimeOff, 'start_date' | 'end_date'>, locale: string): string {
  const day = (date: string) => formatDate(parseISO(date), 'MMM d, yyyy', undefined, locale);
  return entry.start_date === entry.end_date ? day(entry.start_date) : `${day(entry.start_date)} – ${day(entry.end_date)}`;
}

export function TimeOffSection() {
  const intl = useIntl();
  const fieldWords = useFieldWords();
  const entries = useTimeOff();
  const add = useAddTimeOff();
  const remove = useDeleteTimeOff();
  const { register, handleSubmit, reset, formState } = useRuleForm(timeOffSchema, EMPTY);
  const errors = formState.errors;
  return (
    <Stack gap="5">
      <form noValidate onSubmit={handleSubmit((values) => add.mutate(values, { onSuccess: () => reset(EMPTY) }))}>
        <Stack gap="3">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <TextField label={intl.formatMessage({ id: 'timeOff.from' })} error={fieldWords(errors.startDate)} type="date" {...register('startDate')} />
            <TextField label={intl.formatMessage({ id: 'timeOff.to' })} error={fieldWords(errors.endDate)} type="date" {...register('endDate')} />
          </SimpleGrid>
          <TextField
            label={intl.formatMessage({ id: 'timeOff.note' })}
            error={fieldWords(errors.note)}
            placeholder={intl.formatMessage({ id: 'timeOff.notePlaceholder' })}
            {...register('note')}
          />
          <SubmitButton alignSelf="end" pending={add.isPending}>
            <FormattedMessage id="timeOff.add" />
          </SubmitButton>
        </Stack>
      </form>
      {entries.isPending ? (
        <Skeleton h="16" />
      ) : entries.data?.length ? (
        <Stack as="ul" gap="2" listStyleType="none" aria-label={intl.formatMessage({ id: 'timeOff.upcoming' })}>
          {entries.data.map((entry) => (
            <RemovableItem
              key={entry.id}
              title={timeOffRange(entry, intl.locale)}
              detail={entry.note}
              deleteLabel={intl.formatMessage({ id: 'timeOff.delete' }, { range: timeOffRange(entry, intl.locale) })}
              onDelete={() => remove.mutate(entry.id)}
              disabled={remove.isPending}
            />
          ))}
        </Stack>
      ) : (
        <Text color="fg.muted" fontSize="sm">
          <FormattedMessage id="timeOff.none" />
        </Text>
      )}
    </Stack>
  );
}
