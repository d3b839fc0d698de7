// The booking flow's pickers: day, time zone and time.
import { Box, Button, Heading, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { CalendarSearch } from 'lucide-react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { HourCycleToggle } from '../../components/HourCycleToggle.tsx';
import { MonthCalendar } from '../../components/MonthCalendar.tsx';
import { FormField } from '../../components/FormField.tsx';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { NoBookableTime, type HoursLink } from '../../components/NoBookableTime.tsx';
import { TimezoneSelect } from '../../components/TimezoneSelect.tsx';
import { formatDate } from '../../lib/time.ts';
import { dateKey, isDayDisabled } from './hooks.ts';
import { SlotGrid } from './SlotGrid.tsx';
import type { SlotPicker } from './useSlotPicker.ts';

/**
 * What a screen reader hears once the chosen day's times are in, and again whenever they change (a time
 * another guest took goes from the grid while this one looks at it). Empty while loading or before a day.
 */
function timesAnnouncement(flow: Pick<SlotPicker, 'date' | 'daySlots' | 'slots'>, intl: IntlShape): string {
  if (!flow.date || flow.slots.isPending || flow.slots.isError) return '';
  const day = formatDate(flow.date, 'EEEE, MMMM d', undefined, intl.locale);
  return intl.formatMessage({ id: 'booking.pickers.announce' }, { count: flow.daySlots.length, day });
}

/**
 * Date picker (free days marked, the next available one offered), time zone and clock, and the
 * chosen day's times. Their headings sit one level below the page's or the dialog's own (`h2` right
 * under a page's title). `owner`: the viewer owns what is booked, and is told how to open times when
 * there are none.
 */
export function BookingPickers({ flow, headingLevel = 'h3', owner }: { flow: SlotPicker; headingLevel?: 'h2' | 'h3'; owner?: HoursLink }) {
  const intl = useIntl();
  const day = (date: Date) => formatDate(date, 'EEEE, MMMM d', undefined, intl.locale);
  const next = flow.nextAvailable;
  const showNext = next && (!flow.date || dateKey(next) !== dateKey(flow.date));
  return (
    <Stack gap="5">
      <Box>
        <Heading as={headingLevel} size="sm" mb="2">
          <FormattedMessage id="booking.pickers.selectDate" />
        </Heading>
        {flow.slots.isError ? (
          <LoadFailure compact title={intl.formatMessage({ id: 'booking.pickers.timesFailed' })} error={flow.slots.error} onRetry={() => void flow.slots.refetch()} />
        ) : null}
        {flow.noTimes ? <NoBookableTime owner={owner} compact /> : null}
        {showNext ? (
          <Button size="sm" variant="subtle" colorPalette="blue" mb="2" onClick={() => flow.selectDate(next)}>
            <CalendarSearch aria-hidden /> <FormattedMessage id="booking.pickers.nextAvailable" values={{ day: day(next) }} />
          </Button>
        ) : null}
        <MonthCalendar
          month={flow.month}
          onMonthChange={flow.setMonth}
          selected={flow.date}
          onSelect={flow.selectDate}
          isDisabled={(day) => isDayDisabled(day, flow.offered)}
          busy={flow.slots.isPending}
          label={intl.formatMessage({ id: 'booking.pickers.dateGrid' })}
        />
      </Box>
      <Stack gap="2">
        <FormField label={intl.formatMessage({ id: 'booking.pickers.timezone' })}>
          <TimezoneSelect size="sm" value={flow.timeZone} onChange={(event) => flow.setTimeZone(event.target.value)} />
        </FormField>
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Text fontSize="sm" color="fg.muted">
            <FormattedMessage id="booking.pickers.showTimesAs" />
          </Text>
          <HourCycleToggle />
        </HStack>
      </Stack>
      <Box>
        <Heading as={headingLevel} size="sm" mb="2">
          {flow.date ? intl.formatMessage({ id: 'booking.pickers.timesFor' }, { day: day(flow.date) }) : intl.formatMessage({ id: 'booking.pickers.times' })}
        </Heading>
        {/* Always on the page, so a change of its text is announced (a region that appears with its text often is not). */}
        <VisuallyHidden aria-live="polite" aria-atomic="true">
          {timesAnnouncement(flow, intl)}
        </VisuallyHidden>
        {flow.date ? (
          <SlotGrid
            slots={flow.daySlots}
            selected={flow.slot?.start ?? null}
            onSelect={flow.setSlot}
            loading={flow.slots.isPending}
            timeZone={flow.timeZone}
          />
        ) : (
          <Text color="fg.muted" fontSize="sm">
            <FormattedMessage id="booking.pickers.pickDate" />
          </Text>
        )}
      </Box>
    </Stack>
  );
}
