// The 12- or 24-hour choice of a booking page: every time on the page (and the app) follows it.
import { Button, Group } from '@chakra-ui/react';
import { setHourCycle, useHourCycle, type HourCycle } from '../lib/clock.ts';

const CHOICES: { cycle: HourCycle; label: string }[] = [
  { cycle: 'h12', label: '12h' },
  { cycle: 'h23', label: '24h' },
];

export function HourCycleToggle() {
  const current = useHourCycle();
  return (
    <Group attached role="group" aria-label="Clock">
      {CHOICES.map(({ cycle, label }) => (
        <Button
          key={cycle}
          size="xs"
          variant={current === cycle ? 'solid' : 'outline'}
          colorPalette="blue"
          aria-pressed={current === cycle}
          // The visible '12h' starts the name (WCAG 2.5.3: a speech user says what they see).
          aria-label={`${label} (${cycle === 'h12' ? '12-hour clock' : '24-hour clock'})`}
          onClick={() => setHourCycle(cycle)}
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}
