// Clock helpers of the web app: the visitor's zone, dates in the product's words, the half-hour
// choices, the week's day order.

/** The visitor's IANA zone (UTC when the browser can't say). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

type Parts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>;

// In words: Monday, January 5, 2026 at 9:05 AM; in numbers: 2026-01-05 09:05.
const OPTIONS = {
  words: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true },
  numbers: { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The date's parts in `timeZone` (the browser's when absent), in US English like every text of the product. */
function partsOf(date: Date, kind: keyof typeof OPTIONS, timeZone: string | undefined): Parts {
  const key = `${kind} ${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) formatters.set(key, (formatter = new Intl.DateTimeFormat('en-US', { ...OPTIONS[kind], timeZone })));
  return Object.fromEntries(formatter.formatToParts(date).map(({ type, value }) => [type, value]));
}

const at = (p: Parts) => `${p.hour}:${p.minute} ${p.dayPeriod}`;

/**
 * The patterns the pages show, named as date-fns writes them (the same text: time.test.ts compares
 * them), formatted by the browser's Intl: date-fns's `format` and date-fns-tz would add their
 * locale and zone code to every public page.
 */
const PATTERNS = {
  'EEEE, MMMM d': ['words', (p) => `${p.weekday}, ${p.month} ${p.day}`],
  'EEEE, MMMM d, yyyy': ['words', (p) => `${p.weekday}, ${p.month} ${p.day}, ${p.year}`],
  "EEEE, MMMM d 'at' h:mm a": ['words', (p) => `${p.weekday}, ${p.month} ${p.day} at ${at(p)}`],
  "EEEE, MMMM d, yyyy 'at' h:mm a": ['words', (p) => `${p.weekday}, ${p.month} ${p.day}, ${p.year} at ${at(p)}`],
  'MMMM yyyy': ['words', (p) => `${p.month} ${p.year}`],
  'h:mm a': ['words', at],
  'yyyy-MM-dd': ['numbers', (p) => `${p.year}-${p.month}-${p.day}`],
  'HH:mm': ['numbers', (p) => `${p.hour}:${p.minute}`],
} satisfies Record<string, readonly [keyof typeof OPTIONS, (parts: Parts) => string]>;
export type DatePattern = keyof typeof PATTERNS;

/** `date` as `pattern` words it, in `timeZone` (the browser's when absent). */
export function formatDate(date: Date, pattern: DatePattern, timeZone?: string): string {
  const [kind, text] = PATTERNS[pattern];
  return text(partsOf(date, kind, timeZone));
}

/**
 * 48 half-hour choices, values HH:MM, labels 12:00 AM .. 11:30 PM (docs/product/screens.md,
 * constants.md). Plain arithmetic: every page loads this module, and 96 Intl calls at start-up cost a
 * phone tens of milliseconds (time.test.ts checks them against formatDate).
 */
export const HALF_HOUR_CHOICES: { value: string; label: string }[] = Array.from({ length: 48 }, (_, index) => {
  const hour = Math.floor(index / 2);
  const minute = index % 2 ? '30' : '00';
  return { value: `${String(hour).padStart(2, '0')}:${minute}`, label: `${hour % 12 || 12}:${minute} ${hour < 12 ? 'AM' : 'PM'}` };
});

/** Monday-first week order of day numbers (0 = Sunday in data). */
export const WEEK_MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0];
export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
