// The start times offered on the chosen day.
import { Button, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { formatDate } from '../../lib/time.ts';
import { utcOffset, zoneAbbreviation } from '../../lib/zones.ts';
import type { OfferedSlot } from './hooks.ts';

/**
 * The day's times in `timeZone`, in the clock the guest chose (lib/clock.ts) and the page's language.
 * A clock time that occurs twice that day (the hour a DST change repeats) names its zone abbreviation or offset.
 */
export function slotLabels(slots: OfferedSlot[], timeZone: string, locale = 'en'): string[] {
  const clocks = slots.map((slot) => formatDate(new Date(slot.start), 'h:mm a', timeZone, locale));
  return clocks.map((clock, index) => {
    if (clocks.indexOf(clock) === clocks.lastIndexOf(clock)) return clock;
    const start = new Date(slots[index].start);
    return `${clock} ${zoneAbbreviation(timeZone, start) ?? utcOffset(timeZone, start)}`;
  });
}

/** The day's start times; the chosen one is pressed. */
export function SlotGrid({
  slots,
  selected,
  onSelect,
  loading,
  timeZone,
  disabled = false,
}: {
  slots: OfferedSlot[];
  selected: string | null;
  onSelect: (slot: OfferedSlot) => void;
  loading: boolean;
  timeZone: string;
  disabled?: boolean;
}) {
  const intl = useIntl();
  if (loading) {
    return (
      <SimpleGrid columns={{ base: 3, sm: 4 }} gap="2" aria-busy="true" aria-label={intl.formatMessage({ id: 'booking.slots.loading' })}>
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} h="9" />
        ))}
      </SimpleGrid>
    );
  }
  // A failed answer is said once, above the calendar (BookingPickers), with Try again.
  if (!slots.length) return <Text color="fg.muted">{intl.formatMessage({ id: 'booking.slots.none' })}</Text>;
  const labels = slotLabels(slots, timeZone, intl.locale);
  // Each button named in full ("Thursday, December 3, 10:00 AM, available"): a screen reader moving
  // through the grid hears which day a time is on, not a bare "10:00 AM"; a group event's time says
  // its seats left instead of "available" (docs/seats.md).
  const name = (slot: OfferedSlot, label: string) => {
    const values = { day: formatDate(new Date(slot.start), 'EEEE, MMMM d', timeZone, intl.locale), time: label };
    return slot.seatsLeft === undefined
      ? intl.formatMessage({ id: 'booking.slots.name' }, values)
      : intl.formatMessage({ id: 'booking.seats.name' }, { ...values, seats: slot.seatsLeft });
  };
  return (
    <SimpleGrid columns={{ base: 3, sm: 4 }} gap="2" role="group" aria-label={intl.formatMessage({ id: 'booking.pickers.times' })}>
      {slots.map((slot, index) => (
        <Button
          key={slot.start}
          size="sm"
          variant={selected === slot.start ? 'solid' : 'outline'}
          colorPalette="blue"
          aria-pressed={selected === slot.start}
          aria-label={name(slot, labels[index])}
          disabled={disabled}
          onClick={() => onSelect(slot)}
          {...(slot.seatsLeft !== undefined && { h: 'auto', py: '1.5', flexDirection: 'column', gap: '0' })}
        >
          {labels[index]}
          {/* A space between the lines: the words shown are the name's words, for speech input (WCAG 2.5.3). */}
          {slot.seatsLeft !== undefined ? ' ' : null}
          {slot.seatsLeft !== undefined ? (
            // Other languages say it in longer words ("3 places restantes"): they wrap inside the button.
            <Text as="span" textStyle="xs" fontWeight="normal" whiteSpace="normal" textAlign="center">
              {intl.formatMessage({ id: 'booking.seats.left' }, { seats: slot.seatsLeft })}
            </Text>
          ) : null}
        </Button>
      ))}
    </SimpleGrid>
  );
}
