// Clock helpers of the web app: the visitor's zone, the half-hour choices, the week's day order.
import { format } from 'date-fns';

/** The visitor's IANA zone (UTC when the browser can't say). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** 48 half-hour choices, values HH:MM, labels 12:00 AM .. 11:30 PM (docs/product/screens.md, constants.md). */
export const HALF_HOUR_CHOICES: { value: string; label: string }[] = Array.from({ length: 48 }, (_, index) => {
  const date = new Date(2000, 0, 1, Math.floor(index / 2), (index % 2) * 30);
  return { value: format(date, 'HH:mm'), label: format(date, 'h:mm a') };
});

/** Monday-first week order of day numbers (0 = Sunday in data). */
export const WEEK_MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0];
export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
