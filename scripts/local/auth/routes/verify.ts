// POST /recover and GET|POST /verify: mail links and codes for signup confirmation, password
// recovery and email change.
import { transaction } from '../../db.ts';
import { badRequest, forbidden, HttpError, unprocessable } from '../errors.ts';
import { createFlowState, issueAuthCode, latestFlowFor, pkceParams } from '../flow.ts';
import { obj, readJSON, redirect, sendJSON, str } from '../http.ts';
import { sendAuthMail } from '../mail.ts';
import { errorRedirect, referrer, withFragment, withQuery } from '../redirects.ts';
import { createSession, type AuthMethod, type TokenResponse } from '../sessions.ts';
import { otp, tokenHash } from '../tokens.ts';
import { sendConfirmation } from './signup.ts';
import { applyEmailChange, sendEmailChange } from './user.ts';
import {
  findUserByEmail,
  findUserByPendingEmail,
  findUserByToken,
  insertEmailUser,
  mergeMeta,
  updateUser,
  type Db,
  type UserRow,
} from '../users.ts';
import { validateEmail, type AuthContext, type Handler } from '../context.ts';

/** The Supabase CLI's default [auth.email] otp_expiry. */
const OTP_EXPIRY_MS = 3600 * 1000;

type VerifyType = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change' | 'email';

const TOKEN_COLUMN = {
  signup: 'confirmation_token',
  invite: 'confirmation_token',
  recovery: 'recovery_token',
  magiclink: 'recovery_token',
  email_change: 'email_change_token_new',
} as const;

const SENT_AT = {
  confirmation_token: 'confirmation_sent_at',
  recovery_token: 'recovery_sent_at',
  email_change_token_new: 'email_change_sent_at',
} as const;

const PKCE_METHOD: Partial<Record<VerifyType, AuthMethod>> = {
  signup: 'email/signup',
  recovery: 'recovery',
  magiclink: 'magiclink',
};

