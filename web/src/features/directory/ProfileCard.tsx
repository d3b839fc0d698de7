// One person of the community directory.
import { Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { Building2, MapPin } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { fullName } from '../../lib/names.ts';
import type { PublicProfile } from '../../lib/types.ts';

/** A community card: goes to /{handle}, or /{id} when there is no handle. */
export function ProfileCard({ profile }: { profile: PublicProfile }) {
  const navigate = useNavigate();
  const target = `/${profile.handle || profile.id}`;
  return (
    <Card.Root size="sm" cursor="pointer" _hover={{ shadow: 'md' }} onClick={() => navigate(target)}>
      <Card.Body gap="3">
        <HStack gap="3">
          <UserAvatar person={profile} size="lg" />
          <Stack gap="0" minW="0">
            <Text fontWeight="semibold" truncate>
              {fullName(profile)}
            </Text>
            {profile.title ? (
              <Text fontSize="sm" color="fg.muted" truncate>
                {profile.title}
              </Text>
            ) : null}
          </Stack>
        </HStack>
        {profile.bio ? (
          <Text fontSize="sm" lineClamp={2}>
            {profile.bio}
          </Text>
        ) : null}
        <HStack wrap="wrap" gap="2">
          {profile.company ? (
            <Badge variant="subtle">
              <Building2 size={12} aria-hidden /> {profile.company}
            </Badge>
          ) : null}
          {profile.location ? (
            <Badge variant="subtle">
              <MapPin size={12} aria-hidden /> {profile.location}
            </Badge>
          ) : null}
        </HStack>
        <HStack justify="space-between">
          <Text fontSize="xs" color="green.fg">
            <FormattedMessage id="directory.card.available" />
          </Text>
          <Button
            size="xs"
            colorPalette="blue"
            onClick={(event) => {
              event.stopPropagation();
              navigate(target);
            }}
          >
            <FormattedMessage id="directory.card.viewCalendar" />
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
