// /booking/{uid}?token=…: the guest's own page for a booking, reached from the link in their mails.
// They see it in their own time zone and, until the host's notice for guest changes begins, cancel it
// (with an optional reason) or move it to another time the event type offers. A paid booking shows its
// payment and receipt, and may still be cancelled inside the notice, for the host's late-cancellation
// refund (the payments migration); each cancel says what it refunds.
import { useMemo, useState } from 'react';
import { Badge, Box, Button, Card, Container, Heading, HStack, Link, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { NotFoundMessage } from '../../components/EmptyState.tsx';
import { FormField } from '../../components/FormField.tsx';
import { LinkButton } from '../../components/LinkButton.tsx';
import { BookingAnswers } from '../../components/BookingAnswers.tsx';
import { BookingAttendees } from '../../components/BookingAttendees.tsx';
import { BookingPlace } from '../../components/MeetingPlace.tsx';
import { serverMessage } from '../../lib/api.ts';
import { formatMoney, isOpen, paymentSummary, refundShare, type GuestView } from '../../lib/shared.ts';
import { formatDate } from '../../lib/time.ts';
import { notify, notifyError } from '../../lib/toaster.ts';
import { zoneLabel } from '../../lib/zones.ts';
import { BookingPickers, useSlotPicker } from '../booking-flow/index.ts';
import { moveSource, useCancelBooking, useGuestBooking, useReschedule } from './hooks.ts';
import { loadedName, usePageTitle } from '../../lib/usePageTitle.ts';

/** Monday, January 5, 2026, 9:00 AM – 9:30 AM, in the clock the guest reads. */
const when = (b: Pick<GuestView, 'startTime' | 'endTime'>, timeZone: string) =>
  `${formatDate(new Date(b.startTime), 'EEEE, MMMM d, yyyy', timeZone)}, ${formatDate(new Date(b.startTime), 'h:mm a', timeZone)} – ${formatDate(new Date(b.endTime), 'h:mm a', timeZone)}`;

function headline(b: GuestView): string {
  if (b.moved) return 'This booking was moved';
  if (b.status === 'cancelled') return 'This booking is cancelled';
  if (b.status === 'pending') return 'Your request is awaiting confirmation';
  if (b.status === 'awaiting_payment') return 'Your payment is being confirmed';
  if (b.status === 'expired') return 'Your time was released';
  return 'Your booking is confirmed';
}

/**
 * The same calendar as booking (free days marked, the next available one offered, zone and clock),
 * over the times this booking can move to; a picked time is moved to only once the guest confirms it.
 */
function Reschedule({ booking, uid, token }: { booking: GuestView; uid: string; token: string }) {
  const navigate = useNavigate();
  const source = useMemo(() => moveSource(uid, token), [uid, token]);
  const picker = useSlotPicker(source, { initialZone: booking.guestTimezone });
  const move = useReschedule(uid, token);
  const chosen = picker.slot;
  const confirm = () =>
    chosen &&
    move.mutate(chosen.start, {
      onSuccess: (moved) => {
        notify('Booking Rescheduled', `Now ${when(moved.booking, picker.timeZone)}.`);
        navigate(`/booking/${moved.booking.uid}?token=${encodeURIComponent(moved.token)}`, { replace: true });
      },
      onError: (error) => notifyError('Reschedule Failed', serverMessage(error) ?? 'Failed to reschedule. Please try again.'),
    });
  return (
    <Stack gap="4">
      <BookingPickers flow={picker} />
      {chosen ? (
        <Box role="group" aria-label="Confirm the new time" borderWidth="1px" borderColor="blue.muted" bg="blue.subtle" borderRadius="md" p="4">
          <Stack gap="3">
            <Text>
              Move your booking from <strong>{when(booking, picker.timeZone)}</strong> to{' '}
              <strong>{when({ startTime: chosen.start, endTime: chosen.end }, picker.timeZone)}</strong> ({zoneLabel(picker.timeZone, new Date(chosen.start))})?
            </Text>
            <HStack gap="2" wrap="wrap">
              <Button colorPalette="blue" disabled={move.isPending} onClick={confirm}>
                {move.isPending ? 'Moving...' : 'Move my booking'}
              </Button>
              <Button variant="outline" disabled={move.isPending} onClick={() => picker.setSlot(null)}>
                Keep the current time
              </Button>
            </HStack>
          </Stack>
        </Box>
      ) : null}
    </Stack>
  );
}

/** What cancelling now gives back: all of it before the notice, the host's share inside it. */
function refundNote(booking: GuestView): string | null {
  const p = booking.payment;
  if (!p || p.status !== 'paid') return null;
  if (booking.canChange) return `Cancelling now refunds ${formatMoney(p.amount, p.currency)}.`;
  const back = formatMoney(refundShare(p.amount, p.lateRefundPercent, p.currency), p.currency);
  return `Cancelling now refunds ${back} (${p.lateRefundPercent}%, as your host's policy for late cancellations says).`;
}

function Cancel({ booking, uid, token }: { booking: GuestView; uid: string; token: string }) {
  const [reason, setReason] = useState('');
  const cancel = useCancelBooking(uid, token);
  const refund = refundNote(booking);
  return (
    <Stack gap="3">
      {refund ? <Text>{refund}</Text> : null}
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
            {booking.duration} minutes · with {host} · times in {zoneLabel(booking.guestTimezone, new Date(booking.startTime))}
          </Text>
          <BookingPlace location={booking.location ?? null} reader="guest" />
          <BookingAnswers answers={booking.answers} label="Your answers" />
          <BookingAttendees emails={booking.attendees} label="People you invited" />
          {booking.status === 'cancelled' && booking.cancellationReason ? <Text fontSize="sm">Reason: {booking.cancellationReason}</Text> : null}
          {booking.payment ? (
            <HStack fontSize="sm" gap="3">
              <Text>{paymentSummary(booking.payment)}</Text>
              {booking.payment.receiptUrl ? (
                <Link href={booking.payment.receiptUrl} target="_blank" rel="noreferrer" variant="underline">
                  Receipt
                </Link>
              ) : null}
            </HStack>
          ) : null}
        </Card.Body>
      </Card.Root>
      {booking.status === 'cancelled' && !booking.moved && booking.eventTypeId ? (
        <LinkButton to={`/book/${booking.eventTypeId}`} colorPalette="blue" alignSelf="start">
          Book again
        </LinkButton>
      ) : null}
      {booking.moved ? (
        <Box borderWidth="1px" borderRadius="md" p="4" bg="bg.muted">
          <Text>This is where your booking went. The link in your most recent email lets you change it.</Text>
        </Box>
      ) : null}
      {open && !booking.canCancel ? (
        <Box borderWidth="1px" borderRadius="md" p="4" bg="bg.muted">
          <Text>
            This booking can no longer be changed online: it starts too soon. Please contact {booking.hostName} to change or cancel it.
          </Text>
        </Box>
      ) : null}
      {open && booking.canCancel ? (
        <Stack gap="4">
          <HStack>
            {booking.canChange ? (
              <Button variant={action === 'reschedule' ? 'solid' : 'outline'} colorPalette="blue" onClick={() => setAction('reschedule')}>
                Reschedule
              </Button>
            ) : null}
            <Button variant={action === 'cancel' ? 'solid' : 'outline'} colorPalette="red" onClick={() => setAction('cancel')}>
              Cancel
            </Button>
          </HStack>
          {action === 'reschedule' ? <Reschedule booking={booking} uid={uid} token={token} /> : null}
          {action === 'cancel' ? <Cancel booking={booking} uid={uid} token={token} /> : null}
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
  usePageTitle(loadedName({ pending: booking.isPending, failed: false }, booking.data && `Your booking: ${booking.data.title}`, 'Booking Not Found'));
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
