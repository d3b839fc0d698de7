// /admin/users: the service-role user management auth.admin.* calls.
import { randomBytes } from 'node:crypto';
import { transaction } from '../../db.ts';
import { requireAdmin } from '../guard.ts';
import { badRequest, notFound, unprocessable } from '../errors.ts';
import { obj, readJSON, sendJSON, str } from '../http.ts';
import { sendAuthMail, verifyLink } from '../mail.ts';
import { type FactorRow } from '../factors.ts';
import { adminFactors } from '../mfa.ts';
import { referrer } from '../redirects.ts';
import { checkPassword } from './signup.ts';
import { otp, tokenHash } from '../tokens.ts';
import { setEmail } from './user.ts';
import {
  confirmUser,
  findUserByEmail,
  findUserById,
  hashPassword,
  insertEmailUser,
  loadUserJSON,
  mergeMeta,
  updateUser,
  userJSON,
  type Db,
  type IdentityRow,
  type UserRow,
} from '../users.ts';
import { validateEmail, type AuthContext, type Handler } from '../context.ts';

const EMAIL_EXISTS = 'A user with this email address has already been registered';

/** ban_duration: "none" lifts a ban, otherwise a Go duration such as "24h" or "30m". */
function bannedUntil(duration: string): Date | null {
  if (duration === 'none') return null;
  const units: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };
  const parts = [...duration.matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s)/g)];
  if (!parts.length || parts.map((p) => p[0]).join('') !== duration) {
    throw badRequest('validation_failed', 'invalid format for ban duration');
  }
  return new Date(Date.now() + parts.reduce((ms, p) => ms + Number(p[1]) * units[p[2]], 0));
}

