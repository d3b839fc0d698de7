// Money as Stripe counts it (docs.stripe.com/currencies, "Minor units in API amounts"): an integer in
// the currency's minor unit, the currency an ISO 4217 code in lower case. Stripe's list of decimals is
// its own, not ISO 4217's (it counts MGA as zero-decimal, ISK as two-decimal), and a few currencies
// take whole units only ("Special cases"). The one rule for prices: the database holds minor units, the
// host types and the guest reads major ones.

import { ruleMessage, type RuleMessage } from './messages.ts';

/** Zero-decimal currencies: 1500 jpy is ¥1,500. */
const ZERO_DECIMAL = ['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf'];
/** Three-decimal currencies: Stripe wants the last digit 0 (5.120 kwd is 5120, never 5123). */
const THREE_DECIMAL = ['bhd', 'jod', 'kwd', 'omr', 'tnd'];
/** Written with two decimals in the API but charged in whole units (ISK always ends in 00; HUF and TWD pay out whole). */
const WHOLE_UNITS_ONLY = ['isk', 'huf', 'twd'];

/** The currencies a host may price in: Stripe's common presentment currencies, USD first. */
export const CURRENCIES = [
  'usd', 'eur', 'gbp', 'cad', 'aud', 'nzd', 'chf', 'sek', 'nok', 'dkk', 'pln', 'czk', 'huf', 'isk', 'jpy', 'krw',
  'sgd', 'hkd', 'twd', 'inr', 'npr', 'brl', 'mxn', 'clp', 'zar', 'aed', 'kwd', 'bhd', 'vnd',
] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'usd';
/** The largest price Kairos takes (Stripe's own maximum is 99,999,999 minor units for most currencies). */
const MAX_MINOR = 99_999_999;

/** Decimals of the minor unit Stripe's amounts of `currency` are written in. */
export function minorDigits(currency: string): number {
  const code = currency.toLowerCase();
  if (ZERO_DECIMAL.includes(code)) return 0;
  return THREE_DECIMAL.includes(code) ? 3 : 2;
}

/** Decimals a price may be typed with: none for whole-unit currencies, two for three-decimal ones (the last is 0). */
function typedDigits(currency: string): number {
  const code = currency.toLowerCase();
  if (WHOLE_UNITS_ONLY.includes(code)) return 0;
  return Math.min(minorDigits(code), 2);
}

/** An amount in minor units for people: 1500 jpy → ¥1,500; 1999 usd → $19.99. */
export function formatMoney(amount: number, currency: string, locale = 'en-US'): string {
  const digits = minorDigits(currency);
  const shown = typedDigits(currency) === 0 ? 0 : digits;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: shown,
    maximumFractionDigits: shown,
  }).format(amount / 10 ** digits);
}

/** Whether Stripe can charge `amount` minor units of `currency` (whole-unit currencies end in 00, three-decimal ones in 0). */
export function chargeable(amount: number, currency: string): boolean {
  const step = 10 ** (minorDigits(currency) - typedDigits(currency));
  return Number.isSafeInteger(amount) && amount >= 0 && amount <= MAX_MINOR && amount % step === 0;
}

/** A price as typed, in minor units; or why it cannot be one. */
export type ParsedPrice = { ok: true; amount: number } | { ok: false; rule: RuleMessage };

/**
 * A host's typed price ("19.99", "1,500", "0") in `currency`'s minor units: "19.99" usd → 1999,
 * "1500" jpy → 1500; "15.5" jpy is refused (a yen has no cents). Digits with an optional decimal
 * point; commas and spaces group thousands only.
 */
export function parsePrice(text: string, currency: string): ParsedPrice {
  const typed = text.trim().replace(/[,\s]/g, '');
  const digits = typedDigits(currency);
  const match = /^(\d+)(?:\.(\d*))?$/.exec(typed);
  if (!match) return { ok: false, rule: ruleMessage('priceFormat') };
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) {
    const code = currency.toUpperCase();
    return { ok: false, rule: digits === 0 ? ruleMessage('priceWhole', { currency: code }) : ruleMessage('priceDecimals', { currency: code, digits }) };
  }
  const scale = minorDigits(currency);
  const amount = Number(match[1]) * 10 ** scale + Number(fraction.padEnd(scale, '0') || '0');
  if (!Number.isSafeInteger(amount) || amount > MAX_MINOR) return { ok: false, rule: ruleMessage('priceHigh') };
  return { ok: true, amount };
}

/** A stored price as the host's field shows it again: 1999 usd → "19.99", 1500 jpy → "1500", 0 → "". */
export function priceText(amount: number, currency: string): string {
  if (amount === 0) return '';
  const scale = minorDigits(currency);
  const shown = typedDigits(currency) === 0 ? 0 : scale;
  return (amount / 10 ** scale).toFixed(shown);
}

/**
 * What a refund of `percent` % (0–100) of a paid `amount` gives back, in minor units: the share rounded
 * to the nearest amount Stripe can charge in `currency` (a cent, a yen, ten fils; 100 króna minor units
 * for ISK), a half rounding up, in the guest's favour. 1999 usd at 50% is 1000 ($10.00, from 999.5);
 * at 33% 660 (from 659.67); 1500 jpy at 50% is 750. Integer arithmetic only: no float ever rounds it.
 */
export function refundShare(amount: number, percent: number, currency: string): number {
  if (percent >= 100) return amount;
  const step = 10 ** (minorDigits(currency) - typedDigits(currency));
  return Math.floor((amount * percent + 50 * step) / (100 * step)) * step;
}
