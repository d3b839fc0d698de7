// Time off: whole days the host takes no bookings (a note only they read), added and deleted here.
import { SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { format, parseISO } from 'date-fns';
import type { z } from 'zod';
import { TextField } from '../../components/FormField.tsx';
import { RemovableItem } from '../../components/RemovableItem.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { timeOffSchema } from '../../lib/shared.ts';
import type { TimeOff } from '../../lib/types.ts';
import { useAddTimeOff, useDeleteTimeOff, useTimeOff } from './hooks.ts';

type TimeOffForm = z.input<typeof timeOffSchema>;
type TimeOffValues = z.output<typeof timeOffSchema>;
const EMPTY: TimeOffForm = { startDate: '', endDate: '', note: '' };

/** 'Dec 24, 2027 – Dec 31, 2027', or one date for a single day. */
export function timeOffRange(entry: Pick<TimeOff, 'start_date' | 'end_date'>): string {
  const day = (date: string) => format(parseISO(date), 'MMM d, yyyy');
  return entry.start_date === entry.end_date ? day(entry.start_date) : `${day(entry.start_date)} – ${day(entry.end_date)}`;
}

export function TimeOffSection() {
  const entries = useTimeOff();
  const add = useAddTimeOff();
  const remove = useDeleteTimeOff();
  const { register, handleSubmit, reset, formState } = useForm<TimeOffForm, unknown, TimeOffValues>({
    resolver: zodResolver(timeOffSchema),
    defaultValues: EMPTY,
  });
  const errors = formState.errors;
  return (
    <Stack gap="5">
      <form noValidate onSubmit={handleSubmit((values) => add.mutate(values, { onSuccess: () => reset(EMPTY) }))}>
        <Stack gap="3">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <TextField label="From" error={errors.startDate?.message} type="date" {...register('startDate')} />
            <TextField label="To" error={errors.endDate?.message} type="date" {...register('endDate')} />
          </SimpleGrid>
          <TextField label="Note (only you see it)" error={errors.note?.message} placeholder="e.g. Family holiday" {...register('note')} />
          <SubmitButton alignSelf="end" pending={add.isPending}>
            Add Time Off
          </SubmitButton>
        </Stack>
      </form>
      {entries.isPending ? (
        <Skeleton h="16" />
      ) : entries.data?.length ? (
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Upcoming time off">
          {entries.data.map((entry) => (
            <RemovableItem
              key={entry.id}
              title={timeOffRange(entry)}
              detail={entry.note}
              deleteLabel={`Delete time off ${timeOffRange(entry)}`}
              onDelete={() => remove.mutate(entry.id)}
              disabled={remove.isPending}
            />
          ))}
        </Stack>
      ) : (
        <Text color="fg.muted" fontSize="sm">
          No time off planned.
        </Text>
      )}
    </Stack>
  );
}