/** The user named by the last path segment of /admin/users/:id. */
async function userOr404(ctx: AuthContext, url: URL): Promise<UserRow> {
  const id = decodeURIComponent(url.pathname.replace(/\/+$/, '').split('/').pop() ?? '');
  const user = await findUserById(ctx.pool, id);
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

export const createUser: Handler = async (ctx, req, res) => {
  await requireAdmin(ctx.config, req);
  const body = await readJSON(req);
  if (str(body, 'phone')) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  if (!str(body, 'email')) throw badRequest('validation_failed', 'Cannot create a user without either an email or phone');
  const email = validateEmail(str(body, 'email'));
  const password = str(body, 'password');
  if (await findUserByEmail(ctx.pool, email)) throw unprocessable('email_exists', EMAIL_EXISTS);
  const banned = typeof body.ban_duration === 'string' ? bannedUntil(body.ban_duration) : undefined;
  // GoTrue gives a user made without a password a random one: nobody can sign in with it.
  const passwordHash = await hashPassword(password || randomBytes(32).toString('base64url'));
  const user = await transaction(ctx.pool, async (db) => {
    let user = await insertEmailUser(db, {
      email,
      passwordHash,
      data: obj(body, 'user_metadata') ?? {},
      appMeta: obj(body, 'app_metadata'),
      confirmed: body.email_confirm === true,
    });
    if (banned !== undefined) user = await updateUser(db, user.id, { banned_until: banned });
    if (typeof body.role === 'string' && body.role) user = await updateUser(db, user.id, { role: body.role });
    return user;
  });
  sendJSON(res, 200, await loadUserJSON(ctx.pool, user));
};

export const getUserById: Handler = async (ctx, req, res, url) => {
  await requireAdmin(ctx.config, req);
  const user = await userOr404(ctx, url);
  sendJSON(res, 200, await loadUserJSON(ctx.pool, user));
};

export const updateUserById: Handler = async (ctx, req, res, url) => {
  await requireAdmin(ctx.config, req);
  let user = await userOr404(ctx, url);
  const body = await readJSON(req);
  const password = typeof body.password === 'string' ? body.password : undefined;
  if (password !== undefined) checkPassword(ctx, password);
  const email = str(body, 'email') ? validateEmail(str(body, 'email')) : undefined;
  if (email && email !== user.email) {
    const taken = await findUserByEmail(ctx.pool, email);
    if (taken && taken.id !== user.id) throw unprocessable('email_exists', EMAIL_EXISTS);
  }
  const banned = typeof body.ban_duration === 'string' && body.ban_duration ? bannedUntil(body.ban_duration) : undefined;
  const passwordHash = password ? await hashPassword(password) : undefined;
  const confirm = body.email_confirm === true;
  user = await transaction(ctx.pool, async (db) => {
    if (typeof body.role === 'string' && body.role) user = await updateUser(db, user.id, { role: body.role });
    if (confirm) user = await confirmUser(db, user);
    if (passwordHash) user = await updateUser(db, user.id, { encrypted_password: passwordHash });
    // The admin sets the address directly; it is verified only when email_confirm says so.
    if (email && email !== user.email) user = await setEmail(db, user, email, confirm);
    const appMeta = obj(body, 'app_metadata');
    if (appMeta) user = await updateUser(db, user.id, { raw_app_meta_data: mergeMeta(user.raw_app_meta_data, appMeta) });
    const userMeta = obj(body, 'user_metadata');
    if (userMeta) user = await updateUser(db, user.id, { raw_user_meta_data: mergeMeta(user.raw_user_meta_data, userMeta) });
    if (banned !== undefined) user = await updateUser(db, user.id, { banned_until: banned });
    return user;
  });
  sendJSON(res, 200, await loadUserJSON(ctx.pool, user));
};

export const deleteUserById: Handler = async (ctx, req, res, url) => {
  await requireAdmin(ctx.config, req);
  const user = await userOr404(ctx, url);
  await ctx.pool.query('delete from auth.users where id = $1', [user.id]);
  sendJSON(res, 200, {});
};

/** /admin/users/:id/factors[/:factorId]. */
export const userFactors: Handler = async (ctx, req, res, url) => {
  await requireAdmin(ctx.config, req);
  const [, , , id, , factorId] = url.pathname.replace(/\/+$/, '').split('/');
  const user = await findUserById(ctx.pool, decodeURIComponent(id ?? ''));
  if (!user) throw notFound('user_not_found', 'User not found');
  sendJSON(res, 200, await adminFactors(ctx.pool, user, req.method ?? 'GET', factorId, () => readJSON(req)));
};

const LINK_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'];

/** Stores an invitation's confirmation token (GoTrue's sendInvite, without the mail). */
async function markInvited(db: Db, user: UserRow, hash: string): Promise<UserRow> {
  return updateUser(db, user.id, { confirmation_token: hash, confirmation_sent_at: new Date(), invited_at: new Date() });
}

/**
 * POST /admin/generate_link: the link (and code) a mail would carry, without sending it, for
 * signup, invite, magiclink, recovery and both halves of an email change.
 */
export const generateLink: Handler = async (ctx, req, res, url) => {
  await requireAdmin(ctx.config, req);
  const body = await readJSON(req);
  let type = str(body, 'type');
  const email = validateEmail(str(body, 'email'));
  const redirectTo = referrer(ctx.config, req, url, str(body, 'redirect_to'));
  let password = str(body, 'password');
  const data = obj(body, 'data') ?? {};
  const existing = await findUserByEmail(ctx.pool, email);
  if (!existing) {
    if (type === 'magiclink') {
      // An unknown address gets a sign-up link instead, with a password nobody knows.
      type = 'signup';
      password = randomBytes(32).toString('base64url');
    } else if (['recovery', 'email_change_current', 'email_change_new'].includes(type)) {
      throw notFound('user_not_found', 'User with this email not found');
    }
  }
  if (!LINK_TYPES.includes(type)) throw badRequest('validation_failed', `Invalid email action link type requested: ${type}`);
  if (type === 'signup' && !existing) {
    if (!password) throw badRequest('validation_failed', 'Signup requires a valid password');
    checkPassword(ctx, password);
  }
  const passwordHash = type === 'signup' && !existing ? await hashPassword(password) : null;
  const code = otp();
  const hash = tokenHash(email, code);
  let linkToken = hash;
  const user = await transaction(ctx.pool, async (db) => {
    let user = existing;
    switch (type) {
      case 'magiclink':
      case 'recovery':
        return updateUser(db, user!.id, { recovery_token: hash, recovery_sent_at: new Date() });
      case 'invite':
        if (user?.email_confirmed_at) throw unprocessable('email_exists', EMAIL_EXISTS);
        user ??= await insertEmailUser(db, { email, passwordHash: null, data, confirmed: false });
        return markInvited(db, user, hash);
      case 'signup':
        if (user?.email_confirmed_at) throw unprocessable('email_exists', EMAIL_EXISTS);
        if (user) user = await updateUser(db, user.id, { raw_user_meta_data: mergeMeta(user.raw_user_meta_data, data) });
        user ??= await insertEmailUser(db, { email, passwordHash, data, confirmed: false });
        return updateUser(db, user.id, { confirmation_token: hash, confirmation_sent_at: new Date() });
      default: {
        if (type === 'email_change_current' && !ctx.config.auth.secureEmailChange) {
          throw badRequest('validation_failed', 'Enable secure email change to generate link for current email');
        }
        const newEmail = validateEmail(str(body, 'new_email'));
        const taken = await findUserByEmail(db, newEmail);
        if (taken && taken.id !== user!.id) throw unprocessable('email_exists', EMAIL_EXISTS);
        const current = type === 'email_change_current';
        if (!current) linkToken = tokenHash(newEmail, code);
        return updateUser(db, user!.id, {
          email_change: newEmail,
          email_change_sent_at: new Date(),
          email_change_confirm_status: 0,
          [current ? 'email_change_token_current' : 'email_change_token_new']: linkToken,
        });
      }
    }
  });
  const linkType = type.startsWith('email_change') ? 'email_change' : type;
  sendJSON(res, 200, {
    ...(await loadUserJSON(ctx.pool, user)),
    action_link: verifyLink(ctx.config, linkToken, linkType, redirectTo),
    email_otp: code,
    hashed_token: hash,
    verification_type: type,
    redirect_to: redirectTo,
  });
};

/** POST /invite: creates (or re-invites) an unconfirmed user and mails the invitation link. */
export const invite: Handler = async (ctx, req, res, url) => {
  await requireAdmin(ctx.config, req);
  const body = await readJSON(req);
  const email = validateEmail(str(body, 'email'));
  const redirectTo = referrer(ctx.config, req, url, str(body, 'redirect_to'));
  const code = otp();
  const hash = tokenHash(email, code);
  const user = await transaction(ctx.pool, async (db) => {
    let user = await findUserByEmail(db, email);
    if (user?.email_confirmed_at) throw unprocessable('email_exists', EMAIL_EXISTS);
    user ??= await insertEmailUser(db, { email, passwordHash: null, data: obj(body, 'data') ?? {}, confirmed: false });
    // Sent inside the transaction, as GoTrue does: a failed mail leaves no invited user behind.
    await sendAuthMail(ctx.config, ctx.mailer, { kind: 'invite', to: email, token: hash, code, redirectTo });
    return markInvited(db, user, hash);
  });
  sendJSON(res, 200, await loadUserJSON(ctx.pool, user));
};

/** GoTrue's paginate: page and per_page are unsigned integers. */
function pageParam(url: URL, name: string, fallback: number): number {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) {
    throw badRequest('validation_failed', `Bad Pagination Parameters: strconv.ParseUint: parsing "${raw}": invalid syntax`);
  }
  return Number(raw);
}

