// Pickers of the 48 half-hour clock times: one time, or a range's start and end.
import { Text } from '@chakra-ui/react';
import { halfHourChoices } from '../lib/time.ts';
import { ChoiceSelect } from './ChoiceSelect.tsx';

/** One of the 48 half-hour choices (values HH:MM). */
export function TimeSelect({ value, onChange, label }: { value: string; onChange: (value: string) => void; label: string }) {
  return (
    <ChoiceSelect
      root={{ size: 'sm', width: 'auto', minW: '28' }}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      choices={halfHourChoices()}
    />
  );
}

/** A range's start and end pickers, "Monday range 1 start" – "Monday range 1 end" for `label` "Monday range 1". */
export function TimeRangeSelect({
  label,
  start,
  end,
  onStart,
  onEnd,
}: {
  label: string;
  start: string;
  end: string;
  onStart: (value: string) => void;
  onEnd: (value: string) => void;
}) {
  return (
    <>
      <TimeSelect label={`${label} start`} value={start} onChange={onStart} />
      <Text>–</Text>
      <TimeSelect label={`${label} end`} value={end} onChange={onEnd} />
    </>
  );
}
