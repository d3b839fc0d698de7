// The app's providers: React Query, the page's language (a signed-in person's is their profile's), the
// Chakra theme and the toaster.
import { useState, type ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nProvider } from '../i18n/I18nProvider.tsx';
import { createQueryClient } from '../lib/queryClient.ts';
import { useLoadedToaster } from '../lib/toaster.ts';
import { useSystem } from './system.ts';

export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const system = useSystem();
  const toaster = useLoadedToaster();
  return (
    <QueryClientProvider client={client}>
      <I18nProvider>
        <ChakraProvider value={system}>
          {children}
          {toaster ? <toaster.AppToaster /> : null}
        </ChakraProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
