// /teams/{id}: a team's members, invitations, meeting types and bookings.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Heading,
  HStack,
  IconButton,
  Menu,
  Portal,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { ArrowLeft, CalendarCheck, Clock, ExternalLink, Globe, Lock, LogOut, MoreVertical, Users } from 'lucide-react';
import { formatDate } from '../../lib/time.ts';
import { useParams } from 'react-router-dom';
import { EmptyState, NotFoundMessage } from '../../components/EmptyState.tsx';
import { RoleBadge } from '../../components/StatusBadge.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { LinkButton } from '../../components/LinkButton.tsx';
import { isManagerRole } from '../../lib/shared.ts';
import { fullName } from '../../lib/names.ts';
import type { EventType, Team, TeamMember, TeamRole } from '../../lib/types.ts';
import { InviteMemberDialog } from './InviteMemberDialog.tsx';
import { TabActions } from './TabActions.tsx';
import { TeamBookings } from './TeamBookings.tsx';
import { EventTypeDialog, useEventTypes } from '../event-types/index.ts';
import { useLeaveTeam, useMyTeamRole, useRemoveMember, useTeamMembers } from './hooks/members.ts';
import { useTeamBookingsThisMonth } from './hooks/teamBookings.ts';
import { useRevokeInvitation, useTeamInvitations } from './hooks/teamInvitations.ts';
import { useTeam } from './hooks/teams.ts';
import { TeamSettingsLink } from './TeamSettingsLink.tsx';
import { memberChoices } from './members.ts';
import { NoBookableTime } from '../../components/NoBookableTime.tsx';
import { hasWorkingHours, useWeeklyHours } from '../../lib/useWeeklyHours.ts';
import { loadedName, usePageTitle } from '../../lib/usePageTitle.ts';
import { zoneLabel } from '../../lib/zones.ts';
import { assignmentName } from '../../lib/assignmentName.ts';
import { useSay } from '../../i18n/useSay.ts';

function BackLink() {
  return (
    <LinkButton to="/teams" variant="ghost" size="sm" alignSelf="start">
      <ArrowLeft /> <FormattedMessage id="teams.back" />
    </LinkButton>
  );
}

