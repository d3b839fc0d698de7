// One day's time ranges in a weekly hours editor, a host's or a team's: each range's pickers, what is
// wrong with it said on its row (rangeProblems), and buttons to remove and add ranges. The two pages
// place those buttons differently (docs/product/screens.md): the host's page removes any range and
// adds below with 'Add time range'; the team's removes one only while the day keeps another and adds
// with '+' on the last row.
import { Button, IconButton, Stack } from '@chakra-ui/react';
import { Plus, X } from 'lucide-react';
import { rangeProblems, type ClockRange } from '../lib/rangeProblems.ts';
import { RangeRow, TimeRangeSelect } from './TimeSelect.tsx';

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
  const team = layout === 'team';
  const setRange = (index: number, change: Partial<ClockRange>) =>
    onChange(ranges.map((range, i) => (i === index ? { ...range, ...change } : range)));
  const add = () => onChange([...ranges, newRange]);
  return (
    <Stack gap="2" flex={team ? undefined : '1'}>
      {rangeProblems(ranges).map((problem, index) => (
        <RangeRow key={index} problem={problem}>
          {(problemId) => (
            <>
              <TimeRangeSelect
                label={`${dayName} range ${index + 1}`}
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
                  aria-label={`Remove ${dayName} range ${index + 1}`}
                  onClick={() => onChange(ranges.filter((_, i) => i !== index))}
                >
                  <X />
                </IconButton>
              ) : null}
              {team && index === ranges.length - 1 ? (
                <IconButton size="xs" variant="ghost" aria-label={`Add ${dayName} range`} onClick={add}>
                  <Plus />
                </IconButton>
              ) : null}
            </>
          )}
        </RangeRow>
      ))}
      {team ? null : (
        <Button size="xs" variant="ghost" alignSelf="start" onClick={add}>
          <Plus /> Add time range
        </Button>
      )}
    </Stack>
  );
}
