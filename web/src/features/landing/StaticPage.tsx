// The frame of the static text pages.
import type { ReactNode } from 'react';
import { Container, Heading, Stack } from '@chakra-ui/react';

export function StaticPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container maxW="3xl" py="12">
      <Stack gap="4">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {children}
      </Stack>
    </Container>
  );
}
