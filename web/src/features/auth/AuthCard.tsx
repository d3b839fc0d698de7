// The card the sign-in, sign-up and password pages sit in.
import type { ReactNode } from 'react';
import { Box, Card, Heading, Text } from '@chakra-ui/react';

export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <Box minH="calc(100vh - 64px)" display="flex" alignItems="center" justifyContent="center" px="4" py="10" bg="bg.subtle">
      <Card.Root w="full" maxW="md">
        <Card.Header>
          <Heading as="h1" size="xl">
            {title}
          </Heading>
          <Text color="fg.muted">{subtitle}</Text>
        </Card.Header>
        <Card.Body>{children}</Card.Body>
      </Card.Root>
    </Box>
  );
}
