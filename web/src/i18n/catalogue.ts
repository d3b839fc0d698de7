// The messages of one language, loaded when a page needs them: each locale's catalogue is its own chunk,
// so a guest downloads only theirs. Loaded once per visit.
import type { MessageFormatElement } from 'react-intl';
import type en from './catalogues/public/en.json';
import type { Locale } from './locales.ts';

/** Every message of the English catalogue, parsed; the catalogue test holds every locale to the same ids. */
export type MessageId = keyof typeof en;
export type Messages = Record<MessageId, MessageFormatElement[]>;

const files = import.meta.glob<Messages>('./catalogues/public/*.json', {
  query: '?icu',
  import: 'default',
});
const loaded = new Map<Locale, Messages>();

export async function loadMessages(locale: Locale): Promise<Messages> {
  const cached = loaded.get(locale);
  if (cached) return cached;
  const load = files[`./catalogues/public/${locale}.json`];
  if (!load) throw new Error(`No catalogue for ${locale}`);
  const messages = await load();
  loaded.set(locale, messages);
  return messages;
}

/** The catalogue if this visit loaded it already: a page renders at once in a language it has. */
export const loadedMessages = (locale: Locale): Messages | undefined => loaded.get(locale);
