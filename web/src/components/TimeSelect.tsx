import { NativeSelect } from '@chakra-ui/react';
import { HALF_HOUR_CHOICES } from '../lib/time.ts';

/** One of the 48 half-hour choices (values HH:MM). */
export function TimeSelect({ value, onChange, label }: { value: string; onChange: (value: string) => void; label: string }) {
  return (
    <NativeSelect.Root size="sm" width="auto" minW="28">
      <NativeSelect.Field aria-label={label} value={value} onChange={(event) => onChange(event.target.value)}>
        {HALF_HOUR_CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
