// The open pages' frames: their bar and the brand. A guest's page loads only this
// frame; the signed-in app bar (AppLayout.tsx) loads with the signed-in screens.
import { Suspense } from 'react';
import { Box, Flex, HStack, Text } from '@chakra-ui/react';
import { CalendarClock } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Outlet } from 'react-router-dom';
import { LanguagePicker } from '../i18n/LanguagePicker.tsx';
import { LinkButton } from '../components/LinkButton.tsx';
import { PageFallback } from '../components/PageFallback.tsx';
import { TextLink } from '../components/TextLink.tsx';
import { useCurrentUser } from '../lib/session.ts';

export function Brand() {
  const intl = useIntl();
  return (
    <TextLink to="/" aria-label={intl.formatMessage({ id: 'layout.home' })} fontWeight="bold" fontSize="lg" _hover={{ textDecoration: 'none' }}>
      <CalendarClock aria-hidden /> Kairos
    </TextLink>
  );
}


/** Top bar of open pages: 'Go to Dashboard' when signed in, 'Sign In' otherwise (docs/product/screens.md). */
export function PublicLayout() {
  const { data: user } = useCurrentUser();
  return (
    <Box minH="100vh">
      <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg" borderBottomWidth="1px">
        <Flex maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} h="16" align="center" justify="space-between">
          <Brand />
          <HStack>
            <LanguagePicker />
            {user ? (
              <LinkButton to="/dashboard" colorPalette="blue" size="sm">
                <FormattedMessage id="layout.goToDashboard" />
              </LinkButton>
            ) : (
              <LinkButton to="/login" variant="outline" size="sm">
                <FormattedMessage id="layout.signIn" />
              </LinkButton>
            )}
          </HStack>
        </Flex>
      </Box>
      {/* At least a screen tall: the footer starts below the fold, so a page's content arriving never moves it on screen. */}
      <Box as="main" minH="100dvh">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </Box>
      <Box as="footer" borderTopWidth="1px" py="6" textAlign="center">
        <Text fontSize="sm" color="fg.muted">
          © Kairos ·{' '}
          <TextLink to="/terms">
            <FormattedMessage id="layout.terms" />
          </TextLink>{' '}
          ·{' '}
          <TextLink to="/privacy">
            <FormattedMessage id="layout.privacy" />
          </TextLink>
        </Text>
      </Box>
    </Box>
  );
}
