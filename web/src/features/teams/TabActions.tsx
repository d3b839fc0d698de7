// The actions above a team page's tab (Members, Event Types, Bookings), on its right: the tab's
// others first, then its main one, which adds to the tab's list.
import type { ReactNode } from 'react';
import { Button, Flex } from '@chakra-ui/react';
import { Plus } from 'lucide-react';

/** `children`, then the add button that says `add`. */
export function TabActions({ add, onAdd, children }: { add: ReactNode; onAdd: () => void; children?: ReactNode }) {
  return (
    <Flex justify="flex-end" gap="2">
      {children}
      <Button size="sm" colorPalette="blue" onClick={onAdd}>
        <Plus /> {add}
      </Button>
    </Flex>
  );
}
