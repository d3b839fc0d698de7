// The app's entry: starts a booking page's requests, then mounts the providers and the router once the
// page's code and its language's messages are loaded.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Providers } from './app/providers.tsx';
import { AppRoutes, preloadPages } from './app/router.tsx';
import { prefetchBookingPage } from './features/booking-flow/prefetch.ts';
import { loadMessages } from './i18n/catalogue.ts';
import { initialLocale } from './i18n/locales.ts';
import { createQueryClient } from './lib/queryClient.ts';

const queryClient = createQueryClient();
prefetchBookingPage(queryClient, window.location.pathname, window.location.search);

const root = createRoot(document.getElementById('root')!);
// The page the app opens on is loaded first: painting its frame with a spinner would hold the page
// back (router.tsx). A transition: the first render yields to the browser every few milliseconds
// instead of one long task.
void Promise.all([preloadPages(window.location.pathname), loadMessages(initialLocale())]).then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers queryClient={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </Providers>
      </StrictMode>,
    ),
  ),
);
