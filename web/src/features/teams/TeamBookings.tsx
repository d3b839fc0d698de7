// A team's bookings: the lists, cancelling, assigning a member, and Create Booking.
import { useState } from 'react';
import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDate } from '../../lib/time.ts';
import { BookingAnswers } from '../../components/BookingAnswers.tsx';
import { BookingAttendees } from '../../components/BookingAttendees.tsx';
import { CancellationNote } from '../../components/CancellationNote.tsx';
import { HostBookingPlace } from '../../components/HostBookingPlace.tsx';
import { ChoiceSelect } from '../../components/ChoiceSelect.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { BookingListTabs } from '../../components/BookingListTabs.tsx';
import { SkeletonList } from '../../components/SkeletonList.tsx';
import { BookingArticle } from '../../components/BookingArticle.tsx';
import type { Booking, EventType, TeamMember } from '../../lib/types.ts';
import { CreateBookingDialog } from '../bookings/index.ts';
import { useCreateHostBooking } from '../bookings/index.ts';
import { useAssignBooking } from './hooks/teamBookings.ts';
import { useBookingAction, useBookingList } from '../../lib/ownerBookings.ts';
import type { BookingList as TeamBookingTab } from '../../lib/shared.ts';
import { memberChoices, memberName } from './members.ts';
import { TabActions } from './TabActions.tsx';
import { isOpen } from '../../lib/shared.ts';
import { useSay } from '../../i18n/useSay.ts';

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
  const intl = useIntl();
  return (
    <BookingArticle
      booking={booking}
      spacing="row"
      when={
        <Text fontSize="sm" color="fg.muted">
          {formatDate(new Date(booking.start_time), 'EEE, MMM d, yyyy · h:mm a', undefined, intl.locale)}
        </Text>
      }
    >
      <Text fontSize="sm">
        <FormattedMessage id="teams.bookings.guest" values={{ name: booking.guest_name }} />
      </Text>
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
        <Text fontSize="sm">
          <FormattedMessage
            id="teams.bookings.assignedTo"
            values={{
              member: assignee ? (
                memberName(assignee)
              ) : (
                <Badge variant="outline">
                  <FormattedMessage id="teams.bookings.unassigned" />
                </Badge>
              ),
            }}
          />
        </Text>
        <HStack>
          {canAssign && booking.status !== 'cancelled' ? (
            <ChoiceSelect
              root={{ size: 'xs', width: 'auto', disabled: assign.isPending }}
              aria-label={intl.formatMessage({ id: 'teams.bookings.assign' })}
              value={booking.assigned_user_id ?? ''}
              onChange={(event) => event.target.value && assign.mutate({ bookingId: booking.id, memberId: event.target.value })}
              choices={memberChoices(members)}
            >
              <option value="" disabled>
                {intl.formatMessage({ id: 'teams.bookings.assignTo' })}
              </option>
            </ChoiceSelect>
          ) : null}
          {cancellable ? (
            <Button size="xs" variant="outline" colorPalette="red" disabled={cancel.isPending} onClick={() => cancel.mutate({ id: booking.id, action: 'cancel' })}>
              <FormattedMessage id="bookings.action.cancel" />
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
  const { data, isPending, isError } = useBookingList({ teamId }, tab);
  const say = useSay();
  if (isPending) {
    return <SkeletonList count={3} height="24" label={say('bookings.loading')} testId="team-booking-skeleton" />;
  }
  // docs/product/messages.md's words for a team's lists.
  if (isError) return <EmptyState title={say('bookings.toast.error')} text={say(tab === 'cancelled' ? 'teams.bookings.loadFailedCancelled' : 'teams.bookings.loadFailed')} />;
  if (!data.length) return <EmptyState title={say('bookings.empty.all')} text={say('bookings.emptyText')} />;
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
      <TabActions add={<FormattedMessage id="bookings.create" />} onAdd={() => setCreating(true)} />
      <BookingListTabs
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
