// What a list or page shows when there is nothing in it, or nothing found.
import type { ReactNode } from 'react';
import { Heading, Stack, Text } from '@chakra-ui/react';

export function EmptyState({ title, text, action, icon }: { title: string; text?: string; action?: ReactNode; icon?: ReactNode }) {
  return (
    <Stack align="center" textAlign="center" gap="3" py="10" px="4" borderWidth="1px" borderStyle="dashed" borderRadius="lg" bg="bg">
      {icon}
      <Heading as="h3" size="md">
        {title}
      </Heading>
      {text ? <Text color="fg.muted">{text}</Text> : null}
      {action}
    </Stack>
  );
}

/** Full-page "not found" message with an optional way back. */
export function NotFoundMessage({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <Stack align="center" textAlign="center" gap="3" py="20" px="4">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <Text color="fg.muted">{text}</Text>
      {action}
    </Stack>
  );
}
