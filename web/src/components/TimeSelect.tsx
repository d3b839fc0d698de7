// A picker of the 48 half-hour clock times.
import { HALF_HOUR_CHOICES } from '../lib/time.ts';
import { ChoiceSelect } from './ChoiceSelect.tsx';

/** One of the 48 half-hour choices (values HH:MM). */
export function TimeSelect({ value, onChange, label }: { value: string; onChange: (value: string) => void; label: string }) {
  return (
    <ChoiceSelect
      root={{ size: 'sm', width: 'auto', minW: '28' }}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      choices={HALF_HOUR_CHOICES}
    />
  );
}
