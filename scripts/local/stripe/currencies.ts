// Amounts in Stripe's API are integers in the currency's minor unit as Stripe defines it
// (docs.stripe.com/currencies, "Minor units in API amounts"): most currencies have two decimals
// (5000 usd is $50.00); the zero-decimal ones have none (5000 jpy is ¥5,000); the three-decimal ones
// have three (5000 kwd is KD 5.000). Stripe's list, not ISO 4217's: they differ (Stripe counts MGA
// as zero-decimal, ISK as two-decimal), and the stand-in must answer as Stripe does, independently
// of whatever rule the application keeps.

const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);
const THREE_DECIMAL = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

/** Decimals of the minor unit Stripe counts `currency` amounts in. */
export function minorUnitDigits(currency: string): number {
  const c = currency.toLowerCase();
  return ZERO_DECIMAL.has(c) ? 0 : THREE_DECIMAL.has(c) ? 3 : 2;
}

/** An amount as the hosted pages show it: 5000 jpy → ¥5,000; 5000 usd → $50.00. */
export function formatAmount(amount: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase(), minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amount / 10 ** digits);
}
