// POST /token: password, refresh_token, pkce, id_token and web3 grants, behind the per-address
// token bucket ([auth.rate_limit] token_refresh; web3 has its own).
import { transaction } from '../../db.ts';
import { badRequest, notFound, OAuthError, unprocessable } from '../errors.ts';
import { redeemAuthCode } from '../flow.ts';
import { clientAddress, readJSON, sendJSON, str } from '../http.ts';
import { createSession, refreshGrant } from '../sessions.ts';
import { findUserById, findUserByEmail, isBanned, passwordMatches } from '../users.ts';
import { PROVIDERS, issuerOf } from './oauth.ts';
import type { Handler } from '../context.ts';

const INVALID_LOGIN = 'Invalid login credentials';

const passwordGrant: Handler = async (ctx, req, res) => {
  const body = await readJSON(req);
  const email = str(body, 'email');
  const password = str(body, 'password');
  if (str(body, 'phone')) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  if (!email) throw badRequest('validation_failed', 'missing email or phone');
  const ip = clientAddress(req);
  ctx.throttle.check(ip, email);
  const user = await findUserByEmail(ctx.pool, email);
  if (!user || !(await passwordMatches(user, password))) {
    ctx.throttle.fail(ip, email);
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

/**
 * Sign in with a provider's ID token. The local stack cannot reach a provider to check its
 * signature, so an enabled provider's token is refused as GoTrue refuses one it cannot verify.
 */
const idTokenGrant: Handler = async (ctx, req) => {
  const body = await readJSON(req);
  const provider = str(body, 'provider');
  if (!str(body, 'id_token')) throw new OAuthError('invalid request', 'id_token required');
  if (!provider && !(str(body, 'client_id') && str(body, 'issuer'))) {
    throw new OAuthError('invalid request', 'provider or client_id and issuer required');
  }
  if (provider.startsWith('custom:')) throw badRequest('validation_failed', 'Custom OAuth providers are disabled');
  if (!PROVIDERS.has(provider)) throw badRequest('validation_failed', `Custom OIDC provider "${provider}" not allowed`);
  if (!ctx.config.auth.externalProviders.includes(provider)) {
    throw badRequest('provider_disabled', `Provider (issuer "${issuerOf(provider)}") is not enabled`);
  }
  throw new OAuthError('invalid request', 'Bad ID token');
};

const web3Grant: Handler = async (ctx, req) => {
  const { solana, ethereum } = ctx.config.auth.web3;
  if (!solana && !ethereum) throw unprocessable('web3_provider_disabled', 'Web3 provider is disabled');
  const chain = str(await readJSON(req), 'chain');
  if (chain === 'solana' && !solana) throw unprocessable('web3_provider_disabled', 'Solana Web3 provider is disabled');
  if (chain === 'ethereum' && !ethereum) throw unprocessable('web3_provider_disabled', 'Ethereum Web3 provider is disabled');
  if (chain !== 'solana' && chain !== 'ethereum') throw badRequest('web3_unsupported_chain', 'Unsupported chain');
  throw badRequest('validation_failed', 'Web3 sign-ins are not available on the local stack');
};

const GRANTS: Record<string, Handler> = {
  password: passwordGrant,
  refresh_token: async (ctx, req, res) => {
    const body = await readJSON(req);
    sendJSON(res, 200, await refreshGrant(ctx.pool, ctx.config, str(body, 'refresh_token'), req));
  },
  pkce: pkceGrant,
  id_token: idTokenGrant,
  web3: web3Grant,
};

export const token: Handler = async (ctx, req, res, url) => {
  const grant = url.searchParams.get('grant_type') ?? '';
  const handler = Object.hasOwn(GRANTS, grant) ? GRANTS[grant] : undefined;
  if (!handler) throw badRequest('invalid_credentials', 'unsupported_grant_type');
  (grant === 'web3' ? ctx.limits.web3 : ctx.limits.token).take(clientAddress(req));
  return handler(ctx, req, res, url);
};
