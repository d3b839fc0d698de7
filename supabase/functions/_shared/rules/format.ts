// Small text helpers shared by the web app and the functions.

/**
 * docs/product/screens.md (public team page): 45 → '45m', 60 → '1h', 90 → '1h 30m' in English; in
 * another `locale`, its own short units ('1 h 30 min', '1 س و30 د') from Intl.
 */
export function formatDuration(minutes: number, locale = 'en'): string {
  const { hour, minute, list } = durationFormats(locale);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return minute.format(m);
  if (m === 0) return hour.format(h);
  return list.format([hour.format(h), minute.format(m)]);
}

/** A list of event types formats a duration per card: Intl's formatters are made once per locale. */
const formats = new Map<string, { hour: Intl.NumberFormat; minute: Intl.NumberFormat; list: Intl.ListFormat }>();

function durationFormats(locale: string) {
  let made = formats.get(locale);
  if (!made) {
    const unit = (name: 'hour' | 'minute') => new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'narrow' });
    made = { hour: unit('hour'), minute: unit('minute'), list: new Intl.ListFormat(locale, { type: 'unit', style: 'narrow' }) };
    formats.set(locale, made);
  }
  return made;
}

/**
 * Team slug from a team name (docs/product/validation.md): lowercased, other characters removed, spaces to hyphens,
 * hyphens collapsed. Accents are stripped first so 'Café' gives 'cafe', not 'caf', and hyphens at the
 * ends are dropped so the slug always passes the slug rule once it is non-empty.
 */
export function slugify(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Handle input as typed (docs/product/validation.md): lowercased, anything but a-z, 0-9, '_' and '-' dropped. */
export function sanitizeHandle(input: string): string {
  return input.toLowerCase().replace(/[^a-z0-9_-]/g, '');
}
