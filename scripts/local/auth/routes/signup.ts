// POST /signup: email + password accounts, confirmed at once or by mail.
import { randomUUID } from 'node:crypto';
import { transaction } from '../../db.ts';
import { badRequest, unprocessable, weakPassword } from '../errors.ts';
import { createFlowState, pkceParams } from '../flow.ts';
import type { IncomingMessage } from 'node:http';
import { clientAddress, obj, readJSON, sendJSON, str } from '../http.ts';
import { checkMailFrequency } from '../limits.ts';
import { sendAuthMail } from '../mail.ts';
import { referrer } from '../redirects.ts';
import { createSession, type TokenResponse } from '../sessions.ts';
import { otp, tokenHash } from '../tokens.ts';
import {
  findUserByEmail,
  hashPassword,
  insertEmailUser,
  insertUser,
  loadUserJSON,
  updateUser,
  type Db,
  type Meta,
  type UserRow,
} from '../users.ts';
import { validateEmail, type AuthContext, type Handler } from '../context.ts';

export function checkPassword(ctx: AuthContext, password: string): void {
  if (password.length < ctx.config.auth.minimumPasswordLength) throw weakPassword(ctx.config.auth.minimumPasswordLength);
}

/** Stores a confirmation token on the user and mails the link (PKCE links carry the pkce_ prefix). */
export async function sendConfirmation(
  ctx: AuthContext,
  db: Db,
  user: UserRow,
  redirectTo: string,
  pkce: boolean,
): Promise<UserRow> {
  checkMailFrequency(user.confirmation_sent_at, ctx.config.auth.maxFrequencyMs, ctx.now);
  const code = otp();
  const hash = tokenHash(user.email!, code);
  const updated = await updateUser(db, user.id, { confirmation_token: hash, confirmation_sent_at: new Date(ctx.now()) });
  await sendAuthMail(ctx.config, ctx.mailer, {
    kind: 'signup',
    to: user.email!,
    token: pkce ? `pkce_${hash}` : hash,
    code,
    redirectTo,
  });
  return updated;
}

/** What GoTrue answers for an already registered address when confirmations are on: a decoy. */
function decoyUser(email: string, data: Meta) {
  const now = new Date();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

/** signInAnonymously: a user without email or password, when config.toml enables it. */
async function signupAnonymously(ctx: AuthContext, req: IncomingMessage, data: Meta): Promise<TokenResponse> {
  if (!ctx.config.auth.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  return transaction(ctx.pool, async (db) => {
    const user = await insertUser(db, { email: null, passwordHash: null, userMeta: data, appMeta: {}, confirmed: false, anonymous: true });
    return createSession(db, ctx.config, user, 'anonymous', req);
  });
}

export const signup: Handler = async (ctx, req, res, url) => {
  const { config, pool } = ctx;
  const body = await readJSON(req);
  const password = str(body, 'password');
  const data = obj(body, 'data') ?? {};
  // Neither email nor phone is auth-js's signInAnonymously.
  if (!str(body, 'email') && !str(body, 'phone')) {
    if (!config.auth.enableAnonymousSignIns) throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    ctx.limits.anonymous.take(clientAddress(req));
    return sendJSON(res, 200, await signupAnonymously(ctx, req, data));
  }
  ctx.limits.emailActions.take(clientAddress(req));
  if (!config.auth.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  if (!password) throw badRequest('validation_failed', 'Signup requires a valid password');
  checkPassword(ctx, password);
  if (str(body, 'phone')) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  const pkce = pkceParams(str(body, 'code_challenge'), str(body, 'code_challenge_method'));
  const email = validateEmail(str(body, 'email'));
  const autoconfirm = !config.auth.enableConfirmations;
  const redirectTo = referrer(config, req, url);

  const existing = await findUserByEmail(pool, email);
  if (existing?.email_confirmed_at) {
    if (autoconfirm) throw unprocessable('user_already_exists', 'User already registered');
    return sendJSON(res, 200, decoyUser(email, data));
  }
  if (existing) {
    // Unconfirmed: GoTrue does not touch the account (the caller's identity is unproven), it re-sends the mail.
    if (autoconfirm) throw unprocessable('user_already_exists', 'User already registered');
    const user = await transaction(pool, async (db) => {
      if (pkce) await createFlowState(db, pkce, 'email', 'email/signup', existing.id);
      return sendConfirmation(ctx, db, existing, redirectTo, Boolean(pkce));
    });
    return sendJSON(res, 200, await loadUserJSON(pool, user));
  }

  const passwordHash = await hashPassword(password);
  const result = await transaction(pool, async (db) => {
    let user: UserRow;
    try {
      user = await insertEmailUser(db, { email, passwordHash, data, confirmed: autoconfirm, signup: true });
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw unprocessable('user_already_exists', 'User already registered');
      throw e;
    }
    if (autoconfirm) return createSession(db, config, user, 'password', req);
    if (pkce) await createFlowState(db, pkce, 'email', 'email/signup', user.id);
    return sendConfirmation(ctx, db, user, redirectTo, Boolean(pkce));
  });
  sendJSON(res, 200, 'access_token' in result ? result : await loadUserJSON(pool, result));
};
