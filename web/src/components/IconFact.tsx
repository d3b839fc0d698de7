// A short fact beside its icon, as the public pages and team cards list them: a length, a zone, a place, a count.
import type { ReactNode } from 'react';
import { HStack, Text, type StackProps } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';

/** The icon (small, hidden from screen readers), then the fact; the other props style the row. */
export function IconFact({ icon: Icon, children, ...row }: StackProps & { icon: LucideIcon; children: ReactNode }) {
  return (
    <HStack gap="1" {...row}>
      <Icon size={14} aria-hidden /> <Text>{children}</Text>
    </HStack>
  );
}
