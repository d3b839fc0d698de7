// /: the landing page (signed-in visitors go to the dashboard).
import { useEffect } from 'react';
import { Box, Button, Card, Container, Heading, HStack, Icon, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { CalendarClock, Globe, Sparkles, Users } from 'lucide-react';
import { Link, useLocation } from 'react-router-dom';
import { useCurrentUser } from '../../lib/session.ts';
import { useDirectoryProfiles } from '../directory/index.ts';
import { ProfileCard } from '../directory/index.ts';
import { usePageTitle } from '../../lib/usePageTitle.ts';

const FEATURES = [
  {
    title: 'Smart Scheduling',
    text: 'Weekly availability, buffers and notice rules turn into bookable slots automatically.',
    icon: CalendarClock,
  },
  { title: 'Social Discovery', text: 'A public profile and calendar let new clients find and book you.', icon: Sparkles },
  { title: 'Team Collaboration', text: 'Shared event types with round-robin, least-busy or specific-member assignment.', icon: Users },
  { title: 'Time Zone Support', text: 'Guests see every slot in their own time zone, across daylight-saving changes.', icon: Globe },
];

const MAX_PROFILES = 6;

function CommunitySection() {
  const { data: profiles, isPending, isError } = useDirectoryProfiles();
  return (
    <Box as="section" id="social-section" aria-labelledby="community-heading" py="16" bg="bg.subtle" scrollMarginTop="16">
      <Container maxW="6xl">
        <Stack gap="8">
          <Stack textAlign="center" gap="2">
            <Heading id="community-heading" as="h2" size="2xl">
              Meet our community
            </Heading>
            <Text color="fg.muted">Coaches, consultants and service providers you can book today.</Text>
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
                Growing Community
              </Heading>
              <Text color="fg.muted">Be one of the first professionals on Kairos.</Text>
              <Button asChild colorPalette="blue">
                <Link to="/login">Join</Link>
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
                  <Button variant="outline">View All Profiles</Button>
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
              Scheduling that finds the right moment
            </Heading>
            <Text fontSize={{ base: 'md', md: 'xl' }} color="fg.muted" maxW="2xl">
              Kairos lets clients book you without the back-and-forth: share your calendar, set your hours, and work together as a team.
            </Text>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
              <Button asChild size="lg" colorPalette="blue">
                <Link to={user ? '/dashboard' : '/register'}>{user ? 'Go to Dashboard' : 'Get Started Free'}</Link>
              </Button>
              <Button
                size="lg"
                variant="outline"
                onClick={() => document.getElementById('social-section')?.scrollIntoView({ behavior: 'smooth' })}
              >
                Explore Community
              </Button>
            </Stack>
          </Stack>
        </Container>
      </Box>
      <Box as="section" aria-label="Features" pb="16">
        <Container maxW="6xl">
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
            {FEATURES.map((feature) => (
              <Card.Root key={feature.title} size="sm">
                <Card.Body gap="3">
                  <Icon color="blue.fg" boxSize="6">
                    <feature.icon aria-hidden />
                  </Icon>
                  <Heading as="h3" size="md">
                    {feature.title}
                  </Heading>
                  <Text fontSize="sm" color="fg.muted">
                    {feature.text}
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
