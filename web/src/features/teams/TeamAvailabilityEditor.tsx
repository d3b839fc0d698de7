// A team's weekly hours: a range per day, each day on or off.
import { Checkbox, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DayRangesEditor } from '../../components/DayRangesEditor.tsx';
import { weekdayName } from '../../components/schedulingChoices.ts';
import { rangeProblems } from '../../lib/rangeProblems.ts';
import { DEFAULT_RANGE } from '../../lib/shared.ts';
import { WEEK_MONDAY_FIRST } from '../../lib/time.ts';
import type { AvailabilityRule } from '../../lib/types.ts';
import { useSaveWeeklyHours, useWeeklyHours } from '../../lib/useWeeklyHours.ts';

const NEW_RANGE = { start_time: DEFAULT_RANGE.startTime, end_time: DEFAULT_RANGE.endTime, is_enabled: true };

/**
 * docs/product/states.md: every toggle, added or removed range and time change is saved at once. Switching a
 * day on adds 09:00-17:00 when it has no range; switching it off removes its ranges.
 */
export function toggleDay(entries: AvailabilityRule[], day: number, on: boolean): AvailabilityRule[] {
  const others = entries.filter((entry) => entry.day_of_week !== day);
  if (!on) return others;
  const own = entries.filter((entry) => entry.day_of_week === day);
  return [...others, ...(own.length ? own.map((entry) => ({ ...entry, is_enabled: true })) : [{ ...NEW_RANGE, day_of_week: day }])];
}

export function TeamAvailabilityEditor({ teamId, disabled }: { teamId: number; disabled?: boolean }) {
  const { data, isPending } = useWeeklyHours({ teamId });
  const save = useSaveWeeklyHours({ teamId });
  const { locale } = useIntl();
  // A day whose ranges end before they start or overlap stays here, said on its rows, unsaved.
  const [drafts, setDrafts] = useState<Record<number, AvailabilityRule[]>>({});
  if (isPending || !data) return <Skeleton h="80" />;
  const entries = data;
  const replaceDay = (day: number, ranges: AvailabilityRule[]) => {
    if (rangeProblems(ranges).some(Boolean)) return setDrafts((now) => ({ ...now, [day]: ranges }));
    setDrafts(({ [day]: _saved, ...others }) => others);
    save.mutate([...entries.filter((entry) => entry.day_of_week !== day), ...ranges]);
  };

  return (
    <Stack gap="3">
      {WEEK_MONDAY_FIRST.map((day) => {
        const own = drafts[day] ?? entries.filter((entry) => entry.day_of_week === day);
        const on = own.some((entry) => entry.is_enabled);
        return (
          <Stack key={day} direction={{ base: 'column', md: 'row' }} gap="3" borderWidth="1px" borderRadius="md" p="3">
            <Checkbox.Root
              minW="32"
              checked={on}
              disabled={disabled}
              onCheckedChange={(details) => save.mutate(toggleDay(entries, day, details.checked === true))}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{weekdayName(day, locale)}</Checkbox.Label>
            </Checkbox.Root>
            {on ? (
              <DayRangesEditor
                dayName={weekdayName(day, locale)}
                ranges={own}
                onChange={(ranges) => replaceDay(day, ranges)}
                newRange={{ ...NEW_RANGE, day_of_week: day }}
                layout="team"
              />
            ) : (
              <Text color="fg.muted" fontSize="sm">
                <FormattedMessage id="availability.unavailable" />
              </Text>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
