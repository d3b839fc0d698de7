// A Monday-first month grid for picking a day, with keyboard moves between enabled days.
import { Box, Grid, HStack, IconButton, Text, type SystemStyleObject } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo } from 'react';
import {
  addMonths,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  isSameDay,
  isSameMonth,
  isToday,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { useIntl } from 'react-intl';
import { direction, isLocale } from '../i18n/locales.ts';
import { formatDate, weekdayNames } from '../lib/time.ts';

/** The days a Monday-first month grid shows, whole weeks from the week of the 1st to the week of the last day. */
export function monthGridDays(month: Date): Date[] {
  return eachDayOfInterval({
    start: startOfWeek(startOfMonth(month), { weekStartsOn: 1 }),
    end: endOfWeek(endOfMonth(month), { weekStartsOn: 1 }),
  });
}

/**
 * The grid's look, set once on the grid for its plain cells (a styled component per day costs the
 * booking page's first render more than everything else in the calendar). Cells say what they are
 * with attributes: data-outside (another month), data-today, aria-selected, disabled. In a picker a
 * day that can be picked is unmistakable (tinted, bold, in the accent colour) and the rest are plain
 * and faint; today is marked only when it can be picked (a ring), so it never looks like a free day.
 */
const GRID_CSS: SystemStyleObject = {
  '& [role=row]': { display: 'contents' },
  '& [role=columnheader]': { textAlign: 'center', fontSize: 'xs', color: 'fg.muted', py: '1' },
  '& [data-cell]': {
    position: 'relative',
    h: { base: '9', md: '10' },
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    borderRadius: 'md',
    fontSize: 'sm',
  },
  // fg.muted, not fg.subtle: readable (4.5:1) days of the months around this one.
  '& [data-cell][data-outside]': { color: 'fg.muted' },
  '& div[data-cell][data-today]': { bg: 'blue.subtle', fontWeight: 'bold' },
  '& button[data-cell]': { cursor: 'pointer', bg: 'blue.subtle', color: 'blue.fg', fontWeight: 'semibold' },
  '& button[data-cell][data-today]:not(:disabled)': { boxShadow: 'inset 0 0 0 2px var(--chakra-colors-blue-solid)' },
  '& button[data-cell]:disabled': { bg: 'transparent', color: 'fg.subtle', fontWeight: 'normal', cursor: 'not-allowed' },
  '& button[data-cell]:disabled:not([data-outside])': { textDecoration: 'line-through', textDecorationColor: 'border.emphasized' },
  '& button[data-cell]:not(:disabled):not([aria-selected=true]):hover': { bg: 'blue.muted' },
  '& button[data-cell][aria-selected=true]': { bg: 'blue.solid', color: 'blue.contrast' },
  '& [data-dot]': { w: '1.5', h: '1.5', borderRadius: 'full', bg: 'blue.solid', position: 'absolute', bottom: '1' },
};

const STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
// Right to left, the days run leftwards: the left arrow goes to the next day.
const RTL_STEPS: Record<string, number> = { ...STEPS, ArrowLeft: 1, ArrowRight: -1 };

/** Arrow keys move between days the way they are laid out (a week up or down), skipping disabled ones. */
function moveFocus(event: React.KeyboardEvent<HTMLDivElement>, rtl: boolean): void {
  const step = (rtl ? RTL_STEPS : STEPS)[event.key];
  if (!step) return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-day]')];
  let index = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (index < 0) return;
  event.preventDefault();
  for (index += step; index >= 0 && index < buttons.length; index += step) {
    if (!buttons[index].disabled) return buttons[index].focus();
  }
}

function weeks<T>(days: T[]): T[][] {
  return Array.from({ length: days.length / 7 }, (_, index) => days.slice(index * 7, index * 7 + 7));
}

/**
 * Month grid starting on Monday, one month per arrow press. Used read-only with booking dots on the
 * dashboard and as the date picker of the booking flow (`onSelect` + `isDisabled`).
 */
