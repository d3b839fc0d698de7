// GoTrue-compatible Auth service of the local stack. The gateway strips /auth/v1, so routes here
// are GoTrue's own paths (/signup, /token, /user, ...).
import http from 'node:http';
import type pg from 'pg';
import type { StackConfig } from '../config.ts';
import { createUser, deleteUserById, generateLink, getUserById, listUsers, updateUserById } from './routes/admin.ts';
import { SignInThrottle, type AuthContext, type Handler } from './context.ts';
import { notFound } from './errors.ts';
import { createAuthMailer } from './mail.ts';
import { sendError, sendJSON } from './http.ts';
import { authorize, identityPage, identitySubmit, PROVIDERS } from './routes/oauth.ts';
import { signup } from './routes/signup.ts';
import { token } from './routes/token.ts';
import { getUser, logout, updateCurrentUser } from './routes/user.ts';
import { magicLink, recover, resend, verifyGet, verifyPost } from './routes/verify.ts';

const settings: Handler = async ({ config }, _req, res) => {
  const external: Record<string, boolean> = { anonymous_users: false, email: true, phone: false };
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

/** GoTrue answers symmetric (HS256) projects with an empty key set. */
const jwks: Handler = async (_ctx, _req, res) => sendJSON(res, 200, { keys: [] });

const ADMIN_USER = /^\/admin\/users\/[^/]+$/;

function route(method: string, path: string): Handler | undefined {
  const routes: Record<string, Handler | undefined> = {
    'GET /settings': settings,
    'GET /health': health,
    'POST /signup': signup,
    'POST /token': token,
    'GET /user': getUser,
    'PUT /user': updateCurrentUser,
    'POST /logout': logout,
    'POST /recover': recover,
    'POST /resend': resend,
    'POST /otp': magicLink,
    'GET /.well-known/jwks.json': jwks,
    'GET /verify': verifyGet,
    'POST /verify': verifyPost,
    'GET /authorize': authorize,
    'GET /local-idp': identityPage,
    'POST /local-idp': identitySubmit,
    'GET /admin/users': listUsers,
    'POST /admin/users': createUser,
    'POST /admin/generate_link': generateLink,
  };
  const direct = routes[`${method} ${path}`];
  if (direct || !ADMIN_USER.test(path)) return direct;
  return ({ GET: getUserById, PUT: updateUserById, DELETE: deleteUserById } as Record<string, Handler>)[method];
}

export function createAuthServer({ config, pool }: { config: StackConfig; pool: pg.Pool }): http.Server {
  const ctx: AuthContext = { config, pool, mailer: createAuthMailer(config), throttle: new SignInThrottle(config.auth.maxFailedSignIns) };
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://auth.local');
      // The gateway strips /auth/v1; a direct caller (or a mail link opened on this port) may not.
      const path = url.pathname.replace(/^\/auth\/v1(?=\/|$)/, '').replace(/\/+$/, '') || '/';
      const handler = route(req.method ?? 'GET', path);
      if (!handler) throw notFound('not_found', 'Not Found');
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
