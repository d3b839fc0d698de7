// GET/PUT /user and POST /logout for the signed-in caller.
import { transaction } from '../../db.ts';
import { badRequest, unprocessable } from '../errors.ts';
import { requireUser } from '../guard.ts';
import { noContent, obj, readJSON, sendJSON, str } from '../http.ts';
import { sendAuthMail } from '../mail.ts';
import { referrer } from '../redirects.ts';
import { logout as endSessions } from '../sessions.ts';
import { checkPassword } from './signup.ts';
import { otp, tokenHash } from '../tokens.ts';
import {
  findUserByEmail,
  hashPassword,
  loadUserJSON,
  mergeMeta,
  passwordMatches,
  updateUser,
  type Db,
  type UserRow,
} from '../users.ts';
import { validateEmail, type AuthContext, type Handler } from '../context.ts';

export const getUser: Handler = async (ctx, req, res) => {
  const { user } = await requireUser(ctx.config, ctx.pool, req);
  sendJSON(res, 200, await loadUserJSON(ctx.pool, user));
};

/** Applies a confirmed email change to the user and its email identity (ConfirmEmailChange). */
export async function applyEmailChange(db: Db, user: UserRow, email: string): Promise<UserRow> {
  await db.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [user.id, email],
  );
  return updateUser(db, user.id, {
    email,
    email_change: '',
    email_change_token_new: '',
    email_confirmed_at: user.email_confirmed_at ?? new Date(),
    raw_user_meta_data: user.raw_user_meta_data?.email ? mergeMeta(user.raw_user_meta_data, { email }) : user.raw_user_meta_data,
  });
}

/** Mails a confirmation link and code to the new address of a pending email change. */
export async function sendEmailChange(
  ctx: AuthContext,
  db: Db,
  user: UserRow,
  newEmail: string,
  redirectTo: string,
): Promise<UserRow> {
  const code = otp();
  const hash = tokenHash(newEmail, code);
  const updated = await updateUser(db, user.id, {
    email_change: newEmail,
    email_change_token_new: hash,
    email_change_sent_at: new Date(),
  });
  await sendAuthMail(ctx.config, ctx.mailer, { kind: 'email_change', to: newEmail, token: hash, code, redirectTo });
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

  let passwordHash: string | undefined;
  if (password) {
    checkPassword(ctx, password);
    if (await passwordMatches(caller.user, password)) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    passwordHash = await hashPassword(password);
  }
  const newEmail = email && email.toLowerCase() !== caller.user.email ? validateEmail(email) : undefined;
  if (newEmail) {
    const taken = await findUserByEmail(pool, newEmail);
    if (taken && taken.id !== caller.user.id) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
  }

  const user = await transaction(pool, async (db) => {
    let user = caller.user;
    if (passwordHash) {
      user = await updateUser(db, user.id, {
        encrypted_password: passwordHash,
        confirmation_token: '',
        recovery_token: '',
        email_change_token_new: '',
      });
      // A new password ends every other session, as GoTrue's UpdatePassword does.
      await endSessions(db, user.id, caller.sessionId, 'others');
    }
    if (data) user = await updateUser(db, user.id, { raw_user_meta_data: mergeMeta(user.raw_user_meta_data, data) });
    if (newEmail) {
      if (!config.auth.enableConfirmations) {
        user = await applyEmailChange(db, user, newEmail);
      } else {
        user = await sendEmailChange(ctx, db, user, newEmail, referrer(config, req, url));
      }
    }
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
