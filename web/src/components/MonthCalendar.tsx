// A Monday-first month grid for picking a day, with keyboard moves between enabled days.
import { Box, chakra, Grid, HStack, IconButton, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import {
  addMonths,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  isSameDay,
  isSameMonth,
  isToday,
  startOfMonth,
  startOfWeek,
} from 'date-fns';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The days a Monday-first month grid shows, whole weeks from the week of the 1st to the week of the last day. */
export function monthGridDays(month: Date): Date[] {
  return eachDayOfInterval({
    start: startOfWeek(startOfMonth(month), { weekStartsOn: 1 }),
    end: endOfWeek(endOfMonth(month), { weekStartsOn: 1 }),
  });
}

const STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/** Arrow keys move between days (a week up or down), skipping disabled ones. */
function moveFocus(event: React.KeyboardEvent<HTMLDivElement>): void {
  const step = STEPS[event.key];
  if (!step) return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-day]')];
  let index = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (index < 0) return;
  event.preventDefault();
  for (index += step; index >= 0 && index < buttons.length; index += step) {
    if (!buttons[index].disabled) return buttons[index].focus();
  }
}

function weeks(days: Date[]): Date[][] {
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
  label = 'Calendar',
}: {
  month: Date;
  onMonthChange: (month: Date) => void;
  selected?: Date | null;
  onSelect?: (day: Date) => void;
  isDisabled?: (day: Date) => boolean;
  hasDot?: (day: Date) => boolean;
  label?: string;
}) {
  const days = monthGridDays(month);
  return (
    <Box>
      <HStack justify="space-between" mb="3">
        <IconButton size="sm" variant="ghost" aria-label="Previous month" onClick={() => onMonthChange(addMonths(month, -1))}>
          <ChevronLeft />
        </IconButton>
        <Text fontWeight="semibold" aria-live="polite">
          {format(month, 'MMMM yyyy')}
        </Text>
        <IconButton size="sm" variant="ghost" aria-label="Next month" onClick={() => onMonthChange(addMonths(month, 1))}>
          <ChevronRight />
        </IconButton>
      </HStack>
      <Grid templateColumns="repeat(7, 1fr)" gap="1" role="grid" aria-label={label} onKeyDown={onSelect ? moveFocus : undefined}>
        {/* Rows take no box of their own (display: contents), so the cells stay on the 7-column grid. */}
        <Box role="row" display="contents">
          {WEEKDAYS.map((day) => (
            <Text key={day} role="columnheader" textAlign="center" fontSize="xs" color="fg.muted" py="1">
              {day}
            </Text>
          ))}
        </Box>
        {weeks(days).map((week) => (
          <Box role="row" display="contents" key={week[0].toISOString()}>
            {week.map((day) => {
              const inMonth = isSameMonth(day, month);
              const disabled = !inMonth || (isDisabled?.(day) ?? false);
              const isSelected = selected ? isSameDay(day, selected) : false;
              const today = isToday(day);
              const dot = inMonth && (hasDot?.(day) ?? false);
              const name = format(day, 'EEEE, MMMM d, yyyy');
              const cell = (
                <>
                  <span>{format(day, 'd')}</span>
                  {dot ? (
                    <Box as="span" aria-hidden w="1.5" h="1.5" borderRadius="full" bg="blue.solid" position="absolute" bottom="1" />
                  ) : null}
                </>
              );
              const common = {
                position: 'relative' as const,
                h: { base: '9', md: '10' },
                display: 'flex',
                flexDirection: 'column' as const,
                alignItems: 'center',
                justifyContent: 'center',
                borderRadius: 'md',
                fontSize: 'sm',
                color: inMonth ? undefined : 'fg.subtle',
                bg: isSelected ? 'blue.solid' : today ? 'blue.subtle' : undefined,
                fontWeight: today ? 'bold' : undefined,
              };
              return onSelect ? (
                <chakra.button
                  data-day=""
                  type="button"
                  key={day.toISOString()}
                  role="gridcell"
                  aria-label={dot ? `${name}, has bookings` : name}
                  aria-selected={isSelected}
                  aria-current={today ? 'date' : undefined}
                  aria-disabled={disabled}
                  disabled={disabled}
                  onClick={() => onSelect(day)}
                  {...common}
                  color={isSelected ? 'white' : disabled ? 'fg.subtle' : common.color}
                  cursor={disabled ? 'not-allowed' : 'pointer'}
                  opacity={disabled && inMonth ? 0.45 : 1}
                  _hover={disabled || isSelected ? undefined : { bg: 'bg.muted' }}
                >
                  {cell}
                </chakra.button>
              ) : (
                <Box
                  key={day.toISOString()}
                  role="gridcell"
                  aria-label={dot ? `${name}, has bookings` : name}
                  aria-current={today ? 'date' : undefined}
                  {...common}
                >
                  {cell}
                </Box>
              );
            })}
          </Box>
        ))}
      </Grid>
    </Box>
  );
}