function Count({ label, value, icon }: { label: string; value: number | undefined; icon: React.ReactNode }) {
  return (
    <Card.Root size="sm">
      <Card.Body>
        <HStack justify="space-between">
          <Stack gap="0">
            <Text fontSize="sm" color="fg.muted">
              {label}
            </Text>
            {value === undefined ? (
              <Skeleton h="8" w="12" />
            ) : (
              <Text fontSize="2xl" fontWeight="bold">
                {value}
              </Text>
            )}
          </Stack>
          <Box color="blue.fg">{icon}</Box>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

function MemberRow({ member, action }: { member: TeamMember; action?: React.ReactNode }) {
  const intl = useIntl();
  return (
    <HStack justify="space-between" borderWidth="1px" borderRadius="md" p="3" gap="3">
      <HStack gap="3" minW="0">
        <UserAvatar person={member.user} size="sm" />
        <Stack gap="0" minW="0">
          <Text fontWeight="medium" truncate>
            {fullName(member.user) || intl.formatMessage({ id: 'teams.member' })}
          </Text>
          <Text fontSize="sm" color="fg.muted" truncate>
            {member.user?.email}
          </Text>
        </Stack>
      </HStack>
      <HStack>
        <RoleBadge role={member.role} />
        {action}
      </HStack>
    </HStack>
  );
}

function Overview({ teamId, members, eventTypes }: { teamId: number; members?: TeamMember[]; eventTypes?: EventType[] }) {
  const thisMonth = useTeamBookingsThisMonth(teamId);
  const active = (eventTypes ?? []).filter((eventType) => eventType.is_active).slice(0, 5);
  const intl = useIntl();
  const say = useSay();
  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        <Count label={say('teams.count.members')} value={members?.length} icon={<Users aria-hidden />} />
        <Count label={say('teams.count.eventTypes')} value={eventTypes?.length} icon={<Clock aria-hidden />} />
        <Count
          label={say('teams.count.thisMonth')}
          value={thisMonth.data ?? (thisMonth.isError ? 0 : undefined)}
          icon={<CalendarCheck aria-hidden />}
        />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
        <Stack gap="3">
          <Heading as="h3" size="md">
            {say('teams.recentMembers')}
          </Heading>
          {(members ?? []).slice(0, 5).map((member) => (
            <MemberRow key={member.id} member={member} />
          ))}
        </Stack>
        <Stack gap="3">
          <Heading as="h3" size="md">
            {say('teams.activeEventTypes')}
          </Heading>
          {active.length ? (
            active.map((eventType) => (
              <HStack key={eventType.id} borderWidth="1px" borderRadius="md" p="3" justify="space-between">
                <HStack>
                  <Box w="3" h="3" borderRadius="full" bg={eventType.color} aria-hidden />
                  <Text>{eventType.title}</Text>
                </HStack>
                <Text fontSize="sm" color="fg.muted">
                  {intl.formatMessage({ id: 'teams.minutes' }, { minutes: eventType.duration })}
                </Text>
              </HStack>
            ))
          ) : (
            <Text color="fg.muted" fontSize="sm">
              {say('teams.eventTypes.empty')}
            </Text>
          )}
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

/** Pending invitations with their role and a way to revoke them (the policies show them to owners and admins). */
function PendingInvitations({ teamId }: { teamId: number }) {
  const { data } = useTeamInvitations(teamId);
  const revoke = useRevokeInvitation(teamId);
  const intl = useIntl();
  if (!data?.length) return null;
  return (
    <Stack gap="2" as="section" aria-labelledby="pending-invitations">
      <Heading as="h3" size="sm" id="pending-invitations">
        <FormattedMessage id="teams.pending" />
      </Heading>
      {data.map((invitation) => (
        <HStack key={invitation.id} justify="space-between" borderWidth="1px" borderStyle="dashed" borderRadius="md" p="3" gap="3">
          <Stack gap="0" minW="0">
            <Text fontWeight="medium" truncate>
              {invitation.email}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {new Date(invitation.expires_at) > new Date()
                ? intl.formatMessage({ id: 'teams.pending.expires' }, { date: formatDate(new Date(invitation.expires_at), 'MMM d, yyyy', undefined, intl.locale) })
                : intl.formatMessage({ id: 'teams.pending.expired' })}
            </Text>
          </Stack>
          <HStack>
            <RoleBadge role={invitation.role} />
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              disabled={revoke.isPending}
              onClick={() => revoke.mutate(invitation.id)}
              aria-label={intl.formatMessage({ id: 'teams.pending.revokeFor' }, { email: invitation.email })}
            >
              <FormattedMessage id="teams.pending.revoke" />
            </Button>
          </HStack>
        </HStack>
      ))}
    </Stack>
  );
}

function Members({ teamId, members, myRole }: { teamId: number; members: TeamMember[]; myRole?: TeamRole }) {
  const [inviting, setInviting] = useState(false);
  const remove = useRemoveMember(teamId);
  const leave = useLeaveTeam(teamId);
  const intl = useIntl();
  return (
    <Stack gap="4">
      <TabActions add={<FormattedMessage id="teams.invite" />} onAdd={() => setInviting(true)}>
        {myRole && myRole !== 'owner' ? (
          <Button size="sm" variant="outline" disabled={leave.isPending} onClick={() => leave.mutate()}>
            <LogOut /> <FormattedMessage id="teams.leave" />
          </Button>
        ) : null}
      </TabActions>
      {members.map((member) => (
        <Stack key={member.id} gap="1">
          <MemberRow
            member={member}
            action={
              member.role === 'owner' ? null : (
                <Menu.Root>
                  <Menu.Trigger asChild>
                    <IconButton size="xs" variant="ghost" aria-label={intl.formatMessage({ id: 'teams.actionsFor' }, { name: fullName(member.user) || intl.formatMessage({ id: 'teams.member' }) })}>
                      <MoreVertical />
                    </IconButton>
                  </Menu.Trigger>
                  <Portal>
                    <Menu.Positioner>
                      <Menu.Content>
                        <Menu.Item value="remove" color="fg.error" onSelect={() => remove.mutate(member.user_id)}>
                          <FormattedMessage id="teams.remove" />
                        </Menu.Item>
                      </Menu.Content>
                    </Menu.Positioner>
                  </Portal>
                </Menu.Root>
              )
            }
          />
          <Text fontSize="xs" color="fg.muted" ps="3">
            <FormattedMessage id="teams.joined" values={{ date: formatDate(new Date(member.joined_at), 'MMM d, yyyy', undefined, intl.locale) }} />
          </Text>
        </Stack>
      ))}
      <PendingInvitations teamId={teamId} />
      <InviteMemberDialog teamId={teamId} open={inviting} onClose={() => setInviting(false)} />
    </Stack>
  );
}

function EventTypes({ teamId, eventTypes, members }: { teamId: number; eventTypes: EventType[]; members: TeamMember[] }) {
  const [creating, setCreating] = useState(false);
  const intl = useIntl();
  return (
    <Stack gap="4">
      <TabActions add={<FormattedMessage id="teams.eventTypes.create" />} onAdd={() => setCreating(true)} />
      {!eventTypes.length ? (
        <EmptyState title={intl.formatMessage({ id: 'teams.eventTypes.empty' })} text={intl.formatMessage({ id: 'teams.eventTypes.emptyText' })} />
      ) : (
        eventTypes.map((eventType) => (
          <Card.Root key={eventType.id} size="sm" borderInlineStartWidth="4px" borderInlineStartColor={eventType.color}>
            <Card.Body gap="1">
              <HStack justify="space-between">
                <Text fontWeight="semibold">{eventType.title}</Text>
                <Badge colorPalette={eventType.is_active ? 'green' : 'gray'}>
                  <FormattedMessage id={eventType.is_active ? 'eventTypes.active' : 'eventTypes.inactive'} />
                </Badge>
              </HStack>
              {eventType.description ? (
                <Text fontSize="sm" color="fg.muted">
                  {eventType.description}
                </Text>
              ) : null}
              <Text fontSize="sm">
                {[
                  intl.formatMessage({ id: 'common.minutes' }, { minutes: eventType.duration }),
                  eventType.assignment_type && assignmentName(intl, eventType.assignment_type),
                  eventType.requires_all_members && intl.formatMessage({ id: 'teams.eventTypes.allMembers' }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Card.Body>
          </Card.Root>
        ))
      )}
      <EventTypeDialog owner={{ teamId }} members={memberChoices(members)} open={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

function Header({ team }: { team: Team }) {
  const intl = useIntl();
  return (
    <Flex justify="space-between" gap="4" direction={{ base: 'column', md: 'row' }}>
      <Stack gap="1">
        <HStack gap="2" wrap="wrap">
          <Heading as="h1" size="2xl">
            {team.name}
          </Heading>
          <Badge colorPalette={team.is_public ? 'green' : 'gray'}>
            {team.is_public ? <Globe size={12} aria-hidden /> : <Lock size={12} aria-hidden />}{' '}
            <FormattedMessage id={team.is_public ? 'teams.public' : 'teams.private'} />
          </Badge>
        </HStack>
        {team.description ? <Text color="fg.muted">{team.description}</Text> : null}
        <HStack fontSize="sm" color="fg.muted" gap="3" wrap="wrap">
          <Text fontFamily="mono" dir="ltr">/team/{team.slug}</Text>
          <Text>{zoneLabel(team.timezone, new Date(), intl.locale)}</Text>
        </HStack>
      </Stack>
      <HStack align="start">
        {team.is_public ? (
          <Button asChild size="sm" variant="outline">
            <a href={`/team/${team.slug}`} target="_blank" rel="noopener noreferrer">
              <ExternalLink /> <FormattedMessage id="teams.viewPublic" />
            </a>
          </Button>
        ) : null}
        <TeamSettingsLink teamId={team.id} />
      </HStack>
    </Flex>
  );
}

export default function TeamDetailPage() {
  const teamId = Number(useParams().teamId);
  const team = useTeam(teamId);
  const members = useTeamMembers(teamId);
  const eventTypes = useEventTypes({ teamId });
  const role = useMyTeamRole(teamId);
  const hours = useWeeklyHours({ teamId });
  const say = useSay();
  usePageTitle(loadedName({ pending: team.isPending, failed: false }, team.data?.name, say('teams.notFound')));
  if (team.isPending) return <Skeleton h="60" borderRadius="lg" />;
  if (team.isError || !team.data) {
    return (
      <Stack>
        <NotFoundMessage title={say('teams.notFound')} text={say('teams.notFoundText')} action={<BackLink />} />
      </Stack>
    );
  }
  return (
    <Stack gap="6">
      <BackLink />
      <Header team={team.data} />
      {/* A team without working hours offers its guests nothing: its managers are told, with the way to set them. */}
      {isManagerRole(role) && hours.data && !hasWorkingHours(hours.data) ? (
        <NoBookableTime
          owner={{ to: `/teams/${teamId}/settings`, label: say('teams.setHours') }}
          reason={say('teams.noHours')}
        />
      ) : null}
      <Tabs.Root defaultValue="overview" lazyMount>
        <Tabs.List overflowX="auto">
          <Tabs.Trigger value="overview">{say('teams.tab.overview')}</Tabs.Trigger>
          <Tabs.Trigger value="members">{say('teams.tab.members')}</Tabs.Trigger>
          <Tabs.Trigger value="event-types">{say('teams.count.eventTypes')}</Tabs.Trigger>
          <Tabs.Trigger value="bookings">{say('app.nav.bookings')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="overview">
          <Overview teamId={teamId} members={members.data} eventTypes={eventTypes.data} />
        </Tabs.Content>
        <Tabs.Content value="members">
          {members.data ? <Members teamId={teamId} members={members.data} myRole={role} /> : <Skeleton h="40" />}
        </Tabs.Content>
        <Tabs.Content value="event-types">
          {eventTypes.data ? <EventTypes teamId={teamId} eventTypes={eventTypes.data} members={members.data ?? []} /> : <Skeleton h="40" />}
        </Tabs.Content>
        <Tabs.Content value="bookings">
          <TeamBookings
            teamId={teamId}
            members={members.data ?? []}
            eventTypes={eventTypes.data ?? []}
            canAssign={isManagerRole(role)}
          />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
