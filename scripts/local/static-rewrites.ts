// A build's `_redirects` (web/security-headers.ts writes it), read as a static host reads its rewrites:
// a path that is no file gets the page of the first rule that matches it. Only rewrites to the build's
// own files (status 200, a local path) are read; the /api proxy is the gateway's own route.

interface Rewrite {
  from: RegExp;
  to: string;
}

/** Netlify's pattern syntax: `:name` stands for one segment, `*` for the rest of the path. */
function patternRegExp(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) => (segment === '*' ? '.*' : segment.startsWith(':') ? '[^/]+' : segment.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

export function readRewrites(file: string): Rewrite[] {
  return file
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([from, to, status]) => from && !from.startsWith('#') && status === '200' && to?.startsWith('/'))
    .map(([from, to]) => ({ from: patternRegExp(from), to }));
}

/** The page a path is answered with, or undefined when no rule matches. */
export function rewriteOf(rewrites: Rewrite[], pathname: string): string | undefined {
  return rewrites.find((rule) => rule.from.test(pathname))?.to;
}
