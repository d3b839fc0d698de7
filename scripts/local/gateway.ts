// The one HTTP entry point, like Supabase's Kong: routes /rest/v1, /auth/v1, /storage/v1,
// /realtime/v1 (HTTP and WebSocket) and /functions/v1, checks the apikey, answers CORS, and (for end-to-end runs) serves the built web app.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net from 'node:net';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { jwtVerify } from 'jose';
import type { StackConfig } from './config.ts';
import type { FunctionsRuntime } from './functions.ts';
import { webHeaders } from '../../web/security-headers.ts';
import { readRewrites, rewriteOf } from './static-rewrites.ts';

export interface GatewayDeps {
  config: StackConfig;
  functions: FunctionsRuntime;
  /** Serve this folder (a Vite build) at / with /api/* rewritten to the api function. */
  webDir?: string;
}

interface Route {
  prefix: string;
  port: number;
  /** Paths (after the prefix) reachable without an apikey, as on hosted Supabase. */
  open?: RegExp;
  /**
   * No apikey needed at all: the service verifies the caller's JWT itself and answers a request
   * without one in its own words (Storage behind the CLI's gateway, which has no key check).
   */
  keyOptional?: boolean;
}

const CORS_HEADERS = {
  'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers':
    'authorization, x-client-info, apikey, content-type, x-upsert, prefer, range, accept-profile, content-profile, x-supabase-api-version, cache-control',
  // auth-js reads error codes by X-Supabase-Api-Version; admin listUsers pages by Link.
  'access-control-expose-headers': 'content-range, content-location, location, x-total-count, x-supabase-api-version, link',
  'access-control-max-age': '3600',
};

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** Text a static host sends compressed when the browser accepts it; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt']);

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function bearer(req: IncomingMessage): string | undefined {
  const m = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
  return m?.[1];
}

/**
 * Idle pooled connections are dropped after this long, well before the services' own idle timeouts
 * (Node servers close after 5 s and announce it, which the agent also honours; PostgREST and Deno
 * wait longer), so the gateway does not send on a connection a service is closing for idleness.
 */
const POOLED_IDLE_MS = 2_000;
/** Per connection, not end to end: headers meaning something only between two hops. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade']);
/**
 * A request body kept to be sent again is at most this long; a longer one (an upload) is streamed
 * through without a copy and never sent twice.
 */
const REPLAY_LIMIT = 1024 * 1024;
/**
 * What a pooled connection the service closed looks like to the sender: a reset, a write on a closed
 * socket, or "socket hang up" (closed before any answer; Node gives it the code ECONNRESET too).
 */
const CLOSED = new Set(['ECONNRESET', 'EPIPE']);

function withoutHopByHop(headers: http.IncomingHttpHeaders): http.IncomingHttpHeaders {
  const out: http.IncomingHttpHeaders = {};
  for (const [k, v] of Object.entries(headers)) if (!HOP_BY_HOP.has(k)) out[k] = v;
  return out;
}

/** Keep-alive connections to the services, one pool per port, the most recently used taken first. */
class Pools {
  private readonly agents = new Map<number, http.Agent>();

  of(port: number): http.Agent {
    let agent = this.agents.get(port);
    if (!agent) {
      agent = new http.Agent({ keepAlive: true, scheduling: 'lifo', timeout: POOLED_IDLE_MS, maxFreeSockets: 256 });
      this.agents.set(port, agent);
    }
    return agent;
  }

  destroy() {
    for (const agent of this.agents.values()) agent.destroy();
  }
}

