// The web app's own security headers, from one place for everything that serves the built app: the
// local gateway (end-to-end runs), the `_headers` file written into the build for static hosts, and
// the CSP <meta> tag in index.html for hosts that set no headers at all.
import type { ShellRoute } from './src/shell/shell.ts';

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
 * A `_headers` file that Netlify and Cloudflare Pages both read the same way. They differ on a path two
 * rules match (Netlify: the later rule's value of a header replaces the earlier; Cloudflare: the values
 * are joined, so two policies are both enforced), and only Cloudflare reads `! Name` lines, so the file
 * relies on neither: `/*` sends the policy without frame-ancestors and `X-Frame-Options: DENY`; a
 * frameable prefix sends the whole policy again with its frame-ancestors. Either way that page is held
 * to the same policy and may be framed, because browsers ignore X-Frame-Options where a policy names
 * frame-ancestors (CSP Level 2, "frame-ancestors"); every other page is refused by X-Frame-Options.
 */
export function headersFile(options: WebHeaderOptions, frameable = FRAMEABLE): string {
  const block = (path: string, headers: Record<string, string>) => [path, ...Object.entries(headers).map(([k, v]) => `  ${title(k)}: ${v}`)].join('\n');
  const { 'content-security-policy': _withFrames, ...others } = webHeaders('/', options, []);
  const blocks = [block('/*', { 'content-security-policy': directives(options).join('; '), ...others })];
  for (const f of frameable) blocks.push(block(`${f.path}*`, { 'content-security-policy': webHeaders(f.path, options, [f])['content-security-policy'] }));
  return `${blocks.join('\n')}\n`;
}

/**
 * A `_redirects` file (Netlify's syntax, which Cloudflare Pages reads too): `/api/*` is passed to the
 * project's `api` function, and every route gets its page: its shell, or app.html, in the router's
 * order of matching (the router's patterns, `/book/:eventTypeId`, are Netlify's syntax as they are;
 * the first rule that matches wins; the router's last route, `*`, takes any path). Without the
 * project's URL the build cannot know where /api goes, and says so instead.
 */
export function redirectsFile({ supabaseUrl }: WebHeaderOptions, routes: ShellRoute[]): string {
  const api = supabaseUrl
    ? `/api/*  ${new URL('/functions/v1/api/', supabaseUrl).href}:splat  200`
    : '# /api/* is not passed on: build with VITE_SUPABASE_URL set to the project\'s URL.';
  const pages = routes.map(({ pattern, file }) => `${pattern === '*' ? '/*' : pattern}  /${file ?? 'app.html'}  200`);
  return `${[api, ...pages].join('\n')}\n`;
}
