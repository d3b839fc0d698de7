// The app's entry: starts a booking page's requests, then mounts the providers and the router.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Providers } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { prefetchBookingPage } from './features/booking-flow/prefetch.ts';
import { createQueryClient } from './lib/queryClient.ts';

const queryClient = createQueryClient();
prefetchBookingPage(queryClient, window.location.pathname);

const root = createRoot(document.getElementById('root')!);
// A transition: the first render yields to the browser every few milliseconds instead of one long task.
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
);
