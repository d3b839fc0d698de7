// /invitations/:token, the page a mailed invitation links to: the team and role offered, and for the
// person it is addressed to, Accept and Decline.
import { Card, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { NotFoundMessage } from '../../components/EmptyState.tsx';
import { LinkButton } from '../../components/LinkButton.tsx';
import { useCurrentUser } from '../../lib/session.ts';
import { useInvitationByToken } from './hooks/myInvitations.ts';
import { InvitationAnswer } from './MyInvitations.tsx';
import { usePageTitle } from '../../lib/usePageTitle.ts';

export default function InvitationPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'invitation.pageTitle' }));
  const token = useParams().token ?? '';
  const invitation = useInvitationByToken(token);
  const { data: user, isPending: userPending } = useCurrentUser();
  if (invitation.isPending || userPending) return <Skeleton h="48" maxW="lg" mx="auto" mt="10" borderRadius="lg" />;
  const found = invitation.data;
  if (!found) {
    return (
      <NotFoundMessage
        title={intl.formatMessage({ id: 'invitation.notFound' })}
        text={intl.formatMessage({ id: 'invitation.notFoundText' })}
        action={
          <LinkButton to="/teams" variant="outline">
            <FormattedMessage id="invitation.goToTeams" />
          </LinkButton>
        }
      />
    );
  }
  return (
    <Card.Root maxW="lg" mx="auto" mt="10">
      <Card.Body gap="4">
        <Heading as="h1" size="xl">
          <FormattedMessage id="invitation.join" values={{ team: found.team_name }} />
        </Heading>
        <Text>
          <FormattedMessage id="invitation.invited" values={{ team: found.team_name, role: found.role }} />
        </Text>
        {!user ? (
          <Stack gap="3">
            <Text color="fg.muted">
              <FormattedMessage id="invitation.signInText" />
            </Text>
            <LinkButton to="/login" colorPalette="blue" alignSelf="start">
              <FormattedMessage id="invitation.signIn" />
            </LinkButton>
          </Stack>
        ) : found.for_me ? (
          <InvitationAnswer invitationId={found.id} teamName={found.team_name} token={token} />
        ) : (
          <Text color="fg.muted">
            <FormattedMessage id="invitation.otherAddress" />
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
