// A person's public page: profile, event types and the Book a Meeting dialog.
import { useState } from 'react';
import { Badge, Box, Button, Card, Container, Flex, Heading, HStack, Link, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Building2, Clock, Globe, Instagram, Linkedin, MapPin, Twitter, Video } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { EmptyState, NotFoundMessage } from '../../components/EmptyState.tsx';
import { IconFact } from '../../components/IconFact.tsx';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { Price } from '../../components/Price.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { fullName } from '../../lib/names.ts';
import { loadedName, usePageTitle } from '../../lib/usePageTitle.ts';
import { BookMeetingDialog, type DialogEvent } from '../booking-flow/index.ts';
import { usePublicAvailability, usePublicEventTypes, usePublicProfile } from './hooks.ts';
import { NoBookableTime, OWN_HOURS } from '../../components/NoBookableTime.tsx';
import { useCurrentUser } from '../../lib/session.ts';
import { noPlaceLabel } from '../../lib/places.ts';

type Profile = NonNullable<ReturnType<typeof usePublicProfile>['data']>;

function socialHref(kind: 'website' | 'linkedin' | 'twitter' | 'instagram', value: string): string {
  if (/^https?:\/\//.test(value)) return value;
  const name = value.replace(/^@/, '');
  if (kind === 'twitter') return `https://twitter.com/${name}`;
  if (kind === 'instagram') return `https://instagram.com/${name}`;
  return `https://${value}`;
}

function Header({ profile, variant }: { profile: Profile; variant: 'calendar' | 'handle' }) {
  const links = (
    [
      ['website', profile.website, Globe],
      ['linkedin', profile.linkedin, Linkedin],
      ['twitter', profile.twitter, Twitter],
      ['instagram', profile.instagram, Instagram],
    ] as const
  ).filter(([, value]) => Boolean(value));
  const intl = useIntl();
  return (
    <Card.Root>
      <Card.Body>
        <Flex
          direction={{ base: 'column', sm: 'row' }}
          gap="5"
          align={{ base: 'center', sm: 'start' }}
          textAlign={{ base: 'center', sm: 'left' }}
        >
          <UserAvatar person={profile} size="2xl" />
          <Stack gap="2" flex="1">
            <HStack gap="2" wrap="wrap" justify={{ base: 'center', sm: 'start' }}>
              <Heading as="h1" size="2xl">
                {fullName(profile)}
              </Heading>
              {variant === 'handle' && profile.handle ? <Badge variant="outline">@{profile.handle}</Badge> : null}
            </HStack>
            {profile.title ? (
              <Badge colorPalette="blue" alignSelf={{ base: 'center', sm: 'start' }}>
                {profile.title}
              </Badge>
            ) : null}
            <Text color="fg.muted">{profile.bio || intl.formatMessage({ id: 'public.profile.bio' })}</Text>
            <HStack gap="4" wrap="wrap" fontSize="sm" color="fg.muted" justify={{ base: 'center', sm: 'start' }}>
              {profile.company ? <IconFact icon={Building2}>{profile.company}</IconFact> : null}
              {profile.location ? <IconFact icon={MapPin}>{profile.location}</IconFact> : null}
              <IconFact icon={Video}>{noPlaceLabel(intl)}</IconFact>
              {variant === 'calendar' ? <IconFact icon={Clock}>{profile.timezone}</IconFact> : null}
            </HStack>
            {links.length ? (
              <HStack gap="3" justify={{ base: 'center', sm: 'start' }}>
                {links.map(([kind, value, Icon]) => (
                  <Link
                    key={kind}
                    href={socialHref(kind, value!)}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={kind}
                    color="fg.muted"
                  >
                    <Icon size={18} aria-hidden />
                  </Link>
                ))}
              </HStack>
            ) : null}
          </Stack>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

/** To the host on their own page: no working hours, so guests see no time to book. */
function OwnHoursNotice({ userId }: { userId: string }) {
  const hours = usePublicAvailability(userId);
  const intl = useIntl();
  return hours.data && !hours.data.some((range) => range.is_enabled) ? (
    <NoBookableTime owner={OWN_HOURS} reason={intl.formatMessage({ id: 'public.profile.ownNoHours' })} />
  ) : null;
}

function MeetingTypes({ userId, host }: { userId: string; host: string }) {
  const { data, isPending } = usePublicEventTypes(userId);
  const [chosen, setChosen] = useState<(DialogEvent & { id: number }) | null>(null);
  // The host looking at their own page is told when guests can book nothing here, and why.
  const owned = useCurrentUser().data?.id === userId;
  const intl = useIntl();
  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">
        <FormattedMessage id="public.profile.meetingTypes" />
      </Heading>
      {owned && data?.length ? <OwnHoursNotice userId={userId} /> : null}
      {isPending ? (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {Array.from({ length: 2 }, (_, index) => (
            <Skeleton key={index} h="36" borderRadius="lg" />
          ))}
        </SimpleGrid>
      ) : !data?.length ? (
        <EmptyState title={intl.formatMessage({ id: 'public.profile.noTypes' })} text={intl.formatMessage({ id: 'public.profile.noTypesText' })} />
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {data.map((eventType) => (
            <Card.Root key={eventType.id} size="sm" borderInlineStartWidth="4px" borderInlineStartColor={eventType.color}>
              <Card.Body gap="2">
                <Text fontWeight="semibold">{eventType.title}</Text>
                <IconFact icon={Clock} fontSize="sm" color="fg.muted">
                  {intl.formatMessage({ id: 'common.minutes' }, { minutes: eventType.duration })}
                </IconFact>
                <Price amount={eventType.price_cents} currency={eventType.currency} iconSize={14} fontSize="sm" color="fg.muted" />
                <Text fontSize="sm">{eventType.description || intl.formatMessage({ id: 'public.profile.defaultDescription' })}</Text>
                <Button size="sm" colorPalette="blue" alignSelf="start" onClick={() => setChosen(eventType)}>
                  <FormattedMessage id="public.profile.selectTime" />
                </Button>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      )}
      <BookMeetingDialog
        target={chosen ? { kind: 'personal', eventTypeId: chosen.id } : null}
        event={chosen && { ...chosen, host }}
        owner={owned ? OWN_HOURS : undefined}
        onClose={() => setChosen(null)}
      />
    </Stack>
  );
}

/** Public calendar (/calendar/:userId) and public page by handle (/:handle). */
export function PublicProfileView({ by, variant }: { by: { userId: string } | { handle: string }; variant: 'calendar' | 'handle' }) {
  const { data: profile, isPending, isError, error, refetch } = usePublicProfile(by);
  const intl = useIntl();
  const notFound = intl.formatMessage({ id: 'public.profile.notFound' });
  usePageTitle(loadedName({ pending: isPending, failed: isError }, profile && fullName(profile), notFound));
  return (
    <Container maxW="5xl" py={{ base: '6', md: '10' }}>
      {isPending ? (
        <Stack gap="6">
          <Skeleton h="40" borderRadius="lg" />
          <Skeleton h="40" borderRadius="lg" />
        </Stack>
      ) : isError ? (
        <LoadFailure title={intl.formatMessage({ id: 'public.pageLoadFailed' })} error={error} onRetry={() => void refetch()} />
      ) : !profile ? (
        <NotFoundMessage title={notFound} text={intl.formatMessage({ id: 'public.profile.notFoundText' })} />
      ) : (
        <Stack gap="8">
          <Header profile={profile} variant={variant} />
          <Box>
            <MeetingTypes userId={profile.id} host={fullName(profile)} />
          </Box>
        </Stack>
      )}
    </Container>
  );
}
