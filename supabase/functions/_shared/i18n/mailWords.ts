// The words of a booking mail in its recipient's language: the catalogue's messages (ICU MessageFormat,
// through intl-messageformat, compiled once per message and process), dates, times and money through
// Intl in that language, and the writing direction. An unknown or missing language is English.
import { IntlMessageFormat } from 'intl-messageformat';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../rules/locales.ts';
import { formatMoney } from '../rules/money.ts';
import { ar } from './mail/ar.ts';
import { de } from './mail/de.ts';
import { en, type MailCatalogue, type MailMessageId } from './mail/en.ts';
import { es } from './mail/es.ts';
import { fr } from './mail/fr.ts';
import { ja } from './mail/ja.ts';
import { ptBR } from './mail/pt-BR.ts';

export const MAIL_CATALOGUES: Record<Locale, MailCatalogue> = { en, es, fr, de, 'pt-BR': ptBR, ja, ar };

const RIGHT_TO_LEFT = new Set<Locale>(['ar']);

export interface MailWords {
  locale: Locale;
  dir: 'ltr' | 'rtl';
  t(id: MailMessageId, values?: Record<string, string | number>): string;
  /** The day of an instant in a zone, written out ("Monday, December 7, 2026"). */
  day(instant: string, zone: string): string;
  /** The time of day; a 24-hour clock, as nothing tells a mail which clock its reader prefers. */
  time(instant: string, zone: string): string;
  /** Day and time in short, for a subject line. */
  short(instant: string, zone: string): string;
  money(amount: number, currency: string): string;
}

const compiled = new Map<string, IntlMessageFormat>();

function message(locale: Locale, id: MailMessageId): IntlMessageFormat {
  const key = `${locale} ${id}`;
  let format = compiled.get(key);
  if (!format) {
    format = new IntlMessageFormat(MAIL_CATALOGUES[locale][id], locale);
    compiled.set(key, format);
  }
  return format;
}

const formatter = (locale: Locale, zone: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(locale, { timeZone: zone, hourCycle: 'h23', ...options });

export function mailWords(language: string | null | undefined): MailWords {
  const locale: Locale = isLocale(language) ? language : DEFAULT_LOCALE;
  return {
    locale,
    dir: RIGHT_TO_LEFT.has(locale) ? 'rtl' : 'ltr',
    t: (id, values) => String(message(locale, id).format(values)),
    day: (instant, zone) => formatter(locale, zone, { dateStyle: 'full' }).format(new Date(instant)),
    time: (instant, zone) => formatter(locale, zone, { hour: '2-digit', minute: '2-digit' }).format(new Date(instant)),
    short: (instant, zone) =>
      formatter(locale, zone, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(
        new Date(instant),
      ),
    money: (amount, currency) => formatMoney(amount, currency, locale),
  };
}
