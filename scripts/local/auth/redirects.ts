// Where GoTrue may send a browser back to: the site URL's host (any port on loopback) or a pattern
// of additional_redirect_urls; anything else falls back to the site URL.
import type { IncomingMessage } from 'node:http';
import type { StackConfig } from '../config.ts';
import { OAuthError, type HttpError } from './errors.ts';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** gobwas/glob with '.' and '/' as separators, as GoTrue compiles the allow list. */
function globToRegExp(pattern: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*' && pattern[i + 1] === '*') {
      re += '.*';
      i++;
    } else if (c === '*') re += '[^./]*';
    else if (c === '?') re += '[^./]';
    else re += c.replace(/[\\^$+.()|{}[\]]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

export function isRedirectAllowed(config: StackConfig, redirectTo: string): boolean {
  if (!redirectTo || [...redirectTo].some((c) => c <= ' ' || c === '\u007f')) return false; // control characters or spaces
  const site = parse(config.auth.siteUrl);
  const target = parse(redirectTo);
  if (!site || !target) return false;
  if (site.protocol === target.protocol) {
    if (site.hostname === target.hostname && (site.port === target.port || LOOPBACK.has(target.hostname))) return true;
    // A local site may be opened as localhost or 127.0.0.1 on whatever port a dev or test server got.
    if (LOOPBACK.has(site.hostname) && LOOPBACK.has(target.hostname)) return true;
  }
  return config.auth.additionalRedirectUrls.some((p) => p === redirectTo || globToRegExp(p).test(redirectTo));
}

/** GoTrue's GetReferrer: redirect_to (query, then body), then the Referer header, then site_url. */
export function referrer(config: StackConfig, req: IncomingMessage, url: URL, bodyRedirect = ''): string {
  for (const candidate of [url.searchParams.get('redirect_to') ?? '', bodyRedirect, req.headers.referer ?? '']) {
    if (isRedirectAllowed(config, candidate)) return candidate;
  }
  return config.auth.siteUrl;
}

/** Appends `key=value` pairs (sorted, as Go's url.Values.Encode) as the URL fragment. */
export function withFragment(target: string, params: Record<string, string>): string {
  const q = new URLSearchParams(Object.entries(params).sort(([a], [b]) => a.localeCompare(b)));
  return `${target.split('#')[0]}#${q}`;
}

/** Sets query parameters, keeping the existing ones (prepPKCERedirectURL). */
export function withQuery(target: string, params: Record<string, string>): string {
  const u = parse(target);
  if (!u) return target;
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

/**
 * A failed browser flow goes back to the app with error, error_code and error_description in the
 * fragment, and also in the query for PKCE and OAuth callbacks (prepErrorRedirectURL, redirectErrors).
 */
export function errorRedirect(target: string, e: HttpError | OAuthError, inQuery: boolean): string {
  let params: Record<string, string>;
  if (e instanceof OAuthError) {
    params = { error: e.error, error_description: e.description };
  } else {
    const error =
      e.errorCode === 'signup_disabled'
        ? 'access_denied'
        : ({ 400: 'invalid_request', 401: 'unauthorized_client', 403: 'access_denied' }[e.status] ?? 'server_error');
    params = { error, error_code: e.errorCode, error_description: e.message };
  }
  const base = parse(target);
  if (!base) return target;
  base.search = inQuery ? new URLSearchParams(params).toString() : '';
  return withFragment(base.toString(), params);
}