export function MonthCalendar({
  month,
  onMonthChange,
  selected,
  onSelect,
  isDisabled,
  hasDot,
  busy = false,
  label,
}: {
  month: Date;
  onMonthChange: (month: Date) => void;
  selected?: Date | null;
  onSelect?: (day: Date) => void;
  isDisabled?: (day: Date) => boolean;
  hasDot?: (day: Date) => boolean;
  /** The days that can be picked are not known yet. */
  busy?: boolean;
  label?: string;
}) {
  const intl = useIntl();
  const { locale } = intl;
  const monthTime = month.getTime();
  // Each day's name worded once per month shown, not on every render: Intl's wording is the costliest
  // part of a render on a phone.
  const days = useMemo(
    () => monthGridDays(new Date(monthTime)).map((day) => ({ day, name: formatDate(day, 'EEEE, MMMM d, yyyy', undefined, locale) })),
    [monthTime, locale],
  );
  const weekdays = useMemo(() => weekdayNames(locale), [locale]);
  // Right to left the earlier month is on the right: its arrow points right (WCAG 1.3.2, meaningful order).
  const rtl = isLocale(locale) && direction(locale) === 'rtl';
  const [Earlier, Later] = rtl ? [ChevronRight, ChevronLeft] : [ChevronLeft, ChevronRight];
  return (
    <Box>
      <HStack justify="space-between" mb="3">
        <IconButton size="sm" variant="ghost" aria-label={intl.formatMessage({ id: 'calendar.previousMonth' })} onClick={() => onMonthChange(addMonths(month, -1))}>
          <Earlier />
        </IconButton>
        <Text fontWeight="semibold" aria-live="polite">
          {formatDate(month, 'MMMM yyyy', undefined, locale)}
        </Text>
        <IconButton size="sm" variant="ghost" aria-label={intl.formatMessage({ id: 'calendar.nextMonth' })} onClick={() => onMonthChange(addMonths(month, 1))}>
          <Later />
        </IconButton>
      </HStack>
      <Grid templateColumns="repeat(7, 1fr)" gap="1" role="grid" aria-label={label ?? intl.formatMessage({ id: 'calendar.label' })} aria-busy={busy || undefined} onKeyDown={onSelect ? (event) => moveFocus(event, rtl) : undefined} css={GRID_CSS}>
        {/* Rows take no box of their own (display: contents), so the cells stay on the 7-column grid. */}
        <div role="row">
          {weekdays.map((day) => (
            <p key={day} role="columnheader">
              {day}
            </p>
          ))}
        </div>
        {weeks(days).map((week) => (
          <div role="row" key={week[0].day.toISOString()}>
            {week.map(({ day, name }) => {
              const inMonth = isSameMonth(day, month);
              const disabled = !inMonth || (isDisabled?.(day) ?? false);
              const isSelected = selected ? isSameDay(day, selected) : false;
              // In a picker, today is marked only when it can be picked.
              const today = isToday(day) && !(onSelect && disabled);
              const dot = inMonth && (hasDot?.(day) ?? false);
              const cell = {
                'data-cell': '',
                'data-outside': inMonth ? undefined : '',
                'data-today': today ? '' : undefined,
                role: 'gridcell',
                'aria-label': dot ? intl.formatMessage({ id: 'calendar.dayWithBookings' }, { day: name }) : name,
                'aria-current': today ? ('date' as const) : undefined,
                children: (
                  <>
                    <span>{day.getDate()}</span>
                    {dot ? <span data-dot="" aria-hidden /> : null}
                  </>
                ),
              };
              return onSelect ? (
                <button
                  {...cell}
                  data-day=""
                  type="button"
                  key={day.toISOString()}
                  aria-selected={isSelected}
                  aria-disabled={disabled}
                  disabled={disabled}
                  onClick={() => onSelect(day)}
                />
              ) : (
                <div {...cell} key={day.toISOString()} />
              );
            })}
          </div>
        ))}
      </Grid>
    </Box>
  );
}
