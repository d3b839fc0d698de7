// The dashboard's month calendar: days with bookings marked, the chosen day's bookings listed.
import { useMemo, useState } from 'react';
import { Grid, Skeleton } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { addMonths, isSameDay, startOfMonth } from 'date-fns';
import { MonthCalendar } from '../../components/MonthCalendar.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { useBookingsBetween } from '../bookings/index.ts';

export function CalendarWidget() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'dashboard.calendar' });
  const [month, setMonth] = useState(() => startOfMonth(new Date()));
  const { data, isPending } = useBookingsBetween(month, addMonths(month, 1));
  const starts = useMemo(() => (data ?? []).map((booking) => new Date(booking.start_time)), [data]);
  return (
    <SectionCard title={title} headingSize="md">
      {isPending ? (
        <Grid templateColumns="repeat(7, 1fr)" gap="1" aria-busy="true" aria-label={intl.formatMessage({ id: 'dashboard.calendarLoading' })}>
          {Array.from({ length: 35 }, (_, index) => (
            <Skeleton key={index} h="9" data-testid="calendar-skeleton" />
          ))}
        </Grid>
      ) : (
        <MonthCalendar
          month={month}
          onMonthChange={setMonth}
          label={title}
          hasDot={(day) => starts.some((start) => isSameDay(start, day))}
        />
      )}
    </SectionCard>
  );
}
