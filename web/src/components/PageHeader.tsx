// The top of a signed-in screen: its title, a line under it, and the screen's main action beside them.
import type { ReactNode } from 'react';
import { Flex, Heading, Stack, Text } from '@chakra-ui/react';

/** The screen's one h1 with its muted subtitle; `action` (a button) sits to the right, below it on phones. */
export function PageHeader({ title, subtitle, action }: { title: ReactNode; subtitle: ReactNode; action?: ReactNode }) {
  const heading = (
    <Stack gap="1">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <Text color="fg.muted">{subtitle}</Text>
    </Stack>
  );
  if (!action) return heading;
  return (
    <Flex justify="space-between" align={{ base: 'stretch', sm: 'center' }} direction={{ base: 'column', sm: 'row' }} gap="3">
      {heading}
      {action}
    </Flex>
  );
}
