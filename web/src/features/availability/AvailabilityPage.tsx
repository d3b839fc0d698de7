// /availability: buffers, booking preferences, working hours, date overrides, time off, calendars and event types.
import { useState } from 'react';
import { Box, Button, Link, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ChoiceSelect } from '../../components/ChoiceSelect.tsx';
import { FormField } from '../../components/FormField.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { SwitchField } from '../../components/SwitchField.tsx';
import { DayRangesEditor } from '../../components/DayRangesEditor.tsx';
import { hasRangeProblems } from '../../lib/rangeProblems.ts';
import { DEFAULT_HOST_SETTINGS, DEFAULT_RANGE, DEFAULT_TIME_ZONE, GUEST_CHANGE_NOTICE_CHOICES, hostSettingsFromColumns, type HostSettings } from '../../lib/shared.ts';
import { BUFFER_OPTIONS, FUTURE_OPTIONS, NOTICE_OPTIONS } from '../../lib/choices.ts';
import { DAY_NAMES, WEEK_MONDAY_FIRST } from '../../lib/time.ts';
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

const GUEST_CHANGES = GUEST_CHANGE_NOTICE_CHOICES.map((value) => ({
  value,
  label: value === 0 ? 'Until the start' : `Until ${value} ${value === 1 ? 'hour' : 'hours'} before`,
}));
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
                label={DAY_NAMES[day]}
              />
            </Box>
            {entry.enabled ? (
              <DayRangesEditor
                dayName={DAY_NAMES[day]}
                ranges={entry.ranges}
                onChange={(ranges) => update(day, (current) => ({ ...current, ranges }))}
                newRange={NEW_RANGE}
                layout="host"
              />
            ) : (
              <Text color="fg.muted" fontSize="sm" pt="1">
                Unavailable
              </Text>
            )}
          </Stack>
        );
      })}
      {blocked ? (
        <Text alignSelf="end" fontSize="sm" color="fg.error">
          Fix the marked ranges to save.
        </Text>
      ) : null}
      <Button alignSelf="end" colorPalette="blue" disabled={save.isPending || blocked} onClick={() => save.mutate(weekToRules(week))}>
        Save Working Hours
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
  return (
    <>
      <SectionCard title="Buffer Times" description="Breathing room before and after each meeting.">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Choice label="Buffer before" value={settings.bufferBefore} options={BUFFER_OPTIONS} onChange={set('bufferBefore')} />
          <Choice label="Buffer after" value={settings.bufferAfter} options={BUFFER_OPTIONS} onChange={set('bufferAfter')} />
        </SimpleGrid>
      </SectionCard>
      <SectionCard title="Booking Preferences" description="How soon and how far ahead guests can book." bodyGap="4">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Choice label="Minimum notice" value={settings.minimumNotice} options={NOTICE_OPTIONS} onChange={set('minimumNotice')} />
          <Choice
            label="Maximum future bookings"
            value={settings.maxFutureBookings}
            options={FUTURE_OPTIONS}
            onChange={set('maxFutureBookings')}
          />
          <Choice
            label="Guests may cancel or reschedule"
            value={settings.guestChangeNotice}
            options={GUEST_CHANGES}
            onChange={set('guestChangeNotice')}
          />
        </SimpleGrid>
        <Button alignSelf="end" colorPalette="blue" disabled={save.isPending} onClick={() => save.mutate(settings)}>
          Save Settings
        </Button>
      </SectionCard>
    </>
  );
}

export default function AvailabilityPage() {
  usePageTitle('Availability');
  const { data: user } = useCurrentUser();
  const owner = useOwner();
  const rules = useWeeklyHours(owner);
  const settings = useSettings();
  return (
    <Stack gap="6" maxW="4xl">
      <PageHeader title="Availability" subtitle="Set when people can book time with you." />
      <SectionCard
        title="Working Hours"
        description={
          <>
            One or more time ranges per day. Your hours are in <strong>{zoneLabel(user?.timezone ?? DEFAULT_TIME_ZONE)}</strong>, your profile's time zone (
            <Link asChild colorPalette="blue" color="colorPalette.fg">
              <RouterLink to="/profile">change it</RouterLink>
            </Link>
            ).
          </>
        }
      >
        {rules.isPending || !owner ? <Skeleton h="80" /> : <WorkingHours key={rules.dataUpdatedAt} owner={owner} rules={rules.data ?? []} />}
      </SectionCard>
      <SectionCard title="Date Overrides" description="Other hours on a given date, or a day off: they replace the weekly hours of that date.">
        {owner ? <DateOverridesEditor owner={owner} /> : <Skeleton h="60" />}
      </SectionCard>
      <SectionCard title="Time Off" description="Whole days when you take no bookings.">
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
