// The 12- or 24-hour choice of a booking page: every time on the page (and the app) follows it.
import { Button, Group } from '@chakra-ui/react';
import { setHourCycle, useHourCycle, type HourCycle } from '../lib/clock.ts';

// The name starts with what the button shows (WCAG 2.5.3, label in name), then says it in words.
const CHOICES: { cycle: HourCycle; label: string; name: string }[] = [
  { cycle: 'h12', label: '12h', name: '12h, 12-hour clock' },
  { cycle: 'h23', label: '24h', name: '24h, 24-hour clock' },
];

export function HourCycleToggle() {
  const current = useHourCycle();
  return (
    <Group attached role="group" aria-label="Clock">
      {CHOICES.map(({ cycle, label, name }) => (
        <Button
          key={cycle}
          size="xs"
          variant={current === cycle ? 'solid' : 'outline'}
          colorPalette="blue"
          aria-pressed={current === cycle}
          aria-label={name}
          onClick={() => setHourCycle(cycle)}
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}
