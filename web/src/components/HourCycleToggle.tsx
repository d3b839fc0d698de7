// The 12- or 24-hour choice of a booking page: every time on the page (and the app) follows it.
import { Button, Group } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { setHourCycle, useHourCycle, type HourCycle } from '../lib/clock.ts';

// The name starts with what the button shows (WCAG 2.5.3, label in name), then says it in words.
const CHOICES = [
  { cycle: 'h12', label: '12h', name: 'clock.h12' },
  { cycle: 'h23', label: '24h', name: 'clock.h23' },
] as const satisfies readonly { cycle: HourCycle; label: string; name: string }[];

export function HourCycleToggle() {
  const current = useHourCycle();
  const intl = useIntl();
  return (
    <Group attached role="group" aria-label={intl.formatMessage({ id: 'clock.label' })}>
      {CHOICES.map(({ cycle, label, name }) => (
        <Button
          key={cycle}
          size="xs"
          variant={current === cycle ? 'solid' : 'outline'}
          colorPalette="blue"
          aria-pressed={current === cycle}
          aria-label={intl.formatMessage({ id: name })}
          onClick={() => setHourCycle(cycle)}
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}
