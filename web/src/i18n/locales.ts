// The languages Kairos speaks, and whose language a page is in: the visitor's own choice, remembered on
// this device where the browser allows it; else the first of the browser's languages Kairos speaks
// (Spanish from Mexico reads Spanish, Brazilian Portuguese its own); else English, the spec's text.
import { readStored, store } from '../lib/deviceStorage.ts';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../lib/shared.ts';

export { isLocale, LOCALES, type Locale };

const RIGHT_TO_LEFT: ReadonlySet<Locale> = new Set(['ar']);
const STORAGE_KEY = 'kairos.locale';

export const direction = (locale: Locale): 'ltr' | 'rtl' => (RIGHT_TO_LEFT.has(locale) ? 'rtl' : 'ltr');

let choices: { value: Locale; label: string; lang: Locale }[] | undefined;

/** Each language, named in itself, for a picker: worded once (the open pages' bar renders it on every page). */
export const languageChoices = () => (choices ??= LOCALES.map((code) => ({ value: code, label: nativeName(code), lang: code })));

/** A language's name in itself ("Español", "日本語"), as a picker lists it for someone who reads only that. */
export function nativeName(locale: Locale): string {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/**
 * The first of the browser's languages Kairos speaks. Kairos has one locale per language, so the
 * language decides (es-MX reads es, pt-PT reads pt-BR); FormatJS's CLDR matcher would weigh near
 * languages too, for 10 KB gzipped on every page.
 */
export function browserLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    let language: string;
    try {
      language = new Intl.Locale(tag).language;
    } catch {
      continue; // a malformed tag in the browser's list
    }
    const locale = LOCALES.find((code) => new Intl.Locale(code).language === language);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

export function chosenLocale(): Locale | null {
  const stored = readStored(STORAGE_KEY);
  return isLocale(stored) ? stored : null;
}

export function rememberLocale(locale: Locale): void {
  store(STORAGE_KEY, locale);
}

export const initialLocale = (): Locale => chosenLocale() ?? browserLocale(navigator.languages ?? [navigator.language]);

/** A shared rule's message as the web names it (ruleWords.ts's ruleMessageId): the rules' catalogues are the functions' (one source), keyed by rule id, merged into the page's. */
export const RULE_PREFIX = 'booking.rule.';
