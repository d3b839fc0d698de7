// GET/PUT /user, POST /logout and GET /reauthenticate for the signed-in caller, and the email
// change that PUT /user starts (confirmed by mail, from both addresses with double_confirm_changes).
import { transaction } from '../../db.ts';
import { badRequest, HttpError, notFound, unprocessable } from '../errors.ts';
import { createFlowState, pkceParams } from '../flow.ts';
import { requireUser } from '../guard.ts';
import { noContent, obj, readJSON, sendJSON, str } from '../http.ts';
import { checkMailFrequency } from '../limits.ts';
import { sendAuthMail } from '../mail.ts';
import { hasVerifiedFactor } from '../factors.ts';
import { referrer } from '../redirects.ts';
import { logout as endSessions } from '../sessions.ts';
import { checkPassword } from './signup.ts';
import { otp, tokenHash } from '../tokens.ts';
import {
  confirmUser,
  findUserByEmail,
  hashPassword,
  identitiesOf,
  insertIdentity,
  loadUserJSON,
  mergeMeta,
  passwordMatches,
  syncProviders,
  updateUser,
  type Db,
  type UserRow,
} from '../users.ts';
import { validateEmail, type AuthContext, type Handler } from '../context.ts';

export const getUser: Handler = async (ctx, req, res) => {
  const { user } = await requireUser(ctx.config, ctx.pool, req);
  sendJSON(res, 200, await loadUserJSON(ctx.pool, user));
};

