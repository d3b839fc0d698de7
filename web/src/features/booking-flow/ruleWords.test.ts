// Every message the booking form can show, made by the real rules (the shared ones the booking functions
// check with, and the form's own), is said in the page's language by its id; in English, word for word
// as the rules word it for the functions' 400s.
import { createIntl, type IntlShape } from 'react-intl';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../i18n/catalogue.ts';
import { LOCALES, type Locale } from '../../i18n/locales.ts';
import { english, ruleMessage } from '../../lib/shared.ts';
import { MESSAGES } from './guestWords.ts';
import { ruleMessageId, ruleWords, type Said } from '../../i18n/ruleWords.ts';
import { BODY_RULES, everyFault } from '../../test/bookingFaults.ts';

const intls = new Map<Locale, IntlShape>();
beforeAll(async () => {
  for (const locale of LOCALES) intls.set(locale, createIntl({ locale, messages: await loadMessages(locale), onError: (error) => { throw error; } }));
});

describe("the booking form's messages", () => {
  const faults = everyFault();
  const own: Said[] = Object.values(MESSAGES).flatMap((words) => Object.values(words));

  it.each(LOCALES)('has every rule id a booking page meets in %s', (locale) => {
    const messages = intls.get(locale)!.messages;
    expect([...faults, ...BODY_RULES].filter((fault) => typeof messages[ruleMessageId(fault.id)] === 'undefined')).toEqual([]);
  });

  it('read in English exactly as the rules word them', () => {
    for (const fault of [...faults, ...BODY_RULES]) expect(ruleWords(intls.get('en')!, fault)).toBe(english(fault));
    expect(own.map((said) => ruleWords(intls.get('en')!, said))).toEqual([
      'Please provide your name and email address.',
      'Please select a date and time for your booking.',
      'Please fill in your name and email.',
      'Please select a date and time.',
      'Please agree to the terms and conditions.',
    ]);
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))('are each translated in %s', (locale) => {
    const untranslated = [...faults, ...BODY_RULES].filter((fault) => ruleWords(intls.get(locale)!, fault) === english(fault));
    expect(untranslated).toEqual([]);
    expect(own.filter((said) => ruleWords(intls.get(locale)!, said) === ruleWords(intls.get('en')!, said))).toEqual([]);
  });

  it('say counts in the language’s plural and numbers in its digits, a rule after a label as a clause', () => {
    expect(ruleWords(intls.get('de')!, ruleMessage('guestsMax', { max: 3 }))).toBe('Es können höchstens 3 weitere Personen hinzugefügt werden.');
    expect(ruleWords(intls.get('ar')!, ruleMessage('guestsMax', { max: 2 }))).toBe('لا يمكن إضافة أكثر من شخصين آخرين.');
    const size = ruleMessage('answerFault', { question: 'Size', rule: ruleMessage('numberMin', { min: 1 }) });
    expect(ruleWords(intls.get('fr')!, size)).toBe('Size : doit être au moins égal à 1');
  });
});
