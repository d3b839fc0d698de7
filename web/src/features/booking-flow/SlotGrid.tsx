// The start times offered on the chosen day.
import { Button, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import type { OfferedSlot } from './hooks.ts';

/** The day's start times; the chosen one is pressed. */
export function SlotGrid({
  slots,
  selected,
  onSelect,
  loading,
}: {
  slots: OfferedSlot[];
  selected: string | null;
  onSelect: (slot: OfferedSlot) => void;
  loading: boolean;
}) {
  if (loading) {
    return (
      <SimpleGrid columns={{ base: 3, sm: 4 }} gap="2" aria-busy="true" aria-label="Loading times">
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} h="9" />
        ))}
      </SimpleGrid>
    );
  }
  // A failed answer is said once, above the calendar (BookingPickers), with Try again.
  if (!slots.length) return <Text color="fg.muted">No available times on this day.</Text>;
  return (
    <SimpleGrid columns={{ base: 3, sm: 4 }} gap="2" role="group" aria-label="Available times">
      {slots.map((slot) => (
        <Button
          key={slot.start}
          size="sm"
          variant={selected === slot.start ? 'solid' : 'outline'}
          colorPalette="blue"
          aria-pressed={selected === slot.start}
          onClick={() => onSelect(slot)}
        >
          {slot.label}
        </Button>
      ))}
    </SimpleGrid>
  );
}
