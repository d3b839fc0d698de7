// POST /recover, /otp, /resend and GET|POST /verify: mail links and codes for signup confirmation,
// invitations, password recovery, magic links and email change. A code dies after a few wrong
// guesses; sending is limited per account by [auth.email] max_frequency.
import { transaction } from '../../db.ts';
import { badRequest, forbidden, HttpError, unprocessable } from '../errors.ts';
import { createFlowState, issueAuthCode, latestFlowFor, pkceParams } from '../flow.ts';
import { obj, readJSON, redirect, sendJSON, str } from '../http.ts';
import { checkMailFrequency } from '../limits.ts';
import { sendAuthMail } from '../mail.ts';
import { errorRedirect, referrer, withFragment, withQuery } from '../redirects.ts';
import { createSession, type AuthMethod, type TokenResponse } from '../sessions.ts';
import { otp, tokenHash } from '../tokens.ts';
import { sendConfirmation } from './signup.ts';
import { confirmEmailChange, sendEmailChange } from './user.ts';
import {
  confirmUser,
  findUserByEmail,
  findUserByPendingEmail,
  findUserByToken,
  insertEmailUser,
  updateUser,
  type Db,
  type TokenColumn,
  type UserRow,
} from '../users.ts';
import { validateEmail, type AuthContext, type Handler } from '../context.ts';

type EmailType = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change' | 'email';
type VerifyType = EmailType | 'sms' | 'phone_change';

/** The columns holding each type's token (an email change has one per address). */
const COLUMNS: Record<EmailType, TokenColumn[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  recovery: ['recovery_token'],
  magiclink: ['recovery_token'],
  email_change: ['email_change_token_current', 'email_change_token_new'],
  email: ['confirmation_token', 'recovery_token'],
};

const SENT_AT: Record<TokenColumn, 'confirmation_sent_at' | 'recovery_sent_at' | 'email_change_sent_at'> = {
  confirmation_token: 'confirmation_sent_at',
  recovery_token: 'recovery_sent_at',
  email_change_token_new: 'email_change_sent_at',
  email_change_token_current: 'email_change_sent_at',
};

const PKCE_METHOD: Partial<Record<VerifyType, AuthMethod>> = {
  signup: 'email/signup',
  recovery: 'recovery',
  magiclink: 'magiclink',
  email_change: 'email_change',
};

/** Only applicable with double_confirm_changes: the first of the two links was followed. */
const SINGLE_CONFIRMATION = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

function verifyType(value: string): VerifyType {
  if (!value) throw badRequest('validation_failed', 'Verify requires a verification type');
  if (['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'email', 'sms', 'phone_change'].includes(value)) {
    return value as VerifyType;
  }
  throw badRequest('validation_failed', 'Unsupported verification type');
}

/** GoTrue's validatePhone (E.164 digits, an optional leading +). */
function validatePhone(phone: string): string {
  const digits = phone.replace(/^\+/, '').replace(/ /g, '');
  if (!/^[1-9]\d{1,14}$/.test(digits)) throw badRequest('validation_failed', 'Invalid phone number format (E.164 required)');
  return digits;
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
  checkMailFrequency(user.recovery_sent_at, ctx.config.auth.maxFrequencyMs, ctx.now);
  if (pkce) await createFlowState(db, pkce, 'email', kind, user.id);
  const code = otp();
  const hash = tokenHash(user.email!, code);
  const token = pkce ? `pkce_${hash}` : hash;
  await updateUser(db, user.id, { recovery_token: token, recovery_sent_at: new Date(ctx.now()) });
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
    const data = obj(body, 'data') ?? {};
    const created = await insertEmailUser(db, { email, passwordHash: null, data, confirmed: false, signup: true });
    if (pkce) await createFlowState(db, pkce, 'email', 'email/signup', created.id);
    await sendConfirmation(ctx, db, created, redirectTo, Boolean(pkce));
  });
  sendJSON(res, 200, {});
};

/** POST /resend: another confirmation mail for an unconfirmed sign-up or a pending email change. */
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
    const pending = (await findUserByPendingEmail(db, email)) ?? (await findUserByEmail(db, email));
    if (pending?.email_change) await sendEmailChange(ctx, db, pending, pending.email_change, redirectTo, Boolean(pkce));
  });
  sendJSON(res, 200, {});
};

const expired = (link: boolean) =>
  forbidden('otp_expired', link ? 'Email link is invalid or has expired' : 'Token has expired or is invalid');

function fresh(ctx: AuthContext, user: UserRow, column: TokenColumn): boolean {
  const sent = user[SENT_AT[column]];
  return sent !== null && Date.now() <= sent.getTime() + ctx.config.auth.otpExpiry * 1000;
}

type Verified = { user: UserRow } | { pending: true };

/**
 * An email change's confirmation from one address. With double_confirm_changes and mails that
 * need confirming (GoTrue's condition), the first of the two only marks its half done.
 */
async function emailChangeVerify(ctx: AuthContext, db: Db, user: UserRow, column: TokenColumn): Promise<Verified> {
  const { enableConfirmations, secureEmailChange } = ctx.config.auth;
  if (enableConfirmations && secureEmailChange && user.email_change_confirm_status === 0 && user.email) {
    await updateUser(db, user.id, { email_change_confirm_status: 1, [column]: '' });
    return { pending: true };
  }
  return { user: await confirmEmailChange(db, user) };
}

