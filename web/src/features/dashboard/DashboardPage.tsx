// /dashboard: the host's numbers, upcoming bookings, calendar, event types and links.
import { useState } from 'react';
import { Button, Flex, Grid, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { CalendarCheck, ChartLine, Clock, Share2, Users, type LucideIcon } from 'lucide-react';
import { ChoiceSelect } from '../../components/ChoiceSelect.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { LinkButton } from '../../components/LinkButton.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { copyText } from '../../lib/clipboard.ts';
import { formatDate } from '../../lib/time.ts';
import { useLocation } from 'react-router-dom';
import { useCurrentUser, useOwner } from '../../lib/session.ts';
import type { DashboardArrival } from '../../lib/navigation.ts';
import { useLiveBookings } from '../bookings/index.ts';
import { useBookingList } from '../../lib/ownerBookings.ts';
import { eventTitle } from '../../lib/names.ts';
import { EventTypesSection } from '../event-types/index.ts';
import { markLinkShared } from '../../lib/linkShared.ts';
import { CalendarWidget } from './CalendarWidget.tsx';
import { calendarLink, SetupChecklist } from './SetupChecklist.tsx';
import { StatCard } from './StatCard.tsx';
import { DASHBOARD_KEY, percentChange, useDashboardStats, type DashboardStats, type Timeframe } from './hooks.ts';
import { formatMoney } from '../../lib/shared.ts';
import { hasWorkingHours, useWeeklyHours } from '../../lib/useWeeklyHours.ts';
import { usePageTitle } from '../../lib/usePageTitle.ts';

const TIMEFRAMES: { value: Timeframe; label: string }[] = [
  { value: 'week', label: 'This week' },
  { value: 'month', label: 'This month' },
  { value: 'quarter', label: 'Quarter to date' },
  { value: 'year', label: 'Year to date' },
];

type StatKey = 'total_bookings' | 'total_hours' | 'active_clients' | 'revenue';

const STAT_CARDS: { key: StatKey; title: string; show: (value: number, stats: DashboardStats) => string | string[]; icon: LucideIcon; color: string }[] = [
  { key: 'total_bookings', title: 'Bookings', show: String, icon: CalendarCheck, color: 'green' },
  {
    key: 'total_hours',
    title: 'Total Hours',
    show: (hours) => `${Number(hours).toFixed(1).replace(/\.0$/, '')}h`,
    icon: Clock,
    color: 'blue',
  },
  { key: 'active_clients', title: 'Active Clients', show: String, icon: Users, color: 'purple' },
  // One line per currency guests paid in; with no payments, the spec's dollar figure.
  {
    key: 'revenue',
    title: 'Revenue',
    show: (revenue, { revenue_by_currency: lines }) =>
      lines?.length ? lines.map((line) => formatMoney(line.amount, line.currency)) : `$${Number(revenue).toLocaleString()}`,
    icon: ChartLine,
    color: 'orange',
  },
];

function changeText(current: number, previous: number): string {
  const change = percentChange(current, previous);
  if (change === null) return 'New this period';
  return `${change >= 0 ? '+' : ''}${change}% from previous period`;
}

function Stats() {
  const [timeframe, setTimeframe] = useState<Timeframe>('month');
  const { data, isPending } = useDashboardStats(timeframe);
  const stats: DashboardStats = data ?? {
    total_bookings: 0,
    total_hours: 0,
    active_clients: 0,
    revenue: 0,
    previous_total_bookings: 0,
    previous_total_hours: 0,
    previous_active_clients: 0,
    previous_revenue: 0,
  };
  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h2" size="lg">
          Analytics
        </Heading>
        <ChoiceSelect
          root={{ size: 'sm', width: 'auto' }}
          aria-label="Analytics timeframe"
          value={timeframe}
          onChange={(event) => setTimeframe(event.target.value as Timeframe)}
          choices={TIMEFRAMES}
        />
      </Flex>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        {STAT_CARDS.map((card) => (
          <StatCard
            key={card.key}
            title={card.title}
            value={card.show(stats[card.key], stats)}
            subtitle={changeText(stats[card.key], stats[`previous_${card.key}`])}
            icon={card.icon}
            color={card.color}
            loading={isPending}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function UpcomingBookings() {
  const { data, isPending } = useBookingList(useOwner(), 'upcoming', 5);
  return (
    <SectionCard title="Upcoming Bookings" headingSize="md" bodyGap="3">
      {isPending ? (
        Array.from({ length: 3 }, (_, index) => <Skeleton key={index} h="14" />)
      ) : !data?.length ? (
        <Text color="fg.muted" textAlign="center" py="4">
          No upcoming bookings
        </Text>
      ) : (
        data.map((booking) => (
          <HStack key={booking.id} justify="space-between" borderWidth="1px" borderRadius="md" p="3" gap="3">
            <Stack gap="0" minW="0">
              <Text fontWeight="medium" truncate>
                {eventTitle(booking)} · {booking.guest_name}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {formatDate(new Date(booking.start_time), 'EEE, MMM d · h:mm a')}
              </Text>
            </Stack>
            <StatusBadge status={booking.status} />
          </HStack>
        ))
      )}
      <LinkButton to="/bookings" variant="outline" size="sm">
        View All Bookings
      </LinkButton>
    </SectionCard>
  );
}

export default function DashboardPage() {
  usePageTitle('Dashboard');
  const { data: user } = useCurrentUser();
  // "Welcome back" only to someone who has been here before: not right after signing up, nor on a
  // Google or Apple sign-up's first visit (its profile awaits the zone that visit sends).
  const arrival = useLocation().state as DashboardArrival | null;
  const [firstVisit] = useState(() => Boolean(arrival?.firstVisit || user?.awaits_time_zone));
  const hours = useWeeklyHours(useOwner());
  // A new or changed booking shows in the list, the calendar and the stats without a reload.
  useLiveBookings([DASHBOARD_KEY]);
  return (
    <Stack gap="8">
      <PageHeader
        title={`Welcome${firstVisit ? '' : ' back'}${user?.first_name ? `, ${user.first_name}` : ''}!`}
        subtitle="Here's what's happening with your schedule."
        action={
          <Button
            variant="outline"
            onClick={() =>
              user &&
              void copyText(calendarLink(user.id), 'Link Copied', 'Calendar link copied to clipboard').then((copied) => copied && markLinkShared(user.id))
            }
          >
            <Share2 /> Share Calendar
          </Button>
        }
      />
      {user ? <SetupChecklist user={user} /> : null}
      <Stats />
      <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="6">
        <UpcomingBookings />
        <CalendarWidget />
      </Grid>
      <EventTypesSection noHours={hours.data ? !hasWorkingHours(hours.data) : false} />
    </Stack>
  );
}
