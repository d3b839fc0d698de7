// The signed-in pages' frame: the app bar, with the links in a drawer on phones.
import { Suspense, useState } from 'react';
import { Box, Button, CloseButton, Drawer, Flex, IconButton, mergeConfigs, Portal, Stack } from '@chakra-ui/react';
import { drawerSlotRecipe, menuSlotRecipe, switchSlotRecipe, tableSlotRecipe, tabsSlotRecipe } from '@chakra-ui/react/theme';
import { Menu as MenuIcon } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { useSignOut } from '../features/auth/hooks.ts';
import { Brand } from './layout.tsx';
import { PageFallback } from '../components/PageFallback.tsx';
import { publicConfig, switchSystem } from './system.ts';

// The signed-in screens use components the open pages don't: their recipes come with this frame.
switchSystem(
  mergeConfigs(publicConfig, {
    theme: { slotRecipes: { drawer: drawerSlotRecipe, menu: menuSlotRecipe, switch: switchSlotRecipe, table: tableSlotRecipe, tabs: tabsSlotRecipe } },
  }),
);

const NAV_LINKS = [
  { to: '/dashboard', label: 'app.nav.dashboard' },
  { to: '/availability', label: 'app.nav.availability' },
  { to: '/bookings', label: 'app.nav.bookings' },
  { to: '/teams', label: 'app.nav.teams' },
  { to: '/#social-section', label: 'app.nav.community' },
  { to: '/profile', label: 'app.nav.profile' },
] as const;

function NavLinks({ onNavigate, direction }: { onNavigate?: () => void; direction: 'row' | 'column' }) {
  const location = useLocation();
  return (
    <Stack as="ul" direction={direction} gap="1" listStyleType="none" m="0" p="0">
      {NAV_LINKS.map((link) => {
        const active = link.to.startsWith('/#') ? false : location.pathname.startsWith(link.to);
        return (
          <li key={link.to}>
            <Button
              asChild
              variant={active ? 'subtle' : 'ghost'}
              colorPalette={active ? 'blue' : 'gray'}
              size="sm"
              w={direction === 'column' ? 'full' : undefined}
              justifyContent="flex-start"
            >
              <NavLink to={link.to} onClick={onNavigate} aria-current={active ? 'page' : undefined}>
                <FormattedMessage id={link.label} />
              </NavLink>
            </Button>
          </li>
        );
      })}
    </Stack>
  );
}

/** Sticky top bar for signed-in pages; below `md` the links move into a right-side drawer. */
export default function AppLayout() {
  const intl = useIntl();
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  return (
    <Box minH="100vh" bg="bg.subtle">
      <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg" borderBottomWidth="1px">
        <Flex
          as="nav"
          aria-label={intl.formatMessage({ id: 'app.nav.main' })}
          maxW="7xl"
          mx="auto"
          px={{ base: '4', md: '6' }}
          h="16"
          align="center"
          justify="space-between"
          gap="4"
        >
          <Brand />
          <Box display={{ base: 'none', md: 'block' }}>
            <NavLinks direction="row" />
          </Box>
          <Button
            display={{ base: 'none', md: 'inline-flex' }}
            variant="outline"
            size="sm"
            onClick={() => signOut.mutate()}
            disabled={signOut.isPending}
          >
            <FormattedMessage id="app.signOut" />
          </Button>
          <Drawer.Root open={open} onOpenChange={(details) => setOpen(details.open)} placement="end">
            <Drawer.Trigger asChild>
              <IconButton display={{ base: 'inline-flex', md: 'none' }} variant="ghost" aria-label={intl.formatMessage({ id: 'app.nav.openMenu' })}>
                <MenuIcon />
              </IconButton>
            </Drawer.Trigger>
            <Portal>
              <Drawer.Backdrop />
              <Drawer.Positioner>
                <Drawer.Content>
                  <Drawer.Header>
                    <Drawer.Title>Kairos</Drawer.Title>
                  </Drawer.Header>
                  <Drawer.Body>
                    <nav aria-label={intl.formatMessage({ id: 'app.nav.mainMenu' })}>
                      <NavLinks direction="column" onNavigate={() => setOpen(false)} />
                    </nav>
                  </Drawer.Body>
                  <Drawer.Footer>
                    <Button
                      w="full"
                      variant="outline"
                      onClick={() => {
                        setOpen(false);
                        signOut.mutate();
                      }}
                    >
                      <FormattedMessage id="app.signOut" />
                    </Button>
                  </Drawer.Footer>
                  <Drawer.CloseTrigger asChild>
                    <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'app.nav.closeMenu' })} />
                  </Drawer.CloseTrigger>
                </Drawer.Content>
              </Drawer.Positioner>
            </Portal>
          </Drawer.Root>
        </Flex>
      </Box>
      <Box as="main" maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '6', md: '8' }}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}

