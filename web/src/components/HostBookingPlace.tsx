// A booking's place on its host's card and the team's rows: as guests are told it, from the host's
// side, and while a provider makes the link where that stands, with a way to ask again. Kept apart
// from MeetingPlace.tsx so the public pages load none of it.
import { Button, Stack, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { bookingLocation, linkStateOf } from '../lib/places.ts';
import type { Booking } from '../lib/types.ts';
import { useRetryMeetingLink } from '../lib/useRetryMeetingLink.ts';
import { BookingPlace, PlaceLine } from './MeetingPlace.tsx';

/** Pending reads as BookingPlace says it; failed shows the reason and 'Retry the link'. */
export function HostBookingPlace({ booking }: { booking: Pick<Booking, 'id' | 'location' | 'link_state'> }) {
  const location = bookingLocation(booking.location);
  const state = linkStateOf(booking.link_state);
  const retry = useRetryMeetingLink();
  const intl = useIntl();
  if (!location || location.value || state?.status !== 'failed') return <BookingPlace location={location} reader="host" />;
  return (
    <Stack gap="1" role="group" aria-label={intl.formatMessage({ id: 'place.link' })}>
      <PlaceLine kind={location.kind}>{intl.formatMessage({ id: 'bookings.place.linkFailed' }, { place: intl.formatMessage({ id: `places.${location.kind}` }) })}</PlaceLine>
      {state.error ? (
        <Text color="fg.muted" overflowWrap="anywhere">
          {state.error}
        </Text>
      ) : null}
      <Button size="xs" variant="outline" alignSelf="start" disabled={retry.isPending} onClick={() => retry.mutate(booking.id)}>
        {intl.formatMessage({ id: 'bookings.place.retry' })}
      </Button>
    </Stack>
  );
}
