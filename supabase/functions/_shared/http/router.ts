// A small method + path router shared by the functions, with CORS, cross-site write refusal, the
// caller's session and the "never a stack trace" rule applied around every route.
import type { FunctionEnv } from './env.ts';
import { forbidden, notFound, refused, unauthorized } from '../rules/errors.ts';
import { ruleMessage } from '../rules/messages.ts';
import { errorResponse } from './errors.ts';
import { requestLocale } from '../i18n/ruleSay.ts';
import { hasSessionCookie, resolveCaller, type Caller } from './session.ts';

export interface Ctx {
  req: Request;
  url: URL;
  params: Record<string, string>;
  env: FunctionEnv;
  /** The client's address as the platform reports it (see `clientAddress`). */
  clientAddress: string;
  setCookie(cookie: string): void;
  /** The signed-in caller or null; resolved once per request. */
  caller(): Promise<Caller | null>;
  /** The signed-in caller, or 401 Unauthorized. */
  requireCaller(): Promise<Caller>;
}

export type RouteHandler = (ctx: Ctx) => Response | Promise<Response>;

interface Route {
  method: string;
  segments: string[];
  handler: RouteHandler;
}

export class Router {
  private readonly routes: Route[] = [];

  add(method: string, path: string, handler: RouteHandler): this {
    this.routes.push({ method, segments: split(path), handler });
    return this;
  }

  get = (path: string, handler: RouteHandler) => this.add('GET', path, handler);
  post = (path: string, handler: RouteHandler) => this.add('POST', path, handler);
  put = (path: string, handler: RouteHandler) => this.add('PUT', path, handler);
  patch = (path: string, handler: RouteHandler) => this.add('PATCH', path, handler);
  delete = (path: string, handler: RouteHandler) => this.add('DELETE', path, handler);

  /** The first route whose path matches (routes are tried in the order added), or why none did. */
  match(method: string, pathname: string): { handler: RouteHandler; params: Record<string, string> } | 404 | 405 {
    const parts = split(pathname);
    let pathMatched = false;
    for (const route of this.routes) {
      const params = matchSegments(route.segments, parts);
      if (!params) continue;
      pathMatched = true;
      if (route.method === method || (method === 'HEAD' && route.method === 'GET')) return { handler: route.handler, params };
    }
    return pathMatched ? 405 : 404;
  }
}

function split(path: string): string[] {
  return path.split('/').filter(Boolean);
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | null {
  if (pattern.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i];
    if (p.startsWith(':')) {
      try {
        params[p.slice(1)] = decodeURIComponent(parts[i]);
      } catch {
        return null;
      }
    } else if (p !== parts[i]) return null;
  }
  return params;
}

// if-none-match: the web app revalidates slot lists by their ETag, which it must be able to read.
const ALLOWED_HEADERS = 'authorization, x-client-info, apikey, content-type, if-none-match';
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Functions answer CORS themselves on hosted Supabase. Only the web app's own origins are answered,
 * with credentials; any other site's script cannot read an answer, nor send a preflighted request.
 */
function corsHeaders(origin: string | null, allowed: boolean): Record<string, string> {
  const base = {
    'access-control-allow-headers': ALLOWED_HEADERS,
    'access-control-allow-methods': ALLOWED_METHODS,
    'access-control-expose-headers': 'etag',
    vary: 'Origin',
  };
  return origin && allowed ? { ...base, 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true' } : base;
}

/**
 * A write another site made the browser send, riding on the session cookies: a form post or a
 * simple fetch needs no preflight, so CORS alone would not stop it (CSRF). Browsers name the page's
 * origin on every such request; a write from an origin that is not the web app's, carrying the
 * cookies, is refused. A bearer token cannot be sent by another site, and a guest has nothing to ride on.
 */
function crossSiteCookieWrite(req: Request, origin: string | null, allowed: boolean): boolean {
  return WRITES.has(req.method) && origin !== null && !allowed && hasSessionCookie(req);
}

/** Bytes of an unread request body read and dropped before answering; past this the body is left. */
const DRAIN_LIMIT = 8 * 1024 * 1024;

/**
 * Reads what an early answer (401, 400 before the upload) left unread: a proxy that sees the answer
 * before the body is sent would otherwise cut the connection and the client get EPIPE, not the answer.
 */
async function drain(req: Request) {
  if (!req.body || req.bodyUsed) return;
  const reader = req.body.getReader();
  let read = 0;
  try {
    while (read <= DRAIN_LIMIT) {
      const chunk = await reader.read();
      if (chunk.done) return;
      read += chunk.value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away: nothing to answer to.
  }
}

/**
 * The client's address as the platform saw it. Each proxy appends the address it received the
 * request from, so every entry but the last may be whatever the client wrote into its own
 * X-Forwarded-For; the last was written by the platform's edge (on hosted Supabase, in front of the
 * function; locally, the gateway, which sets the header afresh).
 */
export function clientAddress(req: Request): string {
  const entries = (req.headers.get('x-forwarded-for') ?? '').split(',').map((e) => e.trim()).filter(Boolean);
  return entries.at(-1) ?? 'unknown';
}

export function createHandler(router: Router, env: FunctionEnv): (req: Request) => Promise<Response> {
  const allowedOrigins = new Set(env.allowedOrigins);
  return async (req) => {
    const origin = req.headers.get('origin');
    const allowed = origin !== null && allowedOrigins.has(origin);
    const cors = corsHeaders(origin, allowed);
    if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });

    const cookies: string[] = [];
    let response: Response;
    try {
      if (crossSiteCookieWrite(req, origin, allowed)) throw forbidden(ruleMessage('crossSite'));
      const url = new URL(req.url);
      const found = router.match(req.method, url.pathname);
      if (found === 404) throw notFound();
      if (found === 405) throw refused('method_not_allowed', 'methodNotAllowed');
      let callerPromise: Promise<Caller | null> | undefined;
      const ctx: Ctx = {
        req,
        url,
        params: found.params,
        env,
        clientAddress: clientAddress(req),
        setCookie: (c) => cookies.push(c),
        caller: () => (callerPromise ??= resolveCaller(req, env, (c) => cookies.push(c))),
        requireCaller: async () => {
          const caller = await ctx.caller();
          if (!caller) throw unauthorized();
          return caller;
        },
      };
      response = await found.handler(ctx);
    } catch (error) {
      response = errorResponse(error, requestLocale(req.headers.get('accept-language')));
    }
    await drain(req);
    return withHeaders(response, cors, cookies);
  };
}

/**
 * The response with CORS headers and cookies added. A response of the function's own is sent as it
 * is: wrapped in a new Response, its body would become a stream that Deno sends through JavaScript,
 * where a string or bytes go out at once (a 50-member team's slot list: about 0.5 ms of CPU a request). One
 * built by fetch (a redirect) has immutable headers: it is copied into a new one.
 */
function withHeaders(response: Response, cors: Record<string, string>, cookies: string[]): Response {
  const add = (headers: Headers) => {
    for (const [k, v] of Object.entries(cors)) headers.set(k, v);
    for (const c of cookies) headers.append('set-cookie', c);
    return headers;
  };
  try {
    add(response.headers);
    return response;
  } catch {
    const headers = add(new Headers(response.headers));
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
