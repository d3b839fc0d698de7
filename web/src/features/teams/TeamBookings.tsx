// A team's bookings: the lists, cancelling, assigning a member, and Create Booking.
import { useState } from 'react';
import { Badge, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { formatDate } from '../../lib/time.ts';
import { BookingAnswers } from '../../components/BookingAnswers.tsx';
import { BookingAttendees } from '../../components/BookingAttendees.tsx';
import { CancellationNote } from '../../components/CancellationNote.tsx';
import { HostBookingPlace } from '../../components/HostBookingPlace.tsx';
import { ChoiceSelect } from '../../components/ChoiceSelect.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LazyTabs } from '../../components/LazyTabs.tsx';
import { SkeletonList } from '../../components/SkeletonList.tsx';
import { BookingArticle } from '../../components/BookingArticle.tsx';
import type { Booking, EventType, TeamMember } from '../../lib/types.ts';
import { CreateBookingDialog } from '../bookings/index.ts';
import { useCreateHostBooking } from '../bookings/index.ts';
import { useAssignBooking } from './hooks/teamBookings.ts';
import { useBookingAction, useBookingList } from '../../lib/ownerBookings.ts';
import type { BookingList as TeamBookingTab } from '../../lib/shared.ts';
import { memberChoices, memberName } from './members.ts';
import { isOpen } from '../../lib/shared.ts';

const TABS: { value: TeamBookingTab; label: string }[] = [
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'past', label: 'Past' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'all', label: 'All' },
];

function TeamBookingRow({
  teamId,
  booking,
  members,
  canAssign,
}: {
  teamId: number;
  booking: Booking;
  members: TeamMember[];
  canAssign: boolean;
}) {
  const cancel = useBookingAction({ teamId });
  const assign = useAssignBooking(teamId);
  const assignee = members.find((member) => member.user_id === booking.assigned_user_id);
  const cancellable = isOpen(booking.status) && new Date(booking.start_time) > new Date();
  return (
    <BookingArticle
      booking={booking}
      spacing="row"
      when={
        <Text fontSize="sm" color="fg.muted">
          {formatDate(new Date(booking.start_time), 'EEE, MMM d, yyyy · h:mm a')}
        </Text>
      }
    >
      <Text fontSize="sm">Guest: {booking.guest_name}</Text>
      <Box fontSize="sm">
        <HostBookingPlace booking={booking} />
      </Box>
      <CancellationNote booking={booking} />
      <Box fontSize="sm">
        <BookingAnswers answers={booking.answers?.answers} />
        <BookingAttendees emails={booking.attendees?.map((a) => a.email)} />
      </Box>
      {booking.notes ? (
        <Text fontSize="sm" color="fg.muted">
          {booking.notes}
        </Text>
      ) : null}
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontSize="sm">Assigned to: {assignee ? memberName(assignee) : <Badge variant="outline">Unassigned</Badge>}</Text>
        <HStack>
          {canAssign && booking.status !== 'cancelled' ? (
            <ChoiceSelect
              root={{ size: 'xs', width: 'auto', disabled: assign.isPending }}
              aria-label="Assign to member"
              value={booking.assigned_user_id ?? ''}
              onChange={(event) => event.target.value && assign.mutate({ bookingId: booking.id, memberId: event.target.value })}
              choices={memberChoices(members)}
            >
              <option value="" disabled>
                Assign to…
              </option>
            </ChoiceSelect>
          ) : null}
          {cancellable ? (
            <Button size="xs" variant="outline" colorPalette="red" disabled={cancel.isPending} onClick={() => cancel.mutate({ id: booking.id, action: 'cancel' })}>
              Cancel
            </Button>
          ) : null}
        </HStack>
      </HStack>
    </BookingArticle>
  );
}

function TeamBookingList({
  teamId,
  tab,
  members,
  canAssign,
}: {
  teamId: number;
  tab: TeamBookingTab;
  members: TeamMember[];
  canAssign: boolean;
}) {
  const { data, isPending, isError, error } = useBookingList({ teamId }, tab);
  if (isPending) {
    return <SkeletonList count={3} height="24" label="Loading bookings" testId="team-booking-skeleton" />;
  }
  if (isError) return <EmptyState title="Error" text={error.message} />;
  if (!data.length) return <EmptyState title="No bookings found" text="Your bookings will appear here" />;
  return (
    <Stack gap="3">
      {data.map((booking) => (
        <TeamBookingRow key={booking.id} teamId={teamId} booking={booking} members={members} canAssign={canAssign} />
      ))}
    </Stack>
  );
}

export function TeamBookings({
  teamId,
  members,
  eventTypes,
  canAssign,
}: {
  teamId: number;
  members: TeamMember[];
  eventTypes: EventType[];
  canAssign: boolean;
}) {
  const [tab, setTab] = useState<TeamBookingTab>('upcoming');
  const [creating, setCreating] = useState(false);
  const create = useCreateHostBooking({ teamId });
  return (
    <Stack gap="4">
      <Flex justify="flex-end">
        <Button size="sm" colorPalette="blue" onClick={() => setCreating(true)}>
          <Plus /> Create Booking
        </Button>
      </Flex>
      <LazyTabs
        tabs={TABS}
        value={tab}
        onChange={setTab}
        variant="enclosed"
        size="sm"
        panel={(item) => <TeamBookingList teamId={teamId} tab={item.value} members={members} canAssign={canAssign} />}
      />
      <CreateBookingDialog
        open={creating}
        onClose={() => setCreating(false)}
        eventTypes={eventTypes.filter((eventType) => eventType.is_active)}
        mutation={create}
        team
      />
    </Stack>
  );
}
