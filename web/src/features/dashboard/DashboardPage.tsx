// /dashboard: the host's numbers, upcoming bookings, calendar, event types and links.
import { useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { MessageId } from '../../i18n/catalogue.ts';
import { Button, Flex, Grid, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { CalendarCheck, ChartLine, Clock, Share2, Users, type LucideIcon } from 'lucide-react';
import { ChoiceSelect } from '../../components/ChoiceSelect.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { LinkButton } from '../../components/LinkButton.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useCopyText } from '../../lib/clipboard.ts';
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

const TIMEFRAMES: Timeframe[] = ['week', 'month', 'quarter', 'year'];

type StatKey = 'total_bookings' | 'total_hours' | 'active_clients' | 'revenue';

type Show = (value: number, stats: DashboardStats, intl: IntlShape) => string | string[];
const count: Show = (value, _, intl) => intl.formatNumber(value);

const STAT_CARDS: { key: StatKey; title: MessageId; show: Show; icon: LucideIcon; color: string }[] = [
  { key: 'total_bookings', title: 'dashboard.stat.bookings', show: count, icon: CalendarCheck, color: 'green' },
  {
    key: 'total_hours',
    title: 'dashboard.stat.hours',
    show: (hours, _, intl) =>
      intl.formatMessage({ id: 'dashboard.stat.hoursValue' }, { hours: intl.formatNumber(Number(hours), { maximumFractionDigits: 1, useGrouping: false }) }),
    icon: Clock,
    color: 'blue',
  },
  { key: 'active_clients', title: 'dashboard.stat.clients', show: count, icon: Users, color: 'purple' },
  // One line per currency guests paid in; with no payments, the spec's dollar figure.
  {
    key: 'revenue',
    title: 'dashboard.stat.revenue',
    show: (revenue, { revenue_by_currency: lines }, intl) =>
      lines?.length
        ? lines.map((line) => formatMoney(line.amount, line.currency, intl.locale))
        : intl.formatNumber(Number(revenue), { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 2 }),
    icon: ChartLine,
    color: 'orange',
  },
];

function changeText(current: number, previous: number, intl: IntlShape): string {
  const change = percentChange(current, previous);
  if (change === null) return intl.formatMessage({ id: 'dashboard.change.new' });
  const signed = intl.formatNumber(change / 100, { style: 'percent', signDisplay: 'always' });
  return intl.formatMessage({ id: 'dashboard.change.percent' }, { change: signed });
}

function Stats() {
  const intl = useIntl();
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
          {intl.formatMessage({ id: 'dashboard.analytics' })}
        </Heading>
        <ChoiceSelect
          root={{ size: 'sm', width: 'auto' }}
          aria-label={intl.formatMessage({ id: 'dashboard.timeframe' })}
          value={timeframe}
          onChange={(event) => setTimeframe(event.target.value as Timeframe)}
          choices={TIMEFRAMES.map((value) => ({ value, label: intl.formatMessage({ id: `dashboard.timeframe.${value}` }) }))}
        />
      </Flex>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        {STAT_CARDS.map((card) => (
          <StatCard
            key={card.key}
            title={intl.formatMessage({ id: card.title })}
            value={card.show(stats[card.key], stats, intl)}
            subtitle={changeText(stats[card.key], stats[`previous_${card.key}`], intl)}
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
  const intl = useIntl();
  const { data, isPending } = useBookingList(useOwner(), 'upcoming', 5);
  return (
    <SectionCard title={intl.formatMessage({ id: 'dashboard.upcoming' })} headingSize="md" bodyGap="3">
      {isPending ? (
        Array.from({ length: 3 }, (_, index) => <Skeleton key={index} h="14" />)
      ) : !data?.length ? (
        <Text color="fg.muted" textAlign="center" py="4">
          {intl.formatMessage({ id: 'dashboard.noUpcoming' })}
        </Text>
      ) : (
        data.map((booking) => (
          <HStack key={booking.id} justify="space-between" borderWidth="1px" borderRadius="md" p="3" gap="3">
            <Stack gap="0" minW="0">
              <Text fontWeight="medium" truncate>
                {eventTitle(booking, intl)} · {booking.guest_name}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {formatDate(new Date(booking.start_time), 'EEE, MMM d · h:mm a', undefined, intl.locale)}
              </Text>
            </Stack>
            <StatusBadge status={booking.status} />
          </HStack>
        ))
      )}
      <LinkButton to="/bookings" variant="outline" size="sm">
        {intl.formatMessage({ id: 'dashboard.viewAll' })}
      </LinkButton>
    </SectionCard>
  );
}

/** "Welcome back, Ada!": back only to someone who has been here before, the name when the profile has one. */
function welcome(intl: IntlShape, firstVisit: boolean, name: string | null | undefined): string {
  if (firstVisit) return name ? intl.formatMessage({ id: 'dashboard.welcomeName' }, { name }) : intl.formatMessage({ id: 'dashboard.welcome' });
  return name ? intl.formatMessage({ id: 'dashboard.welcomeBackName' }, { name }) : intl.formatMessage({ id: 'dashboard.welcomeBack' });
}

export default function DashboardPage() {
  const intl = useIntl();
  const copyText = useCopyText();
  usePageTitle(intl.formatMessage({ id: 'app.nav.dashboard' }));
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
        title={welcome(intl, firstVisit, user?.first_name)}
        subtitle={intl.formatMessage({ id: 'dashboard.subtitle' })}
        action={
          <Button
            variant="outline"
            onClick={() =>
              user &&
              void copyText(calendarLink(user.id), intl.formatMessage({ id: 'dashboard.linkCopied' }), intl.formatMessage({ id: 'dashboard.calendarLinkCopied' })).then((copied) => copied && markLinkShared(user.id))
            }
          >
            <Share2 /> {intl.formatMessage({ id: 'dashboard.share' })}
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
