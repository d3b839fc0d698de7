// /book/{eventTypeId}: an event type's own booking page.
import { Badge, Box, Button, Card, Container, Grid, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Clock } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams, useSearchParams } from 'react-router-dom';
import type { Question } from '../../lib/shared.ts';
import { NotFoundMessage } from '../../components/EmptyState.tsx';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { Price } from '../../components/Price.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { fullName } from '../../lib/names.ts';
import { formatDate } from '../../lib/time.ts';
import { zoneLabel } from '../../lib/zones.ts';
import { OWN_HOURS } from '../../components/NoBookableTime.tsx';
import { useCurrentUser } from '../../lib/session.ts';
import { BookButton, PickersAndDetails } from './BookingFormParts.tsx';
import { BookingConfirmation } from './BookingConfirmation.tsx';
import { addressPrefill } from './useAnswers.ts';
import { OfferedPlaces } from '../../components/MeetingPlace.tsx';
import { guestPlaceLabel, noPlaceLabel } from '../../lib/places.ts';
import { usePublicEventType } from './hooks.ts';
import { useBookingFlow } from './useBookingFlow.ts';
import { loadedName, usePageTitle } from '../../lib/usePageTitle.ts';

type PublicEventType = NonNullable<ReturnType<typeof usePublicEventType>['data']>;

function BookingForm({ eventType }: { eventType: PublicEventType }) {
  const intl = useIntl();
  const minutes = intl.formatMessage({ id: 'common.minutes' }, { minutes: eventType.duration });
  const host = {
    first_name: eventType.host_first_name,
    last_name: eventType.host_last_name,
    profile_image_url: eventType.host_profile_image_url,
  };
  // A link may fill in the guest's details and answers (`?name=&email=&notes=&q.<slug>=`).
  const [params] = useSearchParams();
  const prefill = addressPrefill(params, (eventType.questions as Question[] | null) ?? []);
  const flow = useBookingFlow(
    { kind: 'personal', eventTypeId: eventType.id },
    'page',
    {
      title: eventType.title,
      duration: eventType.duration,
      host: fullName(host) || undefined,
      locations: eventType.locations,
      questions: eventType.questions,
      guestFields: eventType.guest_fields,
      maxExtraAttendees: eventType.max_extra_attendees,
      recurrence: { frequencies: eventType.recurrence_frequencies, maxCount: eventType.recurrence_max_count },
    },
    { prefill: prefill.guest, prefillAnswers: prefill.answers, prefillInvitees: prefill.invitees },
  );
  const chosenPlace = flow.places.find((place) => place.kind === flow.place);
  // The host looking at their own page is told why guests see no time, and where to open some.
  const owned = useCurrentUser().data?.id === eventType.user_id;
  return (
    <Grid templateColumns={{ base: '1fr', lg: '1fr 2fr' }} gap="6">
      <Card.Root as="aside" alignSelf="start">
        <Card.Body gap="4">
          <HStack>
            <UserAvatar person={host} />
            <Stack gap="0">
              <Text fontSize="sm" color="fg.muted">
                <FormattedMessage id="booking.page.bookWith" values={{ host: fullName(host) || intl.formatMessage({ id: 'booking.page.host' }) }} />
              </Text>
              {eventType.host_title ? <Badge alignSelf="start">{eventType.host_title}</Badge> : null}
            </Stack>
          </HStack>
          <Heading as="h1" size="xl" borderInlineStartWidth="4px" borderColor={eventType.color} ps="3">
            {eventType.title}
          </Heading>
          <Stack gap="2" fontSize="sm" color="fg.muted">
            <HStack>
              <Clock size={16} aria-hidden /> <Text>{minutes}</Text>
            </HStack>
            <Price amount={eventType.price_cents} currency={eventType.currency} />
            <OfferedPlaces places={flow.places} />
            <Text>
              <FormattedMessage id="booking.page.timesShownIn" values={{ zone: zoneLabel(flow.timeZone, undefined, intl.locale) }} />
            </Text>
          </Stack>
          {eventType.description ? (
            <Box>
              <Heading as="h2" size="sm" mb="1">
                <FormattedMessage id="booking.page.about" />
              </Heading>
              <Text fontSize="sm">{eventType.description}</Text>
            </Box>
          ) : null}
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Body>
          {flow.booked ? (
            <BookingConfirmation
              booked={flow.booked}
              actions={
                <Button variant="outline" size="sm" onClick={flow.startOver}>
                  <FormattedMessage id="booking.page.bookAnother" />
                </Button>
              }
            />
          ) : (
          <form noValidate onSubmit={flow.submit}>
            <PickersAndDetails
              flow={flow}
              owner={owned ? OWN_HOURS : undefined}
              headingLevel="h2"
              summary={
                <Box borderWidth="1px" borderRadius="md" p="3" fontSize="sm">
                  <Heading as="h3" size="xs" mb="2">
                    <FormattedMessage id="booking.page.meetingDetails" />
                  </Heading>
                  <Text>{eventType.title}</Text>
                  <Text color="fg.muted">
                    {minutes}
                    {flow.places.length === 0 ? ` · ${noPlaceLabel(intl)}` : chosenPlace ? ` · ${guestPlaceLabel(chosenPlace, intl)}` : ''}
                  </Text>
                  <Text color="fg.muted">
                    {flow.slot
                      ? formatDate(new Date(flow.slot.start), "EEEE, MMMM d, yyyy 'at' h:mm a", flow.timeZone, intl.locale)
                      : intl.formatMessage({ id: 'booking.page.chooseTime' })}
                  </Text>
                </Box>
              }
            >
              <BookButton flow={flow} />
            </PickersAndDetails>
          </form>
          )}
        </Card.Body>
      </Card.Root>
    </Grid>
  );
}

export default function EventBookingPage() {
  const eventTypeId = Number(useParams().eventTypeId);
  const { data: eventType, isPending, isError, error, refetch } = usePublicEventType(eventTypeId);
  const known = Number.isInteger(eventTypeId) && eventTypeId > 0;
  const intl = useIntl();
  const notFound = intl.formatMessage({ id: 'booking.page.notFound' });
  usePageTitle(loadedName({ pending: known && isPending, failed: known && isError }, eventType?.title, notFound));
  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }}>
      {known && isPending ? (
        <Skeleton h="96" borderRadius="lg" />
      ) : known && isError ? (
        <LoadFailure title={intl.formatMessage({ id: 'booking.page.loadFailed' })} error={error} onRetry={() => void refetch()} />
      ) : !known || !eventType ? (
        <NotFoundMessage title={notFound} text={intl.formatMessage({ id: 'booking.page.notFoundText' })} />
      ) : (
        <BookingForm eventType={eventType} />
      )}
    </Container>
  );
}
