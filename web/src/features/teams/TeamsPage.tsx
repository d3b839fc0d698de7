// /teams: the teams the user belongs to, and creating one.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, Card, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Globe, Lock, Plus, Users } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState.tsx';
import { IconFact } from '../../components/IconFact.tsx';
import { RoleBadge } from '../../components/StatusBadge.tsx';
import { LinkButton } from '../../components/LinkButton.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { CreateTeamDialog } from './CreateTeamDialog.tsx';
import { TeamSettingsLink } from './TeamSettingsLink.tsx';
import { useTeams } from './hooks/teams.ts';
import { MyInvitations } from './MyInvitations.tsx';
import { usePageTitle } from '../../lib/usePageTitle.ts';
import { useSay } from '../../i18n/useSay.ts';

export default function TeamsPage() {
  const intl = useIntl();
  const say = useSay();
  usePageTitle(say('app.nav.teams'));
  const { data, isPending, isError } = useTeams();
  const [creating, setCreating] = useState(false);
  return (
    <Stack gap="6">
      <PageHeader
        title={say('app.nav.teams')}
        subtitle={say('teams.subtitle')}
        action={
          <Button colorPalette="blue" onClick={() => setCreating(true)}>
            <Plus /> {say('teams.create')}
          </Button>
        }
      />
      <MyInvitations />
      {isPending ? (
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} h="48" borderRadius="lg" />
          ))}
        </SimpleGrid>
      ) : isError ? (
        <EmptyState title={say('teams.loadFailed')} text={say('teams.loadFailedText')} />
      ) : !data.length ? (
        <EmptyState
          icon={<Users aria-hidden />}
          title={say('teams.empty')}
          text={say('teams.emptyText')}
          action={
            <Button colorPalette="blue" onClick={() => setCreating(true)}>
              {say('teams.createFirst')}
            </Button>
          }
        />
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
          {data.map((team) => (
            <Card.Root key={team.id} size="sm" as="article" aria-label={team.name}>
              <Card.Body gap="3">
                <HStack justify="space-between" align="start">
                  <HStack gap="2">
                    {team.is_public ? <Globe size={16} aria-label={say('teams.public')} /> : <Lock size={16} aria-label={say('teams.private')} />}
                    <Heading as="h2" size="md">
                      {team.name}
                    </Heading>
                  </HStack>
                  <RoleBadge role={team.role} />
                </HStack>
                {team.description ? (
                  <Text fontSize="sm" color="fg.muted" lineClamp={2}>
                    {team.description}
                  </Text>
                ) : null}
                <IconFact icon={Users} fontSize="sm" color="fg.muted">
                  {intl.formatMessage({ id: 'teams.memberCount' }, { count: team.memberCount })}
                </IconFact>
                <Text fontSize="xs" color="fg.muted" fontFamily="mono" dir="ltr" alignSelf="start">
                  /team/{team.slug}
                </Text>
                <HStack>
                  <LinkButton to={`/teams/${team.id}`} size="sm" colorPalette="blue" flex="1">
                    {say('teams.dashboard')}
                  </LinkButton>
                  <TeamSettingsLink teamId={team.id} />
                </HStack>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      )}
      <CreateTeamDialog open={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
