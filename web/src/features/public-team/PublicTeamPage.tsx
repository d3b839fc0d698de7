// /team/{slug}: a public team, its members and meeting types, and booking one.
import { useState } from 'react';
import { Badge, Box, Button, Card, Center, Container, Flex, Grid, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Clock, Globe, Info, Users } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { NotFoundMessage } from '../../components/EmptyState.tsx';
import { IconFact } from '../../components/IconFact.tsx';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { RoleBadge } from '../../components/StatusBadge.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { formatDuration } from '../../lib/shared.ts';
import { browserTimeZone } from '../../lib/time.ts';
import { fullName } from '../../lib/names.ts';
import { assignmentName } from '../../lib/assignmentName.ts';
import { BookMeetingDialog, type DialogEvent } from '../booking-flow/index.ts';
import { timeZoneNotice, usePublicTeamPage } from './hooks.ts';

export default function PublicTeamPage() {
  const [{ data, isPending, isError, error, refetch }, notFound] = usePublicTeamPage();
  const intl = useIntl();
  const [chosen, setChosen] = useState<(DialogEvent & { id: number }) | null>(null);
  if (isPending) {
    return (
      <Container maxW="6xl" py="10">
        <Skeleton h="40" mb="6" borderRadius="lg" />
        <Skeleton h="60" borderRadius="lg" />
      </Container>
    );
  }
  if (isError) return <LoadFailure title={intl.formatMessage({ id: 'public.pageLoadFailed' })} error={error} onRetry={() => void refetch()} />;
  if (!data) return <NotFoundMessage title={notFound} text={intl.formatMessage({ id: 'public.team.notFoundText' })} />;
  const { team, eventTypes, members } = data;
  const initials = team.name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }}>
      <Stack gap="8">
        <Card.Root>
          <Card.Body gap="4">
            <Flex gap="4" direction={{ base: 'column', sm: 'row' }} align={{ base: 'start', sm: 'center' }}>
              <Center w="16" h="16" borderRadius="xl" bg="blue.solid" color="white" fontWeight="bold" fontSize="xl" aria-hidden>
                {initials}
              </Center>
              <Stack gap="1">
                <Heading as="h1" size="2xl">
                  {team.name}
                </Heading>
                {team.description ? <Text color="fg.muted">{team.description}</Text> : null}
                <HStack gap="3" fontSize="sm" color="fg.muted" wrap="wrap">
                  <Badge colorPalette="green">
                    <Globe size={12} aria-hidden /> <FormattedMessage id="public.team.public" />
                  </Badge>
                  <IconFact icon={Clock}>{team.timezone}</IconFact>
                  <IconFact icon={Users}>
                    <FormattedMessage id="public.team.members" values={{ count: team.member_count }} />
                  </IconFact>
                </HStack>
              </Stack>
            </Flex>
            <HStack bg="blue.subtle" color="blue.fg" p="3" borderRadius="md" gap="2" role="note">
              <Info size={16} aria-hidden />
              <Text fontSize="sm">{timeZoneNotice(browserTimeZone(), team.timezone, intl)}</Text>
            </HStack>
          </Card.Body>
        </Card.Root>
        <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="6">
          <Stack gap="4">
            <Heading as="h2" size="lg">
              <FormattedMessage id="public.team.meetingTypes" />
            </Heading>
            {!eventTypes.length ? (
              <Text color="fg.muted">
                <FormattedMessage id="public.team.noTypes" />
              </Text>
            ) : (
              eventTypes.map((eventType) => (
                <Card.Root key={eventType.id} size="sm" borderInlineStartWidth="4px" borderInlineStartColor={eventType.color}>
                  <Card.Body>
                    <Flex justify="space-between" gap="3" direction={{ base: 'column', sm: 'row' }} align={{ sm: 'center' }}>
                      <Stack gap="1">
                        <Text fontWeight="semibold">{eventType.title}</Text>
                        {eventType.description ? (
                          <Text fontSize="sm" color="fg.muted">
                            {eventType.description}
                          </Text>
                        ) : null}
                        <HStack fontSize="sm" gap="2">
                          <Badge variant="outline">{formatDuration(eventType.duration, intl.locale)}</Badge>
                          <Badge variant="subtle">{assignmentName(intl, eventType.assignment_type)}</Badge>
                        </HStack>
                      </Stack>
                      <Button colorPalette="blue" size="sm" onClick={() => setChosen(eventType)}>
                        <FormattedMessage id="public.team.bookNow" />
                      </Button>
                    </Flex>
                  </Card.Body>
                </Card.Root>
              ))
            )}
          </Stack>
          <SectionCard alignSelf="start" title={intl.formatMessage({ id: 'public.team.meetTeam' })} headingSize="md" bodyGap="3">
            {!members.length ? (
              <Text color="fg.muted" fontSize="sm">
                <FormattedMessage id="public.team.noMembers" />
              </Text>
            ) : (
              members.map((member) => (
                <HStack key={member.user_id} gap="3" align="start">
                  <UserAvatar person={member} size="sm" />
                  <Box flex="1" minW="0">
                    <HStack justify="space-between">
                      <Text fontWeight="medium" truncate>
                        {fullName(member)}
                      </Text>
                      <RoleBadge role={member.role} />
                    </HStack>
                    {member.title ? (
                      <Text fontSize="sm" color="fg.muted">
                        {member.title}
                      </Text>
                    ) : null}
                    {member.company || member.location ? (
                      <Text fontSize="xs" color="fg.muted">
                        {[member.company, member.location].filter(Boolean).join(' · ')}
                      </Text>
                    ) : null}
                  </Box>
                </HStack>
              ))
            )}
          </SectionCard>
        </Grid>
      </Stack>
      <BookMeetingDialog
        target={chosen ? { kind: 'team', teamEventTypeId: chosen.id, teamId: team.id } : null}
        event={chosen && { ...chosen, host: team.name }}
        onClose={() => setChosen(null)}
      />
    </Container>
  );
}
