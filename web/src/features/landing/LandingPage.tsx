// /: the landing page (signed-in visitors go to the dashboard).
import { useEffect } from 'react';
import { Box, Button, Card, Container, Heading, HStack, Icon, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { CalendarClock, Globe, Sparkles, Users } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { useCurrentUser } from '../../lib/session.ts';
import { useDirectoryProfiles } from '../directory/index.ts';
import { ProfileCard } from '../directory/index.ts';
import { usePageTitle } from '../../lib/usePageTitle.ts';

// Each feature's title and text are `landing.features.<key>.title` / `.text` in the catalogues.
const FEATURES = [
  { key: 'scheduling', icon: CalendarClock },
  { key: 'discovery', icon: Sparkles },
  { key: 'teams', icon: Users },
  { key: 'timeZones', icon: Globe },
] as const;

const MAX_PROFILES = 6;

function CommunitySection() {
  const { data: profiles, isPending, isError } = useDirectoryProfiles();
  return (
    <Box as="section" id="social-section" aria-labelledby="community-heading" py="16" bg="bg.subtle" scrollMarginTop="16">
      <Container maxW="6xl">
        <Stack gap="8">
          <Stack textAlign="center" gap="2">
            <Heading id="community-heading" as="h2" size="2xl">
              <FormattedMessage id="landing.community.heading" />
            </Heading>
            <Text color="fg.muted">
              <FormattedMessage id="landing.community.text" />
            </Text>
          </Stack>
          {isPending ? (
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
              {Array.from({ length: MAX_PROFILES }, (_, index) => (
                <Skeleton key={index} height="48" borderRadius="lg" />
              ))}
            </SimpleGrid>
          ) : isError || !profiles?.length ? (
            <Stack align="center" textAlign="center" gap="3">
              <Heading as="h3" size="lg">
                <FormattedMessage id="landing.community.emptyTitle" />
              </Heading>
              <Text color="fg.muted">
                <FormattedMessage id="landing.community.emptyText" />
              </Text>
              <Button asChild colorPalette="blue">
                <Link to="/login">
                  <FormattedMessage id="landing.community.join" />
                </Link>
              </Button>
            </Stack>
          ) : (
            <>
              <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
                {profiles.slice(0, MAX_PROFILES).map((profile) => (
                  <ProfileCard key={profile.id} profile={profile} />
                ))}
              </SimpleGrid>
              {profiles.length > MAX_PROFILES ? (
                <HStack justify="center">
                  <Button variant="outline">
                    <FormattedMessage id="landing.community.viewAll" />
                  </Button>
                </HStack>
              ) : null}
            </>
          )}
        </Stack>
      </Container>
    </Box>
  );
}

export default function LandingPage() {
  usePageTitle();
  const { data: user } = useCurrentUser();
  const location = useLocation();

  // /#social-section links land on the community section once it is rendered.
  useEffect(() => {
    if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
  }, [location.hash]);

  return (
    <>
      <Box as="section" py={{ base: '16', md: '24' }}>
        <Container maxW="4xl" textAlign="center">
          <Stack gap="6" align="center">
            <Heading as="h1" size={{ base: '3xl', md: '5xl' }} lineHeight="shorter">
              <FormattedMessage id="landing.hero.title" />
            </Heading>
            <Text fontSize={{ base: 'md', md: 'xl' }} color="fg.muted" maxW="2xl">
              <FormattedMessage id="landing.hero.text" />
            </Text>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
              <Button asChild size="lg" colorPalette="blue">
                <Link to={user ? '/dashboard' : '/register'}>
                  <FormattedMessage id={user ? 'layout.goToDashboard' : 'landing.hero.getStarted'} />
                </Link>
              </Button>
              <Button
                size="lg"
                variant="outline"
                onClick={() => document.getElementById('social-section')?.scrollIntoView({ behavior: 'smooth' })}
              >
                <FormattedMessage id="landing.hero.explore" />
              </Button>
            </Stack>
          </Stack>
        </Container>
      </Box>
      <Box as="section" aria-labelledby="features-heading" pb="16">
        <Container maxW="6xl">
          {/* The cards' headings sit under a section heading, for the outline a screen reader walks (h1, h2, h3). */}
          <Heading id="features-heading" as="h2" srOnly>
            <FormattedMessage id="landing.features.label" />
          </Heading>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
            {FEATURES.map((feature) => (
              <Card.Root key={feature.key} size="sm">
                <Card.Body gap="3">
                  <Icon color="blue.fg" boxSize="6">
                    <feature.icon aria-hidden />
                  </Icon>
                  <Heading as="h3" size="md">
                    <FormattedMessage id={`landing.features.${feature.key}.title`} />
                  </Heading>
                  <Text fontSize="sm" color="fg.muted">
                    <FormattedMessage id={`landing.features.${feature.key}.text`} />
                  </Text>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        </Container>
      </Box>
      <CommunitySection />
    </>
  );
}