function proxy(
  pools: Pools,
  req: IncomingMessage,
  res: ServerResponse,
  port: number,
  path: string,
  extraHeaders: Record<string, string>,
  responseHeaders: Record<string, string>,
) {
  const headers = {
    ...withoutHopByHop(req.headers),
    host: `127.0.0.1:${port}`,
    'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1',
    'x-forwarded-proto': 'http',
    'x-forwarded-host': req.headers.host ?? '',
    ...extraHeaders,
  };
  const bodiless = Number(req.headers['content-length'] ?? 0) === 0 && !req.headers['transfer-encoding'];
  // The body read so far, kept (while short) so the request can be sent again whole; null once too long.
  let kept: Buffer[] | null = [];
  let keptBytes = 0;
  let bodyEnded = bodiless;
  let current: http.ClientRequest;

  const send = (fresh: boolean) => {
    let answered = false;
    let timedOut = false;
    const upstream = http.request(
      { host: '127.0.0.1', port, method: req.method, path, headers, timeout: 60_000, agent: fresh ? false : pools.of(port) },
      (up) => {
        answered = true;
        res.writeHead(up.statusCode ?? 502, { ...withoutHopByHop(up.headers), ...responseHeaders });
        up.pipe(res);
        // A client that goes away mid-answer frees the upstream connection instead of leaving it stuck.
        res.on('close', () => {
          if (!up.complete) upstream.destroy();
        });
      },
    );
    current = upstream;
    upstream.on('error', (e: NodeJS.ErrnoException) => {
      // The keep-alive race: the service closed a pooled connection (idle, or restarting) as this
      // request went out on it, and nothing of an answer came back. A service closing an idle
      // connection has not read what arrives on it, so the request (a POST too: Node's http.Agent
      // and undici document the same retry) is sent again, once, on a fresh connection.
      const raced = upstream.reusedSocket && !answered && !timedOut && CLOSED.has(e.code ?? '') && kept !== null && !res.headersSent;
      if (raced) return send(true);
      // A service that is down or restarting answers 502 at once instead of leaving the client hanging.
      if (!res.headersSent) json(res, 502, { message: 'An invalid response was received from the upstream server' }, responseHeaders);
      else res.destroy();
    });
    upstream.on('timeout', () => {
      timedOut = true;
      upstream.destroy(new Error('upstream timeout'));
    });
    for (const chunk of kept ?? []) upstream.write(chunk);
    if (bodyEnded) upstream.end();
    else req.resume();
  };

  if (!bodiless) {
    req.on('data', (chunk: Buffer) => {
      if (kept) {
        keptBytes += chunk.length;
        if (keptBytes <= REPLAY_LIMIT) kept.push(chunk);
        else kept = null;
      }
      // Backpressure: the client's upload waits while the service is slower to read it.
      if (!current.write(chunk)) {
        req.pause();
        current.once('drain', () => req.resume());
      }
    });
    req.on('end', () => {
      bodyEnded = true;
      current.end();
    });
  }
  send(false);
}