/** Sets the user's email and its email identity's, verified (GoTrue's ConfirmEmailChange). */
export async function setEmail(db: Db, user: UserRow, email: string, verified: boolean): Promise<UserRow> {
  await db.query(
    `update auth.identities
       set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', $3::boolean), updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [user.id, email, verified],
  );
  return updateUser(db, user.id, {
    email,
    raw_user_meta_data: user.raw_user_meta_data?.email ? mergeMeta(user.raw_user_meta_data, { email }) : user.raw_user_meta_data,
  });
}

/**
 * The pending change is confirmed: the new address becomes the user's, and a verified one (a user
 * without an email identity, an anonymous one, gets it now).
 */
export async function confirmEmailChange(db: Db, user: UserRow): Promise<UserRow> {
  const email = user.email_change!;
  if (!(await identitiesOf(db, user.id)).some((i) => i.provider === 'email')) {
    await insertIdentity(db, user.id, 'email', user.id, { sub: user.id, email, email_verified: true, phone_verified: false });
    user = await syncProviders(db, user);
  }
  await setEmail(db, user, email, true);
  const changed = await updateUser(db, user.id, {
    email_change: '',
    email_change_token_new: '',
    email_change_token_current: '',
    email_change_confirm_status: 0,
    is_anonymous: false,
  });
  return changed.email_confirmed_at ? changed : confirmUser(db, changed);
}

/**
 * Starts an email change (GoTrue's sendEmailChange): a code and link to the new address and, with
 * double_confirm_changes, another to the current one. Nothing changes until they are used.
 */
export async function sendEmailChange(
  ctx: AuthContext,
  db: Db,
  user: UserRow,
  newEmail: string,
  redirectTo: string,
  pkce = false,
): Promise<UserRow> {
  checkMailFrequency(user.email_change_sent_at, ctx.config.auth.maxFrequencyMs, ctx.now);
  const prefix = pkce ? 'pkce_' : '';
  const codeNew = otp();
  const hashNew = prefix + tokenHash(newEmail, codeNew);
  const current = ctx.config.auth.secureEmailChange && user.email ? { code: otp(), email: user.email } : undefined;
  const hashCurrent = current ? prefix + tokenHash(current.email, current.code) : '';
  const updated = await updateUser(db, user.id, {
    email_change: newEmail,
    email_change_token_new: hashNew,
    email_change_token_current: hashCurrent,
    email_change_confirm_status: 0,
    email_change_sent_at: new Date(ctx.now()),
  });
  await sendAuthMail(ctx.config, ctx.mailer, { kind: 'email_change', to: newEmail, token: hashNew, code: codeNew, redirectTo });
  if (current) {
    await sendAuthMail(ctx.config, ctx.mailer, { kind: 'email_change', to: current.email, token: hashCurrent, code: current.code, redirectTo });
  }
  return updated;
}

export const updateCurrentUser: Handler = async (ctx, req, res, url) => {
  const { config, pool } = ctx;
  const caller = await requireUser(config, pool, req);
  const body = await readJSON(req);
  const password = str(body, 'password');
  const data = obj(body, 'data');
  const email = str(body, 'email');
  if (str(body, 'phone')) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  const newEmail = email && email.toLowerCase() !== caller.user.email ? validateEmail(email) : undefined;
  if ((password || newEmail) && caller.claims.aal !== 'aal2' && (await hasVerifiedFactor(pool, caller.user.id))) {
    throw new HttpError(401, 'insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.');
  }
  if (caller.user.is_anonymous && password && !newEmail) {
    throw unprocessable('validation_failed', 'Updating password of an anonymous user without an email or phone is not allowed');
  }

  let passwordHash: string | undefined;
  if (password) {
    checkPassword(ctx, password);
    if (await passwordMatches(caller.user, password)) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    passwordHash = await hashPassword(password);
  }
  if (newEmail) {
    const taken = await findUserByEmail(pool, newEmail);
    if (taken && taken.id !== caller.user.id) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
  }
  const pkce = pkceParams(str(body, 'code_challenge'), str(body, 'code_challenge_method'));

  const user = await transaction(pool, async (db) => {
    let user = caller.user;
    if (passwordHash) {
      user = await updateUser(db, user.id, {
        encrypted_password: passwordHash,
        confirmation_token: '',
        recovery_token: '',
        email_change_token_new: '',
        email_change_token_current: '',
      });
      // A new password ends every other session, as GoTrue's UpdatePassword does.
      await endSessions(db, user.id, caller.sessionId, 'others');
    }
    if (data) user = await updateUser(db, user.id, { raw_user_meta_data: mergeMeta(user.raw_user_meta_data, data) });
    if (newEmail) {
      if (user.is_anonymous && !config.auth.enableConfirmations) {
        // An anonymous user adding an address is signing up: confirmed at once, as GoTrue does.
        user = await confirmEmailChange(db, await updateUser(db, user.id, { email_change: newEmail }));
      } else {
        // Permanent users always confirm a new address by mail, whatever enable_confirmations says.
        if (pkce) await createFlowState(db, pkce, 'email_change', 'email_change', user.id);
        user = await sendEmailChange(ctx, db, user, newEmail, referrer(config, req, url), Boolean(pkce));
      }
    }
    if (passwordHash && user.is_anonymous) user = await updateUser(db, user.id, { is_anonymous: false });
    return user;
  });
  sendJSON(res, 200, await loadUserJSON(pool, user));
};

export const logout: Handler = async (ctx, req, res, url) => {
  const scope = url.searchParams.get('scope') ?? 'global';
  if (!['global', 'local', 'others'].includes(scope)) {
    throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`);
  }
  const caller = await requireUser(ctx.config, ctx.pool, req);
  await endSessions(ctx.pool, caller.user.id, caller.sessionId, scope);
  noContent(res);
};

/** GET /reauthenticate: mails a code the user can give as `nonce` to confirm a sensitive change. */
export const reauthenticate: Handler = async (ctx, req, res) => {
  const { user } = await requireUser(ctx.config, ctx.pool, req);
  if (!user.email && !user.phone) {
    throw badRequest('validation_failed', 'Reauthentication requires the user to have an email or a phone number');
  }
  if (!user.email) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  if (!user.email_confirmed_at) throw unprocessable('email_not_confirmed', 'Please verify your email first.');
  checkMailFrequency(user.reauthentication_sent_at, ctx.config.auth.maxFrequencyMs, ctx.now);
  const code = otp();
  await updateUser(ctx.pool, user.id, {
    reauthentication_token: tokenHash(user.email, code),
    reauthentication_sent_at: new Date(ctx.now()),
  });
  await sendAuthMail(ctx.config, ctx.mailer, { kind: 'reauthentication', to: user.email, token: '', code, redirectTo: '' });
  sendJSON(res, 200, {});
};

/** /user/identities: manual identity linking, answered as GoTrue does while it is off. */
export const identities: Handler = async (ctx, req) => {
  await requireUser(ctx.config, ctx.pool, req);
  if (!ctx.config.auth.enableManualLinking) throw notFound('manual_linking_disabled', 'Manual linking is disabled');
  throw badRequest('validation_failed', 'Manual identity linking is not available on the local stack');
};
