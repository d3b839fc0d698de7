// /booking/{uid}?token=…: the guest's own page for a booking, reached from the link in their mails.
// They see it in their own time zone and, until the host's notice for guest changes begins, cancel it
// (with an optional reason) or move it to another time the event type offers.
import { useState } from 'react';
import { Badge, Box, Button, Card, Container, Heading, HStack, Input, SimpleGrid, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
import { formatInTimeZone } from 'date-fns-tz';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { NotFoundMessage } from '../../components/EmptyState.tsx';
import { FormField } from '../../components/FormField.tsx';
import { serverMessage } from '../../lib/api.ts';
import { isOpen, type GuestView } from '../../lib/shared.ts';
import { notify, notifyError } from '../../lib/toaster.ts';
import { useCancelBooking, useGuestBooking, useMoveSlots, useReschedule } from './hooks.ts';

const when = (b: Pick<GuestView, 'startTime' | 'endTime'>, timeZone: string) =>
  `${formatInTimeZone(b.startTime, timeZone, 'EEEE, MMMM d, yyyy')}, ${formatInTimeZone(b.startTime, timeZone, 'h:mm a')} – ${formatInTimeZone(b.endTime, timeZone, 'h:mm a')}`;

function headline(b: GuestView): string {
  if (b.moved) return 'This booking was moved';
  if (b.status === 'cancelled') return 'This booking is cancelled';
  if (b.status === 'pending') return 'Your request is awaiting confirmation';
  return 'Your booking is confirmed';
}

function Reschedule({ booking, uid, token }: { booking: GuestView; uid: string; token: string }) {
  const navigate = useNavigate();
  const [date, setDate] = useState<string | null>(null);
  const slots = useMoveSlots(uid, token, date, booking.guestTimezone);
  const move = useReschedule(uid, token);
  const pick = (start: string) =>
    move.mutate(start, {
      onSuccess: (moved) => {
        notify('Booking Rescheduled', `Now ${when(moved.booking, booking.guestTimezone)}.`);
        navigate(`/booking/${moved.booking.uid}?token=${encodeURIComponent(moved.token)}`, { replace: true });
      },
      onError: (error) => notifyError('Reschedule Failed', serverMessage(error) ?? 'Failed to reschedule. Please try again.'),
    });
  return (
    <Stack gap="3">
      <FormField label="New date">
        <Input type="date" value={date ?? ''} onChange={(event) => setDate(event.target.value || null)} />
      </FormField>
      {date && slots.isPending ? <Skeleton h="20" /> : null}
      {slots.data ? (
        slots.data.slots.length === 0 ? (
          <Text color="fg.muted">No times left on this day.</Text>
        ) : (
          <SimpleGrid columns={{ base: 3, sm: 4 }} gap="2" role="list" aria-label="Available times">
            {slots.data.slots.map((slot) => (
              <Button key={slot.start} role="listitem" variant="outline" size="sm" disabled={move.isPending} onClick={() => pick(slot.start)}>
                {formatInTimeZone(slot.start, booking.guestTimezone, 'HH:mm')}
              </Button>
            ))}
          </SimpleGrid>
        )
      ) : null}
    </Stack>
  );
}

function Cancel({ uid, token }: { uid: string; token: string }) {
  const [reason, setReason] = useState('');
  const cancel = useCancelBooking(uid, token);
  return (
    <Stack gap="3">
      <FormField label="Reason (optional)">
        <Textarea value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} placeholder="Let your host know why" />
      </FormField>
      <Button
        alignSelf="start"
        colorPalette="red"
        disabled={cancel.isPending}
        onClick={() =>
          cancel.mutate(reason, {
            onSuccess: () => notify('Booking Cancelled', 'Your host has been told.'),
            onError: (error) => notifyError('Cancel Failed', serverMessage(error) ?? 'Failed to cancel booking. Please try again.'),
          })
        }
      >
        Cancel booking
      </Button>
    </Stack>
  );
}

function Manage({ booking, uid, token }: { booking: GuestView; uid: string; token: string }) {
  const [action, setAction] = useState<'reschedule' | 'cancel' | null>(null);
  const open = !booking.moved && isOpen(booking.status);
  const host = booking.teamName ? `${booking.hostName} (${booking.teamName})` : booking.hostName;
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {headline(booking)}
        </Heading>
        <Text color="fg.muted">Hi {booking.guestName}, here is your booking with {host}.</Text>
      </Stack>
      <Card.Root>
        <Card.Body gap="2">
          <HStack justify="space-between" align="start">
            <Heading as="h2" size="lg">
              {booking.title}
            </Heading>
            <Badge colorPalette={booking.status === 'confirmed' ? 'green' : booking.status === 'pending' ? 'yellow' : 'red'}>
              {booking.status === 'pending' ? 'Awaiting Confirmation' : booking.status}
            </Badge>
          </HStack>
          <Text>{when(booking, booking.guestTimezone)}</Text>
          <Text color="fg.muted" fontSize="sm">
            {booking.duration} minutes · with {host} · times in {booking.guestTimezone}
          </Text>
          {booking.status === 'cancelled' && booking.cancellationReason ? <Text fontSize="sm">Reason: {booking.cancellationReason}</Text> : null}
        </Card.Body>
      </Card.Root>
      {booking.moved ? (
        <Box borderWidth="1px" borderRadius="md" p="4" bg="bg.muted">
          <Text>This is where your booking went. The link in your most recent email lets you change it.</Text>
        </Box>
      ) : null}
      {open && !booking.canChange ? (
        <Box borderWidth="1px" borderRadius="md" p="4" bg="bg.muted">
          <Text>
            This booking can no longer be changed online: it starts too soon. Please contact {booking.hostName} to change or cancel it.
          </Text>
        </Box>
      ) : null}
      {open && booking.canChange ? (
        <Stack gap="4">
          <HStack>
            <Button variant={action === 'reschedule' ? 'solid' : 'outline'} colorPalette="blue" onClick={() => setAction('reschedule')}>
              Reschedule
            </Button>
            <Button variant={action === 'cancel' ? 'solid' : 'outline'} colorPalette="red" onClick={() => setAction('cancel')}>
              Cancel
            </Button>
          </HStack>
          {action === 'reschedule' ? <Reschedule booking={booking} uid={uid} token={token} /> : null}
          {action === 'cancel' ? <Cancel uid={uid} token={token} /> : null}
        </Stack>
      ) : null}
    </Stack>
  );
}

export default function ManageBookingPage() {
  const { uid = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const booking = useGuestBooking(uid, token);
  return (
    <Container maxW="2xl" py="10">
      {booking.isPending ? (
        <Skeleton h="60" />
      ) : booking.data ? (
        <Manage key={booking.data.uid} booking={booking.data} uid={uid} token={token} />
      ) : (
        <NotFoundMessage title="Booking Not Found" text="This link is not valid, or the booking is over." />
      )}
    </Container>
  );
}
