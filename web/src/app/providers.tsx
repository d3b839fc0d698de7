// The app's providers: the Chakra theme, React Query and the toaster.
import { useState, type ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../lib/queryClient.ts';
import { AppToaster } from '../components/AppToaster.tsx';
import { useSystem } from './system.ts';

export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const system = useSystem();
  return (
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        {children}
        <AppToaster />
      </QueryClientProvider>
    </ChakraProvider>
  );
}
