// The event colour picker: the six colours of rules/constants.ts as swatches, a radio group as ARIA's
// pattern has it: one Tab stop (the chosen colour), the arrow keys choose the next or previous one.
import { useRef, type KeyboardEvent } from 'react';
import { chakra, HStack, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { COLORS } from '../lib/shared.ts';

type Color = (typeof COLORS)[number];

/** Each colour's name in the catalogue (color.<name>). */
const NAMES: Record<Color, 'blue' | 'green' | 'orange' | 'red' | 'purple' | 'cyan'> = {
  '#3b82f6': 'blue',
  '#10b981': 'green',
  '#f59e0b': 'orange',
  '#ef4444': 'red',
  '#8b5cf6': 'purple',
  '#06b6d4': 'cyan',
};

/** Arrow keys and their step through the swatches, in reading order (left to right unless right to left). */
const STEPS: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/** The six event colours as a radio group of swatches. */
export function ColorPicker({ value, onChange }: { value: string | undefined; onChange: (color: Color) => void }) {
  const group = useRef<HTMLDivElement>(null);
  const chosen = Math.max(0, COLORS.indexOf(value as Color));
  const intl = useIntl();
  const legend = intl.formatMessage({ id: 'color.legend' });
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const horizontal = event.key === 'ArrowRight' || event.key === 'ArrowLeft';
    const rtl = horizontal && getComputedStyle(event.currentTarget).direction === 'rtl';
    const next = (chosen + (rtl ? -step : step) + COLORS.length) % COLORS.length;
    onChange(COLORS[next]);
    group.current?.querySelectorAll<HTMLButtonElement>('[role=radio]')[next]?.focus();
  };
  return (
    <chakra.fieldset>
      <Text as="legend" fontSize="sm" fontWeight="medium" mb="2">
        {legend}
      </Text>
      <HStack ref={group} gap="3" role="radiogroup" aria-label={legend} onKeyDown={move}>
        {COLORS.map((color, index) => (
          <chakra.button
            key={color}
            type="button"
            role="radio"
            aria-checked={value === color}
            aria-label={intl.formatMessage({ id: `color.${NAMES[color]}` })}
            tabIndex={index === chosen ? 0 : -1}
            onClick={() => onChange(color)}
            w="8"
            h="8"
            borderRadius="full"
            bg={color}
            // Chosen: a ring in the text colour, apart from the swatch. Focused: the outline outside it.
            boxShadow={value === color ? '0 0 0 2px var(--chakra-colors-bg), 0 0 0 4px var(--chakra-colors-fg)' : undefined}
            outline="none"
            _focusVisible={{ outline: '2px solid', outlineColor: 'blue.solid', outlineOffset: '6px' }}
          />
        ))}
      </HStack>
    </chakra.fieldset>
  );
}
