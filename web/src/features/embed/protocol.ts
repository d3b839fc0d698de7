// What an embedded booking page and the `/embed.js` loader on the host page say to each other, and
// what the loader hands the page in its address. web/public/embed.js reads the same shapes; a change
// here is a change there.
import type { BookingLocation } from '../../lib/places.ts';
import { isLocale, type Locale } from '../../lib/shared.ts';

/** Messages from an embedded page to the loader; `kairos: 1` tells them from other frames' messages. */
export type EmbedMessage =
  | { kairos: 1; type: 'resize'; height: number }
  | { kairos: 1; type: 'booking-created'; booking: { id: number; uid: string; status: string; location: BookingLocation | null } };

/**
 * What the loader puts in the frame's query string for the frame itself (`theme`, `origin`, `lang`); the
 * guest's prefill (`name`, `email`, `notes`, `q.<slug>`) is a booking link's (addressPrefill).
 */
export interface EmbedParams {
  /** A theme colour as six hex digits, without '#'. */
  theme?: string;
  /** The host page's origin: the only one the page posts to. */
  hostOrigin?: string;
  /** The language the site asks the page to open in (the guest may still pick another). */
  locale?: Locale;
}

const HEX = /^[0-9a-f]{6}$/i;

export function embedParams(search: string): EmbedParams {
  const q = new URLSearchParams(search);
  const theme = q.get('theme')?.replace(/^#/, '');
  let hostOrigin: string | undefined;
  try {
    const origin = new URL(q.get('origin') ?? '').origin;
    if (origin !== 'null') hostOrigin = origin;
  } catch {
    hostOrigin = undefined;
  }
  const lang = q.get('lang');
  return { theme: theme && HEX.test(theme) ? theme.toLowerCase() : undefined, hostOrigin, locale: isLocale(lang) ? lang : undefined };
}

/**
 * Tells the page that framed this one. Only to the origin the loader named: a page framed without
 * the loader (or by a page that named no origin) hears nothing.
 */
export function postToHost(message: EmbedMessage, hostOrigin: string | undefined): void {
  if (!hostOrigin || window.parent === window) return;
  window.parent.postMessage(message, hostOrigin);
}

type Rgb = [number, number, number];

const rgbOf = (hex: string): Rgb => [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
const hexOf = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** WCAG relative luminance. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
/** WCAG 2.1 AA for text. */
const AA = 4.5;

/** Black or white, whichever has the higher contrast on the colour. */
function contrastOf(rgb: Rgb): string {
  return contrastRatio(rgb, WHITE) >= contrastRatio(rgb, BLACK) ? '#ffffff' : '#000000';
}

/** The share of the colour in its subtle tint (`blue.subtle`, over the white page). */
const SUBTLE = 0.12;

/**
 * The colour, darkened just enough for text to reach 4.5:1 on its own subtle tint (a calendar's free
 * day), and so on white too (a light brand colour would reach neither).
 */
function readableOnTint(rgb: Rgb): string {
  const tint = rgb.map((c) => 255 + (c - 255) * SUBTLE) as Rgb;
  let shade = rgb;
  for (let step = 1; contrastRatio(shade, tint) < AA && step <= 20; step++) shade = rgb.map((c) => c * (1 - step / 20)) as Rgb;
  return hexOf(shade);
}

/**
 * The app's accent (Chakra's `blue` palette, which every primary control uses) in the host's colour:
 * solid fills keep the colour itself with black or white text on it, and text in the colour is
 * darkened until it reads on its own subtle tint and on white (WCAG 2.1 AA).
 */
export function themeVariables(theme: string): Record<string, string> {
  const color = `#${theme}`;
  const rgb = rgbOf(theme);
  const mix = (percent: number) => `color-mix(in srgb, ${color} ${percent}%, transparent)`;
  return {
    '--chakra-colors-blue-solid': color,
    '--chakra-colors-blue-contrast': contrastOf(rgb),
    '--chakra-colors-blue-fg': readableOnTint(rgb),
    '--chakra-colors-blue-focus-ring': color,
    '--chakra-colors-blue-emphasized': mix(40),
    '--chakra-colors-blue-muted': mix(25),
    '--chakra-colors-blue-subtle': mix(SUBTLE * 100),
  };
}

export type EmbedTarget = { kind: 'event-type'; id: number } | { kind: 'team'; slug: string };
export type EmbedMode = 'inline' | 'popup';

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The one tag a site pastes to show a booking page: the loader with its `data-kairos` attributes. */
export function embedSnippet(origin: string, target: EmbedTarget, mode: EmbedMode, color?: string): string {
  const attrs = [
    `src="${escapeAttr(`${origin}/embed.js`)}"`,
    `data-kairos="${target.kind === 'team' ? `team/${escapeAttr(target.slug)}` : target.id}"`,
    ...(mode === 'popup' ? ['data-kairos-mode="popup"', 'data-kairos-button="Book a meeting"'] : []),
    ...(color ? [`data-kairos-color="${escapeAttr(color)}"`] : []),
  ];
  return `<script async ${attrs.join(' ')}></script>`;
}
