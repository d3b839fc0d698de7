// Time zones in words people recognise: "New York (EST, UTC−5)" rather than America/New_York, and
// the time it is there now.
import { formatDate } from './time.ts';

// Intl's US English names only America's zones (EST, PST); the region's own English names the
// others where it has one (CET, BST, IST, AEDT); where none does, the offset alone says it.
const REGION_LOCALES: [prefix: string, locale: string][] = [
  ['Europe/', 'en-GB'],
  ['Asia/Kolkata', 'en-IN'],
  ['Asia/Calcutta', 'en-IN'],
  ['Australia/', 'en-AU'],
  ['Pacific/Auckland', 'en-NZ'],
];

const formatters = new Map<string, Intl.DateTimeFormat>();

function zoneNamePart(zone: string, locale: string, style: 'short' | 'shortOffset', at: Date): string {
  const key = `${zone} ${locale} ${style}`;
  let formatter = formatters.get(key);
  if (!formatter) formatters.set(key, (formatter = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: style })));
  return formatter.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/** UTC+5:30, UTC−5 (a true minus sign), UTC+0 at `at`. */
export function utcOffset(zone: string, at: Date = new Date()): string {
  const gmt = zoneNamePart(zone, 'en-US', 'shortOffset', at); // GMT, GMT-5, GMT+5:30
  const offset = gmt.slice(3) || '+0';
  return `UTC${offset.replace('-', '−')}`;
}

/** The zone's abbreviation people use (EST, CET, IST), or null where there is none but an offset. */
export function zoneAbbreviation(zone: string, at: Date = new Date()): string | null {
  const locale = REGION_LOCALES.find(([prefix]) => zone.startsWith(prefix))?.[1];
  for (const candidate of locale ? ['en-US', locale] : ['en-US']) {
    const name = zoneNamePart(zone, candidate, 'short', at);
    if (name && !/^(GMT|UTC)[+-]/.test(name)) return name;
  }
  return null;
}

/** Each language's city names (web/zone-cities.ts), put here when its catalogue loads (i18n/catalogue.ts). */
const cities = new Map<string, Record<string, string>>();

export function setZoneCities(locale: string, names: Record<string, string>): void {
  cities.set(locale, names);
}

/** The zone's city in words, in `locale` where CLDR writes it otherwise: New York, ニューヨーク, UTC. */
export function zoneCity(zone: string, locale = 'en'): string {
  return cities.get(locale)?.[zone] ?? (zone.split('/').at(-1) ?? zone).replace(/_/g, ' ');
}

/** "New York (EST, UTC−5)", "Kathmandu (UTC+5:45)", "UTC"; the city in `locale`'s words. */
export function zoneLabel(zone: string, at: Date = new Date(), locale = 'en'): string {
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'UTC';
  try {
    const abbreviation = zoneAbbreviation(zone, at);
    const offset = utcOffset(zone, at);
    return `${zoneCity(zone, locale)} (${abbreviation && abbreviation !== 'UTC' ? `${abbreviation}, ` : ''}${offset})`;
  } catch {
    // A zone this browser does not know: its name as it is.
    return zone;
  }
}

/** "New York (EST, UTC−5), 9:41 AM": the label and the time there now, the time in `locale`'s words. */
export function zoneWithTime(zone: string, now: Date = new Date(), locale = 'en'): string {
  try {
    return `${zoneLabel(zone, now, locale)}, ${formatDate(now, 'h:mm a', zone, locale)}`;
  } catch {
    return zone;
  }
}
