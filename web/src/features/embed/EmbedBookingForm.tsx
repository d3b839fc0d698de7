// The booking flow inside an embed frame: the pickers, the guest's details, and the host page told of the booking.
import { useState } from 'react';
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { CircleCheck } from 'lucide-react';
import { formatDate } from '../../lib/time.ts';
import { BookButton, PickersAndDetails, useBookingFlow, type BookedBooking, type BookingTarget, type GuestInput } from '../booking-flow/index.ts';
import { useEmbedParams } from './EmbedFrame.tsx';
import { postToHost } from './protocol.ts';

/**
 * The booking form of an embedded page: the app's pickers and guest fields, prefilled from the
 * loader, and after a booking a confirmation in place of the form while the host page hears of it.
 */
export function EmbedBookingForm({ target }: { target: BookingTarget }) {
  const { name, email, hostOrigin } = useEmbedParams();
  const [booked, setBooked] = useState<BookedBooking | null>(null);
  const prefill: Partial<GuestInput> = { ...(name ? { guestName: name } : {}), ...(email ? { guestEmail: email } : {}) };
  const flow = useBookingFlow(
    target,
    'page',
    (booking) => {
      setBooked(booking);
      postToHost({ kairos: 1, type: 'booking-created', booking: { id: booking.id, uid: booking.uid, status: booking.status } }, hostOrigin);
    },
    { prefill, confirmInPlace: true },
  );

  if (booked) {
    const pending = booked.status === 'pending';
    return (
      <Stack role="status" gap="3" align="center" textAlign="center" py="6">
        <CircleCheck size={40} aria-hidden color="var(--chakra-colors-blue-solid)" />
        <Heading as="h2" size="lg">
          {pending ? 'Booking Pending Approval' : 'Booking Confirmed!'}
        </Heading>
        <Text>{formatDate(new Date(booked.startTime), "EEEE, MMMM d, yyyy 'at' h:mm a", flow.timeZone)} ({flow.timeZone})</Text>
        <Text color="fg.muted" fontSize="sm">
          {pending ? "You'll receive confirmation once the host approves it." : 'A confirmation is on its way to your inbox.'}
        </Text>
        <Button variant="outline" size="sm" onClick={() => setBooked(null)}>
          Book another time
        </Button>
      </Stack>
    );
  }

  return (
    <form noValidate onSubmit={flow.submit}>
      <PickersAndDetails flow={flow}>
        <BookButton flow={flow} />
      </PickersAndDetails>
    </form>
  );
}
