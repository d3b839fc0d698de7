// /teams/{id}/settings: a team's details, public page, hours and date overrides.
import { useEffect, useState } from 'react';
import { Badge, Button, Card, Heading, HStack, Input, InputGroup, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react';
import { ArrowLeft, Check, Copy, ExternalLink } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useRuleForm } from '../../lib/ruleResolver.ts';
import { useFieldWords } from '../../i18n/fieldWords.ts';
import { useParams } from 'react-router-dom';
import { DateOverridesEditor } from '../../components/DateOverridesEditor.tsx';
import { NotFoundMessage } from '../../components/EmptyState.tsx';
import { FormField, TextField, TextAreaField } from '../../components/FormField.tsx';
import { FormSwitch } from '../../components/FormSwitch.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { TimezoneSelect } from '../../components/TimezoneSelect.tsx';
import { LinkButton } from '../../components/LinkButton.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useCopyText } from '../../lib/clipboard.ts';
import { isManagerRole } from '../../lib/shared.ts';
import type { Team } from '../../lib/types.ts';
import { useMyTeamRole } from './hooks/members.ts';
import { useTeam } from './hooks/teams.ts';
import { useUpdateTeam } from './hooks/updateTeam.ts';
import { teamSettingsSchema } from './schemas.ts';
import { TeamAvailabilityEditor } from './TeamAvailabilityEditor.tsx';
import { EmbedCode } from '../embed/index.ts';
import { WebhooksSection } from '../webhooks/index.ts';
import { loadedName, usePageTitle } from '../../lib/usePageTitle.ts';
import { useSay } from '../../i18n/useSay.ts';

function General({ team }: { team: Team }) {
  const update = useUpdateTeam(team.id);
  const { register, control, handleSubmit, formState } = useRuleForm(teamSettingsSchema, {
    name: team.name,
    slug: team.slug,
    description: team.description ?? '',
    timezone: team.timezone,
    isPublic: team.is_public,
  });
  const errors = formState.errors;
  const say = useSay();
  const words = useFieldWords();
  return (
    <form noValidate onSubmit={handleSubmit((values) => update.mutate(values))}>
      <Stack gap="4" maxW="2xl">
        <TextField label={say('teams.form.name')} error={words(errors.name)} {...register('name')} />
        <FormField label={say('teams.form.url')} error={words(errors.slug)}>
          <InputGroup startAddon={`${window.location.origin}/team/`}>
            <Input {...register('slug')} />
          </InputGroup>
        </FormField>
        <TextAreaField label={say('teams.form.description')} error={words(errors.description)} {...register('description')} />
        <FormField label={say('teams.form.timezone')}>
          <TimezoneSelect {...register('timezone')} />
        </FormField>
        <FormSwitch control={control} name="isPublic" label={say('teams.form.public')} description={say('teams.form.publicHelp')} />
        <SubmitButton alignSelf="start" pending={update.isPending} pendingLabel={say('teams.form.saving')}>
          {say('teams.form.save')}
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
  const say = useSay();
  const copyText = useCopyText();
  return (
    <Stack gap="4" maxW="2xl">
      <HStack>
        <Text fontWeight="medium">{say('teams.sharing.status')}</Text>
        <Badge colorPalette={team.is_public ? 'green' : 'gray'}>{say(team.is_public ? 'teams.public' : 'teams.private')}</Badge>
      </HStack>
      {team.is_public ? (
        <>
          <HStack gap="2">
            <Input readOnly value={url} aria-label={say('teams.sharing.url')} />
            <Button variant="outline" onClick={async () => (await copyText(url, say('teams.sharing.urlCopied'), say('teams.sharing.urlCopiedText'))) && markCopied()}>
              {copied ? <Check /> : <Copy />} {say(copied ? 'teams.sharing.copied' : 'calendars.feed.copy')}
            </Button>
          </HStack>
          <Button asChild variant="outline" alignSelf="start">
            <a href={`/team/${team.slug}`} target="_blank" rel="noopener noreferrer">
              <ExternalLink /> {say('teams.sharing.preview')}
            </a>
          </Button>
          <Heading as="h2" size="md" mt="4">
            {say('teams.sharing.embed')}
          </Heading>
          <EmbedCode target={{ kind: 'team', slug: team.slug }} />
        </>
      ) : (
        <Card.Root size="sm">
          <Card.Body gap="3">
            <Text>{say('teams.sharing.private')}</Text>
            <Button colorPalette="blue" alignSelf="start" disabled={update.isPending} onClick={() => update.mutate({ isPublic: true })}>
              {say('teams.sharing.makePublic')}
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
          <FormattedMessage id="teams.overrides" />
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          <FormattedMessage id="teams.overrides.text" />
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
  const intl = useIntl();
  const say = useSay();
  usePageTitle(loadedName({ pending: isPending, failed: false }, team && intl.formatMessage({ id: 'teams.settings.pageTitle' }, { team: team.name }), say('teams.notFound')));
  const manages = role === 'owner' || role === 'admin';
  const back = (
    <LinkButton to={Number.isInteger(teamId) ? `/teams/${teamId}` : '/teams'} variant="ghost" size="sm" alignSelf="start">
      <ArrowLeft /> {say('teams.backToTeam')}
    </LinkButton>
  );
  if (isPending) return <Skeleton h="60" />;
  if (isError || !team)
    return <NotFoundMessage title={say('teams.notFound')} text={say('teams.notFoundText')} action={back} />;
  return (
    <Stack gap="6">
      {back}
      <PageHeader title={say('teams.settings.title')} subtitle={team.name} />
      <Tabs.Root defaultValue="general" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="general">{say('teams.settings.general')}</Tabs.Trigger>
          <Tabs.Trigger value="availability">{say('app.nav.availability')}</Tabs.Trigger>
          <Tabs.Trigger value="sharing">{say('teams.settings.sharing')}</Tabs.Trigger>
          {manages ? <Tabs.Trigger value="webhooks">{say('teams.settings.webhooks')}</Tabs.Trigger> : null}
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
