// GoTrue-compatible Auth service of the local stack. The gateway strips /auth/v1, so routes here
// are GoTrue's own paths (/signup, /token, /user, ...).
import http from 'node:http';
import type pg from 'pg';
import type { StackConfig } from '../config.ts';
import { createUser, deleteUserById, generateLink, getUserById, invite, listUsers, updateUserById, userFactors } from './routes/admin.ts';
import { createContext, type AuthContext, type Handler } from './context.ts';
import { notFound } from './errors.ts';
import { clientAddress, sendError, sendJSON } from './http.ts';
import { createAuthMailer } from './mail.ts';
import type { Clock, TokenBucket } from './limits.ts';
import { authorize, identityPage, identitySubmit, PROVIDERS } from './routes/oauth.ts';
import { signup } from './routes/signup.ts';
import { token } from './routes/token.ts';
import { enroll, challenge as mfaChallenge, unenroll, verify as mfaVerify } from './mfa.ts';
import { getUser, identities, logout, reauthenticate, updateCurrentUser } from './routes/user.ts';
import { magicLink, recover, resend, verifyGet, verifyPost } from './routes/verify.ts';

const settings: Handler = async ({ config }, _req, res) => {
  const external: Record<string, boolean> = { anonymous_users: config.auth.enableAnonymousSignIns, email: true, phone: false };
  for (const p of PROVIDERS) external[p] = config.auth.externalProviders.includes(p);
  sendJSON(res, 200, {
    external,
    disable_signup: !config.auth.enableSignup,
    mailer_autoconfirm: !config.auth.enableConfirmations,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  });
};

const health: Handler = async (_ctx, _req, res) => {
  sendJSON(res, 200, {
    version: 'kairos-local',
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  });
};

/** /sso and /sso/saml/*: SAML is not part of the local stack, so it answers as GoTrue does while it is off. */
const saml: Handler = async () => {
  throw notFound('saml_provider_disabled', 'SAML 2.0 is disabled');
};

/** GoTrue answers symmetric (HS256) projects with an empty key set. */
const jwks: Handler = async (_ctx, _req, res) => sendJSON(res, 200, { keys: [] });

const ROUTES: Record<string, Handler> = {
  'GET /settings': settings,
  'GET /health': health,
  'POST /signup': signup,
  'POST /token': token,
  'GET /user': getUser,
  'PUT /user': updateCurrentUser,
  'POST /logout': logout,
  'GET /reauthenticate': reauthenticate,
  'POST /recover': recover,
  'POST /resend': resend,
  'POST /otp': magicLink,
  'POST /magiclink': magicLink,
  'GET /.well-known/jwks.json': jwks,
  'GET /verify': verifyGet,
  'POST /verify': verifyPost,
  'GET /authorize': authorize,
  'GET /local-idp': identityPage,
  'POST /local-idp': identitySubmit,
  'POST /invite': invite,
  'POST /factors': enroll,
  'GET /admin/users': listUsers,
  'POST /admin/users': createUser,
  'POST /admin/generate_link': generateLink,
};

/** Routes with a path parameter: method, pattern, handler. */
const PATTERNS: [string, RegExp, Handler][] = [
  ['POST', /^\/factors\/[^/]+\/challenge$/, mfaChallenge],
  ['POST', /^\/factors\/[^/]+\/verify$/, mfaVerify],
  ['DELETE', /^\/factors\/[^/]+$/, unenroll],
  ['GET', /^\/admin\/users\/[^/]+$/, getUserById],
  ['PUT', /^\/admin\/users\/[^/]+$/, updateUserById],
  ['DELETE', /^\/admin\/users\/[^/]+$/, deleteUserById],
  ['*', /^\/admin\/users\/[^/]+\/factors(\/[^/]+)?$/, userFactors],
  ['*', /^\/user\/identities(\/.*)?$/, identities],
  ['*', /^\/sso(\/.*)?$/, saml],
];

function route(method: string, path: string): Handler | undefined {
  return ROUTES[`${method} ${path}`] ?? PATTERNS.find(([m, re]) => (m === '*' || m === method) && re.test(path))?.[2];
}

const EMAIL_ACTIONS = new Set(['POST /recover', 'POST /resend', 'POST /otp', 'POST /magiclink', 'PUT /user']);

/**
 * The per-address bucket GoTrue puts in front of a route. /signup and /token pick theirs in the
 * handler (anonymous sign-ups and web3 grants count apart), as GoTrue does.
 */
function limiterFor(ctx: AuthContext, method: string, path: string): TokenBucket | undefined {
  const key = `${method} ${path}`;
  if (EMAIL_ACTIONS.has(key)) return ctx.limits.emailActions;
  if (path === '/verify') return ctx.limits.verify;
  return undefined;
}

export function createAuthServer({
  config,
  pool,
  now,
}: {
  config: StackConfig;
  pool: pg.Pool;
  /** The limiters' clock (tests step it instead of waiting minutes). */
  now?: Clock;
}): http.Server {
  const ctx = createContext(config, pool, createAuthMailer(config), now);
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://auth.local');
      // The gateway strips /auth/v1; a direct caller (or a mail link opened on this port) may not.
      const path = url.pathname.replace(/^\/auth\/v1(?=\/|$)/, '').replace(/\/+$/, '') || '/';
      url.pathname = path;
      const method = req.method ?? 'GET';
      const handler = route(method, path);
      if (!handler) throw notFound('not_found', 'Not Found');
      limiterFor(ctx, method, path)?.take(clientAddress(req));
      await handler(ctx, req, res, url);
    } catch (e) {
      if (res.headersSent) {
        console.error('[auth] error after response started:', e);
        res.destroy();
        return;
      }
      sendError(req, res, e);
    }
  });
  // The mailer's pooled SMTP connections end with the server.
  server.on('close', () => ctx.mailer.close());
  return server;
}
