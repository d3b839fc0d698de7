// A shared rule's message in the caller's language, for a function's error (docs/product/api.md): the
// rules' catalogues (rules/<locale>.json, the web's too) through intl-messageformat, compiled once per
// message and process. English stays the rules' own words (RULE_WORDS), the spec's text.
import { IntlMessageFormat } from 'intl-messageformat';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../rules/locales.ts';
import { english, type RuleMessage } from '../rules/messages.ts';
import ar from './rules/ar.json' with { type: 'json' };
import de from './rules/de.json' with { type: 'json' };
import es from './rules/es.json' with { type: 'json' };
import fr from './rules/fr.json' with { type: 'json' };
import ja from './rules/ja.json' with { type: 'json' };
import ptBR from './rules/pt-BR.json' with { type: 'json' };

const CATALOGUES: Record<Exclude<Locale, 'en'>, Record<string, string>> = { es, fr, de, 'pt-BR': ptBR, ja, ar };

/** The caller's language from Accept-Language: its tags by quality, each matched by its language as the web matches the browser's (es-MX → es); else English. */
export function requestLocale(acceptLanguage: string | null): Locale {
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim().match(/^q=([\d.]+)$/)).find(Boolean);
      return { tag: tag.trim(), q: q ? Number(q[1]) : 1 };
    })
    .filter(({ tag, q }) => tag && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    let language: string;
    try {
      language = new Intl.Locale(tag).language;
    } catch {
      continue; // a malformed tag
    }
    const locale = LOCALES.find((code) => new Intl.Locale(code).language === language);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

const compiled = new Map<string, IntlMessageFormat>();

/** A rule's message in a language, a message within it said first (a question's rule goes on as a clause, as the web says it). */
export function sayRule(locale: Locale, rule: RuleMessage): string {
  if (locale === 'en') return english(rule);
  const key = `${locale} ${rule.id}`;
  let format = compiled.get(key);
  if (!format) {
    format = new IntlMessageFormat(CATALOGUES[locale][rule.id], locale);
    compiled.set(key, format);
  }
  const values = Object.fromEntries(
    Object.entries(rule.values ?? {}).map(([name, value]) => {
      if (typeof value !== 'object') return [name, value];
      const words = sayRule(locale, value);
      return [name, rule.id === 'answerFault' && !/[.!?。؟]$/.test(words) ? words.charAt(0).toLocaleLowerCase(locale) + words.slice(1) : words];
    }),
  );
  return String(format.format(values));
}
