// The React Query client, with the product's caching rules.
import { MutationCache, QueryClient } from '@tanstack/react-query';
import { isUnauthorized } from './api.ts';
import { hardNavigate } from './navigation.ts';
import { notifyLoggedOut } from './toaster.ts';

/** docs/product/api.md: no refetch interval, no refetch on focus, never stale, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    // docs/product/messages.md: a mutation refused as logged out toasts, then goes to /login after 500 ms.
    mutationCache: new MutationCache({
      onError: (error) => {
        if (!isUnauthorized(error)) return;
        notifyLoggedOut();
        window.setTimeout(() => hardNavigate('/login'), 500);
      },
    }),
    defaultOptions: {
      queries: { refetchInterval: false, refetchOnWindowFocus: false, staleTime: Infinity, retry: false },
      mutations: { retry: false },
    },
  });
}
