import { describe, expect, it } from 'vitest';
import { english } from './messages.ts';
import { formatMoney, minorDigits, parsePrice, priceText, refundShare, type ParsedPrice } from './money.ts';

/** A refused price's words, in English (the rule's id and values say them in any language). */
const said = (parsed: ParsedPrice) => (parsed.ok ? null : english(parsed.rule));

describe('money in minor units (Stripe\'s currencies)', () => {
  it('counts decimals as Stripe does: zero-decimal, two, three', () => {
    expect([minorDigits('jpy'), minorDigits('KRW'), minorDigits('vnd'), minorDigits('clp')]).toEqual([0, 0, 0, 0]);
    expect([minorDigits('usd'), minorDigits('isk'), minorDigits('huf')]).toEqual([2, 2, 2]);
    expect([minorDigits('kwd'), minorDigits('bhd')]).toEqual([3, 3]);
  });

  it('formats for people with Intl.NumberFormat', () => {
    expect(formatMoney(1500, 'jpy')).toBe('¥1,500');
    expect(formatMoney(1999, 'usd')).toBe('$19.99');
    expect(formatMoney(120000, 'usd')).toBe('$1,200.00');
    expect(formatMoney(5120, 'kwd')).toBe('KWD\u00a05.120');
    // ISK is written with two decimals that are always 00: 150000 is 1,500 krónur.
    expect(formatMoney(150000, 'isk')).toBe('ISK\u00a01,500');
    expect(formatMoney(1999, 'eur', 'de-DE')).toBe('19,99\u00a0€');
  });

  it('parses a typed price into minor units', () => {
    expect(parsePrice('19.99', 'usd')).toEqual({ ok: true, amount: 1999 });
    expect(parsePrice(' 1,500 ', 'jpy')).toEqual({ ok: true, amount: 1500 });
    expect(parsePrice('20', 'usd')).toEqual({ ok: true, amount: 2000 });
    expect(parsePrice('0.5', 'usd')).toEqual({ ok: true, amount: 50 });
    expect(parsePrice('1500', 'isk')).toEqual({ ok: true, amount: 150000 });
    expect(parsePrice('5.12', 'kwd')).toEqual({ ok: true, amount: 5120 });
    expect(parsePrice('1500.00', 'jpy')).toEqual({ ok: true, amount: 1500 });
  });

  it('refuses what is not a price in the currency', () => {
    expect(said(parsePrice('15.5', 'jpy'))).toBe('JPY prices are in whole units');
    expect(said(parsePrice('19.999', 'usd'))).toBe('USD prices have at most 2 decimals');
    expect(said(parsePrice('5.123', 'kwd'))).toBe('KWD prices have at most 2 decimals');
    expect(parsePrice('10.5', 'isk').ok).toBe(false);
    for (const bad of ['', 'abc', '-5', '1e3', '$5', '1.2.3']) expect(parsePrice(bad, 'usd').ok, bad).toBe(false);
    expect(said(parsePrice('1000000', 'usd'))).toBe('This price is too high');
  });

  it('shows a stored price back in the host\'s field', () => {
    expect(priceText(1999, 'usd')).toBe('19.99');
    expect(priceText(1500, 'jpy')).toBe('1500');
    expect(priceText(150000, 'isk')).toBe('1500');
    expect(priceText(0, 'usd')).toBe('');
    for (const [text, currency] of [['19.99', 'usd'], ['1500', 'jpy'], ['5.12', 'kwd']] as const) {
      const parsed = parsePrice(text, currency);
      expect(parsed.ok && parsePrice(priceText(parsed.amount, currency), currency)).toEqual(parsed);
    }
  });
});

describe('refundShare (a late cancellation\'s share of a payment)', () => {
  it.each<[amount: number, percent: number, currency: string, share: number]>([
    // To the nearest minor unit, halves up.
    [1999, 50, 'usd', 1000],
    [1999, 33, 'usd', 660],
    [1999, 1, 'usd', 20],
    [1999, 99, 'usd', 1979],
    // Zero-decimal currencies in whole units.
    [1500, 50, 'jpy', 750],
    [1999, 33, 'jpy', 660],
    // Amounts Stripe can charge in whole-unit (ISK) and three-decimal currencies.
    [150000, 33, 'isk', 49500],
    [5120, 50, 'kwd', 2560],
    [5130, 50, 'kwd', 2570],
    // All or nothing at 100 and 0.
    [1999, 100, 'usd', 1999],
    [1999, 0, 'usd', 0],
  ])('%i at %i%% in %s gives %i', (amount, percent, currency, share) => {
    expect(refundShare(amount, percent, currency)).toBe(share);
  });
});