export function createGateway(deps: GatewayDeps): http.Server {
  const { config, functions } = deps;
  const pools = new Pools();
  const secret = new TextEncoder().encode(config.jwtSecret);
  const apiKeys = new Set([config.anonKey, config.serviceRoleKey]);
  const routes: Route[] = [
    { prefix: '/rest/v1', port: config.ports.rest },
    { prefix: '/auth/v1', port: config.ports.auth, open: /^\/(verify|callback|authorize|local-idp)(\/|\?|$)/ },
    // Public objects and signed links are shared with people who have no key; Storage checks the token.
    { prefix: '/storage/v1', port: config.ports.storage, keyOptional: true },
    { prefix: '/realtime/v1', port: config.ports.realtime },
  ];

  const handleFunction = async (req: IncomingMessage, res: ServerResponse, rest: string) => {
    const name = /^\/([^/?]+)/.exec(rest)?.[1] ?? '';
    const port = functions.port(name);
    if (port === undefined) return json(res, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
    if (functions.verifyJwt(name) && req.method !== 'OPTIONS') {
      const token = bearer(req);
      if (!token) return json(res, 401, { code: 401, message: 'Missing authorization header' });
      try {
        await jwtVerify(token, secret);
      } catch {
        return json(res, 401, { code: 401, message: 'Invalid JWT' });
      }
    }
    // Functions answer CORS themselves on hosted Supabase, so nothing is added here.
    proxy(pools, req, res, port, rest, {}, {});
  };

  // Hashed assets never change: each is gzipped once, on its first request.
  const gzipped = new Map<string, Buffer>();
  const rewritesFile = deps.webDir ? join(deps.webDir, '_redirects') : undefined;
  const rewrites = rewritesFile && existsSync(rewritesFile) ? readRewrites(readFileSync(rewritesFile, 'utf8')) : [];
  const serveWeb = (req: IncomingMessage, res: ServerResponse, pathname: string) => {
    const dir = deps.webDir!;
    const file = normalize(join(dir, decodeURIComponent(pathname)));
    // A path that is no file gets its route's page (its shell), as the build's `_redirects` tell a static host.
    const page = join(dir, rewriteOf(rewrites, pathname) ?? 'index.html');
    const target = file.startsWith(dir) && existsSync(file) && statSync(file).isFile() ? file : page;
    const immutable = target.includes(`${join(dir, 'assets')}`);
    // As a static host serves a build: gzip when the browser accepts it (what the web bench's sizes assume).
    const gzip = COMPRESSIBLE.has(extname(target)) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const headers = {
      'content-type': MIME[extname(target)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      // The app's own CSP, as a static host serves it from the build's `_headers`.
      ...webHeaders(pathname, {}),
    };
    if (!gzip) {
      res.writeHead(200, headers);
      return createReadStream(target).pipe(res);
    }
    let body = gzipped.get(target);
    if (!body) {
      body = gzipSync(readFileSync(target));
      if (immutable) gzipped.set(target, body);
    }
    res.writeHead(200, { ...headers, 'content-encoding': 'gzip', 'content-length': body.length, vary: 'Accept-Encoding' });
    res.end(body);
  };

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://gateway');
      const origin = req.headers.origin;
      const cors: Record<string, string> = origin
        ? { ...CORS_HEADERS, 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', vary: 'Origin' }
        : { ...CORS_HEADERS, 'access-control-allow-origin': '*' };

      if (url.pathname.startsWith('/functions/v1/')) return await handleFunction(req, res, req.url!.slice('/functions/v1'.length));
      if (deps.webDir && (url.pathname === '/api' || url.pathname.startsWith('/api/'))) {
        return await handleFunction(req, res, req.url!);
      }

      const route = routes.find((r) => url.pathname === r.prefix || url.pathname.startsWith(r.prefix + '/'));
      if (route) {
        if (req.method === 'OPTIONS') {
          res.writeHead(204, cors);
          return res.end();
        }
        const rest = req.url!.slice(route.prefix.length) || '/';
        const apikey = (req.headers.apikey as string | undefined) ?? url.searchParams.get('apikey') ?? undefined;
        if (!(route.open?.test(rest) ?? false) && !(route.keyOptional && !apikey)) {
          if (!apikey)
            return json(res, 401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' }, cors);
          if (!apiKeys.has(apikey))
            return json(res, 401, { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' }, cors);
        }
        // Like Kong: a request without Authorization acts with the apikey's role.
        const extra: Record<string, string> = { 'x-forwarded-prefix': route.prefix };
        if (!req.headers.authorization && apikey) extra.authorization = `Bearer ${apikey}`;
        return proxy(pools, req, res, route.port, rest, extra, cors);
      }
      if (deps.webDir && (req.method === 'GET' || req.method === 'HEAD')) return serveWeb(req, res, url.pathname);
      json(res, 404, { message: 'no Route matched with those values' });
    } catch (e) {
      if (!res.headersSent) json(res, 500, { message: 'An unexpected error occurred' });
      console.error(e);
    }
  });
  // Realtime's WebSocket: the apikey comes as a query parameter (browsers cannot set headers on a
  // WebSocket); the upgrade is then handed to the Realtime service byte for byte.
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://gateway');
    const refuse = (status: string, message: string) => {
      socket.end(`HTTP/1.1 ${status}\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n${JSON.stringify({ message })}`);
    };
    if (!url.pathname.startsWith('/realtime/v1/')) return refuse('404 Not Found', 'no Route matched with those values');
    const apikey = url.searchParams.get('apikey') ?? (req.headers.apikey as string | undefined);
    if (!apikey) return refuse('401 Unauthorized', 'No API key found in request');
    if (!apiKeys.has(apikey)) return refuse('401 Unauthorized', 'Invalid API key');
    const upstream = net.connect(config.ports.realtime, '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url!.slice('/realtime/v1'.length)} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    upstream.on('error', () => (upstream.readyState === 'opening' ? refuse('502 Bad Gateway', 'An invalid response was received from the upstream server') : socket.destroy()));
    socket.on('error', () => upstream.destroy());
    socket.on('close', () => upstream.destroy());
    upstream.on('close', () => socket.destroy());
  });
  // Clients (supabase-js, Deno's fetch) keep idle connections for up to 90 s; the server holding them
  // longer means it never closes one just as a client sends on it.
  server.keepAliveTimeout = 120_000;
  server.on('close', () => pools.destroy());
  server.headersTimeout = 121_000;
  return server;
}
