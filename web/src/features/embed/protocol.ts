// What an embedded booking page and the `/embed.js` loader on the host page say to each other, and
// what the loader hands the page in its address. web/public/embed.js reads the same shapes; a change
// here is a change there.

/** Messages from an embedded page to the loader; `kairos: 1` tells them from other frames' messages. */
export type EmbedMessage =
  | { kairos: 1; type: 'resize'; height: number }
  | { kairos: 1; type: 'booking-created'; booking: { id: number; uid: string; status: string } };

/** What the loader puts in the frame's query string (`name`, `email`, `theme`, `origin`). */
export interface EmbedParams {
  name?: string;
  email?: string;
  /** A theme colour as six hex digits, without '#'. */
  theme?: string;
  /** The host page's origin: the only one the page posts to. */
  hostOrigin?: string;
}

const HEX = /^[0-9a-f]{6}$/i;

export function embedParams(search: string): EmbedParams {
  const q = new URLSearchParams(search);
  const text = (key: string) => q.get(key)?.trim().slice(0, 200) || undefined;
  const theme = q.get('theme')?.replace(/^#/, '');
  let hostOrigin: string | undefined;
  try {
    const origin = new URL(q.get('origin') ?? '').origin;
    if (origin !== 'null') hostOrigin = origin;
  } catch {
    hostOrigin = undefined;
  }
  return { name: text('name'), email: text('email'), theme: theme && HEX.test(theme) ? theme.toLowerCase() : undefined, hostOrigin };
}

/**
 * Tells the page that framed this one. Only to the origin the loader named: a page framed without
 * the loader (or by a page that named no origin) hears nothing.
 */
export function postToHost(message: EmbedMessage, hostOrigin: string | undefined): void {
  if (!hostOrigin || window.parent === window) return;
  window.parent.postMessage(message, hostOrigin);
}

/** Black or white, whichever reads better on the colour (WCAG relative luminance). */
function contrastOf(hex: string): string {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  return luminance > 0.4 ? '#000000' : '#ffffff';
}

/** The app's accent (Chakra's `blue` palette, which every primary control uses) in the host's colour. */
export function themeVariables(theme: string): Record<string, string> {
  const color = `#${theme}`;
  const mix = (percent: number) => `color-mix(in srgb, ${color} ${percent}%, transparent)`;
  return {
    '--chakra-colors-blue-solid': color,
    '--chakra-colors-blue-contrast': contrastOf(theme),
    '--chakra-colors-blue-fg': color,
    '--chakra-colors-blue-focus-ring': color,
    '--chakra-colors-blue-emphasized': mix(40),
    '--chakra-colors-blue-muted': mix(25),
    '--chakra-colors-blue-subtle': mix(12),
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
