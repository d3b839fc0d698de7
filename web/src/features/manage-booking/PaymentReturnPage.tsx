// /booking/{uid}/payment?token=…: where Stripe's Checkout page sends the guest back (paid, or left).
// The booking is decided by Stripe's event to the stripe_webhook function, which may come before or
// after the guest: this page reads the booking until it is decided. Paid: the guest's own booking
// page (confirmed, or awaiting the host's approval). Not paid in time: the time was released.
import { Container, Heading, Skeleton, Spinner, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
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
  const intl = useIntl();
  const notFound = intl.formatMessage({ id: 'manage.notFound' });
  usePageTitle(
    loadedName({ pending: booking.isPending, failed: false }, booking.data && intl.formatMessage({ id: 'payment.pageTitle' }, { title: booking.data.title }), notFound),
  );
  const b = booking.data;
  if (b && b.status !== 'awaiting_payment' && b.status !== 'expired') {
    return <Navigate to={`/booking/${encodeURIComponent(uid)}?token=${encodeURIComponent(token)}`} replace />;
  }
  return (
    <Container maxW="2xl" py="10">
      {booking.isPending ? (
        <Skeleton h="40" />
      ) : !b ? (
        <NotFoundMessage title={notFound} text={intl.formatMessage({ id: 'manage.notFoundText' })} />
      ) : b.status === 'expired' ? (
        <Stack gap="4" role="status">
          <Heading as="h1" size="xl">
            <FormattedMessage id="manage.headline.expired" />
          </Heading>
          <Text>
            <FormattedMessage id="payment.expiredText" values={{ title: b.title }} />
          </Text>
          {b.eventTypeId ? (
            <LinkButton to={`/book/${b.eventTypeId}`} colorPalette="blue" alignSelf="start">
              <FormattedMessage id="payment.pickAnother" />
            </LinkButton>
          ) : (
            <Text>
              {b.teamName ? (
                <FormattedMessage id="payment.backToTeam" values={{ team: b.teamName }} />
              ) : (
                <FormattedMessage id="payment.backToPage" />
              )}
            </Text>
          )}
        </Stack>
      ) : (
        <Stack gap="4" role="status" aria-busy>
          <Heading as="h1" size="xl">
            <FormattedMessage id="payment.confirming" />
          </Heading>
          <Spinner aria-hidden />
          <Text>
            <FormattedMessage id="payment.held" values={{ title: b.title }} />
          </Text>
        </Stack>
      )}
    </Container>
  );
}
