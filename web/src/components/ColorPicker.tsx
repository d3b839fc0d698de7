// The event colour picker: the six colours of rules/constants.ts as swatches.
import { chakra, HStack, Text } from '@chakra-ui/react';
import { COLORS } from '../lib/shared.ts';

const NAMES: Record<string, string> = {
  '#3b82f6': 'Blue',
  '#10b981': 'Green',
  '#f59e0b': 'Orange',
  '#ef4444': 'Red',
  '#8b5cf6': 'Purple',
  '#06b6d4': 'Cyan',
};

/** The six event colours as a radio group of swatches. */
export function ColorPicker({ value, onChange }: { value: string | undefined; onChange: (color: (typeof COLORS)[number]) => void }) {
  return (
    <chakra.fieldset>
      <Text as="legend" fontSize="sm" fontWeight="medium" mb="2">
        Color
      </Text>
      <HStack gap="2" role="radiogroup" aria-label="Color">
        {COLORS.map((color) => (
          <chakra.button
            key={color}
            type="button"
            role="radio"
            aria-checked={value === color}
            aria-label={NAMES[color]}
            onClick={() => onChange(color)}
            w="8"
            h="8"
            borderRadius="full"
            bg={color}
            outline={value === color ? '3px solid' : 'none'}
            outlineColor="fg"
            outlineOffset="2px"
          />
        ))}
      </HStack>
    </chakra.fieldset>
  );
}
