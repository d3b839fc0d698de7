// The embed page of a personal event type.
import { Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Clock } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { NotFoundMessage } from '../../components/EmptyState.tsx';
import { IconFact } from '../../components/IconFact.tsx';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { fullName } from '../../lib/names.ts';
import { usePublicEventType } from '../booking-flow/index.ts';
import { EmbedBookingForm } from './EmbedBookingForm.tsx';
import { EmbedFrame } from './EmbedFrame.tsx';
import { loadedName, usePageTitle } from '../../lib/usePageTitle.ts';

/** /embed/{eventTypeId}: a personal event type's booking flow, for a frame on another site. */
export default function EmbedEventPage() {
  const eventTypeId = Number(useParams().eventTypeId);
  const known = Number.isInteger(eventTypeId) && eventTypeId > 0;
  const { data: eventType, isPending, isError, error, refetch } = usePublicEventType(eventTypeId);
  const intl = useIntl();
  const notFound = intl.formatMessage({ id: 'booking.page.notFound' });
  usePageTitle(loadedName({ pending: known && isPending, failed: known && isError }, eventType?.title, notFound));
  const host = eventType ? fullName({ first_name: eventType.host_first_name, last_name: eventType.host_last_name }) : '';
  return (
    <EmbedFrame>
      {known && isPending ? (
        <Skeleton h="96" borderRadius="lg" aria-label={intl.formatMessage({ id: 'layout.loading' })} />
      ) : known && isError ? (
        <LoadFailure title={intl.formatMessage({ id: 'booking.page.loadFailed' })} error={error} onRetry={() => void refetch()} />
      ) : !known || !eventType ? (
        <NotFoundMessage title={notFound} text={intl.formatMessage({ id: 'booking.page.notFoundText' })} />
      ) : (
        <Stack gap="5">
          <Stack gap="1" borderInlineStartWidth="4px" borderColor={eventType.color} ps="3">
            <Heading as="h1" size="lg">
              {eventType.title}
            </Heading>
            <HStack fontSize="sm" color="fg.muted" gap="3" wrap="wrap">
              <Text>
                <FormattedMessage id="embed.withHost" values={{ host: host || intl.formatMessage({ id: 'booking.page.host' }) }} />
              </Text>
              <IconFact icon={Clock}>
                <FormattedMessage id="common.minutes" values={{ minutes: eventType.duration }} />
              </IconFact>
            </HStack>
          </Stack>
          <EmbedBookingForm
            target={{ kind: 'personal', eventTypeId: eventType.id }}
            details={{ title: eventType.title, duration: eventType.duration, host: host || undefined, locations: eventType.locations, questions: eventType.questions, guestFields: eventType.guest_fields, maxExtraAttendees: eventType.max_extra_attendees, recurrence: { frequencies: eventType.recurrence_frequencies, maxCount: eventType.recurrence_max_count } }}
          />
        </Stack>
      )}
    </EmbedFrame>
  );
}
