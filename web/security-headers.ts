// The web app's own security headers, from one place for everything that serves the built app: the
// local gateway (end-to-end runs), the `_headers` file written into the build for static hosts, and
// the CSP <meta> tag in index.html for hosts that set no headers at all.

export interface WebHeaderOptions {
  /** The Supabase project URL the app talks to (VITE_SUPABASE_URL); unset, the app's own origin. */
  supabaseUrl?: string;
}

/** A path prefix other sites may frame, and the `frame-ancestors` it answers with. */
export interface FrameablePath {
  path: string;
  ancestors: string;
}

/**
 * Pages other sites may put in a frame: the embeddable booking pages (`/embed/{eventTypeId}`,
 * `/embed/team/{slug}`), which any site may show through the `/embed.js` loader. Every other page
 * answers `frame-ancestors 'none'`.
 */
export const FRAMEABLE: FrameablePath[] = [{ path: '/embed/', ancestors: '*' }];

/** The CSP directives the app needs, without `frame-ancestors` (which a <meta> tag cannot carry). */
function directives({ supabaseUrl }: WebHeaderOptions): string[] {
  const api = supabaseUrl ? new URL(supabaseUrl).origin : '';
  const socket = api.replace(/^http/, 'ws');
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Chakra UI (Emotion) writes its styles into <style> tags at run time.
    "style-src 'self' 'unsafe-inline'",
    // Avatars come from Storage, and from the sign-in provider for OAuth accounts.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    ['connect-src', "'self'", api, socket].filter(Boolean).join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ];
}

/** The policy for <meta http-equiv="Content-Security-Policy"> (no frame-ancestors there). */
export function metaContentSecurityPolicy(options: WebHeaderOptions): string {
  return directives(options).join('; ');
}

function frameableOf(pathname: string, frameable: FrameablePath[]): FrameablePath | undefined {
  return frameable.find((f) => pathname.startsWith(f.path));
}

/** The headers of one page of the app. */
export function webHeaders(pathname: string, options: WebHeaderOptions, frameable = FRAMEABLE): Record<string, string> {
  const framed = frameableOf(pathname, frameable);
  return {
    'content-security-policy': [...directives(options), `frame-ancestors ${framed?.ancestors ?? "'none'"}`].join('; '),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // For browsers older than frame-ancestors.
    ...(framed ? {} : { 'x-frame-options': 'DENY' }),
  };
}

const title = (name: string) => name.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());

/**
 * A `_headers` file (Cloudflare Pages and Netlify read it): every path gets the app's headers, and a
 * frameable prefix drops the frame refusal (`! Name`, Cloudflare's way to detach a header an
 * earlier rule set) and gets its own policy.
 */
export function headersFile(options: WebHeaderOptions, frameable = FRAMEABLE): string {
  const block = (path: string, headers: Record<string, string>, detach: string[] = []) =>
    [path, ...detach.map((h) => `  ! ${title(h)}`), ...Object.entries(headers).map(([k, v]) => `  ${title(k)}: ${v}`)].join('\n');
  const all = webHeaders('/', options, []);
  const blocks = [block('/*', all)];
  for (const f of frameable) {
    const own = webHeaders(f.path, options, [f]);
    blocks.push(block(`${f.path}*`, { 'content-security-policy': own['content-security-policy'] }, ['content-security-policy', 'x-frame-options']));
  }
  return `${blocks.join('\n')}\n`;
}
