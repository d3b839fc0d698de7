// /availability: buffers, booking preferences, working hours, date overrides, time off, calendars and event types.
import { useState } from 'react';
import { Box, Button, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ChoiceSelect } from '../../components/ChoiceSelect.tsx';
import { FormField } from '../../components/FormField.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { TextLink } from '../../components/TextLink.tsx';
import { SwitchField } from '../../components/SwitchField.tsx';
import { DayRangesEditor } from '../../components/DayRangesEditor.tsx';
import { hasRangeProblems } from '../../lib/rangeProblems.ts';
import { DEFAULT_HOST_SETTINGS, DEFAULT_RANGE, DEFAULT_TIME_ZONE, hostSettingsFromColumns, type HostSettings } from '../../lib/shared.ts';
import { useSchedulingChoices, weekdayName } from '../../components/schedulingChoices.ts';
import { WEEK_MONDAY_FIRST } from '../../lib/time.ts';
import type { AvailabilityRule } from '../../lib/types.ts';
import { CalendarsSection } from '../calendars/index.ts';
import { EventTypesSection } from '../event-types/index.ts';
import { DateOverridesEditor } from '../../components/DateOverridesEditor.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useCurrentUser, useOwner } from '../../lib/session.ts';
import { TimeOffSection } from './TimeOffSection.tsx';
import { useSaveSettings, useSettings } from './hooks.ts';
import { hasWorkingHours, useSaveWeeklyHours, useWeeklyHours } from '../../lib/useWeeklyHours.ts';
import type { Owner } from '../../lib/owner.ts';
import { zoneLabel } from '../../lib/zones.ts';
import { usePageTitle } from '../../lib/usePageTitle.ts';
import { useSay } from '../../i18n/useSay.ts';

const NEW_RANGE = { start_time: DEFAULT_RANGE.startTime, end_time: DEFAULT_RANGE.endTime };

type Range = { start_time: string; end_time: string };
type Week = Record<number, { enabled: boolean; ranges: Range[] }>;

export function rulesToWeek(rules: AvailabilityRule[]): Week {
  const week: Week = {};
  for (const day of WEEK_MONDAY_FIRST) {
    const own = rules.filter((rule) => rule.day_of_week === day);
    week[day] = { enabled: own.some((rule) => rule.is_enabled), ranges: own.map(({ start_time, end_time }) => ({ start_time, end_time })) };
  }
  return week;
}

export function weekToRules(week: Week): AvailabilityRule[] {
  return WEEK_MONDAY_FIRST.flatMap((day) =>
    week[day].ranges.map((range) => ({ day_of_week: day, ...range, is_enabled: week[day].enabled })),
  );
}

function WorkingHours({ owner, rules }: { owner: Owner; rules: AvailabilityRule[] }) {
  const intl = useIntl();
  const [week, setWeek] = useState<Week>(() => rulesToWeek(rules));
  const save = useSaveWeeklyHours(owner);

  const update = (day: number, change: (entry: Week[number]) => Week[number]) =>
    setWeek((current) => ({ ...current, [day]: change(current[day]) }));
  // A range that ends before it starts or overlaps another says so on its row, and the week is not saved.
  const enabledDays = WEEK_MONDAY_FIRST.filter((day) => week[day].enabled).map((day) => week[day].ranges);
  const blocked = hasRangeProblems(enabledDays);

  return (
    <Stack gap="3">
      {WEEK_MONDAY_FIRST.map((day) => {
        const entry = week[day];
        return (
          <Stack
            key={day}
            direction={{ base: 'column', md: 'row' }}
            gap="3"
            borderWidth="1px"
            borderRadius="md"
            p="3"
            align={{ md: 'start' }}
          >
            <Box minW="36">
              <SwitchField
                checked={entry.enabled}
                onChange={(checked) =>
                  update(day, (current) => ({
                    enabled: checked,
                    ranges: checked && !current.ranges.length ? [NEW_RANGE] : current.ranges,
                  }))
                }
                label={weekdayName(day, intl.locale)}
              />
            </Box>
            {entry.enabled ? (
              <DayRangesEditor
                dayName={weekdayName(day, intl.locale)}
                ranges={entry.ranges}
                onChange={(ranges) => update(day, (current) => ({ ...current, ranges }))}
                newRange={NEW_RANGE}
                layout="host"
              />
            ) : (
              <Text color="fg.muted" fontSize="sm" pt="1">
                <FormattedMessage id="availability.unavailable" />
              </Text>
            )}
          </Stack>
        );
      })}
      {blocked ? (
        <Text alignSelf="end" fontSize="sm" color="fg.error">
          <FormattedMessage id="availability.fixRanges" />
        </Text>
      ) : null}
      <Button alignSelf="end" colorPalette="blue" disabled={save.isPending || blocked} onClick={() => save.mutate(weekToRules(week))}>
        <FormattedMessage id="availability.saveHours" />
      </Button>
    </Stack>
  );
}

