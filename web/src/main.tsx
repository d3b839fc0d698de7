// The app's entry: starts a booking page's requests, then mounts the providers and the router once the
// page's code and its language's messages are loaded.
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Providers } from './app/providers.tsx';
import { AppRoutes, preloadPages } from './app/router.tsx';
import { prefetchBookingPage } from './features/booking-flow/prefetch.ts';
import { loadMessages } from './i18n/catalogue.ts';
import { initialLocale } from './i18n/locales.ts';
import { createQueryClient } from './lib/queryClient.ts';
import { EXACT_SHELL, SHELL_END } from './shell/shell.ts';

const queryClient = createQueryClient();
prefetchBookingPage(queryClient, window.location.pathname, window.location.search);

const container = document.getElementById('root')!;
const locale = initialLocale();
// A shell rendered at this very address is the app's first render for an English visitor (docs/page-shells.md):
// hydrated, its elements stay (a link focused before the script arrived keeps the focus) and the page is not
// built twice. Anyone else's first render differs (their language), and a shell of a route with parameters
// was rendered with placeholders: the app renders over those.
const hydrate = container.hasAttribute(EXACT_SHELL) && locale === 'en';
// The page the app opens on is loaded first: painting its frame with a spinner would hold the page
// back (router.tsx). A transition: the first render yields to the browser every few milliseconds
// instead of one long task.
void Promise.all([preloadPages(window.location.pathname), loadMessages(locale)]).then(() => {
  const app = (
    <StrictMode>
      <Providers queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>
  );
  // The shell's end mark is not the app's: hydration would take it for a stray element.
  document.getElementById(SHELL_END)?.remove();
  startTransition(() => {
    if (hydrate) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
});
