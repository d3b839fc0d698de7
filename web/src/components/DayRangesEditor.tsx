// One day's time ranges in a weekly hours editor, a host's or a team's: each range's pickers, what is
// wrong with it said on its row (rangeProblems), and buttons to remove and add ranges. The two pages
// place those buttons differently (docs/product/screens.md): the host's page removes any range and
// adds below with 'Add time range'; the team's removes one only while the day keeps another and adds
// with '+' on the last row.
import { Button, IconButton, Stack } from '@chakra-ui/react';
import { Plus, X } from 'lucide-react';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { rangeProblems, type ClockRange } from '../lib/rangeProblems.ts';
import { RangeRow, TimeRangeSelect } from './TimeSelect.tsx';
import { clockWords } from './schedulingChoices.ts';

export function DayRangesEditor<R extends ClockRange>({
  dayName,
  ranges,
  onChange,
  newRange,
  layout,
}: {
  dayName: string;
  ranges: R[];
  onChange: (ranges: R[]) => void;
  newRange: R;
  layout: 'host' | 'team';
}) {
  const intl = useIntl();
  const words = useMemo(
    () => ({
      order: (start: string) => intl.formatMessage({ id: 'ranges.order' }, { start: clockWords(start, intl.locale) }),
      overlap: (range: number, start: string, end: string) =>
        intl.formatMessage({ id: 'ranges.overlap' }, { range, start: clockWords(start, intl.locale), end: clockWords(end, intl.locale) }),
    }),
    [intl],
  );
  const rangeName = (index: number) => intl.formatMessage({ id: 'ranges.name' }, { day: dayName, number: index + 1 });
  const team = layout === 'team';
  const setRange = (index: number, change: Partial<ClockRange>) =>
    onChange(ranges.map((range, i) => (i === index ? { ...range, ...change } : range)));
  const add = () => onChange([...ranges, newRange]);
  return (
    <Stack gap="2" flex={team ? undefined : '1'}>
      {rangeProblems(ranges, words).map((problem, index) => (
        <RangeRow key={index} problem={problem}>
          {(problemId) => (
            <>
              <TimeRangeSelect
                label={rangeName(index)}
                start={ranges[index].start_time}
                end={ranges[index].end_time}
                problem={problemId}
                onStart={(start_time) => setRange(index, { start_time })}
                onEnd={(end_time) => setRange(index, { end_time })}
              />
              {!team || ranges.length > 1 ? (
                <IconButton
                  size={team ? 'xs' : 'sm'}
                  variant="ghost"
                  aria-label={intl.formatMessage({ id: 'ranges.remove' }, { range: rangeName(index) })}
                  onClick={() => onChange(ranges.filter((_, i) => i !== index))}
                >
                  <X />
                </IconButton>
              ) : null}
              {team && index === ranges.length - 1 ? (
                <IconButton size="xs" variant="ghost" aria-label={intl.formatMessage({ id: 'ranges.addTo' }, { day: dayName })} onClick={add}>
                  <Plus />
                </IconButton>
              ) : null}
            </>
          )}
        </RangeRow>
      ))}
      {team ? null : (
        <Button size="xs" variant="ghost" alignSelf="start" onClick={add}>
          <Plus /> <FormattedMessage id="ranges.add" />
        </Button>
      )}
    </Stack>
  );
}
