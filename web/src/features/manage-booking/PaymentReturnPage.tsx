// /booking/{uid}/payment?token=…: where Stripe's Checkout page sends the guest back (paid, or left).
// The booking is decided by Stripe's event to the stripe_webhook function, which may come before or
// after the guest: this page reads the booking until it is decided. Paid: the guest's own booking
// page (confirmed, or awaiting the host's approval). Not paid in time: the time was released.
import { Container, Heading, Skeleton, Spinner, Stack, Text } from '@chakra-ui/react';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { NotFoundMessage } from '../../components/EmptyState.tsx';
import { LinkButton } from '../../components/LinkButton.tsx';
import { loadedName, usePageTitle } from '../../lib/usePageTitle.ts';
import { useGuestBooking } from './hooks.ts';

/** How often the page asks again while the payment is undecided. */
export const PAYMENT_POLL_MS = 2000;

export default function PaymentReturnPage() {
  const { uid = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const booking = useGuestBooking(uid, token, { while: (b) => b.status === 'awaiting_payment', everyMs: PAYMENT_POLL_MS });
  usePageTitle(loadedName({ pending: booking.isPending, failed: false }, booking.data && `Your payment: ${booking.data.title}`, 'Booking Not Found'));
  const b = booking.data;
  if (b && b.status !== 'awaiting_payment' && b.status !== 'expired') {
    return <Navigate to={`/booking/${encodeURIComponent(uid)}?token=${encodeURIComponent(token)}`} replace />;
  }
  return (
    <Container maxW="2xl" py="10">
      {booking.isPending ? (
        <Skeleton h="40" />
      ) : !b ? (
        <NotFoundMessage title="Booking Not Found" text="This link is not valid, or the booking is over." />
      ) : b.status === 'expired' ? (
        <Stack gap="4" role="status">
          <Heading as="h1" size="xl">
            Your time was released
          </Heading>
          <Text>The payment for {b.title} was not completed in time, so the time is free again. Nothing was charged.</Text>
          {b.eventTypeId ? (
            <LinkButton to={`/book/${b.eventTypeId}`} colorPalette="blue" alignSelf="start">
              Pick another time
            </LinkButton>
          ) : (
            <Text>Go back to {b.teamName ?? 'the booking page'} to pick another time.</Text>
          )}
        </Stack>
      ) : (
        <Stack gap="4" role="status" aria-busy>
          <Heading as="h1" size="xl">
            Confirming your payment
          </Heading>
          <Spinner aria-hidden />
          <Text>
            Your time for {b.title} is held while Stripe confirms the payment. This page moves on by itself; if you left the payment page
            without paying, the time is released when the hold ends.
          </Text>
        </Stack>
      )}
    </Container>
  );
}
