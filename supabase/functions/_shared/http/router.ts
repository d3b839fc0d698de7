// A small method + path router shared by the functions, with CORS, the caller's session and the
// "never a stack trace" rule applied around every route.
import type { FunctionEnv } from './env.ts';
import { AppError, unauthorized } from '../rules/errors.ts';
import { errorResponse } from './errors.ts';
import { resolveCaller, type Caller } from './session.ts';

export interface Ctx {
  req: Request;
  url: URL;
  params: Record<string, string>;
  env: FunctionEnv;
  /** The client's address as the gateway reports it (first x-forwarded-for entry). */
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

const ALLOWED_HEADERS = 'authorization, x-client-info, apikey, content-type';
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';

/** Functions answer CORS themselves on hosted Supabase. Cookies only travel same-site (SameSite=Lax). */
function corsHeaders(req: Request): Record<string, string> {
  const origin = req.headers.get('origin');
  const base = { 'access-control-allow-headers': ALLOWED_HEADERS, 'access-control-allow-methods': ALLOWED_METHODS };
  return origin
    ? { ...base, 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', vary: 'Origin' }
    : { ...base, 'access-control-allow-origin': '*' };
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

export function clientAddress(req: Request): string {
  return (req.headers.get('x-forwarded-for') ?? '').split(',')[0].trim() || 'unknown';
}

export function createHandler(router: Router, env: FunctionEnv): (req: Request) => Promise<Response> {
  return async (req) => {
    const cors = corsHeaders(req);
    if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });

    const cookies: string[] = [];
    let response: Response;
    try {
      const url = new URL(req.url);
      const found = router.match(req.method, url.pathname);
      if (found === 404) throw new AppError('not_found', 'Not found');
      if (found === 405) throw new AppError('method_not_allowed', 'Method not allowed');
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
      response = errorResponse(error);
    }
    await drain(req);
    // Responses built by fetch (e.g. redirects) may have immutable headers: copy into a new one.
    const headers = new Headers(response.headers);
    for (const [k, v] of Object.entries(cors)) headers.set(k, v);
    for (const c of cookies) headers.append('set-cookie', c);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}
