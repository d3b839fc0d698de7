// The booking flow's pickers: day, time zone and time.
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { MonthCalendar } from '../../components/MonthCalendar.tsx';
import { FormField } from '../../components/FormField.tsx';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { TimezoneSelect } from '../../components/TimezoneSelect.tsx';
import { formatDate } from '../../lib/time.ts';
import { isDayDisabled } from './hooks.ts';
import { SlotGrid } from './SlotGrid.tsx';
import type { BookingFlow } from './useBookingFlow.ts';

/**
 * Date picker, time zone selector and the chosen day's slot grid. Their headings sit one level below
 * the page's or the dialog's own (`h2` right under a page's title).
 */
export function BookingPickers({ flow, headingLevel = 'h3' }: { flow: BookingFlow; headingLevel?: 'h2' | 'h3' }) {
  return (
    <Stack gap="5">
      <Box>
        <Heading as={headingLevel} size="sm" mb="2">
          Select a Date
        </Heading>
        {flow.slots.isError ? (
          <LoadFailure compact title="Available times could not be loaded" error={flow.slots.error} onRetry={() => void flow.slots.refetch()} />
        ) : null}
        <MonthCalendar
          month={flow.month}
          onMonthChange={flow.setMonth}
          selected={flow.date}
          onSelect={flow.selectDate}
          isDisabled={(day) => isDayDisabled(day, flow.offered)}
          label="Select a date"
        />
      </Box>
      <FormField label="Timezone">
        <TimezoneSelect size="sm" value={flow.timeZone} onChange={(event) => flow.setTimeZone(event.target.value)} />
      </FormField>
      <Box>
        <Heading as={headingLevel} size="sm" mb="2">
          {flow.date ? `Available times for ${formatDate(flow.date, 'EEEE, MMMM d')}` : 'Available times'}
        </Heading>
        {flow.date ? (
          <SlotGrid
            slots={flow.daySlots}
            selected={flow.slot?.start ?? null}
            onSelect={flow.setSlot}
            loading={flow.slots.isPending}
          />
        ) : (
          <Text color="fg.muted" fontSize="sm">
            Pick a date to see available times.
          </Text>
        )}
      </Box>
    </Stack>
  );
}
