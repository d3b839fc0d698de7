// /invitations/:token, the page a mailed invitation links to: the team and role offered, and for the
// person it is addressed to, Accept and Decline.
import { Card, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';
import { NotFoundMessage } from '../../components/EmptyState.tsx';
import { LinkButton } from '../../components/LinkButton.tsx';
import { useCurrentUser } from '../../lib/session.ts';
import { useInvitationByToken } from './hooks/myInvitations.ts';
import { InvitationAnswer } from './MyInvitations.tsx';
import { usePageTitle } from '../../lib/usePageTitle.ts';

export default function InvitationPage() {
  usePageTitle('Team invitation');
  const token = useParams().token ?? '';
  const invitation = useInvitationByToken(token);
  const { data: user, isPending: userPending } = useCurrentUser();
  if (invitation.isPending || userPending) return <Skeleton h="48" maxW="lg" mx="auto" mt="10" borderRadius="lg" />;
  const found = invitation.data;
  if (!found) {
    return (
      <NotFoundMessage
        title="Invitation Not Found"
        text="This invitation doesn't exist, has expired, or was already answered."
        action={
          <LinkButton to="/teams" variant="outline">
            Go to Teams
          </LinkButton>
        }
      />
    );
  }
  return (
    <Card.Root maxW="lg" mx="auto" mt="10">
      <Card.Body gap="4">
        <Heading as="h1" size="xl">
          Join {found.team_name}
        </Heading>
        <Text>You have been invited to join {found.team_name} as {found.role === 'admin' ? 'an admin' : 'a member'}.</Text>
        {!user ? (
          <Stack gap="3">
            <Text color="fg.muted">Sign in with the email address the invitation was sent to; it waits on your Teams page.</Text>
            <LinkButton to="/login" colorPalette="blue" alignSelf="start">
              Sign in
            </LinkButton>
          </Stack>
        ) : found.for_me ? (
          <InvitationAnswer invitationId={found.id} teamName={found.team_name} token={token} />
        ) : (
          <Text color="fg.muted">This invitation was sent to another email address. Sign in with that address to accept it.</Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
