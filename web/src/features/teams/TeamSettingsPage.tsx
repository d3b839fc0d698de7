// /teams/{id}/settings: a team's details, public page, hours and date overrides.
import { useEffect, useState } from 'react';
import { Badge, Button, Card, Heading, HStack, Input, InputGroup, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react';
import { ArrowLeft, Check, Copy, ExternalLink } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useParams } from 'react-router-dom';
import { DateOverridesEditor } from '../../components/DateOverridesEditor.tsx';
import { NotFoundMessage } from '../../components/EmptyState.tsx';
import { FormField, TextField, TextAreaField } from '../../components/FormField.tsx';
import { FormSwitch } from '../../components/FormSwitch.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { TimezoneSelect } from '../../components/TimezoneSelect.tsx';
import { LinkButton } from '../../components/LinkButton.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { copyText } from '../../lib/clipboard.ts';
import { isManagerRole } from '../../lib/shared.ts';
import type { Team } from '../../lib/types.ts';
import { useMyTeamRole } from './hooks/members.ts';
import { useTeam } from './hooks/teams.ts';
import { useUpdateTeam } from './hooks/updateTeam.ts';
import { teamSettingsSchema, type TeamSettingsInput, type TeamSettingsValues } from './schemas.ts';
import { TeamAvailabilityEditor } from './TeamAvailabilityEditor.tsx';
import { EmbedCode } from '../embed/index.ts';
import { WebhooksSection } from '../webhooks/index.ts';
import { loadedName, usePageTitle } from '../../lib/usePageTitle.ts';

function General({ team }: { team: Team }) {
  const update = useUpdateTeam(team.id);
  const { register, control, handleSubmit, formState } = useForm<TeamSettingsInput, unknown, TeamSettingsValues>({
    resolver: zodResolver(teamSettingsSchema),
    defaultValues: {
      name: team.name,
      slug: team.slug,
      description: team.description ?? '',
      timezone: team.timezone,
      isPublic: team.is_public,
    },
  });
  const errors = formState.errors;
  return (
    <form noValidate onSubmit={handleSubmit((values) => update.mutate(values))}>
      <Stack gap="4" maxW="2xl">
        <TextField label="Team Name" error={errors.name?.message} {...register('name')} />
        <FormField label="Team URL" error={errors.slug?.message}>
          <InputGroup startAddon={`${window.location.origin}/team/`}>
            <Input {...register('slug')} />
          </InputGroup>
        </FormField>
        <TextAreaField label="Description" {...register('description')} />
        <FormField label="Timezone">
          <TimezoneSelect {...register('timezone')} />
        </FormField>
        <FormSwitch control={control} name="isPublic" label="Public Team" description="Allow anyone to discover and book with this team" />
        <SubmitButton alignSelf="start" pending={update.isPending} pendingLabel="Saving...">
          Save Changes
        </SubmitButton>
      </Stack>
    </form>
  );
}

/** The copied state lasts 2 seconds (docs/product/constants.md). */
function useCopied(): [boolean, () => void] {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  return [copied, () => setCopied(true)];
}

function Sharing({ team }: { team: Team }) {
  const update = useUpdateTeam(team.id);
  const [copied, markCopied] = useCopied();
  const url = `${window.location.origin}/team/${team.slug}`;
  return (
    <Stack gap="4" maxW="2xl">
      <HStack>
        <Text fontWeight="medium">Status:</Text>
        <Badge colorPalette={team.is_public ? 'green' : 'gray'}>{team.is_public ? 'Public' : 'Private'}</Badge>
      </HStack>
      {team.is_public ? (
        <>
          <HStack gap="2">
            <Input readOnly value={url} aria-label="Public team URL" />
            <Button
              variant="outline"
              onClick={async () => (await copyText(url, 'URL Copied', 'Team URL copied to clipboard')) && markCopied()}
            >
              {copied ? <Check /> : <Copy />} {copied ? 'Copied' : 'Copy'}
            </Button>
          </HStack>
          <Button asChild variant="outline" alignSelf="start">
            <a href={`/team/${team.slug}`} target="_blank" rel="noopener noreferrer">
              <ExternalLink /> Preview Public Page
            </a>
          </Button>
          <Heading as="h2" size="md" mt="4">
            Embed on your site
          </Heading>
          <EmbedCode target={{ kind: 'team', slug: team.slug }} />
        </>
      ) : (
        <Card.Root size="sm">
          <Card.Body gap="3">
            <Text>This team is private. Make it public to share a booking page with anyone.</Text>
            <Button colorPalette="blue" alignSelf="start" disabled={update.isPending} onClick={() => update.mutate({ isPublic: true })}>
              Make Team Public
            </Button>
          </Card.Body>
        </Card.Root>
      )}
    </Stack>
  );
}

/** The team's date overrides: owners and admins change them, members see them. */
function TeamDateOverrides({ teamId }: { teamId: number }) {
  const role = useMyTeamRole(teamId);
  return (
    <Stack gap="3">
      <Stack gap="1">
        <Heading as="h2" size="md">
          Date Overrides
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Other hours on a given date, or a day the team is closed, in the team's timezone.
        </Text>
      </Stack>
      <DateOverridesEditor owner={{ teamId }} readOnly={!isManagerRole(role)} />
    </Stack>
  );
}

export default function TeamSettingsPage() {
  const teamId = Number(useParams().teamId);
  const { data: team, isPending, isError } = useTeam(teamId);
  const role = useMyTeamRole(teamId);
  usePageTitle(loadedName({ pending: isPending, failed: false }, team && `${team.name} settings`, 'Team Not Found'));
  const manages = role === 'owner' || role === 'admin';
  const back = (
    <LinkButton to={Number.isInteger(teamId) ? `/teams/${teamId}` : '/teams'} variant="ghost" size="sm" alignSelf="start">
      <ArrowLeft /> Back to Team
    </LinkButton>
  );
  if (isPending) return <Skeleton h="60" />;
  if (isError || !team)
    return <NotFoundMessage title="Team Not Found" text="This team doesn't exist or you don't have access to it." action={back} />;
  return (
    <Stack gap="6">
      {back}
      <PageHeader title="Team Settings" subtitle={team.name} />
      <Tabs.Root defaultValue="general" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="general">General</Tabs.Trigger>
          <Tabs.Trigger value="availability">Availability</Tabs.Trigger>
          <Tabs.Trigger value="sharing">Sharing</Tabs.Trigger>
          {manages ? <Tabs.Trigger value="webhooks">Webhooks</Tabs.Trigger> : null}
        </Tabs.List>
        <Tabs.Content value="general">
          <General key={team.updated_at} team={team} />
        </Tabs.Content>
        <Tabs.Content value="availability">
          <Stack gap="6">
            <TeamAvailabilityEditor teamId={team.id} />
            <TeamDateOverrides teamId={team.id} />
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="sharing">
          <Sharing team={team} />
        </Tabs.Content>
        {manages ? (
          <Tabs.Content value="webhooks">
            <WebhooksSection teamId={team.id} />
          </Tabs.Content>
        ) : null}
      </Tabs.Root>
    </Stack>
  );
}
