// Pickers of the 48 half-hour clock times: one time, or a range's start and end, and the row of a
// range that says what is wrong with it.
import { useId, type ReactNode } from 'react';
import { HStack, Stack, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { halfHourChoices } from '../lib/time.ts';
import { ChoiceSelect } from './ChoiceSelect.tsx';

/** One of the 48 half-hour choices (values HH:MM); `problem` names the text that says what is wrong with it. */
export function TimeSelect({ value, onChange, label, problem }: { value: string; onChange: (value: string) => void; label: string; problem?: string }) {
  return (
    <ChoiceSelect
      // Narrower on a phone, so a range's start, end and remove button share one line at 390px.
      root={{ size: 'sm', width: 'auto', minW: { base: '26', sm: '28' } }}
      aria-label={label}
      aria-invalid={problem ? true : undefined}
      aria-describedby={problem}
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
  problem,
}: {
  label: string;
  start: string;
  end: string;
  onStart: (value: string) => void;
  onEnd: (value: string) => void;
  /** The id of the text saying what is wrong with the range (RangeRow's). */
  problem?: string;
}) {
  const intl = useIntl();
  return (
    <>
      <TimeSelect label={intl.formatMessage({ id: 'ranges.start' }, { range: label })} value={start} onChange={onStart} problem={problem} />
      <Text>–</Text>
      <TimeSelect label={intl.formatMessage({ id: 'ranges.end' }, { range: label })} value={end} onChange={onEnd} problem={problem} />
    </>
  );
}

/**
 * One range's row: its pickers and buttons (`children`, given the id of the problem's text for their
 * aria-describedby), and under them, on the row itself, what is wrong with the range.
 */
export function RangeRow({ problem, children }: { problem: string | null; children: (problemId: string | undefined) => ReactNode }) {
  const id = useId();
  return (
    <Stack gap="1">
      <HStack gap={{ base: '1', sm: '2' }} wrap="wrap">
        {children(problem ? id : undefined)}
      </HStack>
      {problem ? (
        <Text id={id} fontSize="sm" color="fg.error">
          {problem}
        </Text>
      ) : null}
    </Stack>
  );
}
