// Every route of the app: open pages, guarded pages (sign-in required) and the 404, each screen loaded
// on demand but the landing page. A guest's page loads the open pages' frame only: the signed-in
// frame, the sign-in guard and supabase-js load with the signed-in screens.
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { matchRoutes, Outlet, useRoutes, type RouteObject } from 'react-router-dom';
import { PublicLayout } from './layout.tsx';
import { PageFallback } from '../components/PageFallback.tsx';
import { AreaMessages } from '../i18n/AreaMessages.tsx';
import type { Area } from '../i18n/catalogue.ts';
import type { LoginTarget } from '../features/auth/RequireAuth.tsx';
import { loadToaster } from '../lib/toaster.ts';
// In the start chunk, unlike the other pages: the most visited page, and its parts (cards, skeletons) are
// the booking pages' too, which otherwise left them in the booking pages' chunk for `/` to load whole.
import * as landingPage from '../features/landing/LandingPage.tsx';

type PageModule = Promise<{ default: ComponentType }>;

/** Loads the page modules of the route a location matches (main.tsx, before the first render). */
type Preload = () => Promise<unknown>;

/**
 * A page loads on demand inside its frame (the frame's Suspense shows a spinner meanwhile). The
 * page the app opens on is loaded before the first render instead (`preload`, kept in the route's
 * `handle`): React shows content that replaces a fallback no sooner than 300 ms after the fallback,
 * so a spinner painted first would hold a booking page back by that long. Routes are plain
 * elements (the declarative API, not the data router, which adds about 15 KiB gzipped of loader and
 * navigation state to every page for features we don't use).
 */
function openPage(load: () => PageModule, area: Area = 'public'): Pick<RouteObject, 'element' | 'handle'> {
  let loaded: ComponentType | undefined;
  let loading: PageModule | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // Not kept: the page's own load asks again (a chunk that failed at start-up may load now).
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  function Page() {
    // Chosen once per mount: switching from the lazy one to the loaded one would remount the page.
    const [Screen] = useState(() => loaded ?? Lazy);
    return <Screen />;
  }
  // A page of another area waits for its words (the open pages' frame has the public ones already).
  const element =
    area === 'public' ? (
      <Page />
    ) : (
      <AreaMessages area={area} fallback={<PageFallback />}>
        <Page />
      </AreaMessages>
    );
  return { element, handle: { preload } satisfies { preload: Preload } };
}

function guarded(path: string, to: LoginTarget, load: () => PageModule): RouteObject {
  const Guarded = lazy(async () => {
    // The toaster too: a signed-in screen toasts often, some toasts just before a full-page redirect.
    const [{ default: Screen }, { RequireAuth }] = await Promise.all([load(), import('../features/auth/RequireAuth.tsx'), loadToaster()]);
    return {
      default: () => (
        <RequireAuth to={to}>
          <Screen />
        </RequireAuth>
      ),
    };
  });
  return { path, element: <Guarded /> };
}

const AppLayout = lazy(() => import('./AppLayout.tsx'));

// docs/product/screens.md, in its order of matching: named routes, then /:handle, then the 404 screen.
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { path: '/', ...openPage(() => Promise.resolve(landingPage)) },
      { path: '/login', ...openPage(() => import('../features/auth/LoginPage.tsx'), 'app') },
      { path: '/register', ...openPage(() => import('../features/auth/RegisterPage.tsx'), 'app') },
      { path: '/forgot-password', ...openPage(() => import('../features/auth/ForgotPasswordPage.tsx'), 'app') },
      { path: '/terms', ...openPage(() => import('../features/landing/TermsPage.tsx')) },
      { path: '/privacy', ...openPage(() => import('../features/landing/PrivacyPage.tsx')) },
      { path: '/calendar/:userId', ...openPage(() => import('../features/public-calendar/PublicCalendarPage.tsx')) },
      { path: '/book/:eventTypeId', ...openPage(() => import('../features/booking-flow/EventBookingPage.tsx')) },
      { path: '/team/:slug', ...openPage(() => import('../features/public-team/PublicTeamPage.tsx')) },
      { path: '/booking/:uid', ...openPage(() => import('../features/manage-booking/ManageBookingPage.tsx')) },
      { path: '/booking/:uid/payment', ...openPage(() => import('../features/manage-booking/PaymentReturnPage.tsx')) },
      { path: '/invitations/:token', ...openPage(() => import('../features/teams/InvitationPage.tsx')) },
    ],
  },
  {
    element: (
      <AreaMessages area="app" fallback={<PageFallback />}>
        <Suspense fallback={<PageFallback />}>
          <AppLayout />
        </Suspense>
      </AreaMessages>
    ),
    children: [
      guarded('/dashboard', '/api/login', () => import('../features/dashboard/DashboardPage.tsx')),
      guarded('/availability', '/login', () => import('../features/availability/AvailabilityPage.tsx')),
      guarded('/bookings', '/api/login', () => import('../features/bookings/BookingsPage.tsx')),
      guarded('/profile', '/login', () => import('../features/profile/ProfilePage.tsx')),
      guarded('/teams', '/api/login', () => import('../features/teams/TeamsPage.tsx')),
      guarded('/teams/:teamId', '/api/login', () => import('../features/teams/TeamDetailPage.tsx')),
      guarded('/teams/:teamId/settings', '/api/login', () => import('../features/teams/TeamSettingsPage.tsx')),
    ],
  },
  {
    // Booking pages for frames on other sites: no chrome (the only pages other sites may frame).
    element: (
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    ),
    children: [
      { path: '/embed/team/:slug', ...openPage(() => import('../features/embed/EmbedTeamPage.tsx')) },
      { path: '/embed/:eventTypeId', ...openPage(() => import('../features/embed/EmbedEventPage.tsx')) },
    ],
  },
  {
    element: <PublicLayout />,
    children: [
      { path: '/:handle', ...openPage(() => import('../features/public-calendar/HandlePage.tsx')) },
      { path: '*', ...openPage(() => import('../features/landing/NotFoundPage.tsx')) },
    ],
  },
];

/** Loads the pages `pathname` opens on; resolves when they are loaded (or failed: their route then retries). */
export function preloadPages(pathname: string): Promise<unknown> {
  const pages = (matchRoutes(routes, pathname) ?? []).map(({ route }) => (route.handle as { preload?: Preload } | undefined)?.preload?.());
  return Promise.all(pages).catch(() => {});
}

/** The app's screens, inside the router main.tsx (or a test) provides. */
export function AppRoutes() {
  return useRoutes(routes);
}