function Choice({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: number;
  options: { value: number; label: string }[];
  onChange: (value: number) => void;
}) {
  return (
    <FormField label={label}>
      <ChoiceSelect value={value} onChange={(event) => onChange(Number(event.target.value))} choices={options} />
    </FormField>
  );
}

function SettingsSections({ initial }: { initial: HostSettings }) {
  const [settings, setSettings] = useState(initial);
  const save = useSaveSettings();
  const set = (key: keyof HostSettings) => (value: number) => setSettings((current) => ({ ...current, [key]: value }));
  const say = useSay();
  const choices = useSchedulingChoices();
  return (
    <>
      <SectionCard title={say('availability.buffers')} description={say('availability.buffersText')}>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Choice label={say('rules.bufferBefore')} value={settings.bufferBefore} options={choices.buffer} onChange={set('bufferBefore')} />
          <Choice label={say('rules.bufferAfter')} value={settings.bufferAfter} options={choices.buffer} onChange={set('bufferAfter')} />
        </SimpleGrid>
      </SectionCard>
      <SectionCard title={say('availability.preferences')} description={say('availability.preferencesText')} bodyGap="4">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Choice label={say('rules.minimumNotice')} value={settings.minimumNotice} options={choices.notice} onChange={set('minimumNotice')} />
          <Choice label={say('rules.maxFuture')} value={settings.maxFutureBookings} options={choices.future} onChange={set('maxFutureBookings')} />
          <Choice label={say('availability.guestChanges')} value={settings.guestChangeNotice} options={choices.guestChanges} onChange={set('guestChangeNotice')} />
        </SimpleGrid>
        <Button alignSelf="end" colorPalette="blue" disabled={save.isPending} onClick={() => save.mutate(settings)}>
          {say('availability.saveSettings')}
        </Button>
      </SectionCard>
    </>
  );
}

export default function AvailabilityPage() {
  const intl = useIntl();
  const say = useSay();
  usePageTitle(say('app.nav.availability'));
  const { data: user } = useCurrentUser();
  const owner = useOwner();
  const rules = useWeeklyHours(owner);
  const settings = useSettings();
  return (
    <Stack gap="6" maxW="4xl">
      <PageHeader title={say('app.nav.availability')} subtitle={say('availability.subtitle')} />
      <SectionCard
        title={say('availability.hours')}
        description={
          <FormattedMessage
            id="availability.hoursText"
            values={{
              zone: zoneLabel(user?.timezone ?? DEFAULT_TIME_ZONE, undefined, intl.locale),
              strong: (chunks) => <strong>{chunks}</strong>,
              link: (chunks) => (
                <TextLink to="/profile" colorPalette="blue" color="colorPalette.fg">
                  {chunks}
                </TextLink>
              ),
            }}
          />
        }
      >
        {rules.isPending || !owner ? <Skeleton h="80" /> : <WorkingHours key={rules.dataUpdatedAt} owner={owner} rules={rules.data ?? []} />}
      </SectionCard>
      <SectionCard title={say('availability.overrides')} description={say('availability.overridesText')}>
        {owner ? <DateOverridesEditor owner={owner} /> : <Skeleton h="60" />}
      </SectionCard>
      <SectionCard title={say('availability.timeOff')} description={say('availability.timeOffText')}>
        <TimeOffSection />
      </SectionCard>
      {settings.isPending ? (
        <Skeleton h="60" />
      ) : (
        <SettingsSections
          key={settings.dataUpdatedAt}
          initial={settings.data ? hostSettingsFromColumns(settings.data) : DEFAULT_HOST_SETTINGS}
        />
      )}
      <CalendarsSection />
      <EventTypesSection noHours={rules.data ? !hasWorkingHours(rules.data) : false} />
    </Stack>
  );
}
