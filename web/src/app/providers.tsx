import { useState, type ReactNode } from 'react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../lib/queryClient.ts';
import { AppToaster } from '../components/AppToaster.tsx';

export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ChakraProvider value={defaultSystem}>
      <QueryClientProvider client={client}>
        {children}
        <AppToaster />
      </QueryClientProvider>
    </ChakraProvider>
  );
}
