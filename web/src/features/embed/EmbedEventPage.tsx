// The embed page of a personal event type.
import { Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Clock } from 'lucide-react';
import { useParams } from 'react-router-dom';
import { NotFoundMessage } from '../../components/EmptyState.tsx';
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
  usePageTitle(loadedName({ pending: known && isPending, failed: known && isError }, eventType?.title, 'Event Not Found'));
  const host = eventType ? fullName({ first_name: eventType.host_first_name, last_name: eventType.host_last_name }) : '';
  return (
    <EmbedFrame>
      {known && isPending ? (
        <Skeleton h="96" borderRadius="lg" aria-label="Loading" />
      ) : known && isError ? (
        <LoadFailure title="This booking page could not be loaded" error={error} onRetry={() => void refetch()} />
      ) : !known || !eventType ? (
        <NotFoundMessage title="Event Not Found" text="The event type you're looking for doesn't exist." />
      ) : (
        <Stack gap="5">
          <Stack gap="1" borderLeftWidth="4px" borderColor={eventType.color} pl="3">
            <Heading as="h1" size="lg">
              {eventType.title}
            </Heading>
            <HStack fontSize="sm" color="fg.muted" gap="3" wrap="wrap">
              <Text>With {host || 'Host'}</Text>
              <HStack gap="1">
                <Clock size={14} aria-hidden /> <Text>{eventType.duration} minutes</Text>
              </HStack>
            </HStack>
          </Stack>
          <EmbedBookingForm
            target={{ kind: 'personal', eventTypeId: eventType.id }}
            details={{ title: eventType.title, duration: eventType.duration, host: host || undefined, locations: eventType.locations, questions: eventType.questions, guestFields: eventType.guest_fields, maxExtraAttendees: eventType.max_extra_attendees }}
          />
        </Stack>
      )}
    </EmbedFrame>
  );
}
