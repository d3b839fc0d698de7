// The scheduling choice lists (docs/product/constants.md) in the page's language: the availability
// settings and an event type's 'Advanced' section offer the same values (docs/product/constants.md).
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { clockLabel, formatDate } from '../lib/time.ts';
import { BUFFER_CHOICES, FUTURE_CHOICES, GUEST_CHANGE_NOTICE_CHOICES, NOTICE_CHOICES } from '../lib/shared.ts';

export function useSchedulingChoices() {
  const intl = useIntl();
  return useMemo(() => {
    const say = (id: 'choices.minutes' | 'choices.notice' | 'choices.days' | 'choices.guestChanges', value: number) => ({
      value,
      label: intl.formatMessage({ id }, { value }),
    });
    return {
      buffer: BUFFER_CHOICES.map((value) => say('choices.minutes', value)),
      notice: NOTICE_CHOICES.map((value) => say('choices.notice', value)),
      future: FUTURE_CHOICES.map((value) => say('choices.days', value)),
      guestChanges: GUEST_CHANGE_NOTICE_CHOICES.map((value) => say('choices.guestChanges', value)),
    };
  }, [intl]);
}

/** A weekday's full name in `locale` (0 = Sunday, as the data counts): Monday, lundi, 月曜日. */
export function weekdayName(day: number, locale: string): string {
  // 2024-01-07 was a Sunday, the 1st to the 6th Monday to Saturday.
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, day === 0 ? 7 : day));
}

/** A clock time HH:MM in `locale` and the current hour cycle: 9:30 AM in English as the time pickers read, 午前9:30 or 09:30 elsewhere. */
export function clockWords(hhmm: string, locale: string): string {
  if (locale === 'en') return clockLabel(hhmm);
  return formatDate(new Date(2000, 0, 1, Number(hhmm.slice(0, 2)), Number(hhmm.slice(3, 5))), 'h:mm a', undefined, locale);
}