function verifyType(value: string): VerifyType {
  if (['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'email'].includes(value)) return value as VerifyType;
  throw badRequest('validation_failed', 'Unsupported verification type');
}

/** Stores a recovery-column token (recovery and magic links share it in GoTrue) and mails it. */
async function sendRecoveryMail(
  ctx: AuthContext,
  db: Db,
  user: UserRow,
  kind: 'recovery' | 'magiclink',
  redirectTo: string,
  pkce: { challenge: string; method: 's256' | 'plain' } | undefined,
): Promise<void> {
  if (pkce) await createFlowState(db, pkce, 'email', kind, user.id);
  const code = otp();
  const hash = tokenHash(user.email!, code);
  await updateUser(db, user.id, { recovery_token: hash, recovery_sent_at: new Date() });
  const token = pkce ? `pkce_${hash}` : hash;
  await sendAuthMail(ctx.config, ctx.mailer, { kind, to: user.email!, token, code, redirectTo });
}

export const recover: Handler = async (ctx, req, res, url) => {
  const body = await readJSON(req);
  const email = validateEmail(str(body, 'email'));
  const pkce = pkceParams(str(body, 'code_challenge'), str(body, 'code_challenge_method'));
  const user = await findUserByEmail(ctx.pool, email);
  // An unknown address gets the same answer, so the endpoint does not reveal who has an account.
  if (user) {
    const redirectTo = referrer(ctx.config, req, url, str(body, 'redirect_to'));
    await transaction(ctx.pool, (db) => sendRecoveryMail(ctx, db, user, 'recovery', redirectTo, pkce));
  }
  sendJSON(res, 200, {});
};

/**
 * POST /otp (signInWithOtp by email): a magic link with a code for a known address; an unknown one
 * becomes an unconfirmed, passwordless user who gets the signup confirmation instead.
 */
export const magicLink: Handler = async (ctx, req, res, url) => {
  const body = await readJSON(req);
  if (str(body, 'phone')) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  const email = validateEmail(str(body, 'email'));
  const pkce = pkceParams(str(body, 'code_challenge'), str(body, 'code_challenge_method'));
  const redirectTo = referrer(ctx.config, req, url, str(body, 'redirect_to'));
  await transaction(ctx.pool, async (db) => {
    const user = await findUserByEmail(db, email);
    if (user) return sendRecoveryMail(ctx, db, user, 'magiclink', redirectTo, pkce);
    if (body.create_user === false || !ctx.config.auth.enableSignup) {
      throw unprocessable('otp_disabled', 'Signups not allowed for otp');
    }
    const created = await insertEmailUser(db, { email, passwordHash: null, data: obj(body, 'data') ?? {}, confirmed: false });
    if (pkce) await createFlowState(db, pkce, 'email', 'email/signup', created.id);
    await sendConfirmation(ctx, db, created, redirectTo, Boolean(pkce));
  });
  sendJSON(res, 200, {});
};

/** POST /resend: another confirmation mail for an unconfirmed sign-up (silently nothing otherwise). */
export const resend: Handler = async (ctx, req, res, url) => {
  const body = await readJSON(req);
  const type = str(body, 'type');
  if (type !== 'signup' && type !== 'email_change') {
    throw badRequest('validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
  }
  const email = validateEmail(str(body, 'email'));
  const pkce = pkceParams(str(body, 'code_challenge'), str(body, 'code_challenge_method'));
  const redirectTo = referrer(ctx.config, req, url, str(body, 'redirect_to'));
  await transaction(ctx.pool, async (db) => {
    if (type === 'signup') {
      const user = await findUserByEmail(db, email);
      if (!user || user.email_confirmed_at) return;
      if (pkce) await createFlowState(db, pkce, 'email', 'email/signup', user.id);
      await sendConfirmation(ctx, db, user, redirectTo, Boolean(pkce));
      return;
    }
    const pending = await findUserByPendingEmail(db, email);
    if (pending) await sendEmailChange(ctx, db, pending, email, redirectTo);
  });
  sendJSON(res, 200, {});
};

const expired = (link: boolean) =>
  forbidden('otp_expired', link ? 'Email link is invalid or has expired' : 'Token has expired or is invalid');

function fresh(user: UserRow, column: keyof typeof SENT_AT): boolean {
  const sent = user[SENT_AT[column]];
  return sent !== null && Date.now() <= sent.getTime() + OTP_EXPIRY_MS;
}

/** Marks the user's email verified, in the user and its email identity (User.Confirm). */
async function confirm(db: Db, user: UserRow): Promise<UserRow> {
  await db.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}', updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [user.id],
  );
  return updateUser(db, user.id, {
    email_confirmed_at: user.email_confirmed_at ?? new Date(),
    confirmation_token: '',
    raw_user_meta_data: mergeMeta(user.raw_user_meta_data, { email_verified: true }),
  });
}

/** The state change a verified token stands for. */
async function apply(db: Db, user: UserRow, column: keyof typeof SENT_AT): Promise<UserRow> {
  if (column === 'email_change_token_new') return applyEmailChange(db, user, user.email_change!);
  if (column === 'confirmation_token') return confirm(db, user);
  // A recovery link also proves the address, so it confirms a still unconfirmed user.
  user = await updateUser(db, user.id, { recovery_token: '' });
  return user.email_confirmed_at ? user : confirm(db, user);
}

export const verifyGet: Handler = async (ctx, req, res, url) => {
  const redirectTo = referrer(ctx.config, req, url);
  const raw = url.searchParams.get('token') ?? '';
  const pkce = raw.startsWith('pkce_');
  try {
    const type = verifyType(url.searchParams.get('type') ?? '');
    if (!raw) throw badRequest('validation_failed', 'Verify requires a token or a token hash');
    if (type === 'email') throw badRequest('validation_failed', 'Unsupported verification type');
    const column = TOKEN_COLUMN[type];
    const location = await transaction(ctx.pool, async (db) => {
      const user = await findUserByToken(db, column, pkce ? raw.slice('pkce_'.length) : raw);
      if (!user || !fresh(user, column)) throw expired(true);
      const verified = await apply(db, user, column);
      const method = PKCE_METHOD[type];
      if (pkce && method) {
        const flow = await latestFlowFor(db, verified.id, method);
        if (!flow) throw badRequest('flow_state_not_found', 'No associated flow state found.');
        return withQuery(redirectTo, { code: await issueAuthCode(db, flow.id, verified.id) });
      }
      const t = await createSession(db, ctx.config, verified, 'otp', req);
      return withFragment(redirectTo, {
        access_token: t.access_token,
        expires_at: String(t.expires_at),
        expires_in: String(t.expires_in),
        refresh_token: t.refresh_token,
        token_type: t.token_type,
        type,
      });
    });
    redirect(res, 303, location);
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    redirect(res, 303, errorRedirect(redirectTo, e, pkce));
  }
};

async function findForOtp(db: Db, type: VerifyType, body: Record<string, unknown>) {
  const hash = str(body, 'token_hash');
  const columns = type === 'email' ? (['confirmation_token', 'recovery_token'] as const) : [TOKEN_COLUMN[type]];
  if (hash) {
    for (const column of columns) {
      const user = await findUserByToken(db, column, hash);
      if (user) return { user, column };
    }
    return undefined;
  }
  const token = str(body, 'token');
  const emailParam = str(body, 'email');
  if (!token) throw badRequest('validation_failed', 'Verify requires a token or a token hash');
  if (!emailParam) throw badRequest('validation_failed', 'Only an email address or phone number should be provided on verify');
  const email = validateEmail(emailParam);
  // An email change is confirmed with the code sent to the new address.
  const user =
    type === 'email_change'
      ? await findUserByPendingEmail(db, email)
      : await findUserByEmail(db, email);
  if (!user) return undefined;
  const expected = tokenHash(email, token);
  const column = columns.find((c) => user[c] === expected);
  return column ? { user, column } : undefined;
}

export const verifyPost: Handler = async (ctx, req, res) => {
  const body = await readJSON(req);
  const type = verifyType(str(body, 'type'));
  const token: TokenResponse = await transaction(ctx.pool, async (db) => {
    const found = await findForOtp(db, type, body);
    if (!found || !fresh(found.user, found.column)) throw expired(false);
    const user = await apply(db, found.user, found.column);
    return createSession(db, ctx.config, user, 'otp', req);
  });
  sendJSON(res, 200, token);
};

