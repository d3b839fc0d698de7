// /bookings: the host's bookings in the lists Upcoming, Past, All and Cancelled, the list shown
// exported as CSV on request.
import { useState } from 'react';
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Plus, Users } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LazyTabs } from '../../components/LazyTabs.tsx';
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
import { formatDate } from '../../lib/time.ts';
import type { Booking } from '../../lib/types.ts';
import { seatGroups } from './seatGroups.ts';
import { usePageTitle } from '../../lib/usePageTitle.ts';

const TABS: { value: BookingTab; label: string; empty: string }[] = [
  { value: 'upcoming', label: 'Upcoming', empty: 'No upcoming bookings' },
  { value: 'past', label: 'Past', empty: 'No past bookings' },
  { value: 'cancelled', label: 'Cancelled', empty: 'No cancelled bookings' },
  { value: 'all', label: 'All', empty: 'No bookings found' },
];

function BookingList({ tab, empty }: { tab: BookingTab; empty: string }) {
  const { data, isPending, isError } = useBookingList(useOwner(), tab);
  if (isPending) {
    return <SkeletonList count={5} height="32" label="Loading bookings" testId="booking-skeleton" />;
  }
  if (isError) return <EmptyState title="Could not load bookings" text="Please try again later." />;
  if (!data.length) return <EmptyState title={empty} text="Your bookings will appear here" />;
  // The cancelled list shows cancellations, not meetings: its seats stay apart.
  const items = BOOKING_LISTS[tab].cancelled ? data.map((booking) => ({ booking })) : seatGroups(data);
  return (
    <Stack gap="3">
      {items.map((item) =>
        'booking' in item ? <BookingCard key={item.booking.id} booking={item.booking} /> : <SeatGroup key={`slot-${item.seatSlotId}`} seats={item.seats} />,
      )}
    </Stack>
  );
}

/** One slot of a group event: its seats taken, then each seat's card (its guest, answers and actions). */
function SeatGroup({ seats }: { seats: Booking[] }) {
  const first = seats[0];
  const taken = `Group: ${seats.length} of ${first.event_type?.seats_per_slot ?? seats.length} seats taken`;
  const title = `${first.event_type?.title ?? 'Booking'}, ${formatDate(new Date(first.start_time), 'EEE, MMM d, yyyy · h:mm a')}`;
  return (
    <Box as="section" aria-label={`${title}: ${taken}`} borderWidth="1px" borderRadius="lg" p="3">
      <Stack gap="3">
        <HStack gap="2" fontWeight="medium">
          <Users size={16} aria-hidden />
          <Text>{taken}</Text>
        </HStack>
        {seats.map((booking) => (
          <BookingCard key={booking.id} booking={booking} />
        ))}
      </Stack>
    </Box>
  );
}

export default function BookingsPage() {
  usePageTitle('Bookings');
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
        title="All Bookings"
        subtitle="View and manage your scheduled appointments"
        action={
          <HStack gap="2" wrap="wrap">
            <ExportCsvButton tab={tab} />
            <Button colorPalette="blue" onClick={() => setCreating(true)}>
              <Plus /> Create Booking
            </Button>
          </HStack>
        }
      />
      <LazyTabs
        tabs={TABS}
        value={tab}
        onChange={setTab}
        list={{ overflowX: 'auto' }}
        panel={(item) => <BookingList tab={item.value} empty={item.empty} />}
      />
      <CreateBookingDialog
        open={creating}
        onClose={() => setCreating(false)}
        eventTypes={(eventTypes.data ?? []).filter((eventType) => eventType.is_active)}
        mutation={create}
      />
    </Stack>
  );
}
