// The signed-in user's pending team invitations, on the Teams page: join or decline each.
import { Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Mail } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { RoleBadge } from '../../components/StatusBadge.tsx';
import type { MyInvitation } from '../../lib/types.ts';
import { useAcceptInvitation, useDeclineInvitation, useMyInvitations } from './hooks/myInvitations.ts';

/** Accept and Decline for one invitation (also used by the page a mailed link opens, with its token). */
export function InvitationAnswer({ invitationId, teamName, token }: { invitationId: number; teamName: string; token?: string }) {
  const accept = useAcceptInvitation(token);
  const decline = useDeclineInvitation();
  const busy = accept.isPending || decline.isPending;
  const intl = useIntl();
  return (
    <HStack>
      <Button
        size="sm"
        colorPalette="blue"
        disabled={busy}
        onClick={() => accept.mutate(invitationId)}
        aria-label={intl.formatMessage({ id: 'invitation.acceptTo' }, { team: teamName })}
      >
        <FormattedMessage id="invitation.accept" />
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={busy}
        onClick={() => decline.mutate(invitationId)}
        aria-label={intl.formatMessage({ id: 'invitation.declineTo' }, { team: teamName })}
      >
        <FormattedMessage id="invitation.decline" />
      </Button>
    </HStack>
  );
}

function InvitationCard({ invitation }: { invitation: MyInvitation }) {
  const intl = useIntl();
  const name = invitation.team?.name ?? intl.formatMessage({ id: 'teams.invitations.someTeam' });
  return (
    <Card.Root size="sm" as="article" aria-label={intl.formatMessage({ id: 'teams.invitations.to' }, { team: name })}>
      <Card.Body>
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Stack gap="1" minW="0">
            <HStack gap="2">
              <Mail size={16} aria-hidden />
              <Text fontWeight="semibold">{name}</Text>
              <RoleBadge role={invitation.role} />
            </HStack>
            {invitation.team?.description ? (
              <Text fontSize="sm" color="fg.muted" lineClamp={2}>
                {invitation.team.description}
              </Text>
            ) : null}
          </Stack>
          <InvitationAnswer invitationId={invitation.id} teamName={name} />
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

export function MyInvitations() {
  const { data } = useMyInvitations();
  if (!data?.length) return null;
  return (
    <Stack gap="3" as="section" aria-labelledby="my-invitations">
      <Heading as="h2" size="md" id="my-invitations">
        <FormattedMessage id="teams.invitations" />
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        <FormattedMessage id="teams.invitations.text" />
      </Text>
      {data.map((invitation) => (
        <InvitationCard key={invitation.id} invitation={invitation} />
      ))}
    </Stack>
  );
}
