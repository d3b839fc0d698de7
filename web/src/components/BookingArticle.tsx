// A booking as the host's cards and a team's booking rows show it: an article named '{event} with
// {guest}' (how a screen reader lists it), headed by the event's title and when it is, with its status
// on the right, and a paid booking's price and payment; below, what the screen adds.
import type { ReactNode } from 'react';
import { Card, Flex, Stack, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { eventTitle } from '../lib/names.ts';
import type { Booking } from '../lib/types.ts';
import { PaymentSummary } from './PaymentSummary.tsx';
import { StatusBadge } from './StatusBadge.tsx';

/** A card's parts stand apart; a row's sit closer. */
const SPACING = { card: { body: '3', head: '1' }, row: { body: '2', head: '0' } } as const;

export function BookingArticle({ booking, when, spacing, children }: { booking: Booking; when: ReactNode; spacing: keyof typeof SPACING; children: ReactNode }) {
  const intl = useIntl();
  return (
    <Card.Root size="sm" as="article" aria-label={intl.formatMessage({ id: 'bookings.card.name' }, { event: eventTitle(booking, intl), guest: booking.guest_name })}>
      <Card.Body gap={SPACING[spacing].body}>
        <Flex justify="space-between" align="start" gap="3" wrap="wrap">
          <Stack gap={SPACING[spacing].head}>
            <Text fontWeight="semibold">{eventTitle(booking, intl)}</Text>
            {when}
          </Stack>
          <StatusBadge status={booking.status} />
        </Flex>
        {booking.payment ? <PaymentSummary payment={booking.payment} fontSize="sm" /> : null}
        {children}
      </Card.Body>
    </Card.Root>
  );
}
