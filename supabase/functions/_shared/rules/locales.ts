// The languages Kairos speaks: the web's catalogues, a profile's language (the profiles_locale_known
// check), and later the mails. English is the spec's text and every other locale's fallback.
export const LOCALES = ['en', 'es', 'fr', 'de', 'pt-BR', 'ja', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);