/** The state change a verified token stands for. */
async function apply(ctx: AuthContext, db: Db, user: UserRow, column: TokenColumn): Promise<Verified> {
  if (column === 'email_change_token_new' || column === 'email_change_token_current') {
    return emailChangeVerify(ctx, db, user, column);
  }
  if (column === 'confirmation_token') return { user: await confirmUser(db, user) };
  // A recovery link also proves the address, so it confirms a still unconfirmed user.
  user = await updateUser(db, user.id, { recovery_token: '' });
  return { user: user.email_confirmed_at ? user : await confirmUser(db, user) };
}

/** The user holding `hash` (as stored, or stored with the PKCE prefix) in one of the columns. */
async function findByHash(db: Db, columns: TokenColumn[], hash: string) {
  for (const column of columns) {
    const user = (await findUserByToken(db, column, hash)) ?? (await findUserByToken(db, column, `pkce_${hash}`));
    if (user) return { user, column };
  }
  return undefined;
}

function emailType(type: VerifyType): EmailType {
  if (type === 'sms' || type === 'phone_change') throw badRequest('validation_failed', 'Unsupported verification type');
  return type;
}

export const verifyGet: Handler = async (ctx, req, res, url) => {
  const redirectTo = referrer(ctx.config, req, url);
  const raw = url.searchParams.get('token') ?? '';
  const pkce = raw.startsWith('pkce_');
  try {
    const type = emailType(verifyType(url.searchParams.get('type') ?? ''));
    if (!raw) throw badRequest('validation_failed', 'Verify requires a token or a token hash');
    const location = await transaction(ctx.pool, async (db) => {
      const found = await findByHash(db, COLUMNS[type], pkce ? raw.slice('pkce_'.length) : raw);
      if (!found || !fresh(ctx, found.user, found.column)) throw expired(true);
      const verified = await apply(ctx, db, found.user, found.column);
      if ('pending' in verified) {
        const target = pkce ? withQuery(redirectTo, { message: SINGLE_CONFIRMATION }) : redirectTo;
        return withFragment(target, { message: SINGLE_CONFIRMATION, sb: '' });
      }
      const method = PKCE_METHOD[type];
      if (pkce && method) {
        const flow = await latestFlowFor(db, verified.user.id, method);
        if (!flow) throw badRequest('flow_state_not_found', 'No associated flow state found.');
        return withQuery(redirectTo, { code: await issueAuthCode(db, flow.id, verified.user.id) });
      }
      const t = await createSession(db, ctx.config, verified.user, 'otp', req);
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

/**
 * A code typed by the user: the account is named by its address, so a wrong code counts against
 * that account's live codes, and the last allowed wrong guess revokes them.
 */
async function findByCode(ctx: AuthContext, db: Db, type: EmailType, email: string, code: string) {
  const candidates: { user: UserRow; column: TokenColumn; address: string }[] = [];
  if (type === 'email_change') {
    const pending = await findUserByPendingEmail(db, email);
    if (pending) candidates.push({ user: pending, column: 'email_change_token_new', address: email });
    const current = ctx.config.auth.secureEmailChange ? await findUserByEmail(db, email) : undefined;
    if (current?.email_change) candidates.push({ user: current, column: 'email_change_token_current', address: email });
  } else {
    const user = await findUserByEmail(db, email);
    for (const column of COLUMNS[type]) if (user) candidates.push({ user, column, address: email });
  }
  const hash = tokenHash(email, code);
  const hit = candidates.find(({ user, column }) => user[column] === hash || user[column] === `pkce_${hash}`);
  if (hit) return hit;
  for (const { user, column } of candidates) {
    const stored = user[column];
    if (stored && ctx.codeGuesses.fail(stored)) await updateUser(db, user.id, { [column]: '' });
  }
  return undefined;
}

export const verifyPost: Handler = async (ctx, req, res) => {
  const body = await readJSON(req);
  const type = verifyType(str(body, 'type'));
  const code = str(body, 'token');
  const hash = str(body, 'token_hash');
  if ((!code && !hash) || (code && hash)) throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
  const phone = str(body, 'phone');
  const emailParam = str(body, 'email');
  if (code && phone && !emailParam) {
    validatePhone(phone);
    // The phone provider is off in config.toml: no account has a phone to match.
    throw expired(false);
  }
  if (type === 'sms' || type === 'phone_change') throw expired(false);
  if (code && !emailParam) {
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided on verify');
  }
  if (hash && (emailParam || phone || str(body, 'redirect_to'))) {
    throw badRequest('validation_failed', 'Only the token_hash and type should be provided');
  }
  let email = '';
  if (code) {
    try {
      email = validateEmail(emailParam);
    } catch {
      throw unprocessable('validation_failed', 'Invalid email format');
    }
  }
  const result = await transaction(ctx.pool, async (db) => {
    const found = hash ? await findByHash(db, COLUMNS[type], hash) : await findByCode(ctx, db, type, email, code);
    // A revoked code must stay revoked even though this request fails.
    if (!found || !fresh(ctx, found.user, found.column)) return undefined;
    const verified = await apply(ctx, db, found.user, found.column);
    if ('pending' in verified) return verified;
    return createSession(db, ctx.config, verified.user, 'otp', req);
  });
  if (!result) throw hash ? expired(true) : expired(false);
  if ('pending' in result) return sendJSON(res, 200, { msg: SINGLE_CONFIRMATION, code: '200' });
  sendJSON(res, 200, result satisfies TokenResponse);
};
