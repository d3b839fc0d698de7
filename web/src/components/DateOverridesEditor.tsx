// Date overrides of a host (Availability) or a team (team settings): a date picked on a month calendar
// gets its own hours or becomes a day off; upcoming overrides are listed with delete, past ones hidden.
import { useState } from 'react';
import { Box, Button, Heading, HStack, IconButton, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Plus, X } from 'lucide-react';
import { format, parseISO, startOfMonth } from 'date-fns';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { messageWords } from '../i18n/fieldWords.ts';
import { dateOverrideSchema } from '../lib/shared.ts';
import type { DateOverride, TimeRange } from '../lib/shared.ts';
import type { Owner } from '../lib/owner.ts';
import { formatDate } from '../lib/time.ts';
import { clockWords } from './schedulingChoices.ts';
import { todayKey, useDateOverrides, useDeleteDateOverride, useSaveDateOverride } from '../lib/useDateOverrides.ts';
import { MonthCalendar } from './MonthCalendar.tsx';
import { RemovableItem } from './RemovableItem.tsx';
import { SwitchField } from './SwitchField.tsx';
import { TimeRangeSelect } from './TimeSelect.tsx';

const DEFAULT_RANGE: TimeRange = { startTime: '09:00', endTime: '17:00' };

const longDate = (date: string, locale: string) => formatDate(parseISO(date), 'EEEE, MMMM d, yyyy', undefined, locale);

/** 'Unavailable' or '9:00 AM–12:00 PM, 1:00 PM–5:00 PM', as the time pickers read. */
function overrideSummary(override: DateOverride, intl: IntlShape): string {
  return override.ranges.length
    ? intl.formatList(override.ranges.map((r) => `${clockWords(r.startTime, intl.locale)}–${clockWords(r.endTime, intl.locale)}`), { type: 'unit', style: 'short' })
    : intl.formatMessage({ id: 'availability.unavailable' });
}

/** The chosen date's hours: a day off, or ranges, checked with the api's own schema before saving. */
function DateEditor({
  date,
  existing,
  owner,
  onDone,
}: {
  date: string;
  existing: DateOverride | undefined;
  owner: Owner;
  onDone: () => void;
}) {
  const intl = useIntl();
  const save = useSaveDateOverride(owner);
  const [off, setOff] = useState(existing ? existing.ranges.length === 0 : false);
  const [ranges, setRanges] = useState<TimeRange[]>(existing?.ranges.length ? [...existing.ranges] : [DEFAULT_RANGE]);
  const chosen = off ? [] : ranges;
  const check = dateOverrideSchema.safeParse({ ranges: chosen });
  const problem = check.success ? null : check.error.issues[0]?.message;
  const setRange = (index: number, change: Partial<TimeRange>) =>
    setRanges((current) => current.map((range, i) => (i === index ? { ...range, ...change } : range)));

  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p="3">
      <Heading as="h3" size="sm">
        {longDate(date, intl.locale)}
      </Heading>
      <SwitchField checked={off} onChange={setOff} label={intl.formatMessage({ id: 'overrides.allDay' })} />
      {off ? null : (
        <Stack gap="2">
          {ranges.map((range, index) => (
            <HStack key={index} gap="2" wrap="wrap">
              <TimeRangeSelect
                label={intl.formatMessage({ id: 'overrides.range' }, { number: index + 1 })}
                start={range.startTime}
                end={range.endTime}
                onStart={(startTime) => setRange(index, { startTime })}
                onEnd={(endTime) => setRange(index, { endTime })}
              />
              {ranges.length > 1 ? (
                <IconButton
                  size="sm"
                  variant="ghost"
                  aria-label={intl.formatMessage({ id: 'overrides.remove' }, { number: index + 1 })}
                  onClick={() => setRanges((current) => current.filter((_, i) => i !== index))}
                >
                  <X />
                </IconButton>
              ) : null}
            </HStack>
          ))}
          <Button size="xs" variant="ghost" alignSelf="start" onClick={() => setRanges((current) => [...current, DEFAULT_RANGE])}>
            <Plus /> <FormattedMessage id="ranges.add" />
          </Button>
        </Stack>
      )}
      {problem ? (
        <Text color="fg.error" fontSize="sm" role="alert">
          {messageWords(intl, problem)}
        </Text>
      ) : null}
      <HStack>
        <Button
          colorPalette="blue"
          size="sm"
          disabled={save.isPending || problem !== null}
          onClick={() => save.mutate({ date, ranges: chosen }, { onSuccess: onDone })}
        >
          <FormattedMessage id="overrides.save" />
        </Button>
        <Button size="sm" variant="outline" onClick={onDone}>
          <FormattedMessage id="common.cancel" />
        </Button>
      </HStack>
    </Stack>
  );
}

export function DateOverridesEditor({ owner, readOnly = false }: { owner: Owner; readOnly?: boolean }) {
  const intl = useIntl();
  const overrides = useDateOverrides(owner);
  const remove = useDeleteDateOverride(owner);
  const [month, setMonth] = useState(() => startOfMonth(new Date()));
  const [date, setDate] = useState<string | null>(null);
  if (overrides.isPending) return <Skeleton h="60" />;
  const list = overrides.data ?? [];
  const byDate = new Map(list.map((o) => [o.date, o]));
  const key = (day: Date) => format(day, 'yyyy-MM-dd');

  return (
    <SimpleGrid columns={{ base: 1, md: readOnly ? 1 : 2 }} gap="6">
      {readOnly ? null : (
        <Stack gap="3">
          <MonthCalendar
            month={month}
            onMonthChange={setMonth}
            selected={date ? parseISO(date) : null}
            onSelect={(day) => setDate(key(day))}
            isDisabled={(day) => key(day) < todayKey()}
            hasDot={(day) => byDate.has(key(day))}
            label={intl.formatMessage({ id: 'overrides.pick' })}
          />
          {date ? <DateEditor key={date} date={date} existing={byDate.get(date)} owner={owner} onDone={() => setDate(null)} /> : null}
        </Stack>
      )}
      <Box>
        <Heading as="h3" size="sm" mb="2">
          <FormattedMessage id="overrides.upcoming" />
        </Heading>
        {list.length === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            <FormattedMessage id="overrides.none" />
          </Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" aria-label={intl.formatMessage({ id: 'overrides.upcoming' })}>
            {list.map((override) => (
              <RemovableItem
                key={override.date}
                title={longDate(override.date, intl.locale)}
                detail={overrideSummary(override, intl)}
                deleteLabel={intl.formatMessage({ id: 'overrides.delete' }, { date: longDate(override.date, intl.locale) })}
                onDelete={readOnly ? undefined : () => remove.mutate(override.date)}
                disabled={remove.isPending}
              />
            ))}
          </Stack>
        )}
      </Box>
    </SimpleGrid>
  );
}