/** GET /admin/users?page&per_page: newest first, with GoTrue's Link and X-Total-Count headers. */
export const listUsers: Handler = async (ctx, req, res, url) => {
  await requireAdmin(ctx.config, req);
  const page = Math.max(1, pageParam(url, 'page', 1));
  const perPage = Math.max(1, pageParam(url, 'per_page', 50));
  const total = Number((await ctx.pool.query('select count(*) from auth.users')).rows[0].count);
  const { rows } = await ctx.pool.query<UserRow>(
    'select * from auth.users order by created_at desc, id limit $1 offset $2',
    [perPage, (page - 1) * perPage],
  );
  const identities = (
    await ctx.pool.query<IdentityRow>('select * from auth.identities where user_id = any($1) order by created_at, id', [
      rows.map((u) => u.id),
    ])
  ).rows;
  const factors = (
    await ctx.pool.query<FactorRow>('select * from auth.mfa_factors where user_id = any($1) order by created_at, id', [
      rows.map((u) => u.id),
    ])
  ).rows;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const link = (p: number) => `<${ctx.config.apiUrl}/auth/v1/admin/users?page=${p}&per_page=${perPage}>`;
  const links = [...(page < lastPage ? [`${link(page + 1)}; rel="next"`] : []), `${link(lastPage)}; rel="last"`];
  sendJSON(
    res,
    200,
    {
      users: rows.map((u) =>
        userJSON(
          u,
          identities.filter((i) => i.user_id === u.id),
          factors.filter((f) => f.user_id === u.id),
        ),
      ),
      aud: 'authenticated',
    },
    { link: links.join(', '), 'x-total-count': String(total) },
  );
};
