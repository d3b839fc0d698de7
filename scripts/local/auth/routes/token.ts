// POST /token: password, refresh_token and pkce grants.
import { transaction } from '../../db.ts';
import { badRequest, notFound, tooManyRequests } from '../errors.ts';
import { redeemAuthCode } from '../flow.ts';
import { readJSON, sendJSON, str } from '../http.ts';
import { createSession, refreshGrant } from '../sessions.ts';
import { findUserById, findUserByEmail, isBanned, passwordMatches } from '../users.ts';
import type { Handler } from '../context.ts';

const INVALID_LOGIN = 'Invalid login credentials';

const passwordGrant: Handler = async (ctx, req, res) => {
  const body = await readJSON(req);
  const email = str(body, 'email');
  const password = str(body, 'password');
  if (str(body, 'phone')) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  if (!email) throw badRequest('validation_failed', 'missing email or phone');
  if (ctx.throttle.blocked(email)) throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
  const user = await findUserByEmail(ctx.pool, email);
  if (!user || !(await passwordMatches(user, password))) {
    ctx.throttle.fail(email);
    throw badRequest('invalid_credentials', INVALID_LOGIN);
  }
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
  if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');
  const token = await transaction(ctx.pool, (db) => createSession(db, ctx.config, user, 'password', req));
  sendJSON(res, 200, token);
};

const pkceGrant: Handler = async (ctx, req, res) => {
  const body = await readJSON(req);
  const token = await transaction(ctx.pool, async (db) => {
    const flow = await redeemAuthCode(db, str(body, 'auth_code'), str(body, 'code_verifier'));
    const user = await findUserById(db, flow.user_id);
    if (!user) throw notFound('user_not_found', 'User not found');
    if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
    return createSession(db, ctx.config, user, flow.authentication_method, req);
  });
  sendJSON(res, 200, token);
};

export const token: Handler = async (ctx, req, res, url) => {
  switch (url.searchParams.get('grant_type')) {
    case 'password':
      return passwordGrant(ctx, req, res, url);
    case 'refresh_token': {
      const body = await readJSON(req);
      return sendJSON(res, 200, await refreshGrant(ctx.pool, ctx.config, str(body, 'refresh_token'), req));
    }
    case 'pkce':
      return pkceGrant(ctx, req, res, url);
    default:
      throw badRequest('unsupported_grant_type', 'unsupported_grant_type');
  }
};
