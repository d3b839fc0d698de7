// The messages of one language, loaded when a page needs them: each locale's catalogue is its own chunk,
// so a guest downloads only theirs. Two areas: `public` (the open pages and the booking flow, which every
// page needs) and `app` (the sign-in pages and the signed-in screens), so a guest's booking page never
// loads the host's words. Loaded once per visit.
import type { MessageFormatElement } from 'react-intl';
import type appEn from './catalogues/app/en.json';
import type publicEn from './catalogues/public/en.json';
import type { RuleCatalogueId } from '../lib/shared.ts';
import { setZoneCities } from '../lib/zones.ts';
import { RULE_PREFIX, type Locale } from './locales.ts';

export type Area = 'public' | 'app';

type RuleMessageId = `${typeof RULE_PREFIX}${RuleCatalogueId}`;

/** Every message of the English catalogues, parsed; the catalogue test holds every locale to the same ids. */
export type MessageId = keyof typeof publicEn | keyof typeof appEn | RuleMessageId;
/** Messages by id, as react-intl takes them (one area's catalogue holds that area's ids only). */
export type Messages = Record<MessageId, MessageFormatElement[]>;

type Files = Record<string, () => Promise<Messages>>;
const files: Record<Area, Files> = {
  public: import.meta.glob<Messages>('./catalogues/public/*.json', { query: '?icu', import: 'default' }),
  app: import.meta.glob<Messages>('./catalogues/app/*.json', { query: '?icu', import: 'default' }),
};
// The rules' messages, which the functions' errors say too: with the public catalogue, as a booking page says its form's rules.
const ruleFiles = import.meta.glob<Record<string, MessageFormatElement[]>>('../../../supabase/functions/_shared/i18n/rules/*.json', {
  query: '?icu',
  import: 'default',
});
const loaded = new Map<string, Messages>();

/** The cities of the time zone picker in each language (web/zone-cities.ts): loaded with its public catalogue. */
const zoneCityFiles: Record<Locale, () => Promise<{ default: Record<string, string> }>> = {
  en: () => import('virtual:zone-cities/en'),
  es: () => import('virtual:zone-cities/es'),
  fr: () => import('virtual:zone-cities/fr'),
  de: () => import('virtual:zone-cities/de'),
  'pt-BR': () => import('virtual:zone-cities/pt-BR'),
  ja: () => import('virtual:zone-cities/ja'),
  ar: () => import('virtual:zone-cities/ar'),
};

export async function loadMessages(locale: Locale, area: Area = 'public'): Promise<Messages> {
  const key = `${area}/${locale}`;
  const cached = loaded.get(key);
  if (cached) return cached;
  const load = files[area][`./catalogues/${area}/${locale}.json`];
  if (!load) throw new Error(`No ${area} catalogue for ${locale}`);
  const isPublic = area === 'public';
  const [own, rules, cities] = await Promise.all([
    load(),
    isPublic ? ruleFiles[`../../../supabase/functions/_shared/i18n/rules/${locale}.json`]() : null,
    isPublic ? zoneCityFiles[locale]() : null,
  ]);
  if (cities) setZoneCities(locale, cities.default);
  const messages = rules ? { ...own, ...Object.fromEntries(Object.entries(rules).map(([id, message]) => [`${RULE_PREFIX}${id}`, message])) } : own;
  loaded.set(key, messages);
  return messages;
}

/** The catalogue if this visit loaded it already: a page renders at once in a language it has. */
export const loadedMessages = (locale: Locale, area: Area = 'public'): Messages | undefined => loaded.get(`${area}/${locale}`);
