// Clock helpers of the web app: the visitor's zone, dates in the product's words, the half-hour
// choices, the week's day order.
import { hourCycle, type HourCycle } from './clock.ts';

// Chromium's ICU still names some zones after a city's old name (in India, resolvedOptions() says
// Asia/Calcutta); the IANA database, Postgres and people use today's.
const RENAMED_ZONES: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Rangoon': 'Asia/Yangon',
  'Europe/Kiev': 'Europe/Kyiv',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'America/Godthab': 'America/Nuuk',
};

/** The visitor's IANA zone, by its current name (UTC when the browser can't say). */
export function browserTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    return RENAMED_ZONES[zone] ?? zone;
  } catch {
    return 'UTC';
  }
}

type Parts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>;

// In words: Monday, January 5, 2026 at 9:05 AM; short: Mon, Jan 5, 2026 · 9:05 AM; in numbers:
// 2026-01-05 09:05. The clock of words and short follows the hour cycle (lib/clock.ts).
const OPTIONS = {
  words: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  short: { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  numbers: { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
type Kind = keyof typeof OPTIONS;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The date's parts in `timeZone` (the browser's when absent), in US English like every text of the product. */
function partsOf(date: Date, kind: Kind, timeZone: string | undefined): Parts {
  const cycle = kind === 'numbers' ? 'h23' : hourCycle();
  const key = `${kind} ${cycle} ${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const clock = kind === 'numbers' ? {} : cycle === 'h12' ? { hourCycle: 'h12' as const } : { hour: '2-digit' as const, hourCycle: 'h23' as const };
    formatters.set(key, (formatter = new Intl.DateTimeFormat('en-US', { ...OPTIONS[kind], ...clock, timeZone })));
  }
  return Object.fromEntries(formatter.formatToParts(date).map(({ type, value }) => [type, value]));
}

/** The clock: 9:05 AM in the 12-hour cycle, 09:05 in the 24-hour one. */
const at = (p: Parts) => (p.dayPeriod ? `${p.hour}:${p.minute} ${p.dayPeriod}` : `${p.hour}:${p.minute}`);

/**
 * The patterns the pages show, named as date-fns writes them in the 12-hour cycle (the same text:
 * time.test.ts compares them; in the 24-hour cycle `h:mm a` reads as `HH:mm`), formatted by the
 * browser's Intl: date-fns's `format` and date-fns-tz would add their locale and zone code to every
 * public page.
 */
const PATTERNS = {
  'EEEE, MMMM d': ['words', (p) => `${p.weekday}, ${p.month} ${p.day}`],
  'EEEE, MMMM d, yyyy': ['words', (p) => `${p.weekday}, ${p.month} ${p.day}, ${p.year}`],
  "EEEE, MMMM d 'at' h:mm a": ['words', (p) => `${p.weekday}, ${p.month} ${p.day} at ${at(p)}`],
  "EEEE, MMMM d, yyyy 'at' h:mm a": ['words', (p) => `${p.weekday}, ${p.month} ${p.day}, ${p.year} at ${at(p)}`],
  'EEE, MMM d · h:mm a': ['short', (p) => `${p.weekday}, ${p.month} ${p.day} · ${at(p)}`],
  'EEE, MMM d, yyyy · h:mm a': ['short', (p) => `${p.weekday}, ${p.month} ${p.day}, ${p.year} · ${at(p)}`],
  'MMM d, yyyy': ['short', (p) => `${p.month} ${p.day}, ${p.year}`],
  'MMMM yyyy': ['words', (p) => `${p.month} ${p.year}`],
  'h:mm a': ['words', at],
  'yyyy-MM-dd': ['numbers', (p) => `${p.year}-${p.month}-${p.day}`],
  'HH:mm': ['numbers', (p) => `${p.hour}:${p.minute}`],
} satisfies Record<string, readonly [Kind, (parts: Parts) => string]>;
export type DatePattern = keyof typeof PATTERNS;

/**
 * Each pattern's fields as Intl words them in another language: the order, the words and the
 * punctuation are the language's own (Thursday, December 3 reads jeudi 3 décembre, 12月3日木曜日).
 */
const LOCALE_OPTIONS = {
  'EEEE, MMMM d': { weekday: 'long', month: 'long', day: 'numeric' },
  'EEEE, MMMM d, yyyy': { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
  "EEEE, MMMM d 'at' h:mm a": { weekday: 'long', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  "EEEE, MMMM d, yyyy 'at' h:mm a": OPTIONS.words,
  'EEE, MMM d · h:mm a': { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  'EEE, MMM d, yyyy · h:mm a': OPTIONS.short,
  'MMM d, yyyy': { month: 'short', day: 'numeric', year: 'numeric' },
  'MMMM yyyy': { month: 'long', year: 'numeric' },
  'h:mm a': { hour: 'numeric', minute: '2-digit' },
} satisfies Partial<Record<DatePattern, Intl.DateTimeFormatOptions>>;

/** `date` as `pattern` says it in `locale`'s own words (not English), its clock in the current hour cycle. */
function inLocale(date: Date, pattern: keyof typeof LOCALE_OPTIONS, timeZone: string | undefined, locale: string): string {
  const cycle = hourCycle();
  const key = `${locale} ${pattern} ${cycle} ${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const options: Intl.DateTimeFormatOptions = { ...LOCALE_OPTIONS[pattern], timeZone };
    if (options.hour) options.hourCycle = cycle;
    formatters.set(key, (formatter = new Intl.DateTimeFormat(locale, options)));
  }
  return formatter.format(date);
}

/**
 * `date` as `pattern` words it, in `timeZone` (the browser's when absent), its clock in the current
 * hour cycle. In English (the spec's words) exactly as the pattern says; in another `locale`, the same
 * fields in that language's order and words; numbers (yyyy-MM-dd, HH:mm) are the same in every one.
 */
export function formatDate(date: Date, pattern: DatePattern, timeZone?: string, locale = 'en'): string {
  const [kind, text] = PATTERNS[pattern];
  if (locale !== 'en' && pattern in LOCALE_OPTIONS) return inLocale(date, pattern as keyof typeof LOCALE_OPTIONS, timeZone, locale);
  return text(partsOf(date, kind, timeZone));
}

/** The week's days Monday first, short, in `locale` (Mon … Sun; lun. … dim.; 月 … 日). */
export function weekdayNames(locale = 'en'): string[] {
  const format = new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : locale, { weekday: 'short', timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, index) => format.format(Date.UTC(2024, 0, 1 + index)));
}

/** A clock time HH:MM as the current hour cycle shows it: 9:30 AM, or 09:30. */
export function clockLabel(hhmm: string, cycle: HourCycle = hourCycle()): string {
  if (cycle === 'h23') return hhmm;
  const hour = Number(hhmm.slice(0, 2));
  return `${hour % 12 || 12}:${hhmm.slice(3, 5)} ${hour < 12 ? 'AM' : 'PM'}`;
}

const HALF_HOURS = Array.from({ length: 48 }, (_, index) => `${String(Math.floor(index / 2)).padStart(2, '0')}:${index % 2 ? '30' : '00'}`);

/**
 * 48 half-hour choices, values HH:MM, labels 12:00 AM .. 11:30 PM in the 12-hour cycle
 * (docs/product/screens.md, constants.md) or 00:00 .. 23:30 in the 24-hour one. Plain arithmetic:
 * 96 Intl calls cost a phone tens of milliseconds (time.test.ts checks them against formatDate).
 */
export function halfHourChoices(cycle: HourCycle = hourCycle()): { value: string; label: string }[] {
  return HALF_HOURS.map((value) => ({ value, label: clockLabel(value, cycle) }));
}

/** Monday-first week order of day numbers (0 = Sunday in data). */
export const WEEK_MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0];
