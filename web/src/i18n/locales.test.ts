import { describe, expect, it } from 'vitest';
import { browserLocale, direction, nativeName } from './locales.ts';

describe('whose language a page is in', () => {
  it.each([
    [['es-MX', 'en'], 'es'],
    [['pt-PT'], 'pt-BR'],
    [['pt'], 'pt-BR'],
    [['de-CH', 'fr'], 'de'],
    [['ar-EG'], 'ar'],
    [['ja-JP'], 'ja'],
    [['zh-CN', 'fr-CA'], 'fr'],
    [['zh-CN'], 'en'],
    [[], 'en'],
    [['not a tag!', 'ja'], 'ja'],
    [['not a tag!'], 'en'],
  ])('reads %j as %s', (preferred, locale) => {
    expect(browserLocale(preferred)).toBe(locale);
  });

  it('names each language in itself, and lays Arabic out right to left', () => {
    expect(['es', 'de', 'pt-BR', 'ja', 'ar'].map((code) => nativeName(code as never))).toEqual([
      'Español',
      'Deutsch',
      'Português (Brasil)',
      '日本語',
      'العربية',
    ]);
    expect(direction('ar')).toBe('rtl');
    expect(direction('fr')).toBe('ltr');
  });
});
