// The embed page of a public team.
import { useState } from 'react';
import { Button, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft, ArrowRight, Clock } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { NotFoundMessage } from '../../components/EmptyState.tsx';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { direction, isLocale } from '../../i18n/locales.ts';
import { formatDuration } from '../../lib/shared.ts';
import { usePublicTeamPage } from '../public-team/index.ts';
import { EmbedBookingForm } from './EmbedBookingForm.tsx';
import { EmbedFrame } from './EmbedFrame.tsx';

/** /embed/team/{slug}: a public team's meeting types, then the chosen one's booking flow, for a frame. */
export default function EmbedTeamPage() {
  const [{ data, isPending, isError, error, refetch }, notFound] = usePublicTeamPage();
  const intl = useIntl();
  const [chosenId, setChosenId] = useState<number | null>(null);
  if (isPending) {
    return (
      <EmbedFrame>
        <Skeleton h="60" borderRadius="lg" aria-label={intl.formatMessage({ id: 'layout.loading' })} />
      </EmbedFrame>
    );
  }
  if (isError) {
    return (
      <EmbedFrame>
        <LoadFailure title={intl.formatMessage({ id: 'booking.page.loadFailed' })} error={error} onRetry={() => void refetch()} />
      </EmbedFrame>
    );
  }
  if (!data) {
    return (
      <EmbedFrame>
        <NotFoundMessage title={notFound} text={intl.formatMessage({ id: 'public.team.notFoundText' })} />
      </EmbedFrame>
    );
  }
  const { team, eventTypes } = data;
  // Back points the way the page reads.
  const Back = isLocale(intl.locale) && direction(intl.locale) === 'rtl' ? ArrowRight : ArrowLeft;
  const chosen = eventTypes.find((e) => e.id === chosenId) ?? (eventTypes.length === 1 ? eventTypes[0] : undefined);
  return (
    <EmbedFrame>
      <Stack gap="5">
        <Stack gap="1">
          <Heading as="h1" size="lg">
            {chosen ? chosen.title : team.name}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {chosen ? `${team.name} · ${intl.formatMessage({ id: 'common.minutes' }, { minutes: chosen.duration })}` : intl.formatMessage({ id: 'embed.chooseType' })}
          </Text>
        </Stack>
        {chosen ? (
          <>
            {eventTypes.length > 1 ? (
              <Button alignSelf="start" size="xs" variant="ghost" onClick={() => setChosenId(null)}>
                <Back aria-hidden /> <FormattedMessage id="embed.allTypes" />
              </Button>
            ) : null}
            <EmbedBookingForm
              key={chosen.id}
              target={{ kind: 'team', teamEventTypeId: chosen.id, teamId: team.id }}
              details={{ title: chosen.title, duration: chosen.duration, host: team.name, locations: chosen.locations, questions: chosen.questions, guestFields: chosen.guest_fields, maxExtraAttendees: chosen.max_extra_attendees, recurrence: { frequencies: chosen.recurrence_frequencies, maxCount: chosen.recurrence_max_count } }}
            />
          </>
        ) : !eventTypes.length ? (
          <Text color="fg.muted">
            <FormattedMessage id="public.team.noTypes" />
          </Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
            {eventTypes.map((eventType) => (
              <li key={eventType.id}>
                <Button w="full" justifyContent="space-between" variant="outline" h="auto" py="3" onClick={() => setChosenId(eventType.id)}>
                  <Text fontWeight="semibold">{eventType.title}</Text>
                  <HStack gap="1" color="fg.muted" fontSize="sm">
                    <Clock size={14} aria-hidden /> {formatDuration(eventType.duration, intl.locale)}
                  </HStack>
                </Button>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </EmbedFrame>
  );
}
