// /bookings: the host's bookings in the lists Upcoming, Past, All and Cancelled, the list shown
// exported as CSV on request.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Plus, Repeat, Users, type LucideIcon } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState.tsx';
import { BookingListTabs } from '../../components/BookingListTabs.tsx';
import { SkeletonList } from '../../components/SkeletonList.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useOwner } from '../../lib/session.ts';
import { useEventTypes } from '../event-types/index.ts';
import { BookingCard } from './BookingCard.tsx';
import { CreateBookingDialog } from './CreateBookingDialog.tsx';
import { ExportCsvButton } from './ExportCsvButton.tsx';
import { useCreateHostBooking, useLiveBookings } from './hooks.ts';
import { useBookingList } from '../../lib/ownerBookings.ts';
import { BOOKING_LISTS, type BookingList as BookingTab } from '../../lib/shared.ts';
import { eventTitle } from '../../lib/names.ts';
import { formatDate } from '../../lib/time.ts';
import type { Booking } from '../../lib/types.ts';
import { seatGroups } from './seatGroups.ts';
import { seriesGroups, useSeriesFacts, type SeriesFacts } from './seriesGroups.ts';
import { usePageTitle } from '../../lib/usePageTitle.ts';

// An empty list's title is the catalogue's bookings.empty.<tab>.
function BookingList({ tab }: { tab: BookingTab }) {
  const intl = useIntl();
  const { data, isPending, isError } = useBookingList(useOwner(), tab);
  const series = useSeriesFacts((data ?? []).flatMap((booking) => (booking.series_id ? [booking.series_id] : [])));
  if (isPending) {
    return <SkeletonList count={5} height="32" label={intl.formatMessage({ id: 'bookings.loading' })} testId="booking-skeleton" />;
  }
  if (isError) return <EmptyState title={intl.formatMessage({ id: 'bookings.loadFailed' })} text={intl.formatMessage({ id: 'bookings.loadFailedText' })} />;
  if (!data.length) return <EmptyState title={intl.formatMessage({ id: `bookings.empty.${tab}` })} text={intl.formatMessage({ id: 'bookings.emptyText' })} />;
  // The cancelled list shows cancellations, not meetings: its seats stay apart. A series' occurrences go together in every list.
  const items = seriesGroups(BOOKING_LISTS[tab].cancelled ? data.map((booking) => ({ booking })) : seatGroups(data));
  return (
    <Stack gap="3">
      {items.map((item) =>
        'booking' in item ? (
          <BookingCard key={item.booking.id} booking={item.booking} />
        ) : 'seats' in item ? (
          <SeatGroup key={`slot-${item.seatSlotId}`} seats={item.seats} />
        ) : (
          <SeriesGroup key={`series-${item.seriesId}`} occurrences={item.occurrences} facts={series.data?.get(item.seriesId)} />
        ),
      )}
    </Stack>
  );
}

/** Bookings shown together (a slot's seats, a series' occurrences): what joins them, then each one's card (its guest, answers and actions). */
function BookingGroup({ name, icon: Icon, summary, bookings }: { name: string; icon: LucideIcon; summary: string; bookings: Booking[] }) {
  return (
    <Box as="section" aria-label={name} borderWidth="1px" borderRadius="lg" p="3">
      <Stack gap="3">
        <HStack gap="2" fontWeight="medium">
          <Icon size={16} aria-hidden />
          <Text>{summary}</Text>
        </HStack>
        {bookings.map((booking) => (
          <BookingCard key={booking.id} booking={booking} />
        ))}
      </Stack>
    </Box>
  );
}

/** A recurring series' occurrences in this list: how often, and how many of its meetings are here. */
function SeriesGroup({ occurrences, facts }: { occurrences: Booking[]; facts?: SeriesFacts }) {
  const intl = useIntl();
  const summary = intl.formatMessage(
    { id: 'bookings.series.summary' },
    { frequency: facts?.frequency ?? 'unknown', shown: occurrences.length, count: facts?.count ?? occurrences.length },
  );
  const name = intl.formatMessage({ id: 'bookings.series.name' }, { event: eventTitle(occurrences[0], intl), summary });
  return <BookingGroup name={name} icon={Repeat} summary={summary} bookings={occurrences} />;
}

/** One slot of a group event: its seats taken. */
function SeatGroup({ seats }: { seats: Booking[] }) {
  const intl = useIntl();
  const first = seats[0];
  const taken = intl.formatMessage({ id: 'bookings.group.taken' }, { taken: seats.length, seats: first.event_type?.seats_per_slot ?? seats.length });
  const name = intl.formatMessage(
    { id: 'bookings.group.name' },
    { event: eventTitle(first, intl), when: formatDate(new Date(first.start_time), 'EEE, MMM d, yyyy · h:mm a', undefined, intl.locale), taken },
  );
  return <BookingGroup name={name} icon={Users} summary={taken} bookings={seats} />;
}

export default function BookingsPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'app.nav.bookings' }));
  // Bookings guests make (or the host makes elsewhere) appear without a reload.
  useLiveBookings();
  const [tab, setTab] = useState<BookingTab>('upcoming');
  const [creating, setCreating] = useState(false);
  const owner = useOwner();
  const eventTypes = useEventTypes(owner);
  const create = useCreateHostBooking(owner);
  return (
    <Stack gap="6">
      <PageHeader
        title={intl.formatMessage({ id: 'bookings.title' })}
        subtitle={intl.formatMessage({ id: 'bookings.subtitle' })}
        action={
          <HStack gap="2" wrap="wrap">
            <ExportCsvButton tab={tab} />
            <Button colorPalette="blue" onClick={() => setCreating(true)}>
              <Plus /> {intl.formatMessage({ id: 'bookings.create' })}
            </Button>
          </HStack>
        }
      />
      <BookingListTabs value={tab} onChange={setTab} list={{ overflowX: 'auto' }} panel={(item) => <BookingList tab={item.value} />} />
      <CreateBookingDialog
        open={creating}
        onClose={() => setCreating(false)}
        eventTypes={(eventTypes.data ?? []).filter((eventType) => eventType.is_active)}
        mutation={create}
      />
    </Stack>
  );
}
